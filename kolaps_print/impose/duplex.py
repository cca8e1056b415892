"""Duplex sheets: a page of fronts, then the page of their backs, each back behind its front."""

from __future__ import annotations

from kolaps_print.impose.marks import sheet_guides
from kolaps_print.impose.options import ResolvedOptions
from kolaps_print.impose.plan import Page, Placement
from kolaps_print.impose.slots import slot_bleed
from kolaps_print.layout.grid import Grid, fit_grid, mirror, mirror_edges


def duplex_grid(options: ResolvedOptions) -> Grid:
    grid = fit_grid(options.paper, options.card, options.margin, options.gutter)
    if grid.capacity == 0:
        raise ValueError(_too_big(options))
    return grid


def duplex_pages(count: int, options: ResolvedOptions) -> list[Page]:
    grid = duplex_grid(options)
    pages = []
    for sheet, first in enumerate(range(0, count, grid.capacity), start=1):
        fronts, backs = [], []
        for slot, face in enumerate(range(first, min(first + grid.capacity, count))):
            row, column = divmod(slot, grid.columns)
            trim, bleed = grid.cell_rect(row, column), slot_bleed(grid, row, column, options.bleed)
            fronts.append(Placement(face, "front", trim, bleed))
            backs.append(
                Placement(
                    face,
                    "back",
                    mirror(trim, options.paper.width, options.paper.height, options.flip),
                    mirror_edges(bleed, options.flip),
                )
            )
        marks, bar = sheet_guides(grid, len(fronts), options.bleed)
        pages.append(Page(options.paper, sheet, "front", tuple(fronts), marks, scale_bar=bar))
        pages.append(Page(options.paper, sheet, "back", tuple(backs), shift=options.back_offset))
    return pages


def _too_big(options: ResolvedOptions) -> str:
    c, p = options.card, options.paper
    return (
        f"a {c.width:g} × {c.height:g} mm card does not fit on a {p.width:g} × {p.height:g} mm sheet "
        f"with {options.margin:g} mm margins"
    )
