"""What a block of a card face is: a part of one face that lays itself out for a width.

Every block of every card face, KOLAPS's and the other rulesets', speaks one protocol (Drawn):
measure(width) -> its height, then shapes(x, top) -> its shapes, all in mm from the face's
top-left corner; stack() puts such parts one under the other. Each builder keeps its own search
for the sizes of a whole army (the protocol unifies a block, not the choice of sizes).

A front block may add to the furniture every card of the army shares (drawn once, as a PDF
form), to one character's card at the place data/layouts/card.yaml gives it (a frame block), or
to the body, the blocks stacked under the stat tiles, each measured for the body's width
(card_body.Block: its height at that width and scale). A back block adds parts stacked from the
top, each measured for the card's width (Part), or shapes at a fixed place. The builders (card_front.FrontBuilder, card_back.BackBuilder) walk the list of
data/rulesets/kolaps/card.yaml and keep what the whole army shares."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

from kolaps_print.layout.card_face import Cut, FaceLayout
from kolaps_print.layout.shapes import Shape

if TYPE_CHECKING:  # KOLAPS's army models: another ruleset's faces speak this protocol without them
    from kolaps_print.layout.card_back import BackBuilder
    from kolaps_print.layout.card_body import Block, Style
    from kolaps_print.layout.card_front import FrontBuilder
    from kolaps_print.model.army_book import Member


class Drawn(Protocol):
    """A part of a face: measured for a width, then laid out with its left at x, its top at top."""

    def measure(self, width: float) -> float:
        """Its height (mm) laid out width mm wide."""
        ...

    def shapes(self, x: float, top: float) -> list[Shape]:
        """Its shapes, after a measure() for the width it is laid out at (mm from the face's top-left)."""
        ...


def stack(parts: Iterable[Drawn], x: float, top: float, gap: float, width: float) -> list[Shape]:
    """parts one under the other from top, gap mm apart, each measured for width."""
    shapes: list[Shape] = []
    y = top
    for part in parts:
        height = part.measure(width)
        shapes += part.shapes(x, y)
        y += height + gap
    return shapes


class Mode(NamedTuple):
    """The body's arrangement: what is printed by name only instead of its text."""

    specs: bool  # every specialisation by name, with where its text is
    traits: bool  # every trait by name (beside its weapons), with where their texts are
    paged: frozenset[str] = (
        frozenset()
    )  # these traits (ids) by name on one line with their book page, on every card of the army


@dataclass(frozen=True)
class Card:
    """One card being laid out: whose, which copy, and where the name band's marks leave the name."""

    member: Member
    copy: tuple[int, int] | None
    stats: bool  # False: the stat tiles' texts are drawn apart, once per (rank, mvt, cib)
    marks: list[Shape] = field(default_factory=list)  # the Avatar mark and copy number
    right: float = 0.0  # where the name (and the role line in the band) must end
    bare_star: bool = False  # the Avatar's star without its word: the role line in the band says it


class FrontBlock:
    """A block of the front; each method adds nothing unless the block has something there."""

    def furniture(self, front: FrontBuilder) -> FaceLayout:
        return FaceLayout()

    def build(self, front: FrontBuilder, card: Card) -> FaceLayout:
        return FaceLayout()

    def body(self, front: FrontBuilder, member: Member, style: Style, mode: Mode, first: bool) -> list[Block]:
        """Its body blocks at style's width and scale; first: nothing above it in the body."""
        return []

    def body_key(self, front: FrontBuilder, member: Member) -> Hashable:
        """All body() reads of member, for the builder to lay a body out once per distinct key
        (characters with the same weapons share it). By default the card's own (member.index);
        nothing for a block without a body."""
        return () if type(self).body is FrontBlock.body else member.index


@dataclass(frozen=True)
class Part:
    """A back block measured for the card's width: its height, its shapes with its top at y.

    A Drawn already measured: the back lays its parts out between its margins when it asks its
    blocks for them, so measure() gives that height and shapes() draws at the back's left."""

    height: float
    emit: Callable[[float], list[Shape]]
    width: float = 0.0  # the narrowest it can be drawn (0: it adapts to any width)

    def measure(self, width: float) -> float:
        return self.height

    def shapes(self, x: float, top: float) -> list[Shape]:
        return self.emit(top)


class BackBlock:
    """A block of the back; each method adds nothing unless the block has something there."""

    def parts(self, back: BackBuilder, cuts: list[Cut]) -> list[Part]:
        """Stacked from the top, measured between back._left and back._right."""
        return []

    def fixed(self, back: BackBuilder, width: float, height: float) -> list[Shape]:
        """Shapes at a fixed place of a back width × height (mm, at the back's scale)."""
        return []
