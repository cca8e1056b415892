"""Fifteenth session (issue 12; review 14 S2/S6, the fourteenth session's merge notes): a KOLAPS
reference deck's tables read back from their print-shop PDFs, each as the pieces its cuts left
on the faces, to check how they are cut: no piece of one row where the rows can go two a face."""

from __future__ import annotations

import pytest
from card_pieces import faces, tables  # tests/support
from pdf_colours import seen  # tests/support
from ruleset_products import ReferenceDecks  # tests/support

from kolaps_print.layout.style import table_paint

# Mini tables whose rows stand two or fewer a face at every size down to the 6 pt floor, their
# first face one row (layout/reference/cards.cut_faults; docs/style.md, refcards15): the three
# rows of « Le tour de jeu » (2 + 1), « Moral » (2 + 1 + 1: 2 + 2 at 6.25 pt sends its note to a
# card of its own), « Blessures critiques » (1 + 2 + 3: its title's two lines over the first).
# Their head rows name them.
MINI_TORN = {"Phase Nom", "Moral État", "D6 Zone Blessure Test"}


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
        if len(rows) > 2 and max(rows) - min(rows) > 1 and head not in MINI_TORN
    ]
    assert uneven == []
