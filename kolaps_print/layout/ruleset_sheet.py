"""A ruleset's quick-reference sheet laid out: generic « sections of tables » flowables from
content/ruleset_sheet.py, in the look of data/layouts/rulesets.yaml (its colours: the KOLAPS
sheet's ink and greys). Any ruleset prints through it; nothing here knows a mechanic."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from pydantic import Field
from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from kolaps_print.content.ruleset_sheet import SectionContent, TableContent
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC, register_fonts
from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.reference.look import ink, muted, tint
from kolaps_print.layout.style import StyleColour, as_colour
from kolaps_print.layout.units import pt
from kolaps_print.model.common import Model

MAX_WEIGHT = 48  # characters: past this a column's text wraps rather than widening it further
MIN_WEIGHT = 5  # characters: a column of « Dé » or « 12 » keeps its heading on one line


class CardLook(Model):
    margin_mm: float = Field(ge=3, le=15)  # the safe area: nothing printed nearer the trim
    band_mm: float = Field(ge=2, le=20)
    footer_mm: float = Field(ge=2, le=12)
    name_pt: float = Field(ge=6, le=20)
    subtitle_pt: float = Field(ge=6, le=14)
    footer_pt: float = Field(ge=5, le=10)
    section_pt: float = Field(ge=5.5, le=12)
    section_tracking_pt: float = Field(ge=0, le=2)
    body_pt: float = Field(ge=6, le=12)  # body text never below 6 pt
    small_pt: float = Field(ge=6, le=12)
    tile_label_pt: float = Field(ge=5.5, le=10)
    tile_value_pt: float = Field(ge=8, le=24)
    tile_gap_mm: float = Field(ge=0, le=5)
    tile_radius_mm: float = Field(ge=0, le=4)
    tile_tint: float = Field(ge=0, le=1)
    box_mm: float = Field(ge=3.5, le=10)  # a pencil needs room
    box_gap_mm: float = Field(ge=0, le=5)
    box_pt: float = Field(gt=0, le=2)
    gap_mm: float = Field(ge=0, le=10)
    spread_mm: float = Field(ge=0, le=10)  # what a gap may grow by when a card has room to spare
    rule_pt: float = Field(gt=0, le=3)
    mark_pt: float = Field(gt=0, le=4)
    negative_tint: float = Field(ge=0, le=1)
    leading: float = Field(ge=1, le=2)
    max_scale: float = Field(ge=1, le=2)  # type and gaps grow by up to this to fill a card
    scale_step: float = Field(gt=0, le=0.5)
    colours: dict[str, StyleColour] = Field(description="A system's band colour by its id: a palette name")
    default_colour: StyleColour

    def scaled(self, factor: float) -> CardLook:
        """The look with its type and gaps grown by factor (boxes and rules stay: a pencil's size)."""
        grown = ("name_pt", "subtitle_pt", "section_pt", "body_pt", "small_pt", "tile_label_pt", "tile_value_pt")
        values = {k: round(getattr(self, k) * factor, 2) for k in grown}
        values["gap_mm"] = round(self.gap_mm * factor, 2)
        return self.model_copy(update=values)

    def scales(self) -> list[float]:
        """The factors to try, largest first, down to 1."""
        count = int(round((self.max_scale - 1) / self.scale_step))
        return [round(1 + self.scale_step * i, 3) for i in range(count, -1, -1)]

    def colour(self, ruleset_id: str) -> Color:
        return as_colour(self.colours.get(ruleset_id, self.default_colour))


class SheetLook(Model):
    margin_mm: float = Field(ge=3, le=40)
    header_mm: float = Field(ge=4, le=30)
    footer_mm: float = Field(ge=3, le=30)
    title_pt: float = Field(ge=6, le=30)
    section_pt: float = Field(ge=6, le=24)
    table_title_pt: float = Field(ge=6, le=20)
    body_pt: float = Field(ge=6, le=14)  # body text never below 6 pt
    leading: float = Field(ge=1, le=2)
    cell_padding_pt: float = Field(ge=0, le=10)
    table_gap_mm: float = Field(ge=0, le=20)
    header_tint: float = Field(ge=0, le=1)
    rule_pt: float = Field(gt=0, le=3)
    card: CardLook


def sheet_look() -> SheetLook:
    """data/layouts/rulesets.yaml; KolapsError (located) if a value is wrong."""
    return load_layout("rulesets", SheetLook)


@dataclass(frozen=True)
class _Styles:
    section: ParagraphStyle
    table_title: ParagraphStyle
    cell: ParagraphStyle
    head: ParagraphStyle
    note: ParagraphStyle


def paragraph_style(name: str, font: str, size: float, leading: float, colour: Color | None = None) -> ParagraphStyle:
    """A text style of the rulesets' sheet and cards: leading in multiples of the size, ink unless said."""
    return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * leading, textColor=colour or ink())


def _styles(look: SheetLook) -> _Styles:
    def style(name: str, font: str, size: float, colour: Color | None = None) -> ParagraphStyle:
        return paragraph_style(name, font, size, look.leading, colour)

    return _Styles(
        section=style("section", SANS_BOLD, look.section_pt),
        table_title=style("table_title", SANS_BOLD, look.table_title_pt),
        cell=style("cell", SANS, look.body_pt),
        head=style("head", SANS_BOLD, look.body_pt),
        note=style("note", SANS_ITALIC, look.body_pt, muted()),
    )


def column_widths(table: TableContent, width: float) -> list[float]:
    """Each column as wide as its longest text asks, within MAX_WEIGHT; the whole width used."""
    columns = len(table.header)
    longest = [max(len(row[i]) for row in [table.header, *table.rows]) for i in range(columns)]
    weights = [max(MIN_WEIGHT, min(MAX_WEIGHT, n)) + 3 for n in longest]
    return [width * w / sum(weights) for w in weights]


def _table(table: TableContent, width: float, look: SheetLook, styles: _Styles, lead: list[Flowable]) -> Flowable:
    """The table with its title and note, kept together with lead (its section's title, if first)."""
    cells = [[Paragraph(escape(h), styles.head) for h in table.header]]
    cells += [[Paragraph(escape(c), styles.cell) for c in row] for row in table.rows]
    grid = Table(cells, colWidths=column_widths(table, width), repeatRows=1)
    padding = look.cell_padding_pt
    grid.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), tint(ink(), look.header_tint)),
                ("LINEBELOW", (0, 0), (-1, -1), look.rule_pt, tint(ink(), 0.3)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), SANS),  # an empty cell is drawn as text too: never Helvetica
                ("TOPPADDING", (0, 0), (-1, -1), padding),
                ("BOTTOMPADDING", (0, 0), (-1, -1), padding),
                ("LEFTPADDING", (0, 0), (-1, -1), padding),
                ("RIGHTPADDING", (0, 0), (-1, -1), padding),
            ]
        )
    )
    parts: list[Flowable] = [*lead, Paragraph(escape(table.title), styles.table_title), grid]
    if table.note:
        parts.append(Paragraph(escape(table.note), styles.note))
    return KeepTogether(parts + [Spacer(1, pt(look.table_gap_mm))])


def sheet_story(sections: list[SectionContent], width: float, look: SheetLook | None = None) -> list[Flowable]:
    """The flowables of every section, in order: a section title, then its tables."""
    look = look or sheet_look()
    register_fonts(SANS)  # paragraphs measure with the fonts' bold and italic faces
    styles = _styles(look)
    story: list[Flowable] = []
    for section in sections:
        title = [Paragraph(escape(section.title), styles.section)]  # never alone at a page's foot
        story += [_table(t, width, look, styles, title if i == 0 else []) for i, t in enumerate(section.tables)]
    return story
