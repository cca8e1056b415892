"""A sheet side's blocks reordered so that no table is cut across columns that could hold it whole.

The columns are filled in reading order (flow.fill_boxes); when that cuts a table while another
column has room (review 17, S8: the A4 recto's first column 78 % full, « Modificateurs de
difficulté » cut over columns 2-3), a block may move earlier: a whole section to an earlier
section boundary, or a table within its own section (never before the section's band). A move is
kept only when it cuts fewer tables; then a second one when it closes a hole above a column's
foot (the last column may end short: the side's reading ends there).
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable

from kolaps_print.layout.reference.flow import FlowBox, fill_boxes

Unit = tuple[str, int, Flowable]  # (section id, index in its section, the block)
Packing = tuple[list[FlowBox], list[Unit]]
MOVES = 2  # rounds: the first must cut fewer tables, the next may only balance the columns


def packed(
    units: list[Unit], new_boxes: Callable[[], list[FlowBox]], gap: float, min_split: float, house: bool
) -> list[FlowBox] | None:
    """The columns filled with units in this order, or None when they do not all fit."""
    boxes = new_boxes()
    queue = [u[2] for u in units]
    return boxes if fill_boxes(boxes, queue, gap, min_split, house) else None


def cuts(boxes: list[FlowBox], units: list[Unit]) -> int:
    """How many times a block was cut between columns: each cut adds a piece."""
    return sum(len(b.placed) for b in boxes) - len(units)


def hole(boxes: list[FlowBox], gap: float) -> float:
    """The largest room left at the foot of a column before the last (pt)."""
    free = [b.height - b.used - gap * max(len(b.placed) - 1, 0) for b in boxes[:-1]]
    return max(free, default=0.0)


def _moves(units: list[Unit]) -> list[list[Unit]]:
    """Every order one move away: a section's later table earlier within it, or a whole section
    earlier, to a boundary between sections (never into another section, never before the first)."""
    orders = []
    for i, (tag, index, _) in enumerate(units):
        if index > 0:  # a table after its section's first block: stays after the band
            first = next(k for k, u in enumerate(units) if u[0] == tag)
            orders += [units[:j] + [units[i]] + units[j:i] + units[i + 1 :] for j in range(i - 1, first, -1)]
        elif i > 0:
            section = [u for u in units if u[0] == tag]
            rest = [u for u in units if u[0] != tag]
            stops = [j for j in range(1, i) if rest[j - 1][0] != rest[j][0]]
            orders += [rest[:j] + section + rest[j:] for j in reversed(stops)]
    return orders


def reorder(
    units: list[Unit], new_boxes: Callable[[], list[FlowBox]], gap: float, min_split: float, house: bool
) -> list[FlowBox] | None:
    """The columns in reading order, or reordered as above when that cuts fewer tables."""
    boxes = packed(units, new_boxes, gap, min_split, house)
    if boxes is None or cuts(boxes, units) == 0:
        return boxes
    best: Packing = (boxes, units)
    for round_ in range(MOVES):
        score = (cuts(best[0], units), hole(best[0], gap))
        found: Packing | None = None
        for order in _moves(best[1]):  # nearest first: a tie keeps the smaller move
            trial = packed(order, new_boxes, gap, min_split, house)
            if trial is None:
                continue
            trial_score = (cuts(trial, units), hole(trial, gap))
            better = trial_score[0] < score[0] if round_ == 0 else trial_score[0] <= score[0] and trial_score < score
            if better and (found is None or trial_score < (cuts(found[0], units), hole(found[0], gap))):
                found = (trial, order)
        if found is None:
            break
        best = found
    return packed(best[1], new_boxes, gap, min_split, house)  # fresh boxes: the trials' were refilled
