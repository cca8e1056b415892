"""Look of the reference material (sheet and cards): section colours, type sizes, paragraph styles.

One body size drives everything, so a sheet that overflows can shrink as a whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC

INK = HexColor("#1d1d1b")
MUTED = HexColor("#55524c")
PAPER_TINT = HexColor("#f3f1ec")

# One colour per section of the sheet (and its cards); dark enough for white titles.
SECTION_COLOURS = {
    "test": HexColor("#2f5d7c"),
    "chances": HexColor("#3d6b45"),
    "tour": HexColor("#6b4f86"),
    "blessures": HexColor("#8c2f2f"),
    "critiques": HexColor("#a0522d"),
    "armes": HexColor("#4d4d4d"),
}
DEFAULT_COLOUR = HexColor("#4d4d4d")

MIN_BODY_PT = 7.5  # legibility floor at arm's length
MAX_BODY_PT = 9.0


def section_colour(section_id: str) -> Color:
    return SECTION_COLOURS.get(section_id, DEFAULT_COLOUR)


def tint(colour: Color, amount: float) -> Color:
    """colour mixed with white: amount 0 is white, 1 the colour itself."""
    return Color(*(1 - amount * (1 - c) for c in colour.rgb()))


def chance_colour(chance: float) -> Color:
    """Pale red (hopeless) through pale yellow to pale green (sure), for the chances matrix."""
    low, mid, high = (0.96, 0.72, 0.68), (0.99, 0.93, 0.66), (0.70, 0.88, 0.68)
    a, b, t = (low, mid, chance / 0.5) if chance < 0.5 else (mid, high, (chance - 0.5) / 0.5)
    return Color(*(x + (y - x) * t for x, y in zip(a, b)))


@dataclass(frozen=True)
class Styles:
    body: float  # pt

    @property
    def leading(self) -> float:
        return round(self.body * 1.18, 2)

    @property
    def padding(self) -> float:
        return round(self.body * 0.22, 2)

    @property
    def table_title_size(self) -> float:
        return self.body + 1.5

    @property
    def section_title_size(self) -> float:
        return self.body + 3.5

    def cell(self, align: str = "l", bold: bool = False, colour: Color = INK) -> ParagraphStyle:
        return _cell_style(self.body, self.leading, align, bold, colour)

    def table_title(self, colour: Color) -> ParagraphStyle:
        return ParagraphStyle("table-title", fontName=SANS_BOLD, fontSize=self.table_title_size,
                              leading=self.table_title_size * 1.15, textColor=colour, spaceAfter=0)

    def note(self) -> ParagraphStyle:
        # Same size as the body (the legibility floor holds for notes too); italic sets it apart.
        return ParagraphStyle("note", fontName=SANS_ITALIC, fontSize=self.body, leading=self.leading, textColor=MUTED)

    def section_title(self) -> ParagraphStyle:
        return ParagraphStyle("section", fontName=SANS_BOLD, fontSize=self.section_title_size,
                              leading=self.section_title_size * 1.1, textColor=white)


def _cell_style(size: float, leading: float, align: str, bold: bool, colour: Color) -> ParagraphStyle:
    alignment = {"l": TA_LEFT, "c": TA_CENTER, "r": TA_RIGHT}[align]
    return ParagraphStyle(
        f"cell-{size}-{align}-{bold}", fontName=SANS_BOLD if bold else SANS, fontSize=size,
        leading=leading, alignment=alignment, textColor=colour,
    )
