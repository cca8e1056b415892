"""Slots on a sheet: as many cells as fit inside the margins, the block centred on the sheet;
and where a slot lands on the other side of the sheet."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from kolaps_print.layout.geometry import Edges, Rect, Size


@dataclass(frozen=True)
class Grid:
    """Cards of one size laid out in columns and rows on a sheet."""

    sheet: Size
    cell: Size
    columns: int
    rows: int
    gutter: float

    @property
    def capacity(self) -> int:
        return self.columns * self.rows

    @cached_property
    def block(self) -> Rect:
        """The rectangle the cells cover, centred on the sheet."""
        width = self.columns * self.cell.width + (self.columns - 1) * self.gutter
        height = self.rows * self.cell.height + (self.rows - 1) * self.gutter
        return Rect((self.sheet.width - width) / 2, (self.sheet.height - height) / 2, width, height)

    def cell_rect(self, row: int, column: int) -> Rect:
        """Row 0 is the top row, column 0 the left one (reading order)."""
        b = self.block
        x = b.x + column * (self.cell.width + self.gutter)
        y = b.top - (row + 1) * self.cell.height - row * self.gutter
        return Rect(x, y, self.cell.width, self.cell.height)

    def slots(self) -> list[Rect]:
        return [self.cell_rect(r, c) for r in range(self.rows) for c in range(self.columns)]

    def cut_lines_x(self) -> list[float]:
        return _unique(x for c in range(self.columns) for x in (self.cell_rect(0, c).x, self.cell_rect(0, c).right))

    def cut_lines_y(self) -> list[float]:
        return _unique(y for r in range(self.rows) for y in (self.cell_rect(r, 0).y, self.cell_rect(r, 0).top))


def mirror(rect: Rect, sheet_width: float, sheet_height: float, flip: str) -> Rect:
    """Where rect lands on the other side of the sheet: long edge flips columns, short flips rows."""
    if flip == "long":
        return Rect(sheet_width - rect.right, rect.y, rect.width, rect.height)
    return Rect(rect.x, sheet_height - rect.top, rect.width, rect.height)


def mirror_edges(edges: Edges, flip: str) -> Edges:
    if flip == "long":
        return Edges(edges.right, edges.bottom, edges.left, edges.top)
    return Edges(edges.left, edges.top, edges.right, edges.bottom)


def _fit(space: float, cell: float, gutter: float) -> int:
    return max(0, int((space + gutter + 1e-9) // (cell + gutter)))


def fit_grid(sheet: Size, cell: Size, margin: float, gutter: float) -> Grid:
    """The largest grid of cells inside the sheet's margins (0 × 0 when a cell is too big)."""
    columns = _fit(sheet.width - 2 * margin, cell.width, gutter)
    rows = _fit(sheet.height - 2 * margin, cell.height, gutter)
    if columns == 0 or rows == 0:
        columns = rows = 0
    return Grid(sheet, cell, columns, rows, gutter)


def _unique(values) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or abs(v - out[-1]) > 1e-6:
            out.append(v)
    return out
