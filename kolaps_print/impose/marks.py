"""Crop marks: short thin black lines along every cut line, just outside the printed block.

They stay outside the cards (and their bleed), so a cut never crosses a card; their length is
data (sheets.yaml), 0 running them out to the sheet edge.
A sheet's marks frame only its filled slots: the last sheet of an army marks no empty slot.
"""

from __future__ import annotations

from functools import lru_cache

from kolaps_print.impose.scale_bar import ScaleBarPlace, place_scale_bar
from kolaps_print.impose.slots import slot_bleed
from kolaps_print.layout import sheets as sheet_data
from kolaps_print.layout.geometry import Edges, Line, Rect, Size
from kolaps_print.layout.grid import Grid
from kolaps_print.layout.sheets import CropMarks


def sheet_guides(grid: Grid, filled: int, bleed: float) -> tuple[tuple[Line, ...], ScaleBarPlace | None]:
    """The crop marks around a sheet's first `filled` slots (reading order), and its scale bar."""
    style = sheet_data.sheets()
    return _guides(grid, filled, bleed, style.crop_marks, style.scale_bar.length)


@lru_cache(maxsize=64)  # every full sheet of an army has the same guides
def _guides(
    grid: Grid, filled: int, bleed: float, style: CropMarks, bar_length: float
) -> tuple[tuple[Line, ...], ScaleBarPlace | None]:
    rows, columns = min(grid.rows, -(-filled // grid.columns)), min(filled, grid.columns)
    first, last = grid.cell_rect(0, 0), grid.cell_rect(rows - 1, columns - 1)
    block = Rect(first.x, last.y, last.right - first.x, first.top - last.y)
    near, far = slot_bleed(grid, 0, 0, bleed), slot_bleed(grid, rows - 1, columns - 1, bleed)
    outer = Edges(near.left, far.bottom, far.right, near.top)
    xs = [x for x in grid.cut_lines_x() if block.x - 1e-6 <= x <= block.right + 1e-6]
    ys = [y for y in grid.cut_lines_y() if block.y - 1e-6 <= y <= block.top + 1e-6]
    marks = tuple(crop_marks(grid.sheet, block, outer, xs, ys, style))
    gap = style.offset
    printed = Rect(
        block.x - outer.left - gap,
        block.y - outer.bottom - gap,
        block.width + outer.left + outer.right + 2 * gap,
        block.height + outer.bottom + outer.top + 2 * gap,
    )
    return marks, place_scale_bar(grid.sheet, printed, marks, bar_length)


def crop_marks(
    sheet: Size, block: Rect, outer_bleed: Edges, xs: list[float], ys: list[float], style: CropMarks
) -> list[Line]:
    """Marks for vertical cuts at xs and horizontal cuts at ys around block (the cards' trims)."""
    top_start = block.top + outer_bleed.top + style.offset
    bottom_start = block.y - outer_bleed.bottom - style.offset
    left_start = block.x - outer_bleed.left - style.offset
    right_start = block.right + outer_bleed.right + style.offset
    lines = []
    for x in xs:
        lines += _pair(
            sheet,
            Line(x, top_start, x, _towards(top_start, sheet.height, style.length)),
            Line(x, bottom_start, x, _towards(bottom_start, 0.0, style.length)),
        )
    for y in ys:
        lines += _pair(
            sheet,
            Line(left_start, y, _towards(left_start, 0.0, style.length), y),
            Line(right_start, y, _towards(right_start, sheet.width, style.length), y),
        )
    return lines


def _towards(start: float, edge: float, length: float) -> float:
    """The mark's far end: the sheet edge, or start + length towards it (never past the edge)."""
    if length <= 0:
        return edge
    return min(start + length, edge) if edge > start else max(start - length, edge)


def _pair(sheet: Size, *lines: Line) -> list[Line]:
    # A mark with no room (block touching the edge) is dropped rather than drawn off the sheet.
    return [ln for ln in lines if _length(ln) > 0.5 and _on_sheet(sheet, ln)]


def _length(line: Line) -> float:
    return abs(line.x2 - line.x1) + abs(line.y2 - line.y1)


def _on_sheet(sheet: Size, line: Line) -> bool:
    return 0 <= line.x1 <= sheet.width and 0 <= line.y1 <= sheet.height
