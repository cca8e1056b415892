"""The front's `ruling_legend` block: what « † E27 » means, in the marks' own quiet italic, on a
card that prints a mark (small cards say it in the foot band: `band`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.labels import label
from kolaps_print.layout.card_blocks.protocol import FrontBlock, Mode
from kolaps_print.layout.card_body import Block, Style, paragraph
from kolaps_print.layout.text_fit import Run
from kolaps_print.model.army_book import Member

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

ITALIC = "KSans-Italic"
LEGEND = "the marks' legend"  # the block's name: the NOTES area goes above it (card_front)


class RulingLegendFront(FrontBlock):
    def body_key(self, front: FrontBuilder, member: Member) -> tuple[int, ...]:
        return tuple(map(id, member.specialisations))  # whether one prints a mark (front.marked)

    def __init__(self) -> None:
        self._blocks: dict[float, Block] = {}  # by scale: the same on every card that has it

    def body(self, front: FrontBuilder, member: Member, style: Style, mode: Mode, first: bool) -> list[Block]:
        if not (front.layout.front.specialisation.legend and front.marked(member, mode[0])):
            return []
        return [self._legend(front, front.quiet(style))]  # a mark is printed: say what it means

    def _legend(self, front: FrontBuilder, style: Style) -> Block:
        """What « † E27 » means, in the marks' own quiet italic: wherever a mark is printed."""
        if style.scale not in self._blocks:
            r = front.layout.front.reminder
            runs = [Run(label("common.ruling_legend"), ITALIC, front.muted)]
            self._blocks[style.scale] = paragraph(style, runs, r.size, 0.0, (), "", front.muted)
        block = self._blocks[style.scale]
        return Block(block.lines, block.gap_before, block.path, LEGEND)
