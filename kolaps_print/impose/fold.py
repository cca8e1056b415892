"""Fold sheets for printers without duplex: front and back side by side, folded along their edge.

The back is drawn upright to the right of its front: folded behind along the shared edge, it
reads upright when the card is turned over sideways. The sheet is turned landscape when that
fits more pairs.
"""

from __future__ import annotations

from kolaps_print.impose.marks import sheet_guides
from kolaps_print.impose.options import ResolvedOptions
from kolaps_print.impose.plan import Page, Placement, Side
from kolaps_print.impose.slots import slot_bleed
from kolaps_print.layout.geometry import Edges, Line, Rect, Size
from kolaps_print.layout.grid import Grid, fit_grid


def fold_grid(options: ResolvedOptions) -> Grid:
    pair = Size(2 * options.card.width, options.card.height)
    portrait = fit_grid(options.paper, pair, options.margin, options.gutter)
    landscape = fit_grid(options.paper.landscape(), pair, options.margin, options.gutter)
    grid = landscape if landscape.capacity > portrait.capacity else portrait
    if grid.capacity == 0:
        c, p = options.card, options.paper
        raise ValueError(
            f"a {c.width:g} × {c.height:g} mm card folded open ({2 * c.width:g} mm wide) "
            f"does not fit on a {p.width:g} × {p.height:g} mm sheet; use duplex"
        )
    return grid


def fold_pages(count: int, options: ResolvedOptions) -> list[Page]:
    grid = fold_grid(options)
    sheet = grid.sheet
    slots = [_pair(grid, *divmod(slot, grid.columns), options.bleed) for slot in range(grid.capacity)]  # every sheet's
    pages = []
    for number, first in enumerate(range(0, count, grid.capacity), start=1):
        placements = []
        for slot, face in enumerate(range(first, min(first + grid.capacity, count))):
            placements += [Placement(face, side, trim, bleed) for side, trim, bleed in slots[slot]]
        filled = len(placements) // 2
        marks, bar = sheet_guides(grid, filled, options.bleed)
        folds = tuple(_fold_line(grid, c) for c in range(min(filled, grid.columns)))  # none in an empty column
        pages.append(Page(sheet, number, "front", tuple(placements), marks, folds, scale_bar=bar))
    return pages


def _pair(grid: Grid, row: int, column: int, bleed: float) -> list[tuple[Side, Rect, Edges]]:
    """A slot's front and back halves (trim and bleed), made once for every sheet."""
    cell, edges = grid.cell_rect(row, column), slot_bleed(grid, row, column, bleed)
    half = cell.width / 2
    return [
        ("front", Rect(cell.x, cell.y, half, cell.height), Edges(edges.left, edges.bottom, 0, edges.top)),
        ("back", Rect(cell.x + half, cell.y, half, cell.height), Edges(0, edges.bottom, edges.right, edges.top)),
    ]


def _fold_line(grid: Grid, column: int) -> Line:
    cell = grid.cell_rect(0, column)
    x = cell.x + cell.width / 2
    return Line(x, 0.0, x, grid.sheet.height)
