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
from kolaps_print.layout.card_face import ASCENT
from kolaps_print.layout.reference.as_shapes import Area, block_shapes
from kolaps_print.layout.reference.bands import section_band
from kolaps_print.layout.reference.flow import SectionBand
from kolaps_print.layout.reference.look import Styles, ink, tint
from kolaps_print.layout.reference.row_table import BIG
from kolaps_print.layout.ruleset.look import CardLook, SheetLook
from kolaps_print.layout.ruleset.parts import ShapedPart
from kolaps_print.layout.shapes import Shape
from kolaps_print.layout.style import colour as house_colour
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


ROW_CLEAR = 0.1  # × the labels' size: a row below zero clears the row above (review, major 8)


def _strip(look: CardLook, gap: float, first: bool) -> float:
    """The room a row's line labels add above it: their capitals (no label descends: ½, ¼, 0,
    50 %, mourant) label_clear_mm over the line's end, flush with the row's top, and label_air_mm
    between them and the row of boxes above (docs/style.md, eleventh session: tracks11), the
    rows' own gap counted in it. Over the first row the label's whole line (ASCENT, as a
    preflight measures it) is inside the track, which its head gives its gap for
    (labelled_top): the label stood in that gap, past the track's measured top."""
    if first:
        return look.small_pt * ASCENT + pt(look.label_clear_mm)
    return max(0.0, look.small_pt * 0.75 + pt(look.label_clear_mm) + pt(look.label_air_mm) - gap)


@dataclass(frozen=True)
class Pitch:
    """A track's box, the gap between two boxes of a group and the gap between groups (points)."""

    box: float
    gap: float
    group_gap: float
    group: int  # boxes a group

    def group_width(self) -> float:
        return self.group * self.box + (self.group - 1) * self.gap

    def left_of(self, i: int) -> float:
        """The left of a row's i-th box (from 0)."""
        return (i // self.group) * (self.group_width() + self.group_gap) + (i % self.group) * (self.box + self.gap)


class BoxesBlock(ShapedPart):
    """A track's boxes in rows of whole groups (10 a row in groups of 5 on a poker card), ticked
    from the left; a thick line after each marked box, the boxes below zero tinted."""

    def __init__(self, track: Track, look: CardLook, short_last: bool = False):
        super().__init__()
        self.track, self.look, self.short_last = track, look, short_last
        self._grids: dict[float, tuple[Pitch, list[tuple[int, int]]]] = {}  # by width

    def per_row(self, width: float) -> int:
        """Boxes a row: whole groups when one fits the width, else as many boxes as fit."""
        base = self._base()
        groups = int((width + base.group_gap) // (base.group_width() + base.group_gap))
        if groups >= 1:
            return groups * self.look.box_group
        return max(1, int((width + base.gap) // (base.box + base.gap)))

    def _base(self) -> Pitch:
        return Pitch(
            pt(self.look.box_mm), pt(self.look.box_gap_mm), pt(self.look.box_group_gap_mm), self.look.box_group
        )

    def rows(self, width: float) -> list[tuple[int, int]]:
        """Each row's first box (from 0) and its count (_grid)."""
        return self._grid(width)[1]

    def _grid(self, width: float) -> tuple[Pitch, list[tuple[int, int]]]:
        """The track's pitch and rows, per_row boxes a row. Every track of a card has the look's
        one pitch and wraps at its grid (docs/style.md, eleventh session: tracks11): a last row of
        one or two boxes stays alone under the full rows rather than a joined row passing the
        grid or setting its track's boxes smaller than the card's others."""
        if width not in self._grids:
            per_row, total = self.per_row(width), self.track.boxes + self.track.negative
            rows = [(start, min(per_row, total - start)) for start in range(0, max(total, 1), per_row)]
            self._grids[width] = (self._base(), self._shortened(rows) if self.short_last else rows)
        return self._grids[width]

    def _shortened(self, rows: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """rows with the last one's last group on a row of its own (8 boxes: 5, then 3), so a note
        holds beside it (NoteBeside; cards14: the 3d6 mini backs' one placement)."""
        start, count = rows[-1]
        tail = count % self.look.box_group or self.look.box_group
        if tail == count:
            return rows
        return [*rows[:-1], (start, count - tail), (start + count - tail, tail)]

    def shortened(self) -> BoxesBlock:
        """The same boxes, their last row's last group on a row of its own (_shortened)."""
        return BoxesBlock(self.track, self.look, short_last=True)

    def _row_width(self, pitch: Pitch, start: int, count: int) -> float:
        """A row's width at pitch, from its first box's left to its last box's right (a line takes
        no width: it is its box's thick right side)."""
        return pitch.left_of(count - 1) + pitch.box

    def pitch(self, width: float) -> Pitch:
        """The track's pitch laid out width wide (_grid)."""
        return self._grid(width)[0]

    def row_width(self, start: int, count: int, width: float) -> float:
        """A row's width laid out width wide, from its first box's left to its last box's right."""
        return self._row_width(self.pitch(width), start, count)

    def row_of(self, i: int, width: float) -> tuple[int, int]:
        """Box i's row (from 0) and that row's first box."""
        rows = self.rows(width)
        row = next(r for r in range(len(rows) - 1, -1, -1) if rows[r][0] <= i)
        return row, rows[row][0]

    def lines(self) -> list[tuple[int, str]]:
        """The lines across the track: after which box, and what is printed above it (a state's
        fraction, « 0 · mourant » before the boxes below zero; a threshold is not a line)."""
        track = self.track
        out = [(m.after_box, m.short) for m in track.marks if m.counts == "left"]
        if track.negative:
            out.append(
                (track.boxes, label("rulesets.card.zero", text=track.negative_short) if track.negative_short else "0")
            )
        return out

    def shifted(self, i: int, start: int, width: float) -> float:
        """The left of box i (from 0) in its row (its first box start), laid out width wide: the
        same column in every row, whatever lines the rows carry."""
        return self.pitch(width).left_of(i - start)

    def labelled_top(self, width: float) -> bool:
        """Whether the first row has labels over it: the track's head then leaves out its gap."""
        first = self.rows(width)[0][1]
        return any(text and after <= first for after, text in self.lines())

    def row_tops(self, width: float) -> list[float]:
        """Each row's top, points below the block's top: a row with a labelled line has its
        labels' strip above it; a row that starts below zero a clearance (its tint not glued to
        the row above)."""
        rows = self.rows(width)
        labelled = {self.row_of(after - 1, width)[0] for after, text in self.lines() if text}
        zero_row, zero_start = self.row_of(self.track.boxes, width)
        below_zero = zero_row if self.track.negative and zero_start == self.track.boxes else -1
        box, gap = self.pitch(width).box, self._base().gap  # rows keep the look's gap: a label stands in it
        tops, y = [], 0.0
        for row in range(len(rows)):
            y += _strip(self.look, gap, row == 0) if row in labelled else 0
            y += ROW_CLEAR * self.look.small_pt if row == below_zero and row not in labelled else 0
            tops.append(y)
            y += box + gap
        return tops

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        self.height = self.row_tops(aW)[-1] + self.pitch(aW).box
        return aW, self.height

    def shapes_at(self, x: float, y: float, area: Area) -> list[Shape]:
        where = (x, y, area.height)
        return list(_laid_track(self.track, self.look, self.width, self.height, where, self.short_last))


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
        start, count = self.boxes.rows(width)[-1]
        return self.boxes.row_width(start, count, width) + pt(self.look.box_space_mm)

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
    track: Track, look: CardLook, width: float, height: float, where: tuple, short_last: bool = False
) -> tuple[Shape, ...]:
    """A track's boxes and marks as shapes, laid out once per value and place: characters whose
    totals are the same share them (issue 13), even when the rest of their faces differ."""
    x, y, area_height = where
    block, area = BoxesBlock(track, look, short_last), Area(area_height)
    rows, radius, tops = block.rows(width), pt(look.box_radius_mm), block.row_tops(width)
    pitch = block.pitch(width)
    black, paper = ink().cmyk(), house_colour("paper").cmyk()
    below = tint(ink(), look.negative_tint).cmyk()
    lines = dict(block.lines())
    shapes: list[Shape] = []
    grid = x + max(block.row_width(*row, width) for row in rows)  # labels stay over the boxes (tarot: past them)
    for i in range(track.boxes + track.negative):
        row, start = block.row_of(i, width)
        left = x + block.shifted(i, start, width)
        bottom = y + height - tops[row] - pitch.box
        fill = below if i >= track.boxes else paper
        shapes.append(area.box(left, bottom, pitch.box, pitch.box, fill, radius, black, look.box_pt))
        if i + 1 in lines:  # the marked box's right side drawn thick, its label above it
            shapes.append(_thick_side(left + pitch.box, bottom, pitch.box, look, area))
            after = left + pitch.box
            shapes += _line_label(lines[i + 1], after, bottom + pitch.box, (x, max(grid, after)), look, area)
    return tuple(shapes)


def _thick_side(right: float, bottom: float, box: float, look: CardLook, area: Area) -> Shape:
    """A line across a track (½, ¼, 0): the right side of the box before it thickened inwards,
    its outer edge on the outline's, between the rounded corners. It takes no width, so the
    boxes of every row stay in columns and no line crowds the next box (review, eleventh
    session: the lines drawn in widened gaps pushed their rows past the grid)."""
    centre = right + look.box_pt / 2 - look.mark_pt / 2
    radius = pt(look.box_radius_mm)
    return area.upright(centre, bottom + radius, bottom + box - radius, ink().cmyk(), look.mark_pt)


def _line_label(
    text: str, at: float, top: float, edges: tuple[float, float], look: CardLook, area: Area
) -> list[Shape]:
    """A line's label centred over it, kept inside the block's edges."""
    if not text:
        return []
    size, half, (left, right) = look.small_pt, stringWidth(text, SANS, look.small_pt) / 2, edges
    baseline, black = top + pt(look.label_clear_mm), ink().cmyk()
    if at + half > right:
        return [area.text(right, baseline, text, SANS, size, black, "right")]
    if at - half < left:
        return [area.text(left, baseline, text, SANS, size, black, "left")]
    return [area.text(at, baseline, text, SANS, size, black, "centre")]


class SectionBar(SectionBand):
    """A sheet section's band as KOLAPS's sheet sets it (layout/reference/bands.section_band: its
    title at the body + 3.5 pt, white on the system's colour, the column's width, its height and
    corners from the body); a band repeated where the section goes on in the next column adds
    « (suite) » after the title in the body's regular face."""

    def __init__(self, text: str, look: SheetLook, colour: Color, continued: str = ""):
        band = section_band(text, colour, Styles(look.body_pt), continued, look.tight_band())
        super().__init__(band.text, band.colour, band.pad)
        self.title, self.continued = text, continued
