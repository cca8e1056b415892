"""Issue 12, tenth session: the other systems' reference cards keep the house's table breaks
(style.yaml `table`, as the books and sheets), on every card size, read back from the printed
faces (print-shop layout: one face a page): no table of whole_rows rows or fewer cut, no piece of
a cut table under split_rows rows, every piece after the first under its title « (suite) », no
key or note cut between two faces, and the d12 ladder's key under the ladder on poker cards."""

from __future__ import annotations

import re

import pytest
from card_pieces import Face, faces, plain, tables  # tests/support
from pdf_colours import seen  # tests/support
from ruleset_products import RULESETS, reference_deck  # tests/support

from kolaps_print.content.ruleset_sheet import sheet_content
from kolaps_print.labels import overriding_labels
from kolaps_print.layout.style import table_breaks, table_paint
from kolaps_print.model.ruleset_load import find_ruleset

CARDS = ("mini", "poker", "tarot")


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> dict[tuple[str, str], list[Face]]:
    """(ruleset, card) -> the deck's faces, each built through the CLI."""
    folder, out = tmp_path_factory.mktemp("ruleset-reference-breaks"), {}
    head = seen(table_paint().head_fill)
    for ruleset_id in RULESETS:
        for card in CARDS:
            out[ruleset_id, card] = faces(reference_deck(cli, folder, ruleset_id, card), head)
    return out


def _sections(ruleset_id: str):
    ruleset = find_ruleset(ruleset_id)
    with overriding_labels(ruleset.labels_file):
        return sheet_content(ruleset)


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_table_is_cut_only_as_the_house_allows(decks, ruleset_id, card):
    """d12 on mini cards printed « Critiques en combat » one row a card, « Points de vie » three
    rows then two: a cut table has split_rows rows at least in each piece, and more than
    whole_rows rows, but on a mini card where a shorter one is too tall for a face once no cell
    takes over three lines (3d6's « États », review 11): cut three and three, as KOLAPS's cards
    cut a short table too tall for a face."""
    breaks = table_breaks()
    deck = decks[ruleset_id, card]
    cut = [[p.rows for p in pieces] for pieces in tables(deck) if len(pieces) > 1]
    assert all(min(rows) >= breaks.split_rows for rows in cut), cut
    short = [rows for rows in cut if sum(rows) <= breaks.whole_rows]
    assert not short or (card, short) == ("mini", [[3, 3]]), short
    assert all(p.rows for face in deck for p in face.pieces)  # every piece read, rows and all


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_piece_of_a_cut_table_is_titled(decks, ruleset_id, card):
    """Each piece after the first under the table's title « (suite) » (the ladder's second half on
    a mini card's back had none); a table untitled because its band names it (3d6's « Actions de
    combat ») goes on under the band's « (suite) », and so does a piece carried from a front to
    its back under a band that says « (suite) » (refcards22, review 21: the continuation marked
    once a face, d12 mini 1/5's back « Actions (suite) » over « …, en % (suite) † D12-E3 »)."""
    deck = decks[ruleset_id, card]
    for pieces in tables(deck):
        first = pieces[0]
        if not first.title:  # its band names it: the first table of its section's first face
            band = re.match(r"(.*?) \d+/\d+", deck[first.face].text)
            assert band and first.first and "(suite)" not in band.group(1), deck[first.face].text[:60]
        for piece in pieces[1:]:
            assert "(suite)" in (piece.title or deck[piece.face].text), (piece.face, deck[piece.face].text[:60])
            if first.title and not piece.title:  # carried overleaf: on the back of the piece before's card
                assert piece.face % 2 == 1 and piece.first, (piece.face, deck[piece.face].text[:60])
            elif first.title:
                stem = first.title.split(" (")[0].split(" †")[0]
                assert piece.title.startswith(stem), (piece.title, first.title)


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_key_or_note_is_cut_between_faces(decks, ruleset_id, card):
    """The d12 ladder's key « Barreaux de l’échelle… » was cut after « normal 8, » on mini cards:
    every key and note of the sheet is printed whole on one face."""
    texts = [face.text for face in decks[ruleset_id, card]]
    notes = [plain(t) for s in _sections(ruleset_id) for table in s.tables for t in (table.key, table.note) if t]
    assert notes
    for note in notes:
        assert any(note in text for text in texts), note


def test_the_d12_ladder_s_key_stays_under_the_ladder_on_poker_and_tarot(decks):
    """The key of the rungs' names sat alone on the back of the poker card (designer review, tenth
    session): it is printed under the ladder's last rows, on their face."""
    ladder = _sections("d12")[0].tables[0]
    for card in ("poker", "tarot", "mini"):
        deck = decks["d12", card]
        (holding,) = [face for face in deck if plain(ladder.key) in face.text]
        assert any(p.head.startswith("Bonus") for p in holding.pieces), card


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_heading_takes_more_than_two_lines(decks, ruleset_id, card):
    """3d6's « Écart de bonus » was set « Écart / de / bonus » on poker cards (designer review,
    tenth session): its column widens, from the « Chance » columns' spare width, to set it in two."""
    deck = decks[ruleset_id, card]
    lines = [(face.index + 1, p.head, p.head_lines) for face in deck for p in face.pieces]
    assert lines and all(n <= 2 for *_, n in lines), [line for line in lines if line[2] > 2]
    if ruleset_id == "3d6":
        assert any(n == 2 and "Écart de" in head for _, head, n in lines)  # read: two lines, « Écart de » whole


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_kolaps_cards_cut_a_table_with_split_rows_in_every_piece(cli, tmp_path, card):
    """KOLAPS's own cards: card 12 printed the critical wounds four and two (the last two over their
    explanation), the tarot modifiers nine and two. Every piece of a cut table holds split_rows
    rows at least; a table cut though short is one too tall for a face at the cards' fixed 7 pt."""
    target = tmp_path / f"kolaps-{card}.pdf"
    result = cli(["tables", "--format", "cards", "--card", card, "--layout", "print-shop", "-o", target])
    assert result.exit_code == 0, result.stderr
    deck = faces(target.read_bytes(), seen(table_paint().head_fill))
    cut = [[p.rows for p in pieces] for pieces in tables(deck) if len(pieces) > 1]
    assert cut and all(min(rows) >= table_breaks().split_rows for rows in cut), cut
    assert all("(suite)" in p.title for pieces in tables(deck) for p in pieces[1:])
