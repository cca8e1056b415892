"""The two-sided quick-reference sheet: landscape, three columns a side, one colour per section.

The type starts large and shrinks step by step, down to the legibility floor, until each
side's content fits its three columns; the sheet is always exactly two pages.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import landscape
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from kolaps_print.content.reference import Page, Section, reference_pages
from kolaps_print.content.tables import TableContent
from kolaps_print.fonts import SANS, SANS_BOLD, register_fonts
from kolaps_print.draw.reference_flow import Box, Stack, draw_box, fill_boxes
from kolaps_print.draw.reference_style import INK, MAX_BODY_PT, MIN_BODY_PT, MUTED, Styles, section_colour
from kolaps_print.draw.reference_table import fits_width, section_band, side_by_side, table_block
from kolaps_print.labels import label
from kolaps_print.layout.sheets import paper_size
from kolaps_print.layout.units import pt
from kolaps_print.model.gamedata import GameData

SIZE_STEP = 0.25  # pt
SPLIT_FRACTION = 0.2  # of a column: more space than this left, and a table may break into the next


class SheetOverflow(Exception):
    """The content does not fit two sides even at the smallest legible size."""


@dataclass(frozen=True)
class Geometry:
    """Sheet layout in mm (converted with pt() only when drawing)."""

    paper: str
    margin: float = 8.0
    header: float = 10.0
    columns: int = 3
    gutter: float = 5.0

    @property
    def pagesize(self) -> tuple[float, float]:
        paper = paper_size(self.paper)  # data/layouts/sizes.yaml, as for the cards and the book
        return landscape((pt(paper.width), pt(paper.height)))

    def column_boxes(self) -> list[Box]:
        w, h = self.pagesize
        m = pt(self.margin)
        col_w = (w - 2 * m - (self.columns - 1) * pt(self.gutter)) / self.columns
        col_h = h - 2 * m - pt(self.header)
        return [Box(m + i * (col_w + pt(self.gutter)), m, col_w, col_h) for i in range(self.columns)]


def _row_units(row: tuple[TableContent, ...], section: Section, width: float, styles: Styles) -> list[Flowable]:
    """A row of tables: one block, side by side when they fit, else one block per table."""
    colour = section_colour(section.id)
    if len(row) == 1:
        return [table_block(row[0], width, styles, colour, show_title=row[0].title != section.title)]
    gap = pt(3)
    weights = [sum(t.widths) or len(t.columns) for t in row]
    widths = [(width - gap * (len(row) - 1)) * w / sum(weights) for w in weights]
    if not all(fits_width(t, w, styles) for t, w in zip(row, widths)):  # too narrow: one under the other
        return [table_block(t, width, styles, colour) for t in row]
    return [side_by_side([table_block(t, w, styles, colour) for t, w in zip(row, widths)], widths, gap)]


def _row_flowable(row: tuple[TableContent, ...], section: Section, width: float, styles: Styles) -> Flowable:
    units = _row_units(row, section, width, styles)
    return units[0] if len(units) == 1 else Stack(units, gap=_gap(styles))


def section_flowables(section: Section, width: float, styles: Styles, loose: bool = False) -> list[Stack]:
    """A section as blocks to flow, tagged with its id; its band travels with its first block.

    loose: tables stacked for want of width become blocks of their own, free to move apart
    (cards); otherwise a row stays one block (the sheet's columns).
    """
    if loose:
        units = [u for row in section.rows for u in _row_units(row, section, width, styles)]
    else:
        units = [_row_flowable(row, section, width, styles) for row in section.rows]
    band = section_band(section.title, section_colour(section.id), styles)
    units[0] = Stack([band, units[0]], gap=styles.padding * 2)
    return [_tagged(u, section.id) for u in units]


def _tagged(unit: Flowable, tag: str) -> Stack:
    if isinstance(unit, Stack):
        unit.tag = tag
        return unit
    return Stack([unit], tag=tag)


def _fit_page(page: Page, geometry: Geometry, styles: Styles) -> list[Box] | None:
    boxes = geometry.column_boxes()
    if not all(fits_width(t, boxes[0].width, styles) for s in page.sections for t in s.tables):
        return None  # a column would have to break a word: try a smaller size
    queue = [u for s in page.sections for u in section_flowables(s, boxes[0].width, styles)]
    # A long table may continue in the next column rather than leave a quarter of one empty.
    min_split = boxes[0].height * SPLIT_FRACTION
    return boxes if fill_boxes(boxes, queue, gap=_gap(styles), min_split=min_split) else None


def _gap(styles: Styles) -> float:
    return styles.body * 0.9


@dataclass
class SheetLayout:
    geometry: Geometry
    styles: Styles
    pages: tuple[Page, ...]
    boxes: list[list[Box]]  # per page, its filled columns


def _sizes() -> list[float]:
    steps = round((MAX_BODY_PT - MIN_BODY_PT) / SIZE_STEP)
    return [MAX_BODY_PT - i * SIZE_STEP for i in range(steps + 1)]


def layout_sheet(data: GameData, paper: str = "a4") -> SheetLayout:
    """The largest body size at which both sides fit; SheetOverflow if none does."""
    register_fonts(SANS)
    geometry, pages = Geometry(paper), reference_pages(data)
    for size in _sizes():
        styles = Styles(size)
        boxes = [_fit_page(p, geometry, styles) for p in pages]
        if all(b is not None for b in boxes):
            return SheetLayout(geometry, styles, pages, boxes)  # type: ignore[arg-type]
    raise SheetOverflow(f"the reference content does not fit two sides even at {MIN_BODY_PT} pt")


def _draw_header(canvas: Canvas, layout: SheetLayout, index: int) -> None:
    g = layout.geometry
    w, h = g.pagesize
    m = pt(g.margin)
    base = h - m - pt(g.header) * 0.55
    canvas.setFillColor(INK)
    canvas.setFont(SANS_BOLD, 15)
    game = label("common.game")
    canvas.drawString(m, base, game)
    canvas.setFont(SANS, 15)
    canvas.setFillColor(MUTED)
    canvas.drawString(m + canvas.stringWidth(game + "  ", SANS_BOLD, 15), base, label("tables.sheet.title"))
    canvas.setFont(SANS_BOLD, 10)
    canvas.setFillColor(INK)
    page_no = label("tables.sheet.page_of", page=index + 1, pages=len(layout.pages))
    canvas.drawRightString(w - m, base, page_no)
    canvas.setFont(SANS, 10)
    canvas.drawRightString(w - m - canvas.stringWidth(page_no + "   ", SANS_BOLD, 10), base, layout.pages[index].title)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.2)
    rule = h - m - pt(g.header) * 0.85
    canvas.line(m, rule, w - m, rule)


def draw_sheet(canvas: Canvas, layout: SheetLayout) -> None:
    """Both sides, one page each."""
    for index, boxes in enumerate(layout.boxes):
        canvas.setFont(SANS, layout.styles.body)  # never leave reportlab's default font selected
        _draw_header(canvas, layout, index)
        for box in boxes:
            draw_box(canvas, box, gap=_gap(layout.styles))
        canvas.showPage()
