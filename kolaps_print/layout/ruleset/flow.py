"""Pouring a ruleset sheet's blocks into columns and card faces (FlowBox, as the reference
products' flow), by the rules the rulesets' pagination was fitted on: a block goes whole where it
fits; a kept group (a table with its bar, title and note: a Stack) that does not moves on to the
next box as loose parts, so a group taller than a whole box splits there; a loose table splits
between its rows, its header repeated (never between a row and its text under it), and a note
between its lines."""

from __future__ import annotations

from reportlab.platypus import Flowable

from kolaps_print.layout.reference.flow import FlowBox, Stack, split_keeping_rows
from kolaps_print.layout.reference.row_table import RowTable

FUZZ = 1e-6  # pt: a block this much taller than the room left still fits


def fill_column(box: FlowBox, story: list[Flowable]) -> None:
    """Move blocks from story into box, top down, splitting what straddles its foot as said above."""
    while story:
        block, room = story[0], box.height - box.used
        if room > 0:
            height = block.wrap(box.width, room)[1]
            if height <= room + FUZZ:
                box.placed.append((block, height))
                story.pop(0)
                continue
        if isinstance(block, Stack):  # kept together: on to the next box, where it may split
            story[0:1] = list(block.parts)
            if box.placed:
                return
            continue
        pieces = split_between_rows(block, box.width, room)
        if not pieces or (len(pieces) == 1 and pieces[0] is block):
            return
        story[0:1] = pieces


def split_between_rows(block: Flowable, width: float, room: float) -> list[Flowable]:
    """block split to fit room: a table whose rows go by groups (a row and its text under it, 3d6's
    « Actions de combat ») between two groups, one group at least each side; anything else as it splits."""
    if isinstance(block, RowTable) and block.row_group > 1:
        return split_keeping_rows(block, width, room, min_rows=1)
    return block.split(width, room)
