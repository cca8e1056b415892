"""The rulesets' own blocks, beside the tables and paragraphs they stack with: a card's section
head, stat tiles and box tracks, the sheet's section bar. Each measures itself (wrap, in points)
and lays itself out as shapes (layout/reference/as_shapes.py) for the one painter; the card's
are parts of a face's drawing protocol too (layout/ruleset/parts.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from kolaps_print.content.ruleset_card import Tiles, Track
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.labels import label
from kolaps_print.layout.reference.as_shapes import Area, block_shapes
from kolaps_print.layout.reference.bands import section_band
from kolaps_print.layout.reference.flow import SectionBand
from kolaps_print.layout.reference.look import Styles, ink, tint
from kolaps_print.layout.reference.row_table import BIG
from kolaps_print.layout.ruleset.look import CardLook, SheetLook
from kolaps_print.layout.ruleset.parts import ShapedPart
from kolaps_print.layout.shapes import Shape
from kolaps_print.layout.style import colour as house_colour
from kolaps_print.numbers import number
from kolaps_print.units import pt


@lru_cache(maxsize=512)
def section_head(
    text: str, look: CardLook, aside: str = "", gap: bool = True, gap_mm: float | None = None
) -> SectionHead:
    """A section's head, one per text, look, aside and gap: the faces of a deck share it (measured
    once, its shapes made once per place), as they print the same heads."""
    return SectionHead(text, look, aside, gap, gap_mm)


class SectionHead(ShapedPart):
    """A section's name in tracked bold capitals, an aside after it in plain type as it is written
    (a track's threshold), a hairline running from them to the right edge."""

    SHARED = True  # made by section_head

    def __init__(self, text: str, look: CardLook, aside: str = "", gap: bool = True, gap_mm: float | None = None):
        super().__init__()
        self.text, self.look, self.aside = text.upper(), look, aside  # a mark « † D100-E4 » is in capitals already
        # without its gap under it when the block it heads starts with room of its own (a track's
        # labels over its first row stand where the gap was); gap_mm: a back's head over boxes
        self.gap = pt(look.head_gap_mm if gap_mm is None else gap_mm) if gap else 0.0
        self._set: dict[float, tuple[float, list[str]]] = {}  # its size and lines, by width

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        return aW, self.look.section_pt * 1.2 * len(self._lines()) + self.gap

    def _width(self, text: str, size: float) -> float:
        return stringWidth(text, SANS_BOLD, size) + self.look.section_tracking_pt * len(text)

    def _size(self) -> float:
        """The look's size, or smaller (by 0.25 pt, never below 6 pt) while the head is wider than
        the column: a long head (« Tir en rafale (6 à 20 balles) † D100-E4 ») on a grown card."""
        return self._sized()[0]

    def _lines(self) -> list[str]:
        """The head on one line; on two, broken at a space, when it is wider than the column even
        at 6 pt (that head on a mini card's 38 mm): never cut at the card's edge."""
        return self._sized()[1]

    def _sized(self) -> tuple[float, list[str]]:
        """_size and _lines at the width it was last set at, worked out once a width."""
        if self.width not in self._set:
            size = self.look.section_pt
            while size > 6 and self._width(self.text, size) > self.width:
                size = max(6.0, size - 0.25)
            self._set[self.width] = (size, self._broken(size))
        return self._set[self.width]

    def _broken(self, size: float) -> list[str]:
        if self._width(self.text, size) <= self.width or " " not in self.text:
            return [self.text]
        words = self.text.split(" ")
        cut = max((i for i in range(1, len(words)) if self._width(" ".join(words[:i]), size) <= self.width), default=1)
        return [" ".join(words[:cut]), " ".join(words[cut:])]

    def shapes_at(self, x: float, y: float, area: Area) -> list[Shape]:
        look, size, black = self.look, self._size(), ink().cmyk()
        *above, last = self._lines()
        step = look.section_pt * 1.2
        base = y + self.gap + look.section_pt * 0.25  # the last line's baseline; the lines above it step up
        shapes: list[Shape] = [
            area.text(
                x, base + step * (len(above) - i), line, SANS_BOLD, size, black, tracking=look.section_tracking_pt
            )
            for i, line in enumerate(above)
        ]
        shapes.append(area.text(x, base, last, SANS_BOLD, size, black, tracking=look.section_tracking_pt))
        end = self._width(last, size) + size * 0.6
        if self.aside:
            shapes.append(area.text(x + end, base, self.aside, SANS, size, black))
            end += stringWidth(self.aside, SANS, size) + size * 0.6
        if self.width - end >= pt(look.rule_min_mm):  # a head (nearly) as wide as the column goes without its rule
            shapes.append(area.rule(x + end, x + self.width, base + size * 0.3, black, look.rule_pt, "butt"))
        return shapes


class TilesBlock(ShapedPart):
    """Equal tiles in one row: the stat's name small at the top (on two lines if it is long), its
    value large under it, on a light tint of the system's colour."""

    def __init__(self, tiles: Tiles, look: CardLook, colour: Color):
        super().__init__()
        self.tiles, self.look, self.colour = tiles.tiles, look, colour
        self._kept: tuple[float, tuple] = (-1.0, ())  # _set's last answer, by width

    def _widths(self) -> list[float]:
        """Each tile's width (_tile_widths)."""
        return self._set()[0]

    def _label_size(self) -> float:
        """The labels' one size (_label_size)."""
        return self._set()[1]

    def _names(self) -> list[list[str]]:
        return self._set()[2]

    def _set(self) -> tuple[list[float], float, list[list[str]]]:
        """The tiles' widths, their labels' size and lines at the width last set at: the same for
        every face of a deck with the same labels (_tiles_set), whatever their values (but on a
        small card that fits its tiles to their contents)."""
        if self._kept[0] != self.width:
            values = tuple(v for _, v in self.tiles) if self.look.tile_fit_content else ()
            names = tuple(name for name, _ in self.tiles)
            self._kept = (self.width, _tiles_set(names, values, self.width, self.look))
        return self._kept[1]

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        lines = max(len(n) for n in self._names())
        self.height = self._label_size() * (0.6 + 1.05 * lines) + self.look.tile_value_pt * 1.15
        return aW, self.height

    def shapes_at(self, x: float, y: float, area: Area) -> list[Shape]:
        """Each tile, then its label's lines and its value: the tiles and labels as the other
        faces of the deck set them at that place (_frames), the value its own."""
        look, black = self.look, ink().cmyk()
        widths, label_pt, lines = self._set()
        labels = (tuple(widths), label_pt, tuple(map(tuple, lines)))
        frames = _frames(labels, (x, y, area.height), self.height, self.colour, look)
        shapes: list[Shape] = []
        value_y = y + look.tile_value_pt * 0.3
        for (_, value), frame, left, w in zip(self.tiles, frames, _lefts(x, widths, look), widths, strict=True):
            shapes += frame
            shapes.append(area.text(left + w / 2, value_y, value, SANS_BOLD, look.tile_value_pt, black, "centre"))
        return shapes


def _lefts(x: float, widths: list[float], look: CardLook) -> list[float]:
    """Each tile's left: from its index when all are equal (as before: the same bytes)."""
    gap = pt(look.tile_gap_mm)
    if len(set(widths)) == 1:
        return [x + i * (w + gap) for i, w in enumerate(widths)]
    return [x + sum(widths[:i]) + i * gap for i in range(len(widths))]


@lru_cache(maxsize=256)
def _frames(
    labels: tuple[tuple[float, ...], float, tuple[tuple[str, ...], ...]],
    where: tuple[float, float, float],
    height: float,
    colour: Color,
    look: CardLook,
) -> tuple[tuple[Shape, ...], ...]:
    """Each tile's box and label lines (labels: the tiles' widths, the labels' size and lines), at
    where (x, y and the area's height, points), height high: what faces with the same labels
    share, not their values."""
    (x, y, area_height), (widths, label_pt, lines) = where, labels
    area, black = Area(area_height), ink().cmyk()
    fill, radius = tint(colour, look.tile_tint).cmyk(), pt(look.tile_radius_mm)
    frames = []
    for left, w, label_lines in zip(_lefts(x, list(widths), look), widths, lines, strict=True):
        centre = left + w / 2
        frame: list[Shape] = [area.box(left, y, w, height, fill, radius)]
        for n, line in enumerate(label_lines):
            baseline = y + height - label_pt * (1.15 + 1.05 * n)
            frame.append(area.text(centre, baseline, line, SANS_BOLD, label_pt, black, "centre"))
        frames.append(tuple(frame))
    return tuple(frames)


@lru_cache(maxsize=64)
def _tiles_set(
    names: tuple[str, ...], values: tuple[str, ...], width: float, look: CardLook
) -> tuple[list[float], float, list[list[str]]]:
    """Tiles' widths, their labels' size and lines (values: only on a card that fits its tiles to
    their contents), worked out once for a deck's faces (not to be changed)."""
    widths = _tile_widths(names, values, width, look)
    size = _label_size(names, widths, look)
    return (
        widths,
        size,
        [simpleSplit(n.upper(), SANS_BOLD, size, w - pt(0.8)) or [""] for n, w in zip(names, widths, strict=True)],
    )


def _tile_widths(names: tuple[str, ...], values: tuple[str, ...], width: float, look: CardLook) -> list[float]:
    """Each tile's width: all equal; on a small card (look.tile_fit_content) where a label's
    word would not fit an equal tile even at the least size (3d6's « CORPS » in 38 mm), each
    as wide as its word or value needs, what is left shared alike."""
    gap = pt(look.tile_gap_mm)
    equal = (width - gap * (len(names) - 1)) / len(names)
    if not look.tile_fit_content:
        return [equal] * len(names)
    least = look.tile_label_min_pt
    needs = [max([stringWidth(w, SANS_BOLD, least) for w in name.upper().split()] + [0.0]) + pt(0.8) for name in names]
    if max(needs) <= equal:
        return [equal] * len(names)
    sizes = [stringWidth(v, SANS_BOLD, look.tile_value_pt) + pt(0.8) for v in values]
    needs = [max(n, v) for n, v in zip(needs, sizes, strict=True)]
    spare = (width - gap * (len(names) - 1) - sum(needs)) / len(names)
    return [n + spare for n in needs]


def _label_size(names: tuple[str, ...], widths: list[float], look: CardLook) -> float:
    """The labels' one size: the look's, or smaller (by 0.25 pt, down to the look's tile_label_min_pt) until
    every word of every label fits inside its tile."""
    size = look.tile_label_pt
    rooms = [w - pt(0.8) for w in widths]
    words = [(word, room) for name, room in zip(names, rooms, strict=True) for word in name.upper().split()]
    while size > look.tile_label_min_pt and any(stringWidth(w, SANS_BOLD, size) > r for w, r in words):
        size = max(look.tile_label_min_pt, round(size - 0.25, 2))
    return size


@dataclass(frozen=True)
class Pitch:
    """A track's box, the gap between two boxes of a group and the gap between groups (points)."""

    box: float
    gap: float
    group_gap: float
    group: int  # boxes a group


_ROW_COSTS = {  # what a track's row costs (BoxesBlock._broken)
    "row": 30.0,  # a row more
    "short": 12.0,  # a column left empty on a row above the last two
    "short_high": 0.01,  # ... a little more for each place under it: a short row as low as it can be
    "uneven": 1.5,  # a column between the last two rows
    "second_longer": 40.0,  # the last row longer than the one above it
    "lone_before_label": 4.0,  # a box alone before a label at a row's start
    "lone_after_label": 2.0,  # a zone's first box alone after its label at a row's end
}
GRIDS_KEPT = 4096  # tracks' laid rows kept for the process (a varied deck of 1000 has a few dozen)
_GRIDS: dict[tuple, tuple[tuple[Cell, ...], ...]] = {}


def _room(pitch: Pitch, rule: float, columns: int) -> float:
    """A zone label's room over columns: from its rule's right (the gap's middle before them) to
    the next box's left, the group gaps not counted."""
    return columns * (pitch.box + pitch.gap) + pitch.gap / 2 - rule / 2


@lru_cache(maxsize=1024)
def _glyph_fit(text: str, small: float, scale: float, most: float, pad_mm: float, rule: float, pitch: Pitch) -> float:
    """A one-glyph label's size in bold (½, ¼: review 22a, 3): small times scale up to most (a
    tarot's name stays clearly the largest text), or less down to small while one column does not
    hold it; 0 when not even small holds."""
    room = _room(pitch, rule, 1)
    size = max(small, min(small * scale, most))
    while size > small and stringWidth(text, SANS_BOLD, size) + 2 * pt(pad_mm) > room + 1e-6:
        size = max(small, round(size - 0.25, 2))
    return size if stringWidth(text, SANS_BOLD, size) + 2 * pt(pad_mm) <= room + 1e-6 else 0.0


@lru_cache(maxsize=1024)
def _label_fit(text: str, small: float, least: float, pad_mm: float, rule: float, pitch: Pitch) -> tuple[float, int]:
    """A zone's label's size and the columns it spans. It stands between the rule in the gap
    before it and the zone's first box, pad_mm from each: at the look's small size, or smaller
    down to least when that keeps it within one column (a grown card's « 50 % » took two, and the
    rows' columns then seldom held); else over the fewest columns that hold it at the small size
    (« 0 · mourant »). The room over columns runs from the rule's right (the gap's middle before
    them) to the next box's left, the group gaps not counted."""

    def room(columns: int) -> float:
        return _room(pitch, rule, columns)

    def wide(size: float) -> float:
        return stringWidth(text, SANS, size) + 2 * pt(pad_mm)

    size = small
    while size > least and room(1) < wide(size) - 1e-6:
        size = max(least, round(size - 0.25, 2))
    if room(1) < wide(size) - 1e-6:
        size = small
    n = 1
    while room(n) < wide(size) - 1e-6:
        n += 1
    return size, n


@dataclass(frozen=True)
class Cell:
    """One place in a row of a track: a box (its index from 0) or a zone's label (box -1) that
    stands between the last box of a zone and the first of the next; col is its first column of
    the track's grid, left from the row's left and width in points (a label spans whole columns)."""

    col: int
    left: float
    width: float
    box: int = -1
    text: str = ""
    size: float = 0.0  # a label's type size (points)
    span: int = 1  # the columns it spans (a label: those its fit needs)


class BoxesBlock(ShapedPart):
    """A track's boxes ticked from the left on one grid of columns (a group gap after every fifth
    box of a run of boxes on a row, _row; left_of: the grid's), in full rows and the last two balanced (11: 6 + 5 rather than 10 + 1); each zone after
    a threshold (½, 50 %, the boxes below zero) opens with its label on the row, in whole columns of
    the grid between the zone's first box and the box before it, where a thin rule parts them
    (tracks22: tracks21's labels took their own widths and the rows after them left the columns).
    grid: the widest row of a track without zones on the same face (its columns every box keeps)."""

    def __init__(self, track: Track, look: CardLook, short_last: bool = False, grid: int = 0):
        super().__init__()
        self.track, self.look, self.short_last, self.grid = track, look, short_last, grid
        self._grids: dict[float, list[tuple[Cell, ...]]] = {}  # by width
        self._pitch = Pitch(pt(look.box_mm), pt(look.box_gap_mm), pt(look.box_group_gap_mm), look.box_group)

    def pitch(self, width: float = 0.0) -> Pitch:
        """The track's pitch (the look's, whatever the width): made once, asked for every place."""
        return self._pitch

    def zones(self) -> dict[int, str]:
        """The label before each zone's first box (from 0): a state's fraction (½, 50 %), the
        boxes below zero (« 0 · mourant »); a threshold lost at once is not a zone (its head says it)."""
        track, total = self.track, self.track.boxes + self.track.negative
        out: dict[int, str] = {}
        for m in track.marks:
            if m.counts == "left" and 0 < m.after_box < total:  # a system without fractions: the points left
                text = m.short or number(m.points)
                out[m.after_box] = label("rulesets.card.separator").join(filter(None, [out.get(m.after_box), text]))
        if track.negative:
            short = track.negative_short
            out[track.boxes] = label("rulesets.card.zero", text=short) if short else number(0)
        return out

    def left_of(self, col: int) -> float:
        """A column's left from the row's left: the pitch's gap between two columns, the group gap
        after every box_group-th (the grid's right edge, which a row with labels keeps: _row)."""
        pitch = self.pitch()
        return col * (pitch.box + pitch.gap) + (col // pitch.group) * (pitch.group_gap - pitch.gap)

    def _label(self, text: str) -> tuple[float, int]:
        """A zone's label's size and the columns it spans (_label_fit: the same for every character
        of a deck's size, so worked out once)."""
        look = self.look
        if len(text) == 1:
            scale, most = look.zone_glyph_scale, look.zone_glyph_max_pt
            size = _glyph_fit(text, look.small_pt, scale, most, look.zone_pad_mm, look.zone_rule_pt, self._pitch)
            if size:
                return size, 1
        return _label_fit(text, look.small_pt, look.zone_min_pt, look.zone_pad_mm, look.zone_rule_pt, self._pitch)

    def font_of(self, cell: Cell) -> str:
        """A label's face: bold for one glyph set larger (_glyph_fit), else regular."""
        return SANS_BOLD if len(cell.text) == 1 and cell.size > self.look.small_pt + 1e-6 else SANS

    def _columns(self, text: str) -> int:
        return self._label(text)[1]

    def _items(self) -> list[tuple[int, str]]:
        """The track's places in order: each box (its index), a zone's label (box -1) before the
        zone's first box."""
        zones, items = self.zones(), list[tuple[int, str]]()
        for i in range(max(self.track.boxes + self.track.negative, 1)):
            if i in zones and i > 0:
                items.append((-1, zones[i]))
            items.append((i, ""))
        return items

    def _span(self, item: tuple[int, str]) -> int:
        return 1 if item[0] >= 0 else self._columns(item[1])

    def _row(self, items: list[tuple[int, str]]) -> tuple[Cell, ...]:
        """items set in a row from its first column, a label over its own columns (a row short of
        the grid ends short: a label stretched over the columns left stood apart from its rule,
        review 23, 1). The group gap stands after every fifth box of a run of boxes (the boxes
        between the row's ends and its labels) counted from the run's start, not at a grid column
        (review 23, 3: « ½ ▢▢▢▢ ▢|¼ »), and not in a run of seven or fewer (22a, 9: « ▢▢▢▢▢ ▢ »);
        a row with labels keeps the grid's right edge, its labels taking the gaps it leaves out."""
        pitch = self.pitch()
        spans = [self._span(item) for item in items]
        grouped = self._group_gaps(items)
        widths = [
            pitch.box if box >= 0 else span * pitch.box + (span - 1) * pitch.gap
            for (box, _), span in zip(items, spans, strict=True)
        ]
        seps = [pitch.group_gap if k in grouped else pitch.gap for k in range(len(items))]
        cols = sum(spans)
        natural = sum(widths) + sum(seps[:-1])
        labels = [k for k, (box, _) in enumerate(items) if box < 0]
        short = self.left_of(cols - 1) + pitch.box - natural
        if labels and short > 1e-9:  # the gaps left out go to the labels: the row ends on the grid
            widths = [w + short / len(labels) if k in labels else w for k, w in enumerate(widths)]
        cells, col, left = [], 0, 0.0
        for (box, text), span, width, sep in zip(items, spans, widths, seps, strict=True):
            size = 0.0 if box >= 0 else self._label(text)[0]
            cells.append(Cell(col, left, width, box, text, size, span))
            col += span
            left += width + sep
        return tuple(cells)

    def _group_gaps(self, items: list[tuple[int, str]]) -> set[int]:
        """The places of a row followed by a group gap: every box_group-th box of a run of boxes
        counted from its start, but its last, in a run of more than box_group + 2 boxes."""
        group, out, run = self.pitch().group, set[int](), list[int]()
        for k, (box, _) in enumerate([*items, (-1, "")]):
            if box >= 0:
                run.append(k)
                continue
            if len(run) > group + 2:
                out |= {place for n, place in enumerate(run[:-1], 1) if n % group == 0}
            run = []
        return out

    def _most(self, width: float) -> int:
        """The most columns a row holds width wide: whole groups when two fit (10 a poker row),
        else as many as fit (8 on a mini: 5 and 3)."""
        pitch, most = self.pitch(), 1
        while self.left_of(most) + pitch.box <= width + 1e-6:
            most += 1
        return most - most % pitch.group if most >= 2 * pitch.group else most

    def _grid(self, width: float) -> list[tuple[Cell, ...]]:
        """Every row full to the grid's width, the last two balanced (the first the longer): a
        zone's label takes its columns on the row, at its start when the zone opens a row."""
        if width not in self._grids:
            look = self.look
            sizes = (look.small_pt, look.zone_min_pt, look.zone_glyph_scale, look.zone_glyph_max_pt)
            kind = (*sizes, look.zone_pad_mm, look.zone_rule_pt, self._pitch)  # what a label's fit depends on
            key = (tuple(self._items()), kind, self.grid, self.short_last, width)
            if key not in _GRIDS:  # a deck's characters share a few totals: each laid out once
                if len(_GRIDS) >= GRIDS_KEPT:
                    _GRIDS.clear()
                _GRIDS[key] = tuple(self._laid(width))
            self._grids[width] = list(_GRIDS[key])
        return self._grids[width]

    def _laid(self, width: float) -> list[tuple[Cell, ...]]:
        cap = self._most(width)
        rows = self._broken(cap)
        laid = [self._row(row) for row in rows]
        return self._shortened(laid) if self.short_last else laid

    def _broken(self, cap: int) -> list[list[tuple[int, str]]]:
        """The track's places in rows of at most cap columns, the breaks chosen for the least cost
        (_ROW_COSTS, review 22a, 4 and 8): as few rows as hold them; every row but the last two
        full to the grid's width, a row short of it only where a break elsewhere cannot avoid it, and then
        as low as it can be (review 23, 1); the last two balanced, the first
        the longer (11: 6 + 5, never 10 + 1); no box left alone before a label at a row's start."""
        items = self._items()
        spans = [self._span(item) for item in items]
        n = len(items)
        ends = [0] * (n + 1)
        for i, span in enumerate(spans):
            ends[i + 1] = ends[i] + span

        def fits(i: int, j: int) -> bool:
            return ends[j] - ends[i] <= cap

        def marks(i: int, j: int) -> float:
            """What a row from i to j costs whatever its place: a box alone before a label at its
            start, a label's first box alone at its end."""
            cost = 0.0
            if j - i >= 2 and items[i][0] >= 0 and items[i + 1][0] < 0:
                cost += _ROW_COSTS["lone_before_label"]
            if j - i >= 2 and items[j - 1][0] >= 0 and items[j - 2][0] < 0:
                cost += _ROW_COSTS["lone_after_label"]
            return cost

        def full(i: int, j: int) -> float:
            """A row above the last two: the columns it leaves."""
            short = cap - (ends[j] - ends[i])
            if not short:
                return 0.0
            return (_ROW_COSTS["short"] + _ROW_COSTS["short_high"] * (n - j)) * short

        best: dict[int, tuple[float, list[int]]] = {n: (0.0, [])}
        for i in range(n - 1, -1, -1):
            options: list[tuple[float, list[int]]] = []
            if fits(i, n):
                options.append((_ROW_COSTS["row"] + marks(i, n), [n]))
            for j in range(i + 1, n):
                if not fits(i, j):
                    break
                if fits(j, n):  # the last two rows: balanced, the first the longer
                    first, second = ends[j] - ends[i], ends[n] - ends[j]
                    odd = _ROW_COSTS["second_longer"] if second > first else 0.0
                    cost = 2 * _ROW_COSTS["row"] + marks(i, j) + marks(j, n) + odd
                    options.append((cost + _ROW_COSTS["uneven"] * abs(first - second), [j, n]))
                if j in best and not fits(j, n):
                    rest, breaks = best[j]
                    options.append((_ROW_COSTS["row"] + full(i, j) + marks(i, j) + rest, [j, *breaks]))
            if options:
                best[i] = min(options, key=lambda o: o[0])
        breaks = best[0][1] if 0 in best else [n]
        rows, start = [], 0
        for end in breaks:
            rows.append(items[start:end])
            start = end
        return rows

    def _shortened(self, rows: list[tuple[Cell, ...]]) -> list[tuple[Cell, ...]]:
        """rows with the last one's last group of boxes on a row of its own (8 boxes: 5, then 3),
        so a note holds beside it (NoteBeside; cards14: the 3d6 mini backs' one placement); a
        label's box goes with it."""
        last = rows[-1]
        boxes = [c for c in last if c.box >= 0]
        tail = len(boxes) % self.look.box_group or self.look.box_group
        if tail == len(boxes):
            return rows
        cut = last.index(boxes[-tail])
        while 0 < cut < len(last) and last[cut - 1].box < 0:  # a label stays between its two boxes
            cut += 1
        if cut >= len(last):
            return rows
        items = [(c.box, c.text) for c in last]
        return [*rows[:-1], self._row(items[:cut]), self._row(items[cut:])]

    def shortened(self) -> BoxesBlock:
        """The same boxes, their last row's last group on a row of its own (_shortened)."""
        return BoxesBlock(self.track, self.look, short_last=True, grid=self.grid)

    def plain_row(self, width: float) -> int:
        """The widest row of a track without zones (its boxes), 0 for one with zones: the columns
        the face's other tracks keep (grid)."""
        return 0 if self.zones() else max(len(row) for row in self.rows(width))

    def rows(self, width: float) -> list[tuple[Cell, ...]]:
        """The track's rows laid out width wide, each a tuple of its places."""
        return self._grid(width)

    def last_row_width(self, width: float) -> float:
        """The last row's width, from its first place's left to its last's right."""
        last = self.rows(width)[-1]
        return last[-1].left + last[-1].width

    def labelled_top(self, width: float) -> bool:
        """Whether the first row has labels over it (none since tracks21: a zone's label is on its row)."""
        return False

    def row_tops(self, width: float) -> list[float]:
        """Each row's top, points below the block's top: the pitch's box and row gap apart."""
        pitch = self.pitch()
        return [n * (pitch.box + pt(self.look.box_row_gap_mm)) for n in range(len(self.rows(width)))]

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        self.height = self.row_tops(aW)[-1] + self.pitch().box
        return aW, self.height

    def shapes_at(self, x: float, y: float, area: Area) -> list[Shape]:
        where = (x, y, area.height)
        return list(_laid_track(self.track, self.look, self.width, self.height, where, self.short_last, self.grid))


class NoteBeside(ShapedPart):
    """A track's boxes with a short note (« Seuils ASSOMMANT et COUPS : voir l’aide. ») set in
    the room right of their last row, on at most two lines, its top level with that row's:
    the line the note took under the boxes is saved (thirteenth session, backs13: Lou Ferrand's
    mini back, whose last row below zero holds two boxes). fits() says whether it holds there."""

    LINES = 2

    def __init__(self, boxes: BoxesBlock, note: Paragraph, look: CardLook):
        super().__init__()
        self.boxes, self.note, self.look = boxes, note, look

    def _left(self, width: float) -> float:
        """Where the note starts: the last row's right, and the look's room between a label and a box."""
        return self.boxes.last_row_width(width) + pt(self.look.box_space_mm)

    def _set(self, width: float) -> tuple[float, float]:
        """The note's width and height set beside the last row: its lines balanced (the narrowest
        width that keeps as few lines), none wider than the room."""
        room = width - self._left(width)
        _, height = self.note.wrap(room, BIG)
        lines = len(self.note.blPara.lines)
        narrow = room
        while narrow > pt(1) and self.note.wrap(narrow - pt(0.5), BIG)[1] <= height + 1e-6:
            narrow -= pt(0.5)
        self.note.wrap(narrow, BIG)
        return (narrow, height) if lines <= self.LINES else (room, BIG)

    def fits(self, width: float) -> bool:
        """Whether the note holds beside the last row, every word whole, on at most two lines."""
        room = width - self._left(width)
        if room <= 0:
            return False
        narrow, height = self._set(width)
        words = self.note.getPlainText().split()
        return height < BIG and all(
            stringWidth(w, self.note.style.fontName, self.note.style.fontSize) <= narrow for w in words
        )

    def _top(self, width: float) -> float:
        """The note's top, points under the block's: its line's top level with the last row's
        top (raised to the boxes' capitals, its ascenders would come within 0.2 mm of the row above)."""
        return self.boxes.row_tops(width)[-1]

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        boxes = self.boxes.wrap(aW, aH)[1]
        _, note = self._set(aW)
        self.height = max(boxes, self._top(aW) + note)
        return aW, self.height

    def shapes_at(self, x: float, y: float, area: Area) -> list[Shape]:
        top = y + self.height
        shapes = self.boxes.shapes_at(x, top - self.boxes.height, area)
        _, note = self._set(self.width)
        at = top - self._top(self.width) - note
        return shapes + block_shapes(self.note, x + self._left(self.width), at, area)


@lru_cache(maxsize=512)
def _laid_track(
    track: Track, look: CardLook, width: float, height: float, where: tuple, short_last: bool = False, grid: int = 0
) -> tuple[Shape, ...]:
    """A track's boxes, zone labels and rules as shapes, laid out once per value and place:
    characters whose totals are the same share them (issue 13), even when the rest of their faces differ."""
    x, y, area_height = where
    block, area = BoxesBlock(track, look, short_last, grid), Area(area_height)
    pitch, radius = block.pitch(), pt(look.box_radius_mm)
    box, black, paper = pitch.box, ink().cmyk(), house_colour("paper").cmyk()
    below = tint(ink(), look.negative_tint).cmyk()
    shapes: list[Shape] = []
    for top, row in zip(block.row_tops(width), block.rows(width), strict=True):
        bottom = y + height - top - box
        for k, cell in enumerate(row):
            if cell.box >= 0:
                fill = below if cell.box >= track.boxes else paper
                shapes.append(area.box(x + cell.left, bottom, box, box, fill, radius, black, look.box_pt))
                continue
            # a thin rule in the middle of the gap after the zone's last box, the label between it
            # and the next zone's first box, its capitals centred on the boxes' height
            font, middle = block.font_of(cell), bottom + box / 2 - cell.size * 0.35
            after = x + (row[k + 1].left if k + 1 < len(row) else cell.left + cell.width + pitch.gap)
            if not k:  # opening its row: it stands by its zone's first box, its pad from it, and
                # its rule before it on its row, not after the row above's last box, where it read
                # as the track's frame (review 23, 6)
                right = after - pt(look.zone_pad_mm)
                ink_left = right - stringWidth(cell.text, font, cell.size)
                rule = max(x + look.zone_rule_pt / 2, ink_left - pt(look.zone_pad_mm) - look.zone_rule_pt / 2)
                text = area.text(right, middle, cell.text, font, cell.size, black, "right")
            else:
                rule = x + row[k - 1].left + row[k - 1].width + pitch.gap / 2
                centre = (rule + look.zone_rule_pt / 2 + after) / 2
                text = area.text(centre, middle, cell.text, font, cell.size, black, "centre")
            shapes.append(area.upright(rule, bottom + radius, bottom + box - radius, black, look.zone_rule_pt))
            shapes.append(text)
    return tuple(shapes)


class SectionBar(SectionBand):
    """A sheet section's band as KOLAPS's sheet sets it (layout/reference/bands.section_band: its
    title at the body + 3.5 pt, white on the system's colour, the column's width, its height and
    corners from the body); a band repeated where the section goes on in the next column adds
    « (suite) » after the title in the body's regular face."""

    def __init__(self, text: str, look: SheetLook, colour: Color, continued: str = ""):
        band = section_band(text, colour, Styles(look.body_pt), continued, look.tight_band())
        super().__init__(band.text, band.colour, band.pad)
        self.title, self.continued = text, continued
