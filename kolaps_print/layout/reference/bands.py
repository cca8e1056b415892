"""The house's marked paragraphs and section band, shared by KOLAPS's sheet (tables.py) and the
rulesets' sheets and decks (layout/ruleset/): a paragraph whose « † » marks are quiet, and the
band a section opens with.

It reads no game content (content/tables.py brings KOLAPS's game models): a ruleset deck's start-up
imports this, not tables.py (tests/jobs/test_ruleset_cards_imports.py).
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
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


def section_band(
    title: str, colour: Color, styles: Styles, after: str = "", tight: tuple[float, float] | None = None
) -> SectionBand:
    """The section's band: its title at styles.section_title() (the body + 3.5 pt), its padding
    BAND_PAD times the body; after: a word after its title in the body's regular face (the
    « (suite) » of a rulesets' sheet's band repeated at the head of the next column); tight: (the
    title over the body, pt; the padding, times the body) for a tight rulesets' sheet, whose band
    is sized from its body so that it leaves the body its size (rsstyle22)."""
    style, pad = styles.section_title(), BAND_PAD
    if tight is not None:
        size, pad = styles.body + tight[0], tight[1]
        style = ParagraphStyle(
            f"{style.name}-tight", parent=style, fontSize=size, leading=size * style.leading / style.fontSize
        )
    markup = quiet(escape(title), style.fontSize)
    if after:
        markup += f' <font face="{SANS}" size="{styles.body:g}">{escape(after)}</font>'
    return SectionBand(Paragraph(markup, style), colour, pad=styles.body * pad)
