"""Round game tokens for 25 mm bases: a coloured ring, a white face, a thin cut circle.

Colours are names of the house palette (style.yaml); text is solid black, symbols take the
ring's colour, so a token reads by its symbol and word as well as by its colour.

Geometry is in millimetres (centre of the token); every text is KSans and comes from the
caller (labels), every number from the rules data.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.fonts import SANS_BOLD
from kolaps_print.layout.style import colour
from kolaps_print.layout.units import pt

DIAMETER_MM = 22.0  # sits beside, or on, a 25 mm base
RING_MM = 2.4  # the coloured band that tells the kinds apart at a glance
BLEED_MM = 0.6  # the ring's colour runs past the cut, so a cut slightly outside shows no white
CUT_WIDTH_PT = 0.4
CUT_COLOUR = "muted"


@dataclass(frozen=True)
class TokenStyle:
    ring: str  # palette names: the ring...
    symbol: str  # ...and the symbol on the white face


AFF = TokenStyle("navy", "navy")
OFFENSIVE = TokenStyle("scarlet", "scarlet")
HAEMORRHAGE = TokenStyle("wine", "blood")
FATIGUE = TokenStyle("ochre", "ochre")


def radius() -> float:
    return DIAMETER_MM / 2


def face_radius() -> float:
    return radius() - RING_MM


def fitted_size(text: str, font: str, max_size: float, width_mm: float) -> float:
    """The largest size up to max_size at which text fits in width_mm."""
    width = stringWidth(text, font, max_size)
    return max_size if width <= pt(width_mm) else max_size * pt(width_mm) / width


def _centred_text(c: Canvas, text: str, font: str, size: float, x: float, y: float) -> None:
    """text centred on (x, y) in mm, optically: the baseline sits 0.35 em below the centre."""
    c.setFont(font, size)
    c.drawCentredString(pt(x), pt(y) - 0.35 * size, text)


def _blank_token(c: Canvas, x: float, y: float, style: TokenStyle) -> None:
    c.setFillColor(colour(style.ring))
    c.circle(pt(x), pt(y), pt(radius() + BLEED_MM), stroke=0, fill=1)
    c.setFillColor(colour("paper"))
    c.circle(pt(x), pt(y), pt(face_radius()), stroke=0, fill=1)
    c.setStrokeColor(colour(CUT_COLOUR))
    c.setLineWidth(CUT_WIDTH_PT)
    c.circle(pt(x), pt(y), pt(radius()), stroke=1, fill=0)


def aff_token(c: Canvas, x: float, y: float, caption: str, number: int) -> None:
    _blank_token(c, x, y, AFF)
    c.setFillColor(colour("ink"))
    _centred_text(c, caption, SANS_BOLD, fitted_size(caption, SANS_BOLD, 6, 9), x, y + 4.8)
    _centred_text(c, str(number), SANS_BOLD, fitted_size(str(number), SANS_BOLD, 22, 13), x, y - 0.8)


def offensive_token(c: Canvas, x: float, y: float, caption: str) -> None:
    _blank_token(c, x, y, OFFENSIVE)
    c.setFillColor(colour(OFFENSIVE.symbol))
    _chevrons(c, x, y + 3.4)
    c.setFillColor(colour("ink"))
    _centred_text(c, caption, SANS_BOLD, fitted_size(caption, SANS_BOLD, 6.5, 12.5), x, y - 3.6)


def _chevrons(c: Canvas, x: float, y: float) -> None:
    """Two filled chevrons pointing up: 'forward', the Offensive directive."""
    w = 3.8
    for dy in (-1.4, 1.0):
        p = c.beginPath()
        p.moveTo(pt(x - w), pt(y + dy - 1.4))
        p.lineTo(pt(x), pt(y + dy + 1.4))
        p.lineTo(pt(x + w), pt(y + dy - 1.4))
        p.lineTo(pt(x + w), pt(y + dy - 2.6))
        p.lineTo(pt(x), pt(y + dy + 0.2))
        p.lineTo(pt(x - w), pt(y + dy - 2.6))
        p.close()
        c.drawPath(p, stroke=0, fill=1)


def haemorrhage_token(c: Canvas, x: float, y: float, caption: str) -> None:
    _blank_token(c, x, y, HAEMORRHAGE)
    c.setFillColor(colour(HAEMORRHAGE.symbol))
    _drop(c, x, y + 1.2, 3.2)
    c.setFillColor(colour("ink"))
    _centred_text(c, caption, SANS_BOLD, fitted_size(caption, SANS_BOLD, 5.5, 13.5), x, y - 5.3)


def _drop(c: Canvas, x: float, y: float, r: float) -> None:
    """A blood drop: a circle of radius r at (x, y) drawn up to a point 1.9 r above it."""
    tip = y + 1.9 * r
    k = 0.5523 * r  # circle-arc bezier constant
    p = c.beginPath()
    p.moveTo(pt(x), pt(tip))
    p.curveTo(pt(x + 0.25 * r), pt(tip - 0.6 * r), pt(x + r), pt(y + 0.55 * r), pt(x + r), pt(y))
    p.curveTo(pt(x + r), pt(y - k), pt(x + k), pt(y - r), pt(x), pt(y - r))
    p.curveTo(pt(x - k), pt(y - r), pt(x - r), pt(y - k), pt(x - r), pt(y))
    p.curveTo(pt(x - r), pt(y + 0.55 * r), pt(x - 0.25 * r), pt(tip - 0.6 * r), pt(x), pt(tip))
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def fatigue_token(c: Canvas, x: float, y: float, caption: str, maximum: int) -> None:
    """A dial: 1..maximum around the face, each upright when turned to the top."""
    _blank_token(c, x, y, FATIGUE)
    c.setFillColor(colour("ink"))
    _centred_text(c, caption, SANS_BOLD, fitted_size(caption, SANS_BOLD, 5, 8.5), x, y)
    reach = face_radius() - 2.1
    for value in range(1, maximum + 1):
        angle = 360.0 * (value - 1) / maximum  # 1 at the top, clockwise
        c.saveState()
        c.translate(pt(x), pt(y))
        c.rotate(-angle)
        c.setFont(SANS_BOLD, 7.5)
        c.drawCentredString(0, pt(reach) - 0.35 * 7.5, str(value))
        c.restoreState()
    _dial_ticks(c, x, y, maximum)


def _dial_ticks(c: Canvas, x: float, y: float, maximum: int) -> None:
    """Short ticks between the numbers, so the dial reads as one."""
    c.setStrokeColor(colour(FATIGUE.symbol))
    c.setLineWidth(0.5)
    inner, outer = face_radius() - 1.1, face_radius() - 0.3
    for i in range(maximum):
        a = math.radians(90 - 360.0 * (i + 0.5) / maximum)
        c.line(
            pt(x + inner * math.cos(a)),
            pt(y + inner * math.sin(a)),
            pt(x + outer * math.cos(a)),
            pt(y + outer * math.sin(a)),
        )
