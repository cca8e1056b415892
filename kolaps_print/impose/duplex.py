"""Duplex sheets: a page of fronts, then the page of their backs, each back behind its front."""

from __future__ import annotations

from kolaps_print.impose.marks import sheet_guides
from kolaps_print.impose.options import ResolvedOptions
from kolaps_print.impose.plan import Page, Placement
from kolaps_print.impose.slots import slot_bleed
from kolaps_print.layout.geometry import Edges, Rect
from kolaps_print.layout.grid import Grid, fit_grid, mirror, mirror_edges


def duplex_grid(options: ResolvedOptions) -> Grid:
    grid = fit_grid(options.paper, options.card, options.margin, options.gutter)
    if grid.capacity == 0:
        raise ValueError(_too_big(options))
    return grid


def duplex_pages(count: int, options: ResolvedOptions) -> list[Page]:
    grid = duplex_grid(options)
    slots = [_slot(grid, slot, options) for slot in range(grid.capacity)]  # one set for every sheet
    pages = []
    for sheet, first in enumerate(range(0, count, grid.capacity), start=1):
        faces = range(first, min(first + grid.capacity, count))
        fronts = tuple(Placement(face, "front", *slots[slot][0]) for slot, face in enumerate(faces))
        backs = tuple(Placement(face, "back", *slots[slot][1]) for slot, face in enumerate(faces))
        marks, bar = sheet_guides(grid, len(fronts), options.bleed)
        pages.append(Page(options.paper, sheet, "front", fronts, marks, scale_bar=bar))
        pages.append(Page(options.paper, sheet, "back", backs, shift=options.back_offset))
    return pages


def _slot(grid: Grid, slot: int, options: ResolvedOptions) -> tuple[tuple[Rect, Edges], tuple[Rect, Edges]]:
    """A slot's trim and bleed on the front, and behind it on the back. Made once per slot, not
    per sheet: a 10,000-card plan held 30,000 copies of the same rectangles (7 MiB)."""
    row, column = divmod(slot, grid.columns)
    trim, bleed = grid.cell_rect(row, column), slot_bleed(grid, row, column, options.bleed)
    back = mirror(trim, options.paper.width, options.paper.height, options.flip), mirror_edges(bleed, options.flip)
    return (trim, bleed), back


def _too_big(options: ResolvedOptions) -> str:
    c, p = options.card, options.paper
    return (
        f"a {c.width:g} × {c.height:g} mm card does not fit on a {p.width:g} × {p.height:g} mm sheet "
        f"with {options.margin:g} mm margins"
    )
