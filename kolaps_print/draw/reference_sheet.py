"""Paint a laid-out quick-reference sheet (layout/reference/sheet.py), one page a side.

The header and footer (layout/reference/furniture.py) and the columns (the layout's shapes) are
painted by the character cards' ShapePainter.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.card_render import ShapePainter
from kolaps_print.fonts import SANS
from kolaps_print.layout.reference.furniture import sheet_furniture
from kolaps_print.layout.reference.sheet import SheetLayout


def draw_sheet(canvas: Canvas, layout: SheetLayout) -> None:
    """Both sides, one page each."""
    height = layout.geometry.pagesize[1]
    for header, content in zip(layout.headers, layout.content, strict=True):
        canvas.setFont(SANS, layout.styles.body)  # never leave reportlab's default font selected
        ShapePainter(canvas, height).paint(sheet_furniture(header, layout.footer, height) + content)
        canvas.showPage()
