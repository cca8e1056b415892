"""Round game tokens at a standard punch size: a coloured ring, a face, no line on the cut.

The colour runs past the cut circle (data/layouts/tokens.yaml: bleed), so a cut a little off
the circle, by scissors or a punch, never shows white. Kinds are told apart by their word, their
symbol and their face (white, or filled with the ring's colour), never by colour alone; each
kind's look (colour, ink, face) is data (data/layouts/tokens.yaml: looks).
Geometry is in millimetres (centre of the token); every text comes from the caller (labels).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.fonts import SANS_BOLD
from kolaps_print.layout.style import as_colour, colour
from kolaps_print.layout.tokens import TokenLook, TokenSheet
from kolaps_print.units import pt, to_mm

MIN_TEXT_PT = 5.0  # a longer word is set smaller, never below this


@dataclass(frozen=True)
class Token:
    """One token to draw: the sheet's geometry, its centre (mm) and its kind's look."""

    sheet: TokenSheet
    x: float
    y: float
    look: TokenLook

    @property
    def face_radius(self) -> float:
        return self.sheet.radius - self.sheet.ring

    def ink(self) -> Color:
        return as_colour(self.look.ink)


def fitted_size(text: str, font: str, max_size: float, width_mm: float) -> float:
    """The largest size up to max_size at which text fits in width_mm (not under MIN_TEXT_PT)."""
    width = stringWidth(text, font, max_size)
    return max_size if width <= pt(width_mm) else max(MIN_TEXT_PT, max_size * pt(width_mm) / width)


def _centred_text(c: Canvas, text: str, size: float, x: float, y: float) -> None:
    """text centred on (x, y) in mm, optically: the baseline sits 0.35 em below the centre."""
    c.setFont(SANS_BOLD, size)
    c.drawCentredString(pt(x), pt(y) - 0.35 * size, text)


def _word(c: Canvas, t: Token, text: str, y: float, max_size: float) -> None:
    """A word across the face at height y, as large as fits the face's chord at its letters' edge
    farther from the centre (its baseline below the centre, its accents above), 1.2 mm clear of
    the face's edge on each side: measured at y, a word low on the face reached the ring."""
    reach = abs(y - t.y) + to_mm((0.35 if y < t.y else 0.55) * max_size)  # about y: baseline −0.35 em, É +0.55 em
    chord = 2 * math.sqrt(max(t.face_radius**2 - reach**2, 0)) - 2.4
    c.setFillColor(t.ink())
    _centred_text(c, text, fitted_size(text, SANS_BOLD, max_size, chord), t.x, y)


def blank_token(c: Canvas, t: Token) -> None:
    """The coloured disc out to the bleed and the face; nothing is stroked on the cut circle."""
    c.setFillColor(as_colour(t.look.colour))
    c.circle(pt(t.x), pt(t.y), pt(t.sheet.radius + t.sheet.bleed), stroke=0, fill=1)
    if not t.look.filled:
        c.setFillColor(colour("paper"))
        c.circle(pt(t.x), pt(t.y), pt(t.face_radius), stroke=0, fill=1)
    else:  # a thin line in the token's ink inside the ring still says where the face starts
        c.setStrokeColor(t.ink())
        c.setLineWidth(0.6)
        c.circle(pt(t.x), pt(t.y), pt(t.face_radius), stroke=1, fill=0)


def aff_token(c: Canvas, t: Token, caption: str, number: int) -> None:
    blank_token(c, t)
    _word(c, t, caption, t.y + 5.2, 6.5)
    c.setFillColor(t.ink())
    _centred_text(c, str(number), fitted_size(str(number), SANS_BOLD, 24, 13), t.x, t.y - 1.0)


def offensive_token(c: Canvas, t: Token, caption: str) -> None:
    blank_token(c, t)
    c.setFillColor(t.ink())
    _chevrons(c, t.x, t.y + 3.6)
    _word(c, t, caption, t.y - 3.9, 7)


def _chevrons(c: Canvas, x: float, y: float) -> None:
    """Two filled chevrons pointing up: 'forward', the Offensive directive."""
    w = 4.2
    for dy in (-1.5, 1.1):
        p = c.beginPath()
        p.moveTo(pt(x - w), pt(y + dy - 1.5))
        p.lineTo(pt(x), pt(y + dy + 1.5))
        p.lineTo(pt(x + w), pt(y + dy - 1.5))
        p.lineTo(pt(x + w), pt(y + dy - 2.8))
        p.lineTo(pt(x), pt(y + dy + 0.2))
        p.lineTo(pt(x - w), pt(y + dy - 2.8))
        p.close()
        c.drawPath(p, stroke=0, fill=1)


def haemorrhage_token(c: Canvas, t: Token, caption: str) -> None:
    """Filled face, a drop in the token's ink: unlike the white-faced Offensive token even in grey."""
    blank_token(c, t)
    c.setFillColor(t.ink())
    _drop(c, t.x, t.y + 1.0, 3.3)
    _word(c, t, caption, t.y - 5.4, 6.5)


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


def fatigue_token(c: Canvas, t: Token, caption: str, maximum: int) -> None:
    """A dial: 0..maximum around the face, each with a white pointer in the ring (its index):
    the value whose pointer touches the base counts."""
    blank_token(c, t)
    c.setFillColor(t.ink())
    _word(c, t, caption, t.y, 6)
    values = maximum + 1
    reach = t.face_radius - 2.0
    for value in range(values):
        angle = 360.0 * value / values  # 0 at the top, clockwise
        c.saveState()
        c.translate(pt(t.x), pt(t.y))
        c.rotate(-angle)
        c.setFont(SANS_BOLD, 7.5)
        c.drawCentredString(0, pt(reach) - 0.35 * 7.5, str(value))
        _pointer(c, t)
        c.restoreState()


def _pointer(c: Canvas, t: Token) -> None:
    """A white triangle across the ring, pointing out: the index of the value under it."""
    inner, outer, half = t.face_radius + 0.2, t.sheet.radius - 0.4, 1.1
    c.setFillColor(colour("paper"))
    p = c.beginPath()
    p.moveTo(pt(-half), pt(inner))
    p.lineTo(pt(half), pt(inner))
    p.lineTo(0, pt(outer))
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def activated_token(c: Canvas, t: Token, caption: str) -> None:
    blank_token(c, t)
    c.setStrokeColor(t.ink())
    c.setLineWidth(pt(1.3))
    c.setLineCap(1)
    c.setLineJoin(1)
    p = c.beginPath()  # a tick: done
    p.moveTo(pt(t.x - 3.4), pt(t.y + 2.6))
    p.lineTo(pt(t.x - 0.9), pt(t.y + 0.2))
    p.lineTo(pt(t.x + 3.8), pt(t.y + 5.6))
    c.drawPath(p, stroke=1, fill=0)
    _word(c, t, caption, t.y - 4.2, 7)


def prone_token(c: Canvas, t: Token, caption: str) -> None:
    blank_token(c, t)
    c.setFillColor(t.ink())
    c.rect(pt(t.x - 5.5), pt(t.y + 1.2), pt(11), pt(1.4), stroke=0, fill=1)  # a figure lying down:
    c.circle(pt(t.x + 6.2), pt(t.y + 1.9), pt(1.2), stroke=0, fill=1)  # body and head on the ground line
    c.rect(pt(t.x - 7), pt(t.y + 0.2), pt(14.6), pt(0.5), stroke=0, fill=1)
    _word(c, t, caption, t.y - 3.6, 7.5)


def out_token(c: Canvas, t: Token, caption: str) -> None:
    """A filled face, a cross, the words on two lines."""
    blank_token(c, t)
    c.setStrokeColor(t.ink())
    c.setLineWidth(pt(1.3))
    c.setLineCap(1)
    arm = 2.6
    cy = t.y + 3.6
    c.line(pt(t.x - arm), pt(cy - arm), pt(t.x + arm), pt(cy + arm))
    c.line(pt(t.x - arm), pt(cy + arm), pt(t.x + arm), pt(cy - arm))
    first, _, rest = caption.partition(" ")
    _word(c, t, first, t.y - 1.8, 6.5)
    _word(c, t, rest, t.y - 5.0, 6.5)
