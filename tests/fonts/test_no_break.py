"""The patch to reportlab's line breaking (fonts/no_break.py): U+202F keeps « ; » on its word's line.

These fail if a reportlab release changes the internals the patch reaches: they lay real
paragraphs out with the installed reportlab."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from kolaps_print.fonts import SANS, register_fonts


def lines(text: str, width: float) -> list[str]:
    register_fonts(SANS)
    para = Paragraph(text, ParagraphStyle("t", fontName=SANS, fontSize=10, leading=12))
    para.wrap(width, 1000)
    return [" ".join(words) for _, words in para.blPara.lines]


def test_a_line_never_breaks_at_a_narrow_no_break_space():
    text = "Un mot\u202f; puis un autre"
    for width in range(30, 160, 2):
        assert not any(line.startswith(";") for line in lines(text, width)), width


def test_a_plain_space_still_breaks():
    assert len(lines("Un mot puis un autre mot encore", 40)) > 1


def test_the_patch_keeps_the_narrow_space_in_the_text():
    assert any("\u202f;" in line for line in lines("Un mot\u202f; puis", 200))
