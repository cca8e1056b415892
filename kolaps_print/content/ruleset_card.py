"""What a ruleset character's card back holds, as numbers: each track's boxes, where its marks
fall for that character's own total, its negative zone, and the boxes to tick. The card layout
(issue 13's next step) draws these; tracks are computed once per distinct value and shared."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kolaps_print.model.ruleset_army import RulesetMember
from kolaps_print.model.ruleset_cards import BoxTrackBlock, CheckboxesBlock, HitTrackBlock, Mark
from kolaps_print.model.ruleset_fields import Operand
from kolaps_print.model.ruleset_load import Ruleset
from kolaps_print.model.ruleset_values import mark_box, operand


@dataclass(frozen=True)
class TrackMark:
    after_box: int  # the line is drawn after this box, counted from 1
    label: str


@dataclass(frozen=True)
class Track:
    label: str
    boxes: int
    marks: tuple[TrackMark, ...] = ()
    negative: int = 0  # boxes below zero
    negative_label: str | None = None


@dataclass(frozen=True)
class Checkboxes:
    labels: tuple[str, ...]


BackItem = Track | Checkboxes


@cache
def _marks(total: int, marks: tuple[Mark, ...]) -> tuple[TrackMark, ...]:
    """Marks for one total: cached, so an army of equal totals computes them once."""
    return tuple(TrackMark(mark_box(total, m.numerator, m.denominator, m.rounding), m.label) for m in marks)


def _value(term: Operand, member: RulesetMember) -> int:
    known = {k: v for k, v in member.values.items() if v is not None}
    return max(0, operand(term, known))


def back_items(ruleset: Ruleset, member: RulesetMember) -> list[BackItem]:
    """The card back's trackers and boxes, in the order ruleset.yaml lists them."""
    items: list[BackItem] = []
    for block in ruleset.spec.card.back:
        if isinstance(block, HitTrackBlock):
            total = _value(block.of, member)
            negative = _value(block.negative_to, member) if block.negative_to is not None else 0
            items.append(Track(block.label, total, _marks(total, tuple(block.marks)), negative, block.negative_label))
        elif isinstance(block, BoxTrackBlock):
            items.append(Track(block.label, _value(block.length, member)))
        elif isinstance(block, CheckboxesBlock):
            items.append(Checkboxes(tuple(block.boxes)))
    return items
