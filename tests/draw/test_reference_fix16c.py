"""Sixteenth session, fix16c (issue 12; print review 16, S2, S5, N1): the KOLAPS mini reference deck
read back from its print-shop PDF (one face a page): how its long tables are cut."""

from __future__ import annotations

import pytest
from card_pieces import faces, tables  # tests/support
from pdf_colours import seen  # tests/support
from ruleset_products import ReferenceDecks  # tests/support

from kolaps_print.layout.style import table_paint


@pytest.fixture(scope="module")
def mini(cli, tmp_path_factory):
    decks = ReferenceDecks(cli, tmp_path_factory.mktemp("fix16c"))
    return faces(decks["kolaps", "mini"], seen(table_paint().head_fill))


def _pieces(deck, head: str) -> list:
    (found,) = [pieces for pieces in tables(deck) if pieces[0].head == head]
    return found


def test_critical_wounds_are_cut_in_even_pieces(mini):
    """« Blessures critiques (réussite critique) » (6 rows) read 1 + 2 + 3 on 19–20/23: its title over
    two lines left row 2 no room (review 16, S5). Its band says « Critiques », so its faces head it
    « Blessures critiques », one line, and its rows go 3 + 3 or 2 + 2 + 2."""
    pieces = _pieces(mini, "D6 Zone Blessure Test")
    assert sum(p.rows for p in pieces) == 6
    assert min(p.rows for p in pieces) >= 2, [p.rows for p in pieces]
    assert max(p.rows for p in pieces) - min(p.rows for p in pieces) <= 1, [p.rows for p in pieces]
    assert pieces[0].title == "Blessures critiques"


def test_difficulty_modifiers_keep_three_rows_a_piece(mini):
    """« Modificateurs de difficulté » (11 rows) read 4 + 3 + 2 + 2 on 7–8/23 (review 16, S2): back to
    pieces of three rows or more, on three faces."""
    pieces = _pieces(mini, "Situation Modif.")
    assert sum(p.rows for p in pieces) == 11
    assert min(p.rows for p in pieces) >= 3, [p.rows for p in pieces]
    assert len(pieces) == 3
