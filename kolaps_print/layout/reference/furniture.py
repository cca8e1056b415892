"""The reference products' furniture as shapes (layout/shapes.py): the sheet's header and footer,
a card face's strip and a plain back, painted by draw/card_render.py's ShapePainter like a
character card.

The positions are worked out in points from the lower-left corner (sheet.py, cards.py); here they
become the shapes' millimetres from the top-left corner of the page or face (height_pt high).
"""

from __future__ import annotations

from reportlab.lib.colors import Color

from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC
from kolaps_print.layout.reference.cards import BlankBack, CardStrip
from kolaps_print.layout.reference.look import ink, mark_grey, muted
from kolaps_print.layout.reference.sheet import SheetFooter, SheetHeader
from kolaps_print.layout.shapes import Align, Box, Ink, Rule, Shape, Text
from kolaps_print.layout.style import colour as house_colour
from kolaps_print.layout.units import to_mm


def _ink(colour: Color) -> Ink:
    """The style's CMYK colour as a shape carries it (the painter sets it with k / K)."""
    return colour.cmyk()


class _Area:
    """Points from the lower-left corner of an area height_pt high, as shapes' millimetres from its top."""

    def __init__(self, height_pt: float):
        self.height = height_pt

    def text(self, x: float, baseline: float, text: str, font: str, size: float, colour: Color, align: Align) -> Text:
        return Text(to_mm(x), to_mm(self.height - baseline), text, font, size, _ink(colour), align)


def sheet_furniture(header: SheetHeader, footer: SheetFooter, height_pt: float) -> list[Shape]:
    """A side's header (game, title; version and date, side number; the rule under them) and its footer."""
    a = _Area(height_pt)
    y = to_mm(height_pt - header.rule_y)
    return [
        a.text(header.left, header.baseline, header.game, SANS_BOLD, header.title_pt, ink(), "left"),
        a.text(header.title_x, header.baseline, header.title, SANS, header.title_pt, muted(), "left"),
        a.text(header.right, header.baseline, header.number, SANS_BOLD, header.page_pt, ink(), "right"),
        a.text(header.stamp_right, header.baseline, header.stamp, SANS, header.page_pt, ink(), "right"),
        Rule(to_mm(header.left), y, to_mm(header.right), y, _ink(ink()), header.rule_pt),
        a.text(footer.left, footer.baseline, footer.text, SANS_ITALIC, footer.size, mark_grey(), "left"),
    ]


def strip_shapes(strip: CardStrip, colour: Color, title: str, number: str, height_pt: float) -> list[Shape]:
    """A face's strip: a band bleeding past the trim, the topic on the left, the card's number on the right."""
    a = _Area(height_pt)
    top = to_mm(height_pt - strip.y - strip.height)
    band = Box(to_mm(strip.x), top, to_mm(strip.width), to_mm(strip.height), fill=_ink(colour))
    return [
        band,
        a.text(strip.left, strip.baseline, title, SANS_BOLD, strip.size, house_colour("paper"), "left"),
        a.text(strip.right, strip.baseline, number, SANS, strip.size, house_colour("paper"), "right"),
    ]


def blank_shapes(blank: BlankBack, height_pt: float) -> list[Shape]:
    """A plain back: the game's name, the sheet's title and the rules' version, centred."""
    a = _Area(height_pt)
    shapes: list[Shape] = [
        a.text(blank.centre, blank.baseline, blank.title, SANS_BOLD, blank.title_pt, ink(), "centre"),
        a.text(blank.centre, blank.baseline - blank.line, blank.subtitle, SANS, blank.subtitle_pt, ink(), "centre"),
    ]
    if blank.version:
        down = blank.baseline - 2 * blank.line
        shapes.append(a.text(blank.centre, down, blank.version, SANS, blank.version_pt, ink(), "centre"))
    return shapes
