"""Eighteenth session (grav18, issue 12): KOLAPS's « Gravité des blessures » on the reference cards,
read back from the printed decks. Its nine columns stood at their longest word on the tarot (8.25 pt)
and near it on the poker (7 pt), so main set « Blessure / très / grave » in three lines on the tarot
and « Mauvais / coup » in two on the poker. Its columns of one-word cells (the die, « Bless. »,
« Hémorr. », R0 to R4) now give up side padding, down to the cards' gutter_floor, as far as that
saves « Effet » lines: the effects keep within two lines, « Mauvais coup » whole where the floor
leaves it room (poker, mini), and those columns' texts stay 1.1 mm apart or more."""

from __future__ import annotations

from functools import cache

import pytest
from cell_gutters import cell_gutters  # tests/support
from pdf_text import page_texts  # tests/support
from table_cells import Cell, grid_cells  # tests/support

from kolaps_print.content.tables import gravite
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.layout.reference.look import reference_look
from kolaps_print.model.gamedata import builtin_game_data

CARDS = ("mini", "poker", "tarot")
# The tarot's « Mauvais coup » needs 1 mm gutters (16.5 pt over the nine columns): left in two lines.
WHOLE = {"mini": ("Mauvais coup",), "poker": ("Mauvais coup",), "tarot": ()}


@cache
def _deck(card: str) -> bytes:
    return build_reference(TablesOptions(format="cards", card=card, layout="print-shop")).pdf


def _text(cell: Cell) -> str:
    return " ".join(cell.text.split())  # no-break spaces read as spaces


def _effects(card: str) -> dict[str, int]:
    """Each severity's name as printed in « Effet », with its most lines on the deck."""
    names = {s.name for s in builtin_game_data().rules.wounds.severities}
    out: dict[str, int] = {}
    for cell in grid_cells(_deck(card)):
        if _text(cell) in names:
            out[_text(cell)] = max(out.get(_text(cell), 0), cell.lines)
    assert set(out) == names, out
    return out


@pytest.mark.parametrize("card", CARDS)
def test_every_severity_s_effect_keeps_within_two_lines(card):
    """Main: « Blessure / très / grave » in three lines on the tarot (fails on main)."""
    assert max(_effects(card).values()) <= 2, _effects(card)


@pytest.mark.parametrize("card", CARDS)
def test_mauvais_coup_holds_one_line_where_the_gutters_give_it_room(card):
    """Main: « Mauvais / coup » on the poker (fails on main: poker)."""
    effects = _effects(card)
    assert all(effects[name] == 1 for name in WHOLE[card]), effects


@pytest.mark.parametrize("card", CARDS)
def test_the_table_s_cells_stay_the_gutter_floor_apart(card):
    """Two neighbouring cells' texts on a line, by glyph ink, keep twice the gutter floor (1.1 mm)
    less rounding: narrower gutters never make « Bless. Hémorr. » read as one phrase (a guard)."""
    table = gravite(builtin_game_data())
    floor = 2 * reference_look().cards.gutter_floor
    pdf, gaps = _deck(card), []
    for page in range(len(page_texts(pdf))):
        gaps += cell_gutters(pdf, page, table.columns, table.rows)
    assert gaps, "the table's head row was not found"
    assert min(g for _, _, g in gaps) >= floor - 0.05, sorted(gaps, key=lambda g: g[2])[:5]
