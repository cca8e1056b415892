"""Bleed allowances for grid slots: full bleed into margins, half the gutter between cards."""

from __future__ import annotations

from kolaps_print.layout.geometry import Edges
from kolaps_print.layout.grid import Grid


def outer_bleed(grid: Grid, bleed: float) -> Edges:
    """The bleed at the block's outside edges, never past the sheet."""
    b = grid.block
    return Edges(
        min(bleed, b.x), min(bleed, b.y), min(bleed, grid.sheet.width - b.right), min(bleed, grid.sheet.height - b.top)
    )


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
