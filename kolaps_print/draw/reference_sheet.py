"""Paint a laid-out quick-reference sheet (layout/reference/sheet.py), one page a side."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.flow_box import draw_box
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC
from kolaps_print.layout.reference.look import ink, mark_grey, muted
from kolaps_print.layout.reference.sheet import SheetFooter, SheetHeader, SheetLayout, column_gap


def _draw_header(canvas: Canvas, header: SheetHeader) -> None:
    canvas.setFillColor(ink())
    canvas.setFont(SANS_BOLD, header.title_pt)
    canvas.drawString(header.left, header.baseline, header.game)
    canvas.setFont(SANS, header.title_pt)
    canvas.setFillColor(muted())
    canvas.drawString(header.title_x, header.baseline, header.title)
    canvas.setFont(SANS_BOLD, header.page_pt)
    canvas.setFillColor(ink())
    canvas.drawRightString(header.right, header.baseline, header.number)
    canvas.setFont(SANS, header.page_pt)
    canvas.drawRightString(header.stamp_right, header.baseline, header.stamp)
    canvas.setStrokeColor(ink())
    canvas.setLineWidth(header.rule_pt)
    canvas.line(header.left, header.rule_y, header.right, header.rule_y)


def _draw_footer(canvas: Canvas, footer: SheetFooter) -> None:
    canvas.setFont(SANS_ITALIC, footer.size)
    canvas.setFillColor(mark_grey())
    canvas.drawString(footer.left, footer.baseline, footer.text)


def draw_sheet(canvas: Canvas, layout: SheetLayout) -> None:
    """Both sides, one page each."""
    for header, boxes in zip(layout.headers, layout.boxes, strict=True):
        canvas.setFont(SANS, layout.styles.body)  # never leave reportlab's default font selected
        _draw_header(canvas, header)
        _draw_footer(canvas, layout.footer)
        for box in boxes:
            draw_box(canvas, box, gap=column_gap(layout.styles))
        canvas.showPage()
