"""A section's tables poured onto reference-card faces by the house's table breaks (style.yaml
`table`, as the books and sheets): a table of whole_rows body rows or fewer never splits, a longer
one keeps split_rows rows at least on each side of a cut, each piece under its title (« … (suite) »
after the first); a table's key stays with it (its last piece); a note is never cut between faces:
it goes whole under its table, else whole on the next face under the table's plain title (no
« (suite) »: that face holds no rows), and under a cut table a key and a note go together, never one a face (a whole table's note may
go overleaf alone, its key under it: the d12 ladder on poker cards).

A block goes whole where it fits, else whole on the next face; only a table taller than a face is
cut. A table too short to be cut (whole_rows rows or fewer) that does not fit a face whole is cut as
KOLAPS's cards cut one, split_rows rows a piece at least (counted: short, for the deck to choose a
size without any); one too short even for that, or a longer one whose rows are too tall for
split_rows a face, is cut as the faces allow: a fault, counted, for the deck to choose a size (a
smaller type) without any."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.platypus import Flowable, Paragraph, Spacer

from kolaps_print.layout.reference.flow import Stack
from kolaps_print.layout.reference.row_table import RowTable
from kolaps_print.layout.style import table_breaks

FUZZ = 1e-6  # pt: a block this much taller than the room left still fits
KEY_STYLE = "key"  # the style name of a table's key (layout/ruleset/sheet.py): it goes with the table


class FaceOverflow(ValueError):
    """A block that may not be cut does not fit an empty face."""


@dataclass(frozen=True)
class KeptTable:
    """A kept table's parts: its title (or None: the band names it), its grid, what follows it
    (its key, its note) and its gap under it."""

    title: Paragraph | None
    grid: RowTable
    key: list[Flowable]
    note: list[Flowable]
    gap: list[Flowable]

    @staticmethod
    def of(stack: Stack) -> KeptTable | None:
        """The stack's parts, or None if it holds no table: after the grid, its key (a paragraph
        styled KEY_STYLE, read with the table), its note, its gap."""
        at = next((i for i, part in enumerate(stack.parts) if isinstance(part, RowTable)), None)
        if at is None:
            return None
        before, after = stack.parts[:at], stack.parts[at + 1 :]
        titles = [p for p in before if isinstance(p, Paragraph)]
        gap = [p for p in after if isinstance(p, Spacer)]
        key = [p for p in after if isinstance(p, Paragraph) and p.style.name == KEY_STYLE]
        note = [p for p in after if not isinstance(p, Spacer) and all(p is not k for k in key)]
        return KeptTable(titles[-1] if titles else None, stack.parts[at], key, note, gap)


class FoldedStack(Stack):
    """A table of pairs whole (its parts), with the runs it reads in when cut (table_stacks of
    content.ruleset_sheet.run_parts: its note under the last run)."""

    def __init__(self, parts: list[Flowable], runs: list[Stack]):
        super().__init__(parts)
        self.runs = runs


class FacePour:
    """Faces of width × height pt filled top down: each face's blocks; what the rules could not
    keep counted (faults: tables cut against the house's breaks; short: tables of whole_rows rows
    or fewer cut, split_rows rows a piece, as too tall for a face; apart: keys set off their
    table), for the deck to choose the size that keeps them best."""

    def __init__(self, width: float, height: float, continued: Callable[[Paragraph], Paragraph]):
        self.width, self.height = width, height
        self.continued = continued  # a title -> its « (suite) »
        self.faces: list[list[Flowable]] = [[]]
        self.faults = self.short = self.apart = self.parted = 0
        self.measured: dict[int, tuple[Flowable, float]] = {}  # id -> (block, height): kept alive, measured once

    def room(self) -> float:
        return self.height - sum(self.measure(b) for b in self.faces[-1])

    def measure(self, block: Flowable) -> float:
        """block's height on a face, wrapped once (every face is wrapped at the same width and height)."""
        known = self.measured.get(id(block))
        if known is None:
            known = self.measured[id(block)] = (block, block.wrap(self.width, self.height)[1])
        return known[1]

    def fits(self, blocks: list[Flowable], room: float | None = None) -> bool:
        """Whether blocks go into room (the face's room left by default); a gap at a face's foot costs nothing."""
        parts = list(blocks)
        while parts and isinstance(parts[-1], Spacer):
            parts.pop()
        room = self.room() if room is None else room
        return sum(self.measure(b) for b in parts) <= room + FUZZ

    def whole(self, blocks: list[Flowable]) -> bool:
        """Whether blocks fit an empty face."""
        return self.fits(blocks, self.height)

    def rows_whole(self, stack: Stack) -> bool:
        """Whether table() keeps stack's rows on one face: the table fits an empty face with all it
        has, or with its key (its note then on the next face, as any table's)."""
        t = KeptTable.of(stack)
        if t is None or self.whole(stack.parts):
            return True
        return self.whole([*([t.title] if t.title else []), t.grid, *t.key])

    def new_face(self) -> None:
        if self.faces[-1]:
            self.faces.append([])

    def put(self, blocks: list[Flowable]) -> None:
        """blocks kept together where they fit: here, else on a new face."""
        if not self.fits(blocks):
            self.new_face()
        if not self.fits(blocks):
            raise FaceOverflow("a table does not fit on one card face: choose a larger --card (tarot)")
        self.faces[-1].append(Stack(list(blocks)))

    def pour(self, story: list[Flowable]) -> None:
        """Each block of story by the rules above."""
        for block in story:
            table = KeptTable.of(block) if isinstance(block, Stack) else None
            if table is None:
                self.put([block])
            else:
                self.table(table, block)

    def table(self, t: KeptTable, whole: Stack) -> None:
        """The table whole with all it has, else whole with its key (its note on the next face),
        else whole alone (key and note on the next face), else cut between its rows."""
        title = [t.title] if t.title else []
        if self.whole(whole.parts):
            self.put(whole.parts)
        elif t.note and self.whole([*title, t.grid, *t.key]) and self.note_parted([*title, t.grid, *t.key]):
            self.pour(whole.runs) if isinstance(whole, FoldedStack) and whole.runs else self.cut(t, title)
        elif t.note and self.whole([*title, t.grid, *t.key]):  # the note overleaf (a whole table's back)
            self.put([*title, t.grid, *t.key])
            self.put_behind(t, [*self.note_heading(t), *t.note, *t.gap])
        elif t.key and self.whole([*title, t.grid]):
            self.apart += 1
            self.put([*title, t.grid])
            self.put_behind(t, [*self.note_heading(t), *t.key, *t.note, *t.gap])
        else:
            self.cut(t, title)

    def note_parted(self, blocks: list[Flowable]) -> bool:
        """Whether blocks (a table whose note goes overleaf) fall on a back: the note would go to
        the next card (face 0 of a pour is a front)."""
        lands = len(self.faces) - 1 + (not self.fits(blocks) and bool(self.faces[-1]))
        return lands % 2 == 1

    def put_behind(self, t: KeptTable, blocks: list[Flowable]) -> None:
        """A table's key or note (blocks, under its plain title) put after its rows: on their face,
        else overleaf; on the next card's front (face 0 of a pour is a front) they would be parted
        from the rows, heading and note alone (designer review 13, d12 mini's « Jet opposé » on
        3/5, its rows on 2/5): counted, for the deck to choose a size without any."""
        rows = len(self.faces) - 1
        self.put(blocks)
        self.parted += len(self.faces) - 1 != rows and (len(self.faces) - 1) % 2 == 0

    def heading(self, t: KeptTable) -> list[Flowable]:
        return [self.continued(t.title)] if t.title else []

    def note_heading(self, t: KeptTable) -> list[Flowable]:
        """The plain title over a face of the table's key and note only: « (suite) » promises rows."""
        return [Paragraph(t.title.text, t.title.style)] if t.title else []

    def cut(self, t: KeptTable, title: list[Flowable]) -> None:
        """The table cut between its rows, each piece after the first on a face of its own; its
        key and note under the last piece when they fit there, else on the next face."""
        pieces = self.row_pieces(t, title)
        for i, piece in enumerate(pieces):
            if i:
                self.new_face()
            heading = title if i == 0 else self.heading(t)
            if i < len(pieces) - 1:
                self.put([*heading, piece])
            elif self.whole([*heading, piece, *t.key, *t.note]):
                self.put([*heading, piece, *t.key, *t.note, *t.gap])
            else:  # key and note together on the next face, never one a face (review 10)
                self.apart += bool(t.key)
                self.put([*heading, piece])
                if t.key or t.note:
                    self.put_behind(t, [*self.note_heading(t), *t.key, *t.note, *t.gap])

    def row_pieces(self, t: KeptTable, title: list[Flowable]) -> list[RowTable]:
        """The grid cut into pieces that fill the face left (or a face of their own), then whole
        faces, each of split_rows rows at least when the table is long enough to be cut at all;
        else (a fault) as the faces allow."""
        grid, breaks, group = t.grid, table_breaks(), t.grid.row_group
        heights = grid.row_heights()
        head, rows = sum(heights[: grid.repeatRows]), heights[grid.repeatRows :]
        body = [sum(rows[i : i + group]) for i in range(0, len(rows), group)]  # a row and its text under it: one
        short = not breaks.may_split(len(body))  # cut only as too tall for a face (the caller's rule)
        least = breaks.split_rows if len(body) >= 2 * breaks.split_rows else len(body) + 1
        counts: list[int] = []
        start, room, fault = 0, self.room(), False
        first = sum(self.measure(b) for b in title)
        later = sum(self.measure(b) for b in self.heading(t))
        while start < len(body):
            above, rest = (later if counts else first), len(body) - start
            if head + sum(body[start:]) + above <= room + FUZZ:
                counts.append(rest)
                break
            fit = _rows_within(body[start:], room - above - head)
            take = min(fit, rest - least) if rest - fit < least else fit
            if take < least and not counts and self.faces[-1] and room < self.height - FUZZ:
                room = self.height  # not here: from a face of its own
                continue
            if take < least:
                fault = True
                take = max(1, fit if rest - fit >= min(least, 2) or fit <= 1 else fit - 1)
            counts.append(take)
            start, room = start + take, self.height
        self.faults += fault
        self.short += short and not fault
        return _pieces(grid, [count * group for count in counts])


def misses(stacks: list[Flowable], width: float, height: float, continued) -> tuple[int, int, int]:
    """What the rules cannot keep of a table's blocks on empty faces of width × height: (faults,
    short tables cut, keys apart), (0, 0, 0) at best."""
    trial = FacePour(width, height, continued)
    try:
        trial.pour(list(stacks))
    except FaceOverflow:
        return (1 << 20, 0, 0)
    return trial.faults, trial.short, trial.apart


def _rows_within(rows: list[float], room: float) -> int:
    """How many of rows (heights, top down) fit room."""
    used, count = 0.0, 0
    for h in rows:
        if used + h > room + FUZZ:
            break
        used, count = used + h, count + 1
    return count


def _pieces(grid: RowTable, counts: list[int]) -> list[RowTable]:
    """grid cut into pieces of counts body rows, the header repeated over each."""
    pieces, rest = [], grid
    for count in counts[:-1]:
        first, rest = rest.cut(rest.repeatRows + count)
        pieces.append(first)
    return [*pieces, rest]


def without_trailing_gaps(face: list[Flowable]) -> list[Flowable]:
    """A face's blocks, the last one's gap under it dropped (nothing follows it on the face)."""
    if face and isinstance(face[-1], Stack) and face[-1].parts and isinstance(face[-1].parts[-1], Spacer):
        return [*face[:-1], Stack(face[-1].parts[:-1])]
    return face
