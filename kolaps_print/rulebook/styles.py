"""The book's look: paper, margins (mm), colours and paragraph styles.

Body in KSerif 10.5 pt, justified and hyphenated in French; headings, tables and boxes in
KSans (Roboto Condensed).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from kolaps_print.fonts import SANS, SANS_BOLD, SERIF, register_fonts
from kolaps_print.layout.sheets import paper_size
from kolaps_print.layout.units import pt

TEXT_WIDTH_MM = 150.0  # same measure on both papers: same line breaks
TOP_MM, BOTTOM_MM = 24.0, 22.0

INK = colors.HexColor("#1d1d1b")
ACCENT = colors.HexColor("#8a1c1c")  # dried-blood red
MUTED = colors.HexColor("#6b6b66")
RULE = colors.HexColor("#b9b4a8")
SHADE = colors.HexColor("#efebe2")
HEAD_FILL = colors.HexColor("#2b2b29")
ZEBRA = colors.HexColor("#f6f3ec")


@dataclass(frozen=True)
class Geometry:
    page_mm: tuple[float, float]

    @property
    def pagesize(self) -> tuple[float, float]:
        return pt(self.page_mm[0]), pt(self.page_mm[1])

    @property
    def margin_x_mm(self) -> float:
        return (self.page_mm[0] - TEXT_WIDTH_MM) / 2

    @property
    def frame(self) -> tuple[float, float, float, float]:
        """x, y, width, height of the text frame, in points."""
        return pt(self.margin_x_mm), pt(BOTTOM_MM), pt(TEXT_WIDTH_MM), pt(self.page_mm[1] - TOP_MM - BOTTOM_MM)


def geometry(paper: str) -> Geometry:
    """The page of a paper named in data/layouts/sizes.yaml."""
    size = paper_size(paper)
    return Geometry((size.width, size.height))


@cache
def styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    body = ParagraphStyle(
        "body", fontName=SERIF, fontSize=10.5, leading=13.6, alignment=TA_JUSTIFY, textColor=INK,
        spaceAfter=5, hyphenationLang="fr_FR", embeddedHyphenation=1, uriWasteReduce=0.3,
    )
    sans = ParagraphStyle("sans", fontName=SANS, fontSize=9.2, leading=11.6, textColor=INK, alignment=TA_LEFT)
    return {
        "body": body,
        "item": ParagraphStyle("item", parent=body, spaceAfter=2.5),
        "h1": ParagraphStyle("h1", fontName=SANS_BOLD, fontSize=26, leading=30, textColor=INK, spaceAfter=14, keepWithNext=1),
        "kicker": ParagraphStyle("kicker", fontName=SANS_BOLD, fontSize=10.5, leading=13, textColor=ACCENT, spaceBefore=0, spaceAfter=2, keepWithNext=1),
        "h2": ParagraphStyle("h2", fontName=SANS_BOLD, fontSize=14, leading=17, textColor=ACCENT, spaceBefore=13, spaceAfter=5, keepWithNext=1),
        "h3": ParagraphStyle("h3", fontName=SANS_BOLD, fontSize=11, leading=13.5, textColor=INK, spaceBefore=8, spaceAfter=3, keepWithNext=1),
        "box": ParagraphStyle("box", parent=sans, fontSize=9.4, leading=12, spaceAfter=3),
        "table_title": ParagraphStyle("table_title", fontName=SANS_BOLD, fontSize=9.5, leading=12, textColor=INK, spaceBefore=6, spaceAfter=3, keepWithNext=1),
        "cell": ParagraphStyle("cell", parent=sans, fontSize=8.6, leading=10.6),
        "head": ParagraphStyle("head", fontName=SANS_BOLD, fontSize=8.6, leading=10.4, textColor=colors.white),
        "note": ParagraphStyle("note", parent=sans, fontName="KSans-Italic", fontSize=8.2, leading=10.2, textColor=MUTED, spaceBefore=2, spaceAfter=8),
        "toc1": ParagraphStyle("toc1", fontName=SANS_BOLD, fontSize=11, leading=13),
        "toc2": ParagraphStyle("toc2", fontName=SANS, fontSize=9.4, leading=11.2),
        "report": ParagraphStyle("report", parent=sans, fontSize=9.4, leading=12, spaceAfter=2),
        "center": ParagraphStyle("center", parent=body, alignment=TA_CENTER),
    }
