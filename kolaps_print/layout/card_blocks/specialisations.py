"""The front's `specialisations` block: SPÉCIALISATIONS, each with its text (its ruling's mark
« † E… » in quiet italics), or all by name with where their text is when the texts do not fit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.labels import label
from kolaps_print.layout.card_blocks.protocol import FrontBlock, Mode
from kolaps_print.layout.card_body import Block, Style, paragraph
from kolaps_print.layout.text_fit import Run
from kolaps_print.model.army_book import Member
from kolaps_print.model.catalogue import Specialisation
from kolaps_print.provenance import marked

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

BOLD, ITALIC = "KSans-Bold", "KSans-Italic"


class SpecialisationsFront(FrontBlock):
    def body_key(self, front: FrontBuilder, member: Member) -> tuple[int, ...]:
        return tuple(map(id, member.specialisations))

    def __init__(self) -> None:
        self._blocks: dict[tuple[int, float], Block] = {}

    def body(self, front: FrontBuilder, member: Member, style: Style, mode: Mode, first: bool) -> list[Block]:
        if not member.specialisations:
            return []
        head = front.section(style, "specialisations", first)
        if mode[0]:
            return [head, _specialisation_names(front, member, style)]
        return [head] + [self._specialisation(front, member, j, s, style) for j, s in enumerate(member.specialisations)]

    def _specialisation(self, front: FrontBuilder, member: Member, j: int, spec: Specialisation, style: Style) -> Block:
        key = (id(spec), style.scale)
        if key not in self._blocks:
            sp = front.layout.front.specialisation
            runs = [Run(label("cards.front.specialisation_name", name=spec.name), BOLD)]
            runs += front.marked_runs(marked(spec.text, spec.ruling))
            self._blocks[key] = paragraph(style, runs, sp.size, sp.gap, (), "", hang=sp.hang)
        block = self._blocks[key]
        return Block(
            block.lines,
            block.gap_before,
            ("characters", member.index, "specialisations", j),
            f"specialisation '{spec.name}'",
        )


def _specialisation_names(front: FrontBuilder, member: Member, style: Style) -> Block:
    """« Esquive · Ambidextre. » and where their text is: the fallback when the texts do not fit."""
    sp = front.layout.front.specialisation
    separator = label("cards.front.specialisation_name_separator")
    names = label("cards.front.specialisation_names", names=separator.join(s.name for s in member.specialisations))
    runs = [Run(names, BOLD), Run(label("cards.front.specialisations_elsewhere"), ITALIC, front.muted)]
    what = "the line of specialisations " + ", ".join(f"'{s.name}'" for s in member.specialisations)
    return paragraph(style, runs, sp.size, sp.gap, ("characters", member.index, "specialisations"), what)
