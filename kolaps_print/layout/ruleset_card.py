"""A ruleset character's card faces laid out: each content item of content/ruleset_card.py
becomes a flowable that measures itself for the card's width (a track wraps its boxes, a table
its cells); the faces stack them from the top. Block-driven: no mechanic is known here."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import white
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from kolaps_print.content.ruleset_card import Band, Checkboxes, Item, Lines, Tiles, Title, Track
from kolaps_print.content.ruleset_sheet import TableContent
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC, register_fonts
from kolaps_print.labels import label
from kolaps_print.layout.reference.look import ink, muted, tint
from kolaps_print.layout.ruleset_sheet import CardLook, column_widths, paragraph_style, sheet_look
from kolaps_print.layout.units import pt


@dataclass(frozen=True)
class _Styles:
    name: ParagraphStyle
    body: ParagraphStyle
    bold: ParagraphStyle
    small: ParagraphStyle
    quiet: ParagraphStyle


def _styles(look: CardLook) -> _Styles:
    return _Styles(
        paragraph_style("name", SANS_BOLD, look.name_pt, look.leading),
        paragraph_style("body", SANS, look.body_pt, look.leading),
        paragraph_style("bold", SANS_BOLD, look.body_pt, look.leading),
        paragraph_style("small", SANS, look.small_pt, look.leading),
        paragraph_style("quiet", SANS_ITALIC, look.small_pt, look.leading, muted()),
    )


class BandFlowable(Flowable):
    """The army's name, white on an ink band the full width of the face."""

    def __init__(self, text: str, height: float, size: float):
        super().__init__()
        self.text, self.band, self.size = text, height, size

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        return aW, self.band

    def draw(self) -> None:
        self.canv.setFillColor(ink())
        self.canv.rect(0, 0, self.width, self.band, stroke=0, fill=1)
        self.canv.setFillColor(white)
        self.canv.setFont(SANS_BOLD, self.size)
        self.canv.drawString(self.size * 0.5, (self.band - self.size * 0.7) / 2, self.text)


class BoxesFlowable(Flowable):
    """A track's boxes in rows, as many a row as the width holds; a thick line after each marked
    box, the boxes below zero tinted. Height known once wrapped to a width."""

    def __init__(self, track: Track, look: CardLook):
        super().__init__()
        self.track, self.look = track, look
        self.box, self.gap = pt(look.box_mm), pt(look.box_gap_mm)

    def _per_row(self, width: float) -> int:
        return max(1, int((width + self.gap) // (self.box + self.gap)))

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        total = self.track.boxes + self.track.negative
        rows = max(1, -(-total // self._per_row(aW)))
        self.height = rows * (self.box + self.gap)
        return aW, self.height

    def draw(self) -> None:
        canvas, step, per_row = self.canv, self.box + self.gap, self._per_row(self.width)
        marks = {m.after_box for m in self.track.marks}
        canvas.setStrokeColor(ink())
        for i in range(self.track.boxes + self.track.negative):
            x = (i % per_row) * step
            y = self.height - (i // per_row + 1) * step + self.gap
            below_zero = i >= self.track.boxes
            canvas.setFillColor(tint(ink(), self.look.negative_tint) if below_zero else white)
            canvas.setLineWidth(self.look.rule_pt)
            canvas.rect(x, y, self.box, self.box, stroke=1, fill=1)
            if i + 1 in marks:  # the line sits after the marked box, across its row
                canvas.setLineWidth(self.look.mark_pt)
                canvas.line(
                    x + self.box + self.gap / 2,
                    y - self.gap / 2,
                    x + self.box + self.gap / 2,
                    y + self.box + self.gap / 2,
                )


def _track(track: Track, look: CardLook, styles: _Styles) -> list[Flowable]:
    heading = f"<b>{escape(track.label)}</b> ({track.boxes})"
    parts: list[Flowable] = [Paragraph(heading, styles.body), BoxesFlowable(track, look)]
    legend = [label("rulesets.card.mark", box=m.after_box, text=m.label) for m in track.marks]
    if track.negative:
        legend.append(label("rulesets.card.negative", boxes=track.negative, text=track.negative_label or ""))
    if legend:
        parts.append(Paragraph(escape(label("rulesets.card.separator").join(legend)), styles.quiet))
    return parts


def _checkboxes(boxes: Checkboxes, look: CardLook, styles: _Styles) -> list[Flowable]:
    empty = Track("", 1)
    cells = [[BoxesFlowable(empty, look), Paragraph(escape(text), styles.body)] for text in boxes.labels]
    pairs = [cells[i] + (cells[i + 1] if i + 1 < len(cells) else ["", ""]) for i in range(0, len(cells), 2)]
    size = pt(look.box_mm) + pt(look.box_gap_mm) * 2
    grid = Table(pairs, colWidths=[size, None, size, None])
    grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("FONTNAME", (0, 0), (-1, -1), SANS), *_tight()]))
    return [grid]


def _tight() -> list[tuple]:
    return [(side, (0, 0), (-1, -1), 1) for side in ("TOPPADDING", "BOTTOMPADDING", "LEFTPADDING", "RIGHTPADDING")]


def _tiles(tiles: Tiles, look: CardLook, styles: _Styles) -> list[Flowable]:
    row = [Paragraph(f"{escape(lab)}<br/><b>{escape(value)}</b>", styles.small) for lab, value in tiles.tiles]
    grid = Table([row])
    grid.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), look.rule_pt, tint(ink(), 0.4)),
                ("FONTNAME", (0, 0), (-1, -1), SANS),
                *_tight(),
            ]
        )
    )
    return [grid]


def _table(table: TableContent, width: float, look: CardLook, styles: _Styles) -> list[Flowable]:
    cells = [[Paragraph(escape(h), styles.bold) for h in table.header]]
    cells += [[Paragraph(escape(c), styles.small) for c in row] for row in table.rows]
    grid = Table(cells, colWidths=column_widths(table, width), repeatRows=1)
    grid.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, -1), look.rule_pt, tint(ink(), 0.3)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), SANS),
                *_tight(),
            ]
        )
    )
    title = [Paragraph(escape(table.title), styles.bold)] if table.title else []
    return [*title, grid]


def _lines(lines: Lines, styles: _Styles) -> list[Flowable]:
    def text(line: str) -> str:
        lead, colon, rest = line.partition(" : ")
        return f"<b>{escape(lead)}</b>{colon}{escape(rest)}" if lines.bold_lead and colon else escape(line)

    return [Paragraph(text(line), styles.body) for line in lines.lines]


def face_story(items: list[Item], width: float, look: CardLook | None = None) -> list[Flowable]:
    """The flowables of one face, top to bottom, a gap between blocks."""
    look = look or sheet_look().card
    register_fonts(SANS)
    styles = _styles(look)
    story: list[Flowable] = []
    for item in items:
        if isinstance(item, Band):
            parts: list[Flowable] = [BandFlowable(item.text, pt(look.band_mm), look.body_pt)]
        elif isinstance(item, Title):
            parts = [Paragraph(escape(item.name), styles.name)]
            parts += [Paragraph(escape(item.subtitle), styles.quiet)] if item.subtitle else []
        elif isinstance(item, Tiles):
            parts = _tiles(item, look, styles)
        elif isinstance(item, Track):
            parts = _track(item, look, styles)
        elif isinstance(item, Checkboxes):
            parts = _checkboxes(item, look, styles)
        elif isinstance(item, Lines):
            parts = _lines(item, styles)
        else:
            parts = _table(item, width, look, styles)
        story += parts + [Spacer(1, pt(look.gap_mm))]
    return story
