"""The house's marked paragraphs and section band, shared by KOLAPS's sheet (tables.py) and the
rulesets' sheets and decks (layout/ruleset/): a paragraph whose « † » marks are quiet, and the
band a section opens with.

It reads no game content (content/tables.py brings KOLAPS's game models): a ruleset deck's start-up
imports this, not tables.py (tests/jobs/test_ruleset_cards_imports.py).
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.platypus import Paragraph

from kolaps_print.fonts import SANS
from kolaps_print.layout.reference.flow import SectionBand
from kolaps_print.layout.reference.look import Styles, grey_at, mark_grey
from kolaps_print.layout.ruling_style import quiet_marks
from kolaps_print.layout.style import markup as colour_markup
from kolaps_print.typography import escape

BAND_PAD = 0.6  # a band's padding above and below its title, times the body


def paragraph(text: str, style) -> Paragraph:
    return Paragraph(quiet(escape(text), style.fontSize), style)


def quiet(markup: str, size: float) -> str:
    """Paragraph markup with its marks placed and quiet, in the marks' grey at this type size."""
    return quiet_marks(markup, marks_grey(size))


def marks_grey(size: float) -> str:
    """The marks' colour as markup at this type size (solid ink under SOLID_BELOW_PT)."""
    return colour_markup(grey_at(mark_grey(), size).cmyk())


def section_band(title: str, colour: Color, styles: Styles, after: str = "") -> SectionBand:
    """The section's band; after: a word after its title in the body's regular face (the « (suite) »
    of a rulesets' sheet's band repeated at the head of the next column)."""
    style = styles.section_title()
    if not after:
        return SectionBand(paragraph(title, style), colour, pad=styles.body * BAND_PAD)
    tail = f' <font face="{SANS}" size="{styles.body:g}">{escape(after)}</font>'
    return SectionBand(
        Paragraph(quiet(escape(title), style.fontSize) + tail, style), colour, pad=styles.body * BAND_PAD
    )
