"""Flowing blocks of reference content into fixed boxes (sheet columns, card faces).

A small packer instead of platypus doc templates: the sheet must know exactly what fits on
each side (to shrink the type when it does not), and card faces are drawn later, by the
imposition, at positions it chooses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.colors import Color
from reportlab.platypus import Flowable, Paragraph

from kolaps_print.layout.reference.row_table import RowTable
from kolaps_print.layout.style import table_breaks

EPSILON = 0.01  # pt: rounding slack when comparing heights
ROW_SLACK = 0.001  # pt: less than any row, more than rounding: a height just short of a row's bottom
MIN_ROWS = 2  # a table split leaves at least this many body rows on each side


def _body_rows(table: Flowable) -> int:
    """Body rows, a row group (a row and its text under it) counting as one."""
    if not isinstance(table, RowTable):
        return MIN_ROWS
    return (len(table.cells) - table.repeatRows) // table.row_group


def table_rows(block: Flowable) -> int | None:
    """The body rows of the table a block holds (a Stack's, or the block itself), None if none."""
    if isinstance(block, Stack):
        counts = [n for part in block.parts if (n := table_rows(part)) is not None]
        return counts[-1] if counts else None
    return _body_rows(block) if isinstance(block, RowTable) and block.repeatRows else None


def house_cut(block: Flowable, pieces: list[Flowable]) -> bool:
    """Whether cutting block into pieces keeps the house's rule (style.yaml `table`): a short
    table is never cut, a longer one keeps split_rows rows at least on each side."""
    whole = table_rows(block)
    if whole is None or len(pieces) < 2:
        return True
    breaks = table_breaks()
    return breaks.may_split(whole) and all((table_rows(p) or 0) >= breaks.split_rows for p in pieces[:2])


def split_keeping_rows(
    part: Flowable, aW: float, aH: float, min_rows: int = MIN_ROWS, back_off: bool = False
) -> list[Flowable]:
    """part split to fit aH, leaving at least min_rows body rows on each side; [] if impossible.

    back_off: when the fullest cut would leave too few rows after it, cut earlier (cards);
    otherwise refuse (the sheet's columns then move the block whole).
    """
    if isinstance(part, Stack):
        return part.split_rows(aW, aH, min_rows, back_off)
    if not isinstance(part, RowTable) and min_rows > 1:
        return []  # a note or title is cut only when nothing else can move (an empty box)
    if isinstance(part, RowTable):
        return _split_table(part, aW, aH, min_rows, back_off)
    pieces = part.split(aW, aH)
    return pieces if len(pieces) >= 2 and all(_body_rows(p) >= min_rows for p in pieces) else []


def _split_table(table: RowTable, aW: float, aH: float, min_rows: int, back_off: bool) -> list[Flowable]:
    """The table cut after as many rows as fit aH (fewer with back_off, for the rest's sake)."""
    head, group = table.repeatRows, table.row_group
    body = (len(table.cells) - head) // group
    if body < 2:
        return []
    cut = min(_groups_fitting(table, aW, aH + EPSILON), body - 1)
    if back_off:
        cut = min(cut, body - min_rows) if cut >= min_rows else 0
    if cut < 1:
        return []
    pieces = _split_after(table, aW, aH + EPSILON, head + cut * group)
    for piece in pieces:
        piece.row_group = group  # reportlab's pieces are new Tables
    return pieces if len(pieces) >= 2 and all(_body_rows(p) >= min_rows for p in pieces) else []


def _groups_fitting(table: RowTable, aW: float, aH: float) -> int:
    """How many body row groups (under the header) reportlab's own split puts within aH."""
    pieces = table.split(aW, aH)
    if not pieces:
        return 0  # not even one body row
    rows = len(table.cells) if len(pieces) == 1 else len(pieces[0].cells)
    return (rows - table.repeatRows) // table.row_group


def _split_after(table: RowTable, aW: float, aH: float, rows: int) -> list[Flowable]:
    """table cut after exactly `rows` rows (header included) when they fit aH and the whole does not; else []."""
    heights = table.row_heights()
    if rows <= table.repeatRows or sum(heights) <= aH or sum(heights[:rows]) > aH:
        return []
    return table.cut(rows)


def _cut_last_rows(table: RowTable, aW: float, min_rows: int = MIN_ROWS) -> list[Flowable]:
    """table split so that its last min_rows rows start the second piece; [] if too short."""
    if _body_rows(table) < 2 * min_rows:
        return []
    keep = len(table.cells) - min_rows * table.row_group
    pieces = _split_after(table, aW, table.wrap(aW, 1e9)[1] - ROW_SLACK, keep)  # short of the whole table
    if not pieces:
        return []
    return split_keeping_rows(table, aW, pieces[0].wrap(aW, 1e9)[1] + EPSILON, min_rows, True)


class Stack(Flowable):
    """Flowables drawn one under the other, kept together; splits only inside its last table."""

    def __init__(
        self, parts: list[Flowable], gap: float = 0.0, continued: Flowable | None = None, tag: str | None = None
    ):
        super().__init__()
        self.parts = parts
        self.gap = gap
        self.continued = continued  # heads the second half after a split ("… (suite)")
        self.tag = tag  # what the block belongs to (a section id); both halves of a split keep it
        self._heights: list[float] = []

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self._heights = [p.wrap(aW, aH)[1] for p in self.parts]
        self.width = aW
        self.height = sum(self._heights) + self.gap * max(len(self.parts) - 1, 0)
        return aW, self.height

    def split(self, aW: float, aH: float) -> list[Flowable]:
        return self.split_rows(aW, aH, MIN_ROWS)

    def split_rows(self, aW: float, aH: float, min_rows: int, back_off: bool = False) -> list[Flowable]:
        """Fill aH with whole parts, then split the first part that does not fit (a table)."""
        used, placed = 0.0, []
        for i, part in enumerate(self.parts):
            h = part.wrap(aW, aH)[1]
            if used + h <= aH + EPSILON:
                placed.append(part)
                used += h + self.gap
                continue
            pieces = split_keeping_rows(part, aW, aH - used, min_rows, back_off)
            if len(pieces) >= 2:
                return self._halves(placed + [pieces[0]], list(pieces[1:]) + self.parts[i + 1 :])
            if placed and isinstance(placed[-1], RowTable):
                # An uncuttable note after a whole table: the table's last rows go along with it.
                pieces = _cut_last_rows(placed[-1], aW, max(min_rows, MIN_ROWS))
                if pieces:
                    return self._halves(placed[:-1] + [pieces[0]], list(pieces[1:]) + self.parts[i:])
            if min_rows == 1 and any(isinstance(p, (RowTable, Stack)) for p in placed):
                # Last resort (an empty box): break before the part that cannot be cut.
                return [Stack(placed, self.gap, tag=self.tag), Stack(self.parts[i:], self.gap, tag=self.tag)]
            break
        return []

    def _halves(self, head: list[Flowable], tail: list[Flowable]) -> list[Flowable]:
        """The two Stacks of a split; the second opens with the "(suite)" title. Both keep it: a
        piece that opens with it is read as a table's continuation (cards.table_pieces)."""
        lead = [self.continued] if self.continued is not None else []
        return [Stack(head, self.gap, self.continued, self.tag), Stack(lead + tail, self.gap, self.continued, self.tag)]

    def part_heights(self) -> list[float]:
        """Each part's height at the last wrap, top to bottom."""
        return list(self._heights)

    def draw(self) -> None:
        raise TypeError("a Stack is painted as shapes (layout/reference/as_shapes.py), never drawn by platypus")


class SectionBand(Flowable):
    """A section's colour band with its title in white."""

    def __init__(self, text: Paragraph, colour: Color, pad: float):
        super().__init__()
        self.text, self.colour, self.pad = text, colour, pad

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width = aW
        self._text_h = self.text.wrap(aW - 2 * self.pad, aH)[1]
        self.height = self._text_h + 2 * self.pad * 0.6
        return aW, self.height

    def draw(self) -> None:
        raise TypeError("a SectionBand is painted as shapes (layout/reference/as_shapes.py), never drawn by platypus")


@dataclass
class FlowBox:
    """A rectangle to fill, in points, and what was placed in it (flowable, height)."""

    x: float
    y: float
    width: float
    height: float
    placed: list[tuple[Flowable, float]] = field(default_factory=list)

    @property
    def used(self) -> float:
        return sum(h for _, h in self.placed)


def fill_box(
    box: FlowBox, queue: list[Flowable], gap: float, min_split: float = float("inf"), house: bool = True
) -> None:
    """Move flowables from queue into box while they fit; split one that straddles the bottom.

    A block is split (its table continues in the next box, header repeated) when it could
    never stand whole, when the box is still empty, or when at least min_split pt are left.
    """
    while queue:
        avail = box.height - box.used - gap * len(box.placed)
        flowable = queue[0]
        h = flowable.wrap(box.width, box.height)[1]
        if h <= avail + EPSILON:
            box.placed.append((flowable, h))
            queue.pop(0)
            continue
        if h > box.height or not box.placed or avail >= min_split:
            # back_off: a cut that would leave too few rows after it cuts earlier instead of not at
            # all: split_rows under the house's rule (the Letter sheet's modifiers 8 + 3, not 9 + 2)
            least = table_breaks().split_rows if house else MIN_ROWS
            pieces = split_keeping_rows(flowable, box.width, avail, least, back_off=True)
            if house and h <= box.height and not house_cut(flowable, pieces):
                pieces = []  # it fits a whole box: it moves on whole rather than cut against the rule
            if len(pieces) < 2 and not box.placed:
                # An empty box takes even a lone row or half a note: it would fit nowhere better.
                pieces = split_keeping_rows(flowable, box.width, avail, 1)
            if len(pieces) >= 2:
                queue[0:1] = pieces
                continue
        return


def fill_boxes(
    boxes: list[FlowBox], queue: list[Flowable], gap: float, min_split: float = float("inf"), house: bool = True
) -> bool:
    """Fill boxes in order; True when everything found a place. house: a table is cut only as
    the house allows (house_cut); False, wherever its rows allow (a sheet that fits no other way).

    A block that fits a box whole moves on whole to the next box rather than split at
    min_split, as long as the boxes after can still take everything: a table is best read
    in one piece, with its title and its rule (the card faces follow the same rule).
    """
    if not boxes:
        return not queue
    box, rest = boxes[0], boxes[1:]
    tries = [float("inf"), min_split] if min_split != float("inf") else [min_split]
    for split_at in tries:
        trial = list(queue)
        box.placed.clear()
        fill_box(box, trial, gap, split_at, house)
        if fill_boxes(rest, trial, gap, min_split, house):
            queue[:] = trial
            return True
    queue[:] = trial
    return False
