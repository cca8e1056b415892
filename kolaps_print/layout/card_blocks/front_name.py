"""The front's `name` block: the band of the affiliation's colour, the emblem and the character's
name on it, the Avatar mark and the copy number, and the portrait over it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from kolaps_print.layout.card_blocks.protocol import Card, FrontBlock
from kolaps_print.layout.card_face import Cut, FaceLayout
from kolaps_print.layout.portraits import load_portrait, soft_portrait
from kolaps_print.layout.shapes import Box, Picture, Shape, Text
from kolaps_print.layout.text_fit import fit_line
from kolaps_print.model.army_book import Member

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

BOLD = "KSans-Bold"


class NameFront(FrontBlock):
    def furniture(self, front: FrontBuilder) -> FaceLayout:
        f, w, paint = front.layout.front, front.size.width, front.layout.bleed_paint
        return FaceLayout([Box(-paint, -paint, w + 2 * paint, f.band.height + paint, fill=front.colour)])

    def build(self, front: FrontBuilder, card: Card) -> FaceLayout:
        out, member = FaceLayout(), card.member
        if member.portrait is not None:
            out.extend(_portrait(front, member, member.portrait))
        out.shapes += card.marks
        out.extend(_name(front, member, card.right - front.left))
        return out


def _portrait(front: FrontBuilder, member: Member, portrait: Path) -> FaceLayout:
    p = front.layout.front.portrait
    width, height = front.portrait_size()
    x = front.left + front.width - width
    shapes: list[Shape] = [
        Box(x - 0.4, p.top - 0.4, width + 0.8, height + 0.8, fill=front.white),
        Picture(x, p.top, width, height, portrait),
    ]
    soft = soft_portrait(load_portrait(portrait), width, height, member.character.name, front.min_ppi)
    return FaceLayout(shapes, [Cut(("characters", member.index, "portrait"), soft)] if soft else [])


def _name(front: FrontBuilder, member: Member, width: float) -> FaceLayout:
    """The character's name in the band, white on the affiliation colour."""
    band, name = front.layout.front.band, member.character.name
    shapes, left = front.emblem()
    fitted = fit_line(name, BOLD, front.name_size or band.size, front.layout.min_font, width - (left - front.left))
    shapes.append(Text(left, front.name_baseline(fitted.size), fitted.text, BOLD, fitted.size, front.white))
    if not fitted.cut:
        return FaceLayout(shapes)
    message = f"'{name}': the name is too long for the card; printed as '{fitted.text}'"
    return FaceLayout(shapes, [Cut(("characters", member.index, "name"), message)])
