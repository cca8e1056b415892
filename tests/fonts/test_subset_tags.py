"""Subset tags come from each subset's content: stable across runs, different for different subsets."""

from __future__ import annotations

import re

from pdf_fonts import pdf_fonts  # tests/support
from press_pdf import card_pdf, clean_card  # tests/support
from reportlab.lib.units import mm

from kolaps_print.fonts.subset_tags import subset_tag


def drawn(text: str) -> bytes:
    def draw(c):
        clean_card(c)
        c.setFont("KSans-Bold", 9)
        c.drawString(10 * mm, 30 * mm, text)

    return card_pdf(draw)


def bold_names(pdf: bytes) -> list[str]:
    return [name for name in pdf_fonts(pdf) if name.endswith("RobotoCondensed-Bold")]


def test_a_tag_is_six_capitals_from_the_font_and_its_characters():
    tag = subset_tag(b"font", [32, 65, 233])
    assert re.fullmatch(r"[A-Z]{6}", tag)
    assert subset_tag(b"font", [32, 65, 233]) == tag
    assert subset_tag(b"font", [32, 65, 234]) != tag
    assert subset_tag(b"other font", [32, 65, 233]) != tag


def test_the_same_text_gets_the_same_name_and_other_text_another():
    first, again, other = (bold_names(drawn(t)) for t in ("Hélène", "Hélène", "Ça ôte"))
    assert len(first) == 1 and not first[0].startswith("/AAAAAA+")
    assert first == again
    assert other != first


def test_reruns_are_byte_identical():
    assert drawn("Hélène") == drawn("Hélène")
