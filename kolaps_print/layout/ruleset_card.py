"""A ruleset character's card faces laid out in the house look of KOLAPS's cards: the name on a
band of the system's colour, the subtitle under it, stat tiles whose value is the large thing,
sections headed by a tracked capital line and a rule, and the army and system on a foot band.
Each content item of content/ruleset_card.py becomes a flowable that measures itself for the
card's width. Block-driven: no mechanic is known here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from kolaps_print.content.ruleset_card import Band, Checkboxes, Item, Lines, Tiles, Title, Track
from kolaps_print.content.ruleset_sheet import TableContent
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC, register_fonts
from kolaps_print.labels import label
from kolaps_print.layout.reference.look import ink, tint
from kolaps_print.layout.ruleset_sheet import (
    CELL_PAD,
    CardLook,
    column_widths,
    least_widths,
    paragraph_style,
    unbroken_size,
)
from kolaps_print.layout.units import pt


@dataclass(frozen=True)
class RulesetFace:
    """One side: the name its band carries (and « 1/2 » for a copy), then the flowables stacked
    under the band."""

    name: str
    story: list[Flowable]
    copy: str = ""

    def height(self, width: float, room: float) -> float:
        """The story's height set width points wide."""
        return sum(f.wrap(width, room)[1] for f in self.story)


def story_room(look: CardLook, width: float, height: float) -> tuple[float, float, float, float]:
    """x, y, width, height of the room between the name band and the foot band, inside the
    safe margin, for a card width × height points."""
    margin = pt(look.margin_mm)
    bottom = pt(look.footer_mm) + pt(look.foot_gap_mm)
    top = height - pt(look.band_mm) - pt(look.head_gap_mm) * 2
    return margin, bottom, width - 2 * margin, top - bottom


@dataclass(frozen=True)
class _Styles:
    subtitle: ParagraphStyle
    body: ParagraphStyle
    bold: ParagraphStyle
    small: ParagraphStyle
    legend: ParagraphStyle


def _styles(look: CardLook) -> _Styles:
    return _Styles(
        paragraph_style("subtitle", SANS_ITALIC, look.subtitle_pt, look.leading),
        paragraph_style("body", SANS, look.body_pt, look.leading),
        paragraph_style("bold", SANS_BOLD, look.body_pt, look.leading),
        paragraph_style("small", SANS, look.small_pt, look.leading),
        paragraph_style("legend", SANS, look.small_pt, look.leading),  # solid black: small type in a tint breaks up
    )


class SectionHead(Flowable):
    """A section's name in tracked bold capitals, a hairline running from it to the right edge."""

    def __init__(self, text: str, look: CardLook):
        super().__init__()
        self.text, self.look = text.upper(), look  # a mark « † D100-E4 » is in capitals already

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        return aW, self.look.section_pt * 1.2 + pt(self.look.head_gap_mm)

    def draw(self) -> None:
        size, canvas = self.look.section_pt, self.canv
        base = pt(self.look.head_gap_mm) + size * 0.25
        text = canvas.beginText(0, base)
        text.setFont(SANS_BOLD, size)
        text.setCharSpace(self.look.section_tracking_pt)
        text.setFillColor(ink())
        text.textOut(self.text)
        canvas.drawText(text)
        end = stringWidth(self.text, SANS_BOLD, size) + self.look.section_tracking_pt * len(self.text) + size * 0.6
        if end < self.width:  # a head as wide as the column goes without its rule
            canvas.setStrokeColor(ink())
            canvas.setLineWidth(self.look.rule_pt)
            canvas.line(end, base + size * 0.3, self.width, base + size * 0.3)


class TilesFlowable(Flowable):
    """Equal tiles in one row: the stat's name small at the top (on two lines if it is long), its
    value large under it, on a light tint of the system's colour."""

    def __init__(self, tiles: Tiles, look: CardLook, colour: Color):
        super().__init__()
        self.tiles, self.look, self.colour = tiles.tiles, look, colour

    def _tile_width(self) -> float:
        gap = pt(self.look.tile_gap_mm)
        return (self.width - gap * (len(self.tiles) - 1)) / len(self.tiles)

    def _names(self) -> list[list[str]]:
        room = self._tile_width() - pt(0.8)
        return [simpleSplit(name.upper(), SANS_BOLD, self.look.tile_label_pt, room) or [""] for name, _ in self.tiles]

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        lines = max(len(n) for n in self._names())
        self.height = self.look.tile_label_pt * (0.6 + 1.05 * lines) + self.look.tile_value_pt * 1.15
        return aW, self.height

    def draw(self) -> None:
        canvas, look = self.canv, self.look
        w, gap, size = self._tile_width(), pt(look.tile_gap_mm), look.tile_label_pt
        for i, ((_, value), names) in enumerate(zip(self.tiles, self._names(), strict=True)):
            x = i * (w + gap)
            canvas.setFillColor(tint(self.colour, look.tile_tint))
            canvas.roundRect(x, 0, w, self.height, pt(look.tile_radius_mm), stroke=0, fill=1)
            canvas.setFillColor(ink())
            canvas.setFont(SANS_BOLD, size)
            for n, line in enumerate(names):
                canvas.drawCentredString(x + w / 2, self.height - size * (1.15 + 1.05 * n), line)
            canvas.setFont(SANS_BOLD, look.tile_value_pt)
            canvas.drawCentredString(x + w / 2, look.tile_value_pt * 0.3, value)


class BoxesFlowable(Flowable):
    """A track's boxes in rows of whole groups (10 a row in groups of 5 on a poker card), ticked
    from the left; a thick line after each marked box, the boxes below zero tinted."""

    def __init__(self, track: Track, look: CardLook):
        super().__init__()
        self.track, self.look = track, look
        self.box, self.gap, self.group_gap = pt(look.box_mm), pt(look.box_gap_mm), pt(look.box_group_gap_mm)

    def _group_width(self) -> float:
        n = self.look.box_group
        return n * self.box + (n - 1) * self.gap

    def _per_row(self, width: float) -> int:
        groups = int((width + self.group_gap) // (self._group_width() + self.group_gap))
        if groups >= 1:
            return groups * self.look.box_group
        return max(1, int((width + self.gap) // (self.box + self.gap)))

    def _x(self, i: int) -> float:
        """The left of the row's i-th box (from 0)."""
        n = self.look.box_group
        return (i // n) * (self._group_width() + self.group_gap) + (i % n) * (self.box + self.gap)

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        total = self.track.boxes + self.track.negative
        rows = max(1, -(-total // self._per_row(aW)))
        self.height = rows * (self.box + self.gap) - self.gap
        return aW, self.height

    def draw(self) -> None:
        canvas, per_row, radius = self.canv, self._per_row(self.width), pt(self.look.box_radius_mm)
        marks = {m.after_box for m in self.track.marks}
        canvas.setStrokeColor(ink())
        for i in range(self.track.boxes + self.track.negative):
            x = self._x(i % per_row)
            y = self.height - (i // per_row) * (self.box + self.gap) - self.box
            below_zero = i >= self.track.boxes
            canvas.setFillColor(tint(ink(), self.look.negative_tint) if below_zero else white)
            canvas.setLineWidth(self.look.box_pt)
            canvas.roundRect(x, y, self.box, self.box, radius, stroke=1, fill=1)
            if i + 1 in marks:  # the line sits after the marked box, across its row
                canvas.setLineWidth(self.look.mark_pt)
                after = x + self.box + (self.group_gap if (i + 1) % self.look.box_group == 0 else self.gap) / 2
                canvas.line(after, y - self.gap / 2, after, y + self.box + self.gap / 2)


@dataclass(frozen=True)
class DeckTable:
    """How one kind of table is set on every card of a deck."""

    size: float  # points
    columns: list[float]
    whole: bool  # every word fits its column (False: the columns had to squeeze one apart)


Widths = Mapping[tuple[str, ...], DeckTable]  # by the table's heading


def unbroken(widths: Widths) -> bool:
    """Whether every table of a deck sets whole words in its columns."""
    return all(table.whole for table in widths.values())


def deck_widths(faces: list[list[Item]], width: float, look: CardLook) -> dict[tuple[str, ...], DeckTable]:
    """One size and one set of column widths for each kind of table across a deck (every card's
    weapons table alike), measured on all their rows together."""
    register_fonts(SANS)  # measured with the bold face too
    merged: dict[tuple[str, ...], TableContent] = {}
    for items in faces:
        for item in items:
            if isinstance(item, TableContent):
                key = tuple(item.header)
                rows = merged[key].rows if key in merged else []
                merged[key] = TableContent(item.title, list(item.header), rows + item.rows, strong=item.strong)
    out = {}
    for key, table in merged.items():
        size = unbroken_size(table, width, look.body_pt, look.small_pt, strong=look.strong_scale)
        whole = sum(least_widths(table, size, look.strong_scale)) <= width + 1e-6
        out[key] = DeckTable(size, column_widths(table, width, size, look.strong_scale), whole)
    return out


def _track(track: Track, look: CardLook, styles: _Styles, first: bool) -> list[Flowable]:
    heading = label("rulesets.card.track", label=track.label, boxes=track.boxes)
    parts: list[Flowable] = [SectionHead(heading, look), BoxesFlowable(track, look)]
    legend = [label(f"rulesets.card.mark_{m.counts}", points=m.points, text=m.label) for m in track.marks]
    if track.negative:
        legend.append(label("rulesets.card.negative", boxes=track.negative, text=track.negative_label or ""))
    if first:  # said once a side, under the first track
        legend.append(label("rulesets.card.how_to_mark"))
    parts += [Spacer(1, pt(look.head_gap_mm))] if legend else []
    parts += [Paragraph(escape(line), styles.legend) for line in legend]
    return parts


def _checkboxes(boxes: Checkboxes, look: CardLook, styles: _Styles) -> list[Flowable]:
    empty = Track("", 1)
    cells = [[BoxesFlowable(empty, look), Paragraph(escape(text), styles.body)] for text in boxes.labels]
    pairs = [cells[i] + (cells[i + 1] if i + 1 < len(cells) else ["", ""]) for i in range(0, len(cells), 2)]
    size = pt(look.box_mm) + pt(look.box_gap_mm) * 2
    grid = Table(pairs, colWidths=[size, None, size, None])
    grid.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("FONTNAME", (0, 0), (-1, -1), SANS), *_padded()])
    )
    return [SectionHead(label("rulesets.card.checkboxes"), look), grid]


def _padded() -> list[tuple]:
    """Cells 1 pt from top and bottom, CELL_PAD from their neighbours: a gutter that keeps
    « Matraque » and « 2d6 » apart."""
    sides = [(side, (0, 0), (-1, -1), 1) for side in ("TOPPADDING", "BOTTOMPADDING")]
    return sides + [(side, (0, 0), (-1, -1), CELL_PAD) for side in ("LEFTPADDING", "RIGHTPADDING")]


def _table(table: TableContent, width: float, look: CardLook, widths: Widths) -> list[Flowable]:
    deck = widths.get(tuple(table.header))
    size = deck.size if deck else look.body_pt
    columns = deck.columns if deck else column_widths(table, width, size, look.strong_scale)
    head, body = (paragraph_style(n, f, size, look.leading) for n, f in (("head", SANS_BOLD), ("body", SANS)))
    strong = paragraph_style("strong", SANS_BOLD, size * look.strong_scale, look.leading)
    cells = [[Paragraph(escape(h), head) for h in table.header]]
    cells += [
        [Paragraph(escape(c), strong if j == table.strong else body) for j, c in enumerate(row)] for row in table.rows
    ]
    grid = Table(cells, colWidths=columns, repeatRows=1)
    grid.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), look.rule_pt, ink()),
                ("LINEBELOW", (0, 1), (-1, -1), look.rule_pt, tint(ink(), 0.3)),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("FONTNAME", (0, 0), (-1, -1), SANS),
                *_padded(),
            ]
        )
    )
    title = [SectionHead(table.title, look)] if table.title else []
    return [*title, grid]


def _lines(lines: Lines, look: CardLook, styles: _Styles) -> list[Flowable]:
    def text(line: str) -> str:
        lead, colon, rest = line.partition(" : ")
        return f"<b>{escape(lead)}</b>{colon}{escape(rest)}" if lines.bold_lead and colon else escape(line)

    if not lines.lines:
        return []  # a section with nothing to list prints no head either
    head: list[Flowable] = [SectionHead(lines.heading, look)] if lines.heading else []
    return head + [Paragraph(text(line), styles.body) for line in lines.lines]


def _marked(item: Item) -> bool:
    """Whether an item prints a ruling's « † » mark."""
    if isinstance(item, TableContent):
        return "†" in item.title or any("†" in c for row in item.rows for c in row) or "†" in (item.note or "")
    if isinstance(item, Lines):
        return any("†" in line for line in item.lines)
    if isinstance(item, Track):
        return "†" in item.label or any("†" in m.label for m in item.marks)
    return False


def face_layout(
    items: list[Item], width: float, look: CardLook, colour: Color, widths: Widths | None = None, copy: str = ""
) -> RulesetFace:
    """One face: the character's name for the band, the rest stacked from the top, a gap between
    blocks, and the key to « † » under them when the face prints one. The army's name (a band
    block) goes to the foot band the painter draws."""
    register_fonts(SANS)
    styles = _styles(look)
    name = next((item.name for item in items if isinstance(item, Title)), "")
    first_track = next((item for item in items if isinstance(item, Track)), None)
    story: list[Flowable] = []
    for item in items:
        if isinstance(item, Band):
            continue
        if isinstance(item, TableContent):
            parts = _table(item, width, look, widths or {})
        elif isinstance(item, Track):
            parts = _track(item, look, styles, item is first_track)
        else:
            parts = _parts(item, look, styles, colour)
        if parts:
            story += parts + [Spacer(1, pt(look.gap_mm))]
    if any(_marked(item) for item in items):
        story.append(Paragraph(escape(label("rulesets.card.ruling_key")), styles.legend))
    else:
        story = story[:-1]
    return RulesetFace(name, story, copy)


def _parts(item: Item, look: CardLook, styles: _Styles, colour: Color) -> list[Flowable]:
    if isinstance(item, Title):
        return [Paragraph(escape(item.subtitle), styles.subtitle)] if item.subtitle else []
    if isinstance(item, Tiles):
        return [TilesFlowable(item, look, colour)]
    if isinstance(item, Checkboxes):
        return _checkboxes(item, look, styles)
    assert isinstance(item, Lines)
    return _lines(item, look, styles)
