"""A reproducible canvas whose page preamble never names Helvetica.

reportlab starts every page with the initial font selected, which puts a standard-14
Helvetica (not embedded) in the PDF even if no text uses it. write.new_canvas does not
pass initialFontName, so the base font is swapped for KSans while the canvas is made.
"""

from __future__ import annotations

from io import BytesIO

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.fonts import SANS, register_fonts
from kolaps_print.write import PdfMeta, new_canvas


def open_canvas(buffer: BytesIO, pagesize: tuple[float, float], meta: PdfMeta) -> Canvas:
    register_fonts(SANS)
    previous = rl_config.canvas_basefontname
    rl_config.canvas_basefontname = SANS
    try:
        return new_canvas(buffer, pagesize, meta)
    finally:
        rl_config.canvas_basefontname = previous
