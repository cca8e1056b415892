"""Paint a laid-out quick-reference sheet (layout/reference/sheet.py), one page a side.

The header and footer are shapes (layout/reference/furniture.py) painted by the character cards'
ShapePainter; the columns' tables are the flowables the layout measured and placed.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.card_render import ShapePainter
from kolaps_print.draw.flow_box import draw_box
from kolaps_print.fonts import SANS
from kolaps_print.layout.reference.furniture import sheet_furniture
from kolaps_print.layout.reference.sheet import SheetLayout, column_gap


def draw_sheet(canvas: Canvas, layout: SheetLayout) -> None:
    """Both sides, one page each."""
    height = layout.geometry.pagesize[1]
    for header, boxes in zip(layout.headers, layout.boxes, strict=True):
        canvas.setFont(SANS, layout.styles.body)  # never leave reportlab's default font selected
        ShapePainter(canvas, height).paint(sheet_furniture(header, layout.footer, height))
        for box in boxes:
            draw_box(canvas, box, gap=column_gap(layout.styles))
        canvas.showPage()
