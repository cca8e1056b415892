"""The front's `edition_note` block: an edition's closing line (the demo's: what it leaves out,
and its ruling), never grown with the body and moved down to end just above the foot band."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.labels import label
from kolaps_print.layout.card_blocks.protocol import FrontBlock, Mode
from kolaps_print.layout.card_body import Block, Style, paragraph
from kolaps_print.layout.text_fit import Run
from kolaps_print.model.army_book import Member
from kolaps_print.provenance import marked

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

ITALIC = "KSans-Italic"
EDITION_NOTE = "the edition's note"  # the note block's name in messages, and how the builder finds it


class EditionNoteFront(FrontBlock):
    def body_key(self, front: FrontBuilder, member: Member) -> int | tuple[()]:
        return member.index if front.layout.shows.note else ()  # the card's own: its messages name it

    def body(self, front: FrontBuilder, member: Member, style: Style, mode: Mode, first: bool) -> list[Block]:
        if not front.layout.shows.note:
            return []
        return front.quiet_blocks(
            ("edition_note", member.index), style, lambda quiet: [_edition_note(front, member, quiet)]
        )


def _edition_note(front: FrontBuilder, member: Member, style: Style) -> Block:
    """The closing line of an edition's card (the demo's: what it leaves out, and its ruling)."""
    shows, r = front.layout.shows, front.layout.front.reminder
    assert shows.note is not None
    runs = [
        Run(run.text, ITALIC, front.muted)
        for run in front.marked_runs(marked(label(f"cards.front.{shows.note}"), shows.ruling))
    ]
    size = shows.note_size or r.size
    block = paragraph(style, runs, size, 0.0, ("characters", member.index), EDITION_NOTE, front.muted)
    return Block(block.lines, front.layout.front.section.gap_before * style.scale, block.path, block.what)
