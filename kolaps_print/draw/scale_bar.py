"""The scale bar: a solid black line of known length with end ticks and its caption
(« Imprimé à 100 %, ce trait mesure 50 mm »), on every home card sheet and the calibration sheet."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.fonts import SANS
from kolaps_print.labels import label
from kolaps_print.layout import sheets as sheet_data
from kolaps_print.layout.style import colour
from kolaps_print.numbers import number
from kolaps_print.units import pt


def draw_scale_bar(canvas: Canvas, x: float, y: float, angle: int = 0) -> None:
    """From (x, y) mm along angle (0: rightwards, 90: upwards); ticks and caption on its left side."""
    style = sheet_data.sheets().scale_bar
    canvas.saveState()
    canvas.translate(pt(x), pt(y))
    canvas.rotate(angle)
    canvas.setStrokeColor(colour("ink"))
    canvas.setFillColor(colour("ink"))
    canvas.setLineWidth(style.width_pt)
    canvas.setLineCap(0)  # butt ends: the bar is exactly its length
    length, tick = pt(style.length), pt(style.tick)
    canvas.lines([(0, 0, length, 0), (0, 0, 0, tick), (length, 0, length, tick)])
    canvas.setFont(SANS, style.text_pt)
    canvas.drawCentredString(length / 2, pt(style.caption), label("cards.sheet.scale_bar", length=number(style.length)))
    canvas.restoreState()
