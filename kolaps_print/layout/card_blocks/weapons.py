"""The front's `weapons` block: ARMES, then each weapon's name with its traits (beside it, or
under it when the line is too narrow) and its range bands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.layout import card_text
from kolaps_print.layout.card_blocks.protocol import FrontBlock, Mode
from kolaps_print.layout.card_body import Block, BodyLine, Style, pair_line, text_line
from kolaps_print.layout.card_face import Cut
from kolaps_print.model.army_book import Member
from kolaps_print.model.catalogue import Weapon

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

BOLD, REGULAR, ITALIC = "KSans-Bold", "KSans", "KSans-Italic"


class WeaponsFront(FrontBlock):
    def body_key(self, front: FrontBuilder, member: Member) -> tuple[int, ...]:
        return tuple(map(id, member.weapons))  # the catalogue's weapons, one object each

    def __init__(self) -> None:
        self._blocks: dict[tuple[int, float], Block] = {}  # weapons repeat across an army

    def body(self, front: FrontBuilder, member: Member, style: Style, mode: Mode, first: bool) -> list[Block]:
        if not member.weapons:
            return []
        head = front.section(style, "weapons", first)
        return [head] + [self._weapon(front, member, j, w, style) for j, w in enumerate(member.weapons)]

    def _weapon(self, front: FrontBuilder, member: Member, j: int, weapon: Weapon, style: Style) -> Block:
        key = (id(weapon), style.scale)
        if key not in self._blocks:
            self._blocks[key] = _weapon_block(front, weapon, style)
        block = self._blocks[key]
        path = ("characters", member.index, "weapons", j)
        lines = tuple(line if line.cut is None else _relocate(line, line.cut, path) for line in block.lines)
        return Block(lines, block.gap_before, path, f"weapon '{weapon.name}'")


def _weapon_block(front: FrontBuilder, weapon: Weapon, style: Style) -> Block:
    """Name, its traits (beside it, or right under it when the line is too narrow), then the range bands."""
    ws, what = front.layout.front.weapon, f"weapon '{weapon.name}'"
    traits = card_text.weapon_traits(weapon, front.rules)
    both = traits and pair_line(
        style, (weapon.name, BOLD, ws.name_size, front.ink), (traits, ITALIC, ws.traits_size, front.muted)
    )
    lines = [both or text_line(style, weapon.name, BOLD, ws.name_size, front.ink, (), what)]
    if traits and not both:
        lines.append(text_line(style, traits, ITALIC, ws.traits_size, front.muted, (), f"the trait list of {what}"))
    lines.append(
        text_line(
            style,
            card_text.weapon_range(weapon, front.rules),
            REGULAR,
            ws.range_size,
            front.ink,
            (),
            f"the range of {what}",
        )
    )
    lines.append(BodyLine(ws.gap * style.scale, lambda y: []))
    return Block(tuple(lines))


def _relocate(line: BodyLine, cut: Cut, path: tuple) -> BodyLine:
    """A cached weapon line's cut, pointed at this character's reference to the weapon."""
    return BodyLine(line.height, line.emit, line.emit_cut, Cut(path, cut.message))
