"""Packing reference blocks onto card faces: tables kept whole whenever a face can hold them.

Unlike the sheet's columns (a fixed count to fill), a card deck can grow a face, so the
rules favour whole tables: a block that fits an empty face never splits — it moves on,
or a later block of its section fills the gap; a block taller than a face splits with
at least card_min_rows() rows on each part (header repeated: the house's split_rows,
style.yaml `table`), and only as a last resort (rows too tall for that) with fewer.
"""

from __future__ import annotations

from reportlab.platypus import Flowable

from kolaps_print.layout.reference.flow import EPSILON, FlowBox, Stack, split_keeping_rows, table_rows
from kolaps_print.layout.reference.row_table import RowTable
from kolaps_print.layout.style import table_breaks


def card_min_rows() -> int:
    """The fewest rows a piece of a cut table holds: the house's split_rows, as the books and sheets."""
    return table_breaks().split_rows


def _tag(flowable: Flowable) -> str | None:
    return getattr(flowable, "tag", None)


def _room(box: FlowBox, gap: float) -> float:
    return box.height - box.used - gap * len(box.placed)


def _height(flowable: Flowable, box: FlowBox) -> float:
    return flowable.wrap(box.width, box.height)[1]


def _filler(box: FlowBox, queue: list[Flowable], gap: float) -> int | None:
    """Index of a later block of the same section that fits the room left; None if none.

    Only blocks after the first of the queue and within its section move up: a section
    stays in one run, its band first.
    """
    tag = _tag(queue[0])
    for i in range(1, len(queue)):
        if _tag(queue[i]) != tag or tag is None:
            return None
        if _height(queue[i], box) <= _room(box, gap) + EPSILON:
            return i
    return None


def _split_for(box: FlowBox, flowable: Flowable, gap: float, least: int) -> list[Flowable]:
    """A block taller than a face, split to start in the room left (or an empty face)."""
    pieces = _legal_split(flowable, box.width, _room(box, gap), box.height, least)
    if pieces or box.placed:
        return pieces
    for min_rows in range(least - 1, 0, -1):  # rows too tall for three a face: fewer, the rest as even
        # (Moral 2 + 1 + 1, Modificateurs 4 + 4 + 2 + 1 when cut greedily: issue 12, no piece of one row
        # where the rest can flow two a face)
        pieces = _legal_split(flowable, box.width, _room(box, gap), box.height, min_rows)
        if pieces:
            return pieces
    return split_keeping_rows(flowable, box.width, _room(box, gap), 1, back_off=True)


def _legal_split(flowable: Flowable, width: float, room: float, face: float, min_rows: int) -> list[Flowable]:
    """The fullest split into room whose rest can go on whole faces keeping min_rows a part.

    A greedy cut may leave a rest that can only end in a short piece (4 + 3 + 2): cut
    earlier, one row at a time, until the rest flows cleanly.
    """
    while room > 0:
        pieces = split_keeping_rows(flowable, width, room, min_rows, back_off=True)
        if len(pieces) < 2:
            return []
        if _flows(pieces[1], width, face, min_rows):
            return _at_break(flowable, pieces, width, face, min_rows) or pieces
        room = pieces[0].wrap(width, face)[1] - 1.0  # at least one row fewer
    return []


def _at_break(flowable: Flowable, pieces: list[Flowable], width: float, face: float, min_rows: int) -> list[Flowable]:
    """flowable cut earlier than pieces, at its table's last break (RowTable.breaks: where the
    walk-through's actor changes) when that leaves min_rows a piece and the rest whole on the next
    face (tarot19: tarot 7/14 ended its front on a lone « Cible » step under the attacker's six,
    where the poker and mini decks cut at the change); [] otherwise."""
    rows = table_rows(pieces[0]) or 0
    back = [b for b in getattr(_last_table(pieces[0]), "breaks", ()) if min_rows <= b < rows]
    if not back:
        return []
    while rows > max(back):
        pieces = split_keeping_rows(flowable, width, pieces[0].wrap(width, face)[1] - 1.0, min_rows, back_off=True)
        if len(pieces) < 2:
            return []
        rows = table_rows(pieces[0]) or 0
    fits = pieces[1].wrap(width, face)[1] <= face + EPSILON
    return pieces if rows == max(back) and fits else []


def _last_table(block: Flowable) -> Flowable | None:
    """The table a block ends on (a Stack's last table, or the block itself)."""
    if isinstance(block, Stack):
        return next((t for p in reversed(block.parts) if (t := _last_table(p)) is not None), None)
    return block if isinstance(block, RowTable) else None


def _flows(flowable: Flowable, width: float, face: float, min_rows: int) -> bool:
    if flowable.wrap(width, face)[1] <= face + EPSILON:
        return True
    return bool(_legal_split(flowable, width, face, face, min_rows))


def fill_face(box: FlowBox, queue: list[Flowable], gap: float, least: int | None = None) -> None:
    """Move blocks from queue into box by the rules above, a split leaving at least `least` rows a
    part when rows allow (the house's split_rows by default)."""
    least = card_min_rows() if least is None else least
    while queue:
        flowable = queue[0]
        h = _height(flowable, box)
        if h <= _room(box, gap) + EPSILON:
            box.placed.append((flowable, h))
            queue.pop(0)
            continue
        if h <= box.height + EPSILON:  # fits a face: never split, maybe let a later block in
            i = _filler(box, queue, gap)
            if i is None:
                return
            box.placed.append((queue[i], _height(queue[i], box)))
            queue.pop(i)
            continue
        pieces = _split_for(box, flowable, gap, least)
        if len(pieces) < 2:
            return
        queue[0:1] = pieces
