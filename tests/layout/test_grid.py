"""Slots on a sheet: how many cards fit, centred."""

import pytest
from geometry import overlaps  # tests/support

from kolaps_print.layout.geometry import Size
from kolaps_print.layout.grid import fit_grid

A4, LETTER = Size(210, 297), Size(215.9, 279.4)
POKER = Size(63, 88)


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_poker_cards_fit_three_by_three_centred(paper):
    grid = fit_grid(paper, POKER, margin=5, gutter=0)
    assert (grid.columns, grid.rows) == (3, 3)
    block = grid.block
    assert block.x == pytest.approx(paper.width - block.right)
    assert block.y == pytest.approx(paper.height - block.top)


def test_slots_are_in_reading_order_and_do_not_overlap():
    grid = fit_grid(A4, POKER, margin=5, gutter=2)
    slots = grid.slots()
    assert slots[0].top > slots[3].top  # row 0 is the top row
    assert slots[0].x < slots[1].x
    for i, a in enumerate(slots):
        for b in slots[i + 1 :]:
            assert not overlaps(a, b)


def test_other_sizes_fill_as_many_slots_as_fit():
    assert fit_grid(A4, Size(70, 120), 5, 0).capacity == 2 * 2
    assert fit_grid(A4, Size(44, 63), 5, 0).capacity == 4 * 4


def test_a_card_bigger_than_the_sheet_has_no_slot():
    assert fit_grid(A4, Size(300, 400), 5, 0).capacity == 0


def test_shared_cut_lines_when_cards_touch():
    grid = fit_grid(A4, POKER, margin=5, gutter=0)
    assert len(grid.cut_lines_x()) == 4 and len(grid.cut_lines_y()) == 4
    spaced = fit_grid(A4, POKER, margin=5, gutter=3)
    assert len(spaced.cut_lines_x()) == 6
