"""Bleed allowances for grid slots: full bleed into margins, half the gutter between cards."""

from __future__ import annotations

import math

from kolaps_print.layout import sheets as sheet_data
from kolaps_print.layout.geometry import Edges
from kolaps_print.layout.grid import Grid


def outer_bleed(grid: Grid, bleed: float) -> Edges:
    """The bleed at the block's outside edges, never into the sheet's safe frame (home.margin of
    sheets.yaml), in whole half-millimetres so its edge stays clear of the frame: a Letter sheet of
    poker cards, 7.7 mm from the edge, bleeds 1.5 mm there."""
    b, keep = grid.block, sheet_data.sheets().home.margin
    rooms = (b.x, b.y, grid.sheet.width - b.right, grid.sheet.height - b.top)
    return Edges(*(min(bleed, max(0.0, math.floor((room - keep) * 2) / 2)) for room in rooms))


def slot_bleed(grid: Grid, row: int, column: int, bleed: float) -> Edges:
    """Cards that touch (gutter 0) share their cut line: no bleed between them."""
    inner = min(bleed, grid.gutter / 2)
    outer = outer_bleed(grid, bleed)
    return Edges(
        outer.left if column == 0 else inner,
        outer.bottom if row == grid.rows - 1 else inner,
        outer.right if column == grid.columns - 1 else inner,
        outer.top if row == 0 else inner,
    )
