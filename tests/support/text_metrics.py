"""Text measures for the layout tests, from the embedded fonts' own metrics."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import getFont

from kolaps_print.fonts import register_fonts
from kolaps_print.layout.text_fit import Line, width_mm
from kolaps_print.units import to_mm


@lru_cache(maxsize=64)
def ascent_descent(font: str, size: float) -> tuple[float, float]:
    """Ascent and descent (positive) in mm."""
    register_fonts(font.split("-")[0])
    face = getFont(font).face
    return to_mm(face.ascent * size / 1000), to_mm(-face.descent * size / 1000)


def line_width(line: Line, size: float) -> float:
    """From the line's start to the end of its last segment, in mm."""
    last = line[-1]
    return last.x + width_mm(last.text, last.font, size)
