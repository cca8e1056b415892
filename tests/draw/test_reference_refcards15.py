"""Fifteenth session (issue 12; review 14 S2/S6, the fourteenth session's merge notes): a KOLAPS
reference deck's tables read back from their print-shop PDFs, each as the pieces its cuts left
on the faces, to check how they are cut: no piece of one row where the rows can go two a face."""

from __future__ import annotations

import re

import pytest
from card_pieces import faces, tables  # tests/support
from pdf_colours import seen  # tests/support
from ruleset_products import ReferenceDecks  # tests/support

from kolaps_print.layout.style import table_paint

# Mini tables whose rows stand two or fewer a face at every size down to the 6 pt floor, their
# first face one row (layout/reference/cards.cut_faults; docs/style.md, refcards15): the three
# rows of « Le tour de jeu » (2 + 1), « Blessures critiques » (1 + 2 + 3: its title's two lines
# over the first). « Moral » now reads 2 + 2, its note on a card of its own (refcards16a).
# Their head rows name them.
MINI_TORN = {"Phase", "D6 Zone Blessure Test"}  # « Phase » over the names since hung19 (the numbers unheaded)
# Below the section floor a larger size outranks even pieces (refcards16a, review 15 S3):
# « Modificateurs de difficulté » 4 + 3 + 2 + 2 at 6.25 pt rather than 4 + 4 + 3 at 6; « Une attaque,
# pas à pas » 4 + 3 + 2 + 2 since walk17's fuller steps (step 5 a sentence, « La cible perd du moral »).
MINI_UNEVEN = {"Situation Modif.", "Étape Qui"}


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    return ReferenceDecks(cli, tmp_path_factory.mktemp("refcards15"))


def _cut(pdf: bytes) -> list[tuple[str, list[int]]]:
    """Each table cut over several faces: its head row's text and its pieces' rows."""
    deck = faces(pdf, seen(table_paint().head_fill))
    return [(pieces[0].head, [p.rows for p in pieces]) for pieces in tables(deck) if len(pieces) > 1]


@pytest.mark.parametrize("card", ["mini", "poker", "tarot"])
def test_no_cut_leaves_a_piece_of_one_row(decks, card):
    """KOLAPS mini « Modificateurs de difficulté » ran 4 + 4 + 2 + 1 over four faces at 6.25 pt:
    a cut table's pieces hold two rows each at least (mini: but for MINI_TORN's tables, whose
    rows no size sets two a face)."""
    torn = [(head, rows) for head, rows in _cut(decks["kolaps", card]) if min(rows) < 2]
    allowed = MINI_TORN if card == "mini" else set()
    assert [t for t in torn if t[0] not in allowed] == []


def test_a_table_over_more_than_one_card_is_cut_in_even_pieces(decks):
    """A mini table over more than two faces (one card) reads in pieces within a row of each other
    (« Actions de base » 5 + 4 + 4, « Une attaque » 3 + 3 + 3 + 2, « Modificateurs » 4 + 4 + 3), but
    MINI_TORN's."""
    uneven = [
        (head, rows)
        for head, rows in _cut(decks["kolaps", "mini"])
        if len(rows) > 2 and max(rows) - min(rows) > 1 and head not in MINI_TORN | MINI_UNEVEN
    ]
    assert uneven == []


def test_two_tables_notes_go_under_their_rows_where_the_front_has_room(decks):
    """KOLAPS tarot 9/14: « Localisation » and « Cumul des blessures » on the front, a third of it
    empty, their notes alone on the back under their titles again: each note under its rows."""
    deck = faces(decks["kolaps", "tarot"], seen(table_paint().head_fill))
    (front,) = [f for f in deck if "Cumul des blessures" in f.text and f.pieces]
    assert "Seules les cases cochées comptent" in front.text
    assert "ajoutez au dé de gravité" in front.text
    assert not deck[front.index + 1].pieces and "Seules les cases" not in deck[front.index + 1].text


def _band(face) -> str:
    """A face's band name: its text up to its number (and the hint before it)."""
    found = re.match(r"(.*?)\s+(?:(?:verso|suite) ›\s+)?\d+/\d+", face.text)
    assert found, face.text[:60]
    return found.group(1)


@pytest.mark.parametrize("card", ["mini", "poker", "tarot"])
@pytest.mark.parametrize("system", ["d100", "3d6", "d12"])
def test_a_section_s_bands_say_suite_on_all_its_continued_faces_or_on_none(decks, system, card):
    """d100 mini: the back of 2/8 read « Réussir un jet » (its « suite › » left no room for more),
    the back of 3/8 « Réussir un jet (suite) » (review 14b, N3): one convention a section."""
    deck = faces(decks[system, card], seen(table_paint().head_fill))
    sections: dict[str, set[bool]] = {}
    seen_bases: set[str] = set()
    for face in deck:
        band = _band(face)
        base = band.removesuffix(" (suite)")
        if base in seen_bases and face.pieces:
            sections.setdefault(base, set()).add(band.endswith("(suite)"))
        seen_bases.add(base)
    assert {base: said for base, said in sections.items() if len(said) > 1} == {}


@pytest.mark.parametrize("card", ["mini", "poker", "tarot"])
@pytest.mark.parametrize("system", ["kolaps", "d100", "3d6", "d12"])
def test_a_continued_table_s_title_holds_no_parenthesis_but_suite(decks, system, card):
    """d100 mini 3/8's back: « Chance de réussite (d100 ≤ score), à bout portant (suite) » ran to
    three lines, « (suite) » alone on the last (review 14b, N2): the first piece names it whole."""
    deck = faces(decks[system, card], seen(table_paint().head_fill))
    titles = [p.title for pieces in tables(deck) for p in pieces[1:] if p.title]
    assert [t for t in titles if re.sub(r"\(suite\)", "", t).count("(")] == []
