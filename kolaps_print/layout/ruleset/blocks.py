"""The rulesets' own blocks, beside the tables and paragraphs they stack with: a card's section
head, stat tiles and box tracks, the sheet's section bar. Each measures itself (wrap, in points)
and lays itself out as shapes (layout/reference/as_shapes.py) for the one painter."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from kolaps_print.content.ruleset_card import Tiles, Track
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.layout.reference.as_shapes import Area, ShapedBlock
from kolaps_print.layout.reference.look import ink, tint
from kolaps_print.layout.ruleset.look import CardLook, SheetLook
from kolaps_print.layout.shapes import Shape
from kolaps_print.layout.style import colour as house_colour
from kolaps_print.units import pt


class SectionHead(ShapedBlock):
    """A section's name in tracked bold capitals, a hairline running from it to the right edge."""

    def __init__(self, text: str, look: CardLook):
        super().__init__()
        self.text, self.look = text.upper(), look  # a mark « † D100-E4 » is in capitals already

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        return aW, self.look.section_pt * 1.2 + pt(self.look.head_gap_mm)

    def shapes(self, x: float, y: float, area: Area) -> list[Shape]:
        look, size, black = self.look, self.look.section_pt, ink().cmyk()
        base = y + pt(look.head_gap_mm) + size * 0.25
        shapes: list[Shape] = [area.text(x, base, self.text, SANS_BOLD, size, black, tracking=look.section_tracking_pt)]
        end = stringWidth(self.text, SANS_BOLD, size) + look.section_tracking_pt * len(self.text) + size * 0.6
        if end < self.width:  # a head as wide as the column goes without its rule
            shapes.append(area.rule(x + end, x + self.width, base + size * 0.3, black, look.rule_pt, "butt"))
        return shapes


class TilesBlock(ShapedBlock):
    """Equal tiles in one row: the stat's name small at the top (on two lines if it is long), its
    value large under it, on a light tint of the system's colour."""

    def __init__(self, tiles: Tiles, look: CardLook, colour: Color):
        super().__init__()
        self.tiles, self.look, self.colour = tiles.tiles, look, colour

    def _tile_width(self) -> float:
        gap = pt(self.look.tile_gap_mm)
        return (self.width - gap * (len(self.tiles) - 1)) / len(self.tiles)

    def _label_size(self) -> float:
        """The labels' one size: the look's, or smaller (by 0.25 pt, down to the look's tile_label_min_pt) until
        every word of every label fits inside its tile."""
        room, size = self._tile_width() - pt(0.8), self.look.tile_label_pt
        words = [word for name, _ in self.tiles for word in name.upper().split()]
        while size > self.look.tile_label_min_pt and any(stringWidth(w, SANS_BOLD, size) > room for w in words):
            size = max(self.look.tile_label_min_pt, round(size - 0.25, 2))
        return size

    def _names(self) -> list[list[str]]:
        room = self._tile_width() - pt(0.8)
        return [simpleSplit(name.upper(), SANS_BOLD, self._label_size(), room) or [""] for name, _ in self.tiles]

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        lines = max(len(n) for n in self._names())
        self.height = self._label_size() * (0.6 + 1.05 * lines) + self.look.tile_value_pt * 1.15
        return aW, self.height

    def shapes(self, x: float, y: float, area: Area) -> list[Shape]:
        look, black = self.look, ink().cmyk()
        w, gap, size = self._tile_width(), pt(look.tile_gap_mm), self._label_size()
        fill, radius = tint(self.colour, look.tile_tint).cmyk(), pt(look.tile_radius_mm)
        shapes: list[Shape] = []
        for i, ((_, value), names) in enumerate(zip(self.tiles, self._names(), strict=True)):
            left = x + i * (w + gap)
            shapes.append(area.box(left, y, w, self.height, fill, radius))
            centre = left + w / 2
            for n, line in enumerate(names):
                baseline = y + self.height - size * (1.15 + 1.05 * n)
                shapes.append(area.text(centre, baseline, line, SANS_BOLD, size, black, "centre"))
            value_y = y + look.tile_value_pt * 0.3
            shapes.append(area.text(centre, value_y, value, SANS_BOLD, look.tile_value_pt, black, "centre"))
        return shapes


class BoxesBlock(ShapedBlock):
    """A track's boxes in rows of whole groups (10 a row in groups of 5 on a poker card), ticked
    from the left; a thick line after each marked box, the boxes below zero tinted."""

    def __init__(self, track: Track, look: CardLook):
        super().__init__()
        self.track, self.look = track, look
        self.box, self.gap, self.group_gap = pt(look.box_mm), pt(look.box_gap_mm), pt(look.box_group_gap_mm)

    def _group_width(self) -> float:
        n = self.look.box_group
        return n * self.box + (n - 1) * self.gap

    def per_row(self, width: float) -> int:
        """Boxes a row: whole groups when one fits the width, else as many boxes as fit."""
        groups = int((width + self.group_gap) // (self._group_width() + self.group_gap))
        if groups >= 1:
            return groups * self.look.box_group
        return max(1, int((width + self.gap) // (self.box + self.gap)))

    def left_of(self, i: int) -> float:
        """The left of the row's i-th box (from 0)."""
        n = self.look.box_group
        return (i // n) * (self._group_width() + self.group_gap) + (i % n) * (self.box + self.gap)

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        total = self.track.boxes + self.track.negative
        rows = max(1, -(-total // self.per_row(aW)))
        self.height = rows * (self.box + self.gap) - self.gap
        return aW, self.height

    def shapes(self, x: float, y: float, area: Area) -> list[Shape]:
        return list(_laid_track(self.track, self.look, self.width, self.height, (x, y, area.height)))


@lru_cache(maxsize=512)
def _laid_track(track: Track, look: CardLook, width: float, height: float, where: tuple) -> tuple[Shape, ...]:
    """A track's boxes and marks as shapes, laid out once per value and place: characters whose
    totals are the same share them (issue 13), even when the rest of their faces differ."""
    x, y, area_height = where
    block, area = BoxesBlock(track, look), Area(area_height)
    per_row, radius = block.per_row(width), pt(look.box_radius_mm)
    black, paper = ink().cmyk(), house_colour("paper").cmyk()
    below = tint(ink(), look.negative_tint).cmyk()
    marks = {m.after_box for m in track.marks}
    shapes: list[Shape] = []
    for i in range(track.boxes + track.negative):
        left = x + block.left_of(i % per_row)
        bottom = y + height - (i // per_row) * (block.box + block.gap) - block.box
        fill = below if i >= track.boxes else paper
        shapes.append(area.box(left, bottom, block.box, block.box, fill, radius, black, look.box_pt))
        if i + 1 in marks:  # the line sits after the marked box, across its row
            after = left + block.box + (block.group_gap if (i + 1) % look.box_group == 0 else block.gap) / 2
            ends = (bottom - block.gap / 2, bottom + block.box + block.gap / 2)
            shapes.append(area.upright(after, *ends, black, look.mark_pt))
    return tuple(shapes)


class SectionBar(ShapedBlock):
    """A sheet section's title, white on a bar of the system's colour the column's width; a bar
    repeated where the section goes on in the next column adds a small « (suite) » after it."""

    def __init__(self, text: str, look: SheetLook, colour: Color, continued: str = ""):
        super().__init__()
        self.text, self.look, self.colour, self.continued = text, look, colour, continued

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        return aW, pt(self.look.section_bar_mm)

    def shapes(self, x: float, y: float, area: Area) -> list[Shape]:
        look, paper = self.look, house_colour("paper").cmyk()
        height, size = pt(look.section_bar_mm), look.section_pt
        bar = area.box(x, y, self.width, height, self.colour.cmyk(), pt(look.section_radius_mm))
        baseline, left = y + height / 2 - size * 0.35, x + size * 0.6
        shapes: list[Shape] = [bar, area.text(left, baseline, self.text, SANS_BOLD, size, paper)]
        if self.continued:  # a word space after the title
            after = left + stringWidth(self.text + " ", SANS_BOLD, size)
            shapes.append(area.text(after, baseline, self.continued, SANS, look.section_continued_pt, paper))
        return shapes
