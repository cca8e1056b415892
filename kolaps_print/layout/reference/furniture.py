"""The reference products' furniture as shapes (layout/shapes.py): the sheet's header and footer,
a card face's strip and a plain back, painted by draw/card_render.py's ShapePainter like a
character card.

The positions are worked out in points from the lower-left corner (sheet.py, cards.py); here they
become the shapes' millimetres from the top-left corner of the page or face (height_pt high).
"""

from __future__ import annotations

from reportlab.lib.colors import Color

from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC
from kolaps_print.layout.reference.as_shapes import Area
from kolaps_print.layout.reference.cards import BlankBack, CardStrip
from kolaps_print.layout.reference.look import ink, mark_grey, muted
from kolaps_print.layout.reference.numbering import hint_right
from kolaps_print.layout.reference.sheet import SheetFooter, SheetHeader
from kolaps_print.layout.shapes import Shape
from kolaps_print.layout.style import colour as house_colour


def sheet_furniture(header: SheetHeader, footer: SheetFooter, height_pt: float) -> list[Shape]:
    """A side's header (game, title; version and date, side number; the rule under them) and its footer."""
    a = Area(height_pt)  # colours as CMYK: the painter sets them with k / K
    return [
        a.text(header.left, header.baseline, header.game, SANS_BOLD, header.title_pt, ink().cmyk(), "left"),
        a.text(header.title_x, header.baseline, header.title, SANS, header.title_pt, muted().cmyk(), "left"),
        a.text(header.right, header.baseline, header.number, SANS_BOLD, header.page_pt, ink().cmyk(), "right"),
        a.text(header.stamp_right, header.baseline, header.stamp, SANS, header.page_pt, ink().cmyk(), "right"),
        a.rule(header.left, header.right, header.rule_y, ink().cmyk(), header.rule_pt, "butt"),
        a.text(footer.left, footer.baseline, footer.text, SANS_ITALIC, footer.size, mark_grey().cmyk(), "left"),
    ]


def strip_shapes(
    strip: CardStrip,
    colour: Color,
    title: str,
    number: str,
    height_pt: float,
    continues: str = "",
) -> list[Shape]:
    """A face's strip: a band bleeding past the trim, the topic on the left, the card's number on the
    right, and before the number « suite au verso › » when the topic goes on."""
    a = Area(height_pt)
    paper = house_colour("paper").cmyk()
    shapes: list[Shape] = [
        a.box(strip.x, strip.y, strip.width, strip.height, colour.cmyk()),
        a.text(strip.left, strip.baseline, title, SANS_BOLD, strip.size, paper, "left"),
        a.text(strip.right, strip.baseline, number, SANS, strip.number_size, paper, "right"),
    ]
    if continues:
        x = hint_right(strip.right, number, SANS, strip.number_size)
        shapes.append(a.text(x, strip.baseline, continues, SANS_ITALIC, strip.number_size, paper, "right"))
    return shapes


def blank_shapes(blank: BlankBack, height_pt: float) -> list[Shape]:
    """A plain back: the game's name, the sheet's title and the rules' version, centred."""
    a = Area(height_pt)
    shapes: list[Shape] = [
        a.text(blank.centre, blank.baseline, blank.title, SANS_BOLD, blank.title_pt, ink().cmyk(), "centre"),
        a.text(
            blank.centre, blank.baseline - blank.line, blank.subtitle, SANS, blank.subtitle_pt, ink().cmyk(), "centre"
        ),
    ]
    if blank.version:
        down = blank.baseline - 2 * blank.line
        shapes.append(a.text(blank.centre, down, blank.version, SANS, blank.version_pt, ink().cmyk(), "centre"))
    return shapes
