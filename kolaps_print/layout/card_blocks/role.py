"""The front's `role` block: archetype · function, under the band (in it, white, on small cards),
cut to the room the portrait and the band's marks leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_blocks.protocol import Card, FrontBlock
from kolaps_print.layout.card_face import Cut, FaceLayout, kept_uncut
from kolaps_print.layout.shapes import Shape, Text
from kolaps_print.layout.text_fit import fit_line, width_mm
from kolaps_print.model.army_book import Member

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

ITALIC = "KSans-Italic"


ROLES = 2048  # role lines kept by one builder: an army's distinct archetypes and functions


class RoleFront(FrontBlock):
    def __init__(self) -> None:
        self._lines: dict[tuple, list[Shape]] = {}  # uncut role lines, by all they depend on

    def build(self, front: FrontBuilder, card: Card) -> FaceLayout:
        c = card.member.character
        key = (c.archetype, c.function, card.member.portrait is not None, card.right, card.bare_star, front.name_size)
        return kept_uncut(self._lines, key, ROLES, lambda: self._role(front, card))

    def _role(self, front: FrontBuilder, card: Card) -> FaceLayout:
        member, f = card.member, front.layout.front
        c, sub = member.character, card_text.subtitle(member)
        if (sub or card.bare_star) and f.band.subtitle is not None:
            return _band_subtitle(front, member, sub, card.right, card.bare_star)
        if sub:
            where = "archetype" if c.archetype else "function"
            width = front.width - (front.portrait_size()[0] + f.avatar.gap if member.portrait else 0)
            return _line(front, member, (where,), sub, f.subtitle, width, front.muted)
        return FaceLayout()


def _band_subtitle(front: FrontBuilder, member: Member, sub: str, right: float, bare_star: bool) -> FaceLayout:
    """Archetype · function under the name, in white, from where the name starts to the band's marks;
    too long, the archetype alone (or the function), said in a warning; only then cut short. Beside
    the Avatar's bare star (small cards), the line starts with « Avatar · », which says what the star
    is, unless the role would lose words to it: then the role as it was (the star's meaning is in the
    book; a role cut short for it would be a warning on every such card)."""
    spec, left, c = front.layout.front.band.subtitle, front.emblem()[1], member.character
    assert spec is not None
    where = "archetype" if c.archetype else "function"
    roles = list(dict.fromkeys(t for t in (sub, c.archetype, c.function) if t))
    if bare_star:  # the word before each form of the role; a role that fits whole only without it comes first
        said = [label("cards.front.avatar_role", role=t) for t in roles]
        roles = [text for pair in zip(said, roles, strict=True) for text in pair] + [label("cards.front.avatar_alone")]
    for text in roles:
        if width_mm(text, ITALIC, spec.size) <= right - left:
            shown = Text(left, spec.baseline, text, ITALIC, spec.size, front.white)
            message = f"'{c.name}': archetype · function is too long for the card; printed as '{text}'"
            whole = not sub or text in roles[:2] if bare_star else text == sub  # the role lost no word
            return FaceLayout([shown], [] if whole else [Cut(("characters", member.index, where), message)])
    return _line(front, member, (where,), roles[0], spec, right - left, front.white, left)


def _line(
    front: FrontBuilder, member: Member, field: tuple, text: str, spec, width: float, colour, left=None
) -> FaceLayout:
    """The role in italics, shrunk then cut to width; a cut is a warning at the field."""
    fitted = fit_line(text, ITALIC, spec.size, front.layout.min_font, width)
    x = front.left if left is None else left
    shapes: list[Shape] = [Text(x, spec.baseline, fitted.text, ITALIC, fitted.size, colour)]
    if not fitted.cut:
        return FaceLayout(shapes)
    message = f"'{member.character.name}': archetype · function is too long for the card; printed as '{fitted.text}'"
    return FaceLayout(shapes, [Cut(("characters", member.index) + field, message)])
