"""Look of the reference material (sheet and cards): data/layouts/reference.yaml as a checked
model, and the paragraph styles one body size derives.

One body size drives everything, so a sheet that overflows can shrink as a whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field, model_validator
from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC
from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.style import StyleColour, StyleSize, StyleSpace, as_colour, colour
from kolaps_print.layout.style import tint as screen
from kolaps_print.model.common import Model

Length = Annotated[float, StyleSpace, Field(gt=0, le=100)]  # mm, or a step of style.yaml
Gap = Annotated[float, StyleSpace, Field(ge=0, le=50)]  # mm, or a step of style.yaml
TypePt = Annotated[float, StyleSize, Field(ge=4, le=40)]  # points, or a size of style.yaml
Share = Annotated[float, Field(ge=0, le=1)]


class SheetSpec(Model):
    margin: Gap
    header: Length
    top: Gap  # the header band's top below the top edge
    bottom: Length  # the columns' foot above the bottom edge, over the footer line
    footer: Length  # must leave the footer's ascent clear of the columns: see test_reference_sheet
    columns: int = Field(ge=1, le=6)
    gutter: Gap
    split_fraction: Share
    cell_lines: int = Field(ge=1, le=20)  # a table cell wraps to this many lines at most
    text_under: tuple[str, ...] = ()  # tables (by id) whose running text goes under each row at every size
    gutter_floor: Gap = 0  # the least side padding a one-word column narrows to in a row of tables (letter19)
    title_pt: TypePt
    page_pt: TypePt
    rule_pt: float = Field(ge=0, le=5)


class TypeSpec(Model):
    max_pt: TypePt
    min_pt: TypePt
    step_pt: float = Field(gt=0, le=2)
    whole_tables_pt: TypePt | None = None  # under min_pt, down to this, rather than cut a table against the house rule

    @model_validator(mode="after")
    def _ordered(self) -> TypeSpec:
        if self.min_pt > self.max_pt:
            raise ValueError(f"min_pt ({self.min_pt:g}) is above max_pt ({self.max_pt:g})")
        if self.whole_tables_pt is not None and self.whole_tables_pt > self.min_pt:
            raise ValueError(f"whole_tables_pt ({self.whole_tables_pt:g}) is above min_pt ({self.min_pt:g})")
        return self


class MiniStrip(Model):
    """A small card's strip (mini): thinner, its type smaller, the systems' mini bands."""

    below_mm: Length
    strip: Length
    strip_pt: TypePt
    number_pt: TypePt
    notes_under: bool  # a table's notes under its rows where they fit, on the front first (review 13, S1)


class CardSpec(Model):
    body_pt: TypePt
    max_body_pt: TypePt
    min_body_pt: TypePt
    section_floor_pt: TypePt
    front_notes_area: float = Field(gt=0, le=10)
    unwrap: Gap
    narrow_gutters: list[str] = []  # tables (by id) whose one-word columns narrow their padding for a wrapped one
    gutter_floor: Gap = 0  # the least side padding such a column keeps
    # tables (by id) a card of front_notes_area (tarot) sets as column parts with no cell wrapped
    whole_parts: list[str] = []
    padding: Gap
    strip: Length
    strip_pt: TypePt
    number_pt: TypePt
    mini: MiniStrip
    strip_safe: Gap
    strip_gap: Gap
    strip_bleed: Gap
    back_title_pt: TypePt
    back_subtitle_pt: TypePt
    back_line_pt: float = Field(ge=0, le=100)
    back_version_pt: TypePt
    notes_under: bool = (
        False  # the mini's (MiniStrip.notes_under); a larger card keeps « table in front, notes behind »
    )

    def for_width(self, width_mm: float) -> CardSpec:
        """The spec on a card this wide: a mini card's strip where it is narrower than mini.below_mm."""
        if width_mm >= self.mini.below_mm:
            return self
        small = self.mini
        return self.model_copy(
            update={
                "strip": small.strip,
                "strip_pt": small.strip_pt,
                "number_pt": small.number_pt,
                "notes_under": small.notes_under,
            }
        )


class ChanceRamp(Model):
    """The chances matrix on one hue, light (hopeless) to dark (sure): readable without telling
    hues apart, and light enough at its darkest for black figures."""

    colour: StyleColour
    lightest: Share
    darkest: Share


class Palette(Model):
    """Names from the house palette (style.yaml), read as CMYK."""

    ink: StyleColour
    muted: StyleColour
    rule: StyleColour
    marks: StyleColour
    other_section: StyleColour
    sections: dict[str, StyleColour]
    chances: ChanceRamp

    @model_validator(mode="after")
    def _marks_not_darker_than_notes(self) -> Palette:
        if any(m < n for m, n in zip(as_colour(self.marks).rgb(), as_colour(self.muted).rgb(), strict=True)):
            raise ValueError("marks must be no darker than muted in each of red, green, blue")
        return self


class ReferenceLook(Model):
    sheet: SheetSpec
    type: TypeSpec
    cards: CardSpec
    colours: Palette


def reference_look() -> ReferenceLook:
    """data/layouts/reference.yaml; KolapsError (located) if a value is wrong."""
    return load_layout("reference", ReferenceLook)


def ink() -> Color:
    return as_colour(reference_look().colours.ink)


def muted() -> Color:
    return as_colour(reference_look().colours.muted)


def mark_grey() -> Color:
    return as_colour(reference_look().colours.marks)


SOLID_BELOW_PT = 7  # type under this is solid black, never a tint: a screen's dots break small strokes (docs/style.md)


def grey_at(grey: Color, size: float) -> Color:
    """A grey for type of this size: the grey itself, or solid ink under SOLID_BELOW_PT (a note
    that a reference card sets down to 6 pt to keep it under its table)."""
    return ink() if size < SOLID_BELOW_PT else grey


def section_colour(section_id: str) -> Color:
    colours = reference_look().colours
    return as_colour(colours.sections.get(section_id, colours.other_section))


def tint(colour: Color, amount: float) -> Color:
    """colour screened: amount 0 is paper, 1 the colour itself."""
    return as_colour(screen(colour.cmyk(), amount))


def chance_colour(chance: float) -> Color:
    """The ramp's tint for a chance (0..1): the likelier, the darker."""
    ramp = reference_look().colours.chances
    return as_colour(screen(ramp.colour, ramp.lightest + (ramp.darkest - ramp.lightest) * chance))


@dataclass(frozen=True)
class Styles:
    """How a reference table is set: its body size and when its columns go under its rows."""

    body: float  # pt
    under_from: int = 4  # a table of this many columns or more may set its long last column under each row
    max_lines: int = 0  # a cell wrapping beyond this many lines sets the table's columns under its rows (0: never)
    cell_lines: int = 0  # the sheet's: a cell past this many lines sends the fewest last columns under (0: never)
    text_under: frozenset[str] = frozenset()  # the sheet's: tables (by id) set with their running text under each row
    # A line set under its row takes only its own height (cards, and the sheet since issue 12: its
    # three-line cells send more text under); False: the taller rows reportlab's table measured
    # (the empty cells beside that line at 12 pt).
    tight_under: bool = False
    unwrap: float = 0  # pt: a column this much short of its longest line takes it from the others' spare room (cards)
    narrow_gutters: frozenset[str] = frozenset()  # tables (by id) whose one-word columns may narrow (cards)
    gutter_floor: float = 0  # pt: the least side padding such a column keeps
    # pt, the sheet's: in a row of tables short of room for their cells whole, the one-word columns
    # (numbers, « Cases ») narrow their side padding down to this (0: never)
    snug_floor: float = 0
    whole_parts: frozenset[str] = frozenset()  # tables (by id) set as column parts, no cell wrapped (tarot)
    # A numbered table (tables._numbered: « Le tour de jeu », « Moral »…) whose running text goes under
    # its rows is set as a hung list, as text_under's tables always are; False: a card section that
    # would take one more card so (cards._section_faces) keeps the centred numbers.
    hang_lists: bool = True

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

    def cell(self, align: str = "l", bold: bool = False, colour: Color | None = None) -> ParagraphStyle:
        return _cell_style(self.body, self.leading, align, bold, colour or ink())

    def table_title(self) -> ParagraphStyle:
        # Black, not the section's colour: at this size several inks blur when the plates slip.
        return ParagraphStyle(
            "table-title",
            fontName=SANS_BOLD,
            fontSize=self.table_title_size,
            leading=self.table_title_size * 1.15,
            textColor=ink(),
            spaceAfter=0,
        )

    def note(self) -> ParagraphStyle:
        # Same size as the body (the legibility floor holds for notes too); italic sets it apart.
        grey = grey_at(muted(), self.body)
        return ParagraphStyle("note", fontName=SANS_ITALIC, fontSize=self.body, leading=self.leading, textColor=grey)

    def rule(self) -> ParagraphStyle:
        # A rule players must not miss (a survival test, a test after every hit): bold body, not a note.
        return ParagraphStyle(
            "rule",
            fontName=SANS_BOLD,
            fontSize=self.body,
            leading=self.leading,
            textColor=as_colour(reference_look().colours.rule),
        )

    def quiet(self) -> ParagraphStyle:
        # The marks' legend: the notes' size in the marks' lighter grey, so it reads as an aside.
        return ParagraphStyle(
            "quiet",
            fontName=SANS_ITALIC,
            fontSize=self.body,
            leading=self.leading,
            textColor=grey_at(mark_grey(), self.body),
        )

    def section_title(self) -> ParagraphStyle:
        return ParagraphStyle(
            "section",
            fontName=SANS_BOLD,
            fontSize=self.section_title_size,
            leading=self.section_title_size * 1.1,
            textColor=colour("paper"),
        )


def _cell_style(size: float, leading: float, align: str, bold: bool, colour: Color) -> ParagraphStyle:
    alignment = {"l": TA_LEFT, "c": TA_CENTER, "r": TA_RIGHT}[align]
    return ParagraphStyle(
        f"cell-{size}-{align}-{bold}",
        fontName=SANS_BOLD if bold else SANS,
        fontSize=size,
        leading=leading,
        alignment=alignment,
        textColor=colour,
    )
