"""KOLAPS's character card as lists of blocks (data/rulesets/kolaps/card.yaml), from a closed set
named like the other rulesets' card blocks (model/ruleset_cards.py) where a block is the same
thing: the front's and the back's, each in the order the card walks them."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from kolaps_print.diagnostics import Report, did_you_mean, shown
from kolaps_print.load import SourceDocument
from kolaps_print.model.common import Model

# name: the character's band (name, emblem, Avatar mark, copy number, portrait); band: the foot
# band (army, affiliation, stamp); role: archetype · function; stat_tiles: RNG, MVT, CIB. The
# body blocks, weapons to ruling_legend, stack under the tiles in the list's order.
FRONT_BLOCKS = (
    "name",
    "band",
    "role",
    "stat_tiles",
    "weapons",
    "reminders",
    "specialisations",
    "demo_turn",
    "edition_note",
    "ruling_legend",
)
# name: the band with the name and the stat line; band: the foot band; the tracks between them
# stack from the top in the list's order.
BACK_BLOCKS = ("name", "morale", "status", "location_table", "cumulative_wounds", "band")
BlockName = Annotated[str, StringConstraints(min_length=1, max_length=40)]  # checked by check_card
SIDES = {"front": FRONT_BLOCKS, "back": BACK_BLOCKS}


class CardBlock(Model):
    block: BlockName = Field(description="The block's name (docs/rulesets.md, « KOLAPS's card »)")


class KolapsCard(Model):
    front: list[CardBlock] = Field(min_length=1, description="The front's blocks, in order")
    back: list[CardBlock] = Field(min_length=1, description="The back's blocks, in order")

    def names(self, side: str) -> tuple[str, ...]:
        return tuple(b.block for b in getattr(self, side))


class KolapsCardFile(Model):
    card: KolapsCard


def check_card(card: KolapsCard, doc: SourceDocument, report: Report) -> None:
    """Each block known on its side, and listed once."""
    for side, known in SIDES.items():
        seen: set[str] = set()
        for i, name in enumerate(card.names(side)):
            path = ("card", side, i, "block")
            other = next(s for s in SIDES if s != side)
            if name in seen:
                report.add(doc.diagnostic(path, f"block '{name}' is listed twice on the {side}"))
            elif name not in known and name in SIDES[other]:
                report.add(doc.diagnostic(path, f"block '{name}' belongs on the {other}, not the {side}"))
            elif name not in known:
                hint = did_you_mean(name, known)
                report.add(
                    doc.diagnostic(path, f"unknown block '{shown(name)}'{hint}; {side} blocks: {', '.join(known)}")
                )
            seen.add(name)
