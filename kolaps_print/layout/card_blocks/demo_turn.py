"""The front's `demo_turn` block (an edition's, the quick-start's): what this character does when
activated, with its own numbers (its walk and run in cm, the score each die must make), from the
rules data: the demo's table reads its turn off the card instead of the rules sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.content.formats import number
from kolaps_print.labels import label
from kolaps_print.layout.card_blocks.protocol import FrontBlock, Mode
from kolaps_print.layout.card_body import Block, Style, paragraph
from kolaps_print.layout.text_fit import Run
from kolaps_print.model.army_book import Member

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

BOLD, REGULAR = "KSans-Bold", "KSans"
LINES = ("move", "attack", "dice")  # cards.front.demo_turn_KEY_name / _KEY, in this order


class DemoTurnFront(FrontBlock):
    def body_key(self, front: FrontBuilder, member: Member) -> int | tuple[()]:
        return member.index if front.layout.shows.turn else ()  # this character's own numbers

    def body(self, front: FrontBuilder, member: Member, style: Style, mode: Mode, first: bool) -> list[Block]:
        if not front.layout.shows.turn or mode.specs or mode.traits:  # a card too small for every block goes without it
            return []
        return front.quiet_blocks(
            ("demo_turn", member.index, first), style, lambda quiet: _turn(front, member, quiet, first)
        )


def _turn(front: FrontBuilder, member: Member, style: Style, first: bool) -> list[Block]:
    """The block's heading and lines, in the quiet style (the weapons grow into the room, not this)."""
    values = _values(front, member)
    r = front.layout.front.reminder  # the reminders' gap and, unless the edition sets it, type
    size = front.layout.shows.turn_size or r.size  # read at the table: the weapons keep the room to grow
    path = ("characters", member.index)
    blocks = [front.section(style, "demo_turn", first)]
    for key in LINES:
        runs = [
            Run(label(f"cards.front.demo_turn_{key}_name"), BOLD),
            Run(label(f"cards.front.demo_turn_{key}", **values), REGULAR),
        ]
        blocks.append(paragraph(style, runs, size, r.gap, path, f"the demo turn's '{key}' line"))
    return blocks


def _values(front: FrontBuilder, member: Member) -> dict[str, str]:
    """This character's numbers as the quick-start counts them (walk and run: MVT × cm, the
    threshold: its rank's), and the faces that always succeed and fail."""
    rules, c = front.rules, member.character
    return {
        "walk": number(c.mvt * rules.actions.walk_cm_per_mvt),
        "run": number(c.mvt * rules.actions.run_cm_per_mvt),
        "threshold": label("cards.front.threshold", threshold=rules.dice.threshold(c.rank)),
        "success": number(rules.dice.always_success),
        "failure": number(rules.dice.always_failure),
    }
