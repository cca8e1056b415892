"""A ruleset's quick-reference sheet laid out: generic « sections of tables » flowables from
content/ruleset_sheet.py, in the look of data/layouts/rulesets.yaml (its colours: the KOLAPS
sheet's ink and greys). Any ruleset prints through it; nothing here knows a mechanic."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any
from xml.sax.saxutils import escape

from pydantic import Field
from reportlab.lib.colors import Color, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepTogether, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.doctemplate import ActionFlowable

from kolaps_print.content.ruleset_sheet import SectionContent, TableContent
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC, register_fonts
from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.reference.look import ink, muted, tint
from kolaps_print.layout.style import StyleColour, as_colour
from kolaps_print.layout.units import pt
from kolaps_print.model.common import Model

SOFT_HYPHEN = "\u00ad"  # reportlab breaks a word there, with a hyphen, only where it must
CELL_PAD = 2  # points, a cell's padding on each side, when its column's width is measured
SLACK = 1  # points: a word exactly as wide as its cell would still break on rounding


class CardLook(Model):
    margin_mm: float = Field(ge=3, le=15)  # the safe area: nothing printed nearer the trim
    band_mm: float = Field(ge=2, le=20)
    footer_mm: float = Field(ge=2, le=12)
    foot_gap_mm: float = Field(ge=2, le=10)  # kept free above the foot band
    name_pt: float = Field(ge=6, le=20)
    copy_pt: float = Field(ge=6, le=12)
    subtitle_pt: float = Field(ge=6, le=14)
    footer_pt: float = Field(ge=5, le=10)
    section_pt: float = Field(ge=5.5, le=12)
    section_tracking_pt: float = Field(ge=0, le=2)
    head_gap_mm: float = Field(ge=0, le=5)  # between a section's head and what it heads
    body_pt: float = Field(ge=6, le=12)  # body text never below 6 pt
    max_body_pt: float = Field(ge=6, le=14)
    small_pt: float = Field(ge=6, le=12)
    strong_scale: float = Field(ge=1, le=2)  # the rolled column's size, against the body
    tile_label_pt: float = Field(ge=5.5, le=10)
    tile_value_pt: float = Field(ge=8, le=24)
    tile_gap_mm: float = Field(ge=0, le=5)
    tile_radius_mm: float = Field(ge=0, le=4)
    tile_tint: float = Field(ge=0, le=1)
    box_mm: float = Field(ge=3.5, le=10)  # a pencil needs room
    box_gap_mm: float = Field(ge=0, le=5)
    box_group: int = Field(ge=1, le=10)  # boxes go in groups of this many, rows of whole groups
    box_group_gap_mm: float = Field(ge=0, le=5)
    box_radius_mm: float = Field(ge=0, le=2)
    box_pt: float = Field(gt=0, le=2)
    gap_mm: float = Field(ge=0, le=10)
    rule_pt: float = Field(gt=0, le=3)
    mark_pt: float = Field(gt=0, le=4)
    negative_tint: float = Field(ge=0, le=1)
    leading: float = Field(ge=1, le=2)
    reference_height_mm: float = Field(gt=0)  # the card these sizes are for (poker, 88 mm)
    max_scale: float = Field(ge=1, le=2)  # on that card, type and gaps grow by up to this to fill it
    scale_step: float = Field(gt=0, le=0.5)

    def scaled(self, factor: float) -> CardLook:
        """The look with its type and gaps grown by factor, its boxes by the factor's root."""
        grown = ("name_pt", "subtitle_pt", "section_pt", "body_pt", "small_pt", "tile_label_pt", "tile_value_pt")
        values: dict[str, float] = {k: round(getattr(self, k) * factor, 2) for k in grown}
        values |= {k: round(getattr(self, k) * factor, 2) for k in ("gap_mm", "head_gap_mm")}
        values["box_mm"] = round(self.box_mm * factor**0.5, 2)
        return self.model_copy(update=values)

    def scales(self, card_height_mm: float) -> list[float]:
        """The factors to try, largest first, down to 1: a taller card may grow further, never
        past max_body_pt."""
        most = min(self.max_scale * card_height_mm / self.reference_height_mm, self.max_body_pt / self.body_pt)
        count = max(0, int((most - 1) / self.scale_step + 1e-9))
        return [round(1 + self.scale_step * i, 3) for i in range(count, -1, -1)]


class ReferenceCardsLook(Model):
    """What the reference cards change of the sheet's look: smaller type, tighter cells."""

    section_pt: float = Field(ge=6, le=24)
    section_bar_mm: float = Field(ge=3, le=15)
    table_title_pt: float = Field(ge=6, le=20)
    body_pt: float = Field(ge=6, le=14)  # body text never below 6 pt
    min_body_pt: float = Field(ge=6, le=14)
    cell_padding_pt: float = Field(ge=0, le=10)
    table_gap_mm: float = Field(ge=0, le=20)


class SheetLook(Model):
    margin_mm: float = Field(ge=6, le=40)  # nothing that matters within 6 mm of the sheet's edge
    header_mm: float = Field(ge=4, le=30)
    footer_mm: float = Field(ge=3, le=30)
    columns: int = Field(ge=1, le=3)
    column_gap_mm: float = Field(ge=2, le=20)
    title_pt: float = Field(ge=6, le=30)
    section_pt: float = Field(ge=6, le=24)
    section_bar_mm: float = Field(ge=3, le=15)
    section_radius_mm: float = Field(ge=0, le=4)
    title_rule_pt: float = Field(gt=0, le=4)
    table_title_pt: float = Field(ge=6, le=20)
    body_pt: float = Field(ge=6, le=14)  # body text never below 6 pt
    min_body_pt: float = Field(ge=6, le=14)
    max_body_pt: float = Field(ge=6, le=14)
    body_step_pt: float = Field(gt=0, le=2)
    leading: float = Field(ge=1, le=2)
    cell_padding_pt: float = Field(ge=0, le=10)
    table_gap_mm: float = Field(ge=0, le=20)
    header_tint: float = Field(ge=0, le=1)
    zebra: StyleColour
    rule_pt: float = Field(gt=0, le=3)
    colours: dict[str, StyleColour] = Field(description="A system's colour by its id: a palette name")
    default_colour: StyleColour
    card: CardLook
    reference_cards: ReferenceCardsLook

    def for_cards(self) -> SheetLook:
        """The sheet's look with the reference cards' sizes."""
        return self.model_copy(update=self.reference_cards.model_dump())

    def colour(self, ruleset_id: str) -> Color:
        """The system's colour: its title band, section bars and card bands."""
        return as_colour(self.colours.get(ruleset_id, self.default_colour))


def sheet_look() -> SheetLook:
    """data/layouts/rulesets.yaml; KolapsError (located) if a value is wrong."""
    return load_layout("rulesets", SheetLook)


@dataclass(frozen=True)
class _Styles:
    table_title: ParagraphStyle
    note: ParagraphStyle


def paragraph_style(name: str, font: str, size: float, leading: float, colour: Color | None = None) -> ParagraphStyle:
    """A text style of the rulesets' sheet and cards: leading in multiples of the size, ink unless said."""
    return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * leading, textColor=colour or ink())


def _styles(look: SheetLook) -> _Styles:
    def style(name: str, font: str, size: float, colour: Color | None = None) -> ParagraphStyle:
        return paragraph_style(name, font, size, look.leading, colour)

    return _Styles(
        table_title=style("table_title", SANS_BOLD, look.table_title_pt),
        note=style("note", SANS_ITALIC, look.body_pt, muted()),
    )


def unbroken_size(
    table: TableContent, width: float, size: float, least: float, step: float = 0.25, strong: float = 1.0
) -> float:
    """size, or the largest below it (down to least) at which no word of the table has to break:
    a wide table sets a little smaller than its neighbours."""
    while size - step >= least - 1e-9 and sum(least_widths(table, size, strong)) > width:
        size = round(size - step, 2)
    return size


def _measured(table: TableContent, size: float, strong: float) -> list[list[tuple[str, str, float]]]:
    """Each column's texts with the font and size they print in: headings bold, the strong
    column bold and strong times larger."""
    out = []
    for i in range(len(table.header)):
        font, body = (SANS_BOLD, size * strong) if i == table.strong else (SANS, size)
        out.append([(table.header[i], SANS_BOLD, size), *((row[i], font, body) for row in table.rows)])
    return out


def least_widths(table: TableContent, size: float, strong: float = 1.0) -> list[float]:
    """Each column's longest word, padding included: words are cut at plain spaces only, as
    reportlab cuts lines (« 55 % » and « 1d12 + 6 » written with no-break spaces stay whole)."""
    return _least(_measured(table, size, strong))


def _least(texts: list[list[tuple[str, str, float]]]) -> list[float]:
    return [
        max((stringWidth(w, f, s) for text, f, s in column for w in text.split(" ")), default=0) + 2 * CELL_PAD + SLACK
        for column in texts
    ]


def column_widths(table: TableContent, width: float, size: float, strong: float = 1.0) -> list[float]:
    """Each column at least as wide as its longest word at size points (so « Bonus » never
    breaks), the width left shared in proportion to what each column's longest text still lacks.
    The strong column (what is rolled) is measured at size × strong."""
    texts = _measured(table, size, strong)

    def whole(i: int) -> float:
        return max(stringWidth(text, f, s) for text, f, s in texts[i]) + 2 * CELL_PAD + SLACK

    least = _least(texts)
    wanted = [max(a, whole(i)) for i, a in enumerate(least)]
    spare, lacking = width - sum(least), sum(w - a for w, a in zip(wanted, least, strict=True))
    if spare <= 0:
        return [width * a / sum(least) for a in least]
    share = min(1.0, spare / lacking) if lacking > 0 else 0.0
    columns = [a + (w - a) * share for w, a in zip(wanted, least, strict=True)]
    rest = (width - sum(columns)) / len(columns)  # every text fits on one line: the rest evenly
    return [c + rest for c in columns]


@cache
def _french_syllables() -> Any:
    import pyphen  # the French patterns reportlab's own hyphenation uses for the rulebook

    return pyphen.Pyphen(lang="fr_FR")


def breakable(heading: str, room: float, size: float) -> str:
    """A heading whose words wider than room (pt, in bold at size: a table too wide even at the
    smallest size, on a narrow card) may break at a French syllable, with a hyphen (soft
    hyphens: « Sui­ci­daire »), never at any letter. A word that fits never breaks."""
    return " ".join(
        _french_syllables().inserted(word, hyphen=SOFT_HYPHEN) if stringWidth(word, SANS_BOLD, size) > room else word
        for word in heading.split(" ")
    )


class SectionBar(Flowable):
    """A section's title, white on a bar of the system's colour the column's width."""

    def __init__(self, text: str, look: SheetLook, colour: Color):
        super().__init__()
        self.text, self.look, self.colour = text, look, colour

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        return aW, pt(self.look.section_bar_mm)

    def draw(self) -> None:
        canvas, height, size = self.canv, pt(self.look.section_bar_mm), self.look.section_pt
        canvas.setFillColor(self.colour)
        canvas.roundRect(0, 0, self.width, height, pt(self.look.section_radius_mm), stroke=0, fill=1)
        canvas.setFillColor(white)
        canvas.setFont(SANS_BOLD, size)
        canvas.drawString(size * 0.6, height / 2 - size * 0.35, self.text)


def _table(
    table: TableContent, width: float, look: SheetLook, styles: _Styles, colour: Color, lead: list[Flowable]
) -> Flowable:
    """The table with its title and note, kept together with lead (its section's bar, if first)."""
    size = unbroken_size(table, width, look.body_pt, look.min_body_pt, look.body_step_pt)
    head, cell = (paragraph_style(n, f, size, look.leading) for n, f in (("head", SANS_BOLD), ("cell", SANS)))
    widths = column_widths(table, width, size)
    header = [breakable(h, w - 2 * CELL_PAD - SLACK, size) for h, w in zip(table.header, widths, strict=True)]
    cells = [[Paragraph(escape(h), head) for h in header]]
    cells += [[Paragraph(escape(c), cell) for c in row] for row in table.rows]
    grid = Table(cells, colWidths=widths, repeatRows=1)
    padding = look.cell_padding_pt
    grid.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), tint(colour, look.header_tint)),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [white, as_colour(look.zebra)]),
                ("LINEBELOW", (0, 0), (-1, 0), look.rule_pt, ink()),
                ("LINEBELOW", (0, -1), (-1, -1), look.rule_pt, ink()),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), SANS),  # an empty cell is drawn as text too: never Helvetica
                ("TOPPADDING", (0, 0), (-1, -1), padding),
                ("BOTTOMPADDING", (0, 0), (-1, -1), padding),
                ("LEFTPADDING", (0, 0), (-1, -1), padding),
                ("RIGHTPADDING", (0, 0), (-1, -1), padding),
            ]
        )
    )
    title = [Paragraph(escape(table.title), styles.table_title)] if table.title else []
    parts: list[Flowable] = [*lead, *title, grid]
    if table.note:
        parts.append(Paragraph(escape(table.note), styles.note))
    return Kept(parts + [Spacer(1, pt(look.table_gap_mm))])


class Kept(KeepTogether):
    """A table with its title, note and lead, kept in one column; it knows its own height."""

    def __init__(self, parts: list[Flowable]):
        super().__init__(parts)
        self.parts = list(parts)

    def whole_height(self, width: float) -> float:
        return sum(f.wrap(width, 1e6)[1] for f in self.parts)


def _same(a: str, b: str) -> bool:
    return " ".join(a.casefold().split()) == " ".join(b.casefold().split())


def sheet_story(sections: list[SectionContent], width: float, look: SheetLook, colour: Color) -> list[Flowable]:
    """The flowables of every section, in order: a section's bar, then its tables."""
    register_fonts(SANS)  # paragraphs measure with the fonts' bold and italic faces
    styles = _styles(look)
    story: list[Flowable] = []
    for section in sections:
        bar = [SectionBar(section.title, look, colour), Spacer(1, pt(1.2))]  # never alone at a column's foot
        for i, table in enumerate(section.tables):
            if i == 0 and _same(table.title, section.title):  # the bar already says it
                table = replace(table, title="")
            story.append(_table(table, width, look, styles, colour, bar if i == 0 else []))
    return story


def fill_frame(frame: Frame, story: list[Flowable], canvas: Canvas) -> list[Flowable]:
    """Flow story into frame (drawn on canvas), splitting what does not fit whole (a table
    between rows, a kept group before its table): what was placed, in order, which leaves story."""
    placed: list[Flowable] = []
    while story:
        if isinstance(story[0], ActionFlowable):  # a kept group's « go on at the next frame »
            del story[0]
            if placed:
                return placed
            continue
        if frame.add(story[0], canvas, trySplit=0):
            placed.append(story.pop(0))
            continue
        if isinstance(story[0], KeepTogether) and not placed:  # at a frame's top: its parts, one by one
            story[0:1] = list(story[0]._content)  # (reportlab's own split there needs a document template)
            continue
        parts = frame.split(story[0], canvas)
        if not parts or (len(parts) == 1 and parts[0] is story[0]):
            return placed
        story[0:1] = parts
    return placed
