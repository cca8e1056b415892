"""Laid-out reference blocks (a filled FlowBox) as shapes (layout/shapes.py), for the shared painter.

The flow measured its blocks in points from the lower-left corner of the page or face; here each
block becomes shapes in millimetres from the top-left corner, placed where reportlab would have drawn
it: a Stack's parts one under the other, a RowTable's fills, cells and rules, a Paragraph's lines as
reportlab broke them (its public breakLines result, `blPara`), one Text per run of one font.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Literal

from reportlab import rl_config
from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getDescent, stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer

from kolaps_print.layout.reference.flow import FlowBox, SectionBand, Stack
from kolaps_print.layout.reference.row_table import BIG, Row, RowTable
from kolaps_print.layout.shapes import Align, Box, Ink, Rule, Shape, Text
from kolaps_print.layout.style import house_style
from kolaps_print.units import to_mm

SPACES = " \u00a0"  # what a PDF word spacing (Tw) widens: reportlab sets both as code 32
ALMOST_ZERO = -1e-8  # reportlab's test for a line that must shrink its spaces


class Area:
    """Points from the lower-left corner of an area height_pt high, as shapes' millimetres from its top."""

    def __init__(self, height_pt: float):
        self.height = height_pt

    def text(
        self,
        x: float,
        baseline: float,
        text: str,
        font: str,
        size: float,
        colour: Ink,
        align: Align = "left",
        tracking: float = 0.0,
    ) -> Text:
        return Text(to_mm(x), to_mm(self.height - baseline), text, font, size, colour, align, tracking)

    def box(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        fill: Ink | None,
        radius: float = 0.0,
        stroke: Ink | None = None,
        line_pt: float = 0.5,
    ) -> Box:
        top = to_mm(self.height - y - height)
        return Box(to_mm(x), top, to_mm(width), to_mm(height), stroke, fill, to_mm(radius), line_pt)

    def rule(
        self, x1: float, x2: float, y: float, colour: Ink, line_pt: float, cap: Literal["butt", "round"] = "round"
    ) -> Rule:
        return Rule(to_mm(x1), to_mm(self.height - y), to_mm(x2), to_mm(self.height - y), colour, line_pt, cap)

    def upright(self, x: float, y1: float, y2: float, colour: Ink, line_pt: float) -> Rule:
        """A vertical rule from y1 to y2 (points), square-ended."""
        return Rule(to_mm(x), to_mm(self.height - y1), to_mm(x), to_mm(self.height - y2), colour, line_pt)


class ShapedBlock(Flowable):
    """A block that measures itself like a flowable (wrap) and lays itself out as shapes: what a
    product adds to the tables and paragraphs here (the ruleset cards' tiles, tracks, heads)."""

    def shapes_at(self, x: float, y: float, area: Area) -> list[Shape]:
        """The block's shapes, its lower-left corner at (x, y) points, after a wrap."""
        raise NotImplementedError

    def draw(self) -> None:
        raise TypeError(f"a {type(self).__name__} is painted as shapes (layout/reference/as_shapes.py)")


class KeptParagraph(Paragraph):
    """A paragraph that several blocks share (the same text in the same style on many faces of a
    deck): its lines broken once per width, its shapes made once per place. wrap keeps each
    width's lines and puts them back when asked again for that width, so a reader of blPara
    reads the last wrap's, as of any paragraph; its shapes are kept by width and place among the
    last PLACED made (the Text objects then shared too: the painter makes their operators once),
    not on the paragraph: a deck of 10,000 distinct faces does not keep every face's shapes."""

    def __init__(self, text: str, style: ParagraphStyle) -> None:
        super().__init__(text, style)
        self._wrapped: dict[float, tuple] = {}

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        kept = self._wrapped.get(availWidth)
        if kept is None:
            size = super().wrap(availWidth, availHeight)
            if availWidth < rl_config._FUZZ:  # nothing set: no lines to keep
                return size
            kept = (size, self.__dict__["blPara"], self.__dict__["_wrapWidths"], getattr(self, "_width_max", 0))
            self._wrapped[availWidth] = kept
        else:  # what reportlab's wrap sets, as it set it for that width
            self.__dict__.update(zip(("blPara", "_wrapWidths", "_width_max"), kept[1:], strict=True))
            self.width, self.height = kept[0]
        return kept[0]


PLACED = 4096  # paragraphs' shapes kept (KeptParagraph): a deck's repeated texts at their few places


@lru_cache(maxsize=PLACED)
def _placed(para: KeptParagraph, width: float, x: float, y: float, height: float) -> tuple[Shape, ...]:
    """para's shapes set width wide (its last wrap), its lower-left corner at (x, y) in an area
    height points high."""
    return tuple(_paragraph(para, x, y, Area(height)))


def box_shapes(box: FlowBox, gap: float, height_pt: float) -> list[Shape]:
    """What box holds, from its top, gap points apart."""
    area, shapes = Area(height_pt), []
    top = box.y + box.height
    blocks = [flowable for flowable, _ in box.placed]
    for (flowable, h), lift in zip(box.placed, _lifts(blocks, gap), strict=True):
        flowable.wrap(box.width, box.height)
        top -= h
        shapes += block_shapes(flowable, box.x, top + lift, area)
        top -= gap
    return shapes


def block_shapes(block: Flowable, x: float, y: float, area: Area) -> list[Shape]:
    """A wrapped block whose lower-left corner is at (x, y) points."""
    if isinstance(block, Stack):
        return _stack(block, x, y, area)
    if isinstance(block, RowTable):
        return _table(block, x, y, area)
    if isinstance(block, SectionBand):
        return _band(block, x, y, area)
    if isinstance(block, KeptParagraph):
        return list(_placed(block, block.width, x, y, area.height))
    if isinstance(block, Paragraph):
        return _paragraph(block, x, y, area)
    if isinstance(block, ShapedBlock):
        return block.shapes_at(x, y, area)
    if isinstance(block, Spacer):
        return []
    raise TypeError(f"no shapes for a {type(block).__name__}")


def _stack(stack: Stack, x: float, y: float, area: Area) -> list[Shape]:
    """The parts one under the other; a caption over a table raised in its line as far as its
    descenders need (_caption_lift), its height unchanged."""
    shapes: list[Shape] = []
    top = y + stack.height
    for part, h, lift in zip(stack.parts, stack.part_heights(), _lifts(stack.parts, stack.gap), strict=True):
        top -= h
        shapes += block_shapes(part, x, top + lift, area)
        top -= stack.gap
    return shapes


def _lifts(parts: list[Flowable], gap: float) -> list[float]:
    """How far each of parts, set gap apart, is drawn higher than its place: a caption right over
    a table (a Stack's, or a column's where a kept group went on as loose parts) _caption_lift, the
    rest 0."""
    return [
        _caption_lift(part, gap) if isinstance(part, Paragraph) and isinstance(after, RowTable) else 0.0
        for part, after in zip(parts, [*parts[1:], None][: len(parts)], strict=True)
    ]


def _caption_lift(caption: Paragraph, gap: float) -> float:
    """How far (pt) a caption is drawn higher in its line to keep its font's whole descent and the
    house's clearance (style.yaml `table` caption_clear_pt) over the table under it: the room under its
    last baseline (its line's own, then the stack's gap) short of that. KOLAPS's blocks, whose gap
    gives that room, are drawn where they were (0); the rulesets' captions sit right on their table
    and rise (review 22b, MUST 1: « Pourcentages de base » lost the foot of its g to the head band)."""
    lines = caption.blPara.lines
    if not lines:
        return 0.0
    style = caption.style
    below = caption.height - style.fontSize - (len(lines) - 1) * style.leading  # the last baseline over the foot
    depth = -getDescent(style.fontName, style.fontSize) + house_style().table.caption_clear_pt
    return max(0.0, depth - below - gap)


def _band(band: SectionBand, x: float, y: float, area: Area) -> list[Shape]:
    """A rounded band in the section's colour, its title inset."""
    shapes: list[Shape] = [area.box(x, y, band.width, band.height, _ink(band.colour), band.pad * 0.6)]
    return shapes + _paragraph(band.text, x + band.pad, y + band.pad * 0.6, area)


def _ink(colour: Color) -> Ink:
    return colour.cmyk()


# ---- tables ---------------------------------------------------------------------------------
def _table(table: RowTable, x: float, y: float, area: Area) -> list[Shape]:
    """Fills (header, zebra, a row's own, a cell's own), then the cells, then the rules, as reportlab's Table."""
    heights, look = table.row_heights(), table.look
    width = sum(table.column_widths)
    bottoms = [y + sum(heights[i + 1 :]) for i in range(len(heights))]
    lefts = [x + sum(table.column_widths[:c]) for c in range(len(table.column_widths))]
    shapes: list[Shape] = []
    head = table.repeatRows
    if look.header_fill:
        shapes += [area.box(x, bottoms[i], width, heights[i], look.header_fill) for i in range(head)]
    if look.zebra:
        zebra = look.zebra
        shapes += [
            area.box(x, bottoms[i], width, heights[i], zebra[(i - head) % len(zebra)])
            for i in range(head, len(heights))
        ]
    shapes += [area.box(x, bottoms[i], width, heights[i], r.fill) for i, r in enumerate(table.rows) if r.fill]
    for i, row in enumerate(table.rows):
        for c, ink in row.cell_fills:
            shapes.append(area.box(lefts[c], bottoms[i], table.column_widths[c], heights[i], ink))
    for i, row in enumerate(table.rows):
        for c, cell in enumerate(row.cells):
            if not isinstance(cell, str):
                shapes += _cell(table, row, c, cell, (lefts[c], bottoms[i], heights[i]), area)
    if look.rule:
        rules = [(look.rule_above, y + sum(heights)), (look.rule_below_header and head, y + sum(heights[head:]))]
        rules.append((look.rule_below, y))
        shapes += [area.rule(x, x + width, at, look.rule, look.rule_pt) for wanted, at in rules if wanted]
    if look.row_rule:  # under every body row
        ruled = [i for i in range(head, len(heights)) if table.rows[i].ruled]
        shapes += [area.rule(x, x + width, bottoms[i], look.row_rule, look.rule_pt) for i in ruled]
    return shapes


def _cell(table: RowTable, row: Row, column: int, cell: Flowable, where: tuple, area: Area) -> list[Shape]:
    left, bottom, height = where
    h = cell.wrap(table.cell_width(row, column), BIG)[1]
    valign = table.look.valign
    if valign in ("top", "baseline"):
        y = bottom + height - row.top - h - table.drop(row, cell)
    elif valign == "bottom":
        y = bottom + row.bottom
    else:
        y = bottom + (height + row.bottom - row.top + h) / 2.0 - h
    return block_shapes(cell, left + table.look.left[column], y, area)


# ---- paragraphs -----------------------------------------------------------------------------
def _paragraph(para: Paragraph, x: float, y: float, area: Area) -> list[Shape]:
    """Each line as reportlab set it: aligned in the paragraph's width, runs of one font left to right."""
    lines = para.blPara.lines
    if not lines:
        return []
    leading, align = para.style.leading, para.style.alignment
    first = para.blPara if para.blPara.kind == 0 else lines[0]
    baseline = y + para.height - (first.fontSize if rl_config.paraFontSizeHeightOffset else first.ascent)
    shapes: list[Shape] = []
    indent = para.style.leftIndent  # reportlab set the lines this much narrower: they start as far in
    for i, line in enumerate(lines):
        runs, extra, spaces = _runs(para, line)
        first = para.style.firstLineIndent if i == 0 else 0.0
        # (indent + first) first: a hanging first line (−indent) starts at exactly x, bit for bit
        shapes += _line(runs, extra, spaces, x + (indent + first), baseline, align, area)
        baseline -= leading
    return shapes


Run = tuple[str, str, float, Ink, float]  # text, font, size, ink, rise


def _runs(para: Paragraph, line) -> tuple[list[Run], float, int]:
    """A line's runs of one font, its extra space (negative: its spaces shrink to fit) and the spaces
    reportlab shares that among (its words' gaps and no-break spaces)."""
    if para.blPara.kind == 0:
        f, words = para.blPara, line[1]
        text = " ".join(words)
        return [(text, f.fontName, f.fontSize, _ink(f.textColor), 0.0)], line[0], len(words) + text.count("\u00a0") - 1
    runs = [(w.text, w.fontName, w.fontSize, _ink(w.textColor), w.rise) for w in line.words if not hasattr(w, "cbDefn")]
    return runs, line.extraSpace, line.wordCount + sum(r[0].count("\u00a0") for r in runs) - 1


def _line(runs: list[Run], extra: float, spaces: int, x: float, baseline: float, align: int, area: Area) -> list[Shape]:
    """The first run placed, the others following it as the PDF advances them (not at measured
    positions, which a renderer rounding glyph widths would set a hair apart)."""
    shrink = extra < ALMOST_ZERO and spaces > 0
    word_space = extra / spaces if shrink else 0.0
    if not shrink:
        x += {0: 0.0, 1: 0.5 * extra, 2: extra}.get(align, 0.0)  # TA_LEFT, TA_CENTER, TA_RIGHT
    shapes: list[Shape] = []
    for i, (text, font, size, ink, rise) in enumerate(runs):
        placed = area.text(x, baseline + rise, text, font, size, ink)
        shapes.append(replace(placed, follows=i > 0 and not rise, word_space=word_space))
        x += stringWidth(text, font, size) + word_space * sum(text.count(s) for s in SPACES)
    return shapes
