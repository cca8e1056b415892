"""The army file: the user contract. Extend it, never break it."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kolaps_print.model.catalogue import Affiliation, Weapon
from kolaps_print.model.common import FilePath, Id, Model, Name, Rank, no_items


class Character(Model):
    name: Name = Field(description="Printed on the front and the back of the card")
    archetype: Name | None = Field(default=None, description="Free text, e.g. Soldat")
    function: Name | None = Field(default=None, description="Free text, e.g. Éclaireur")
    rank: Rank = Field(description="Rank 0 to 4; sets the success threshold")
    mvt: int = Field(ge=0, le=12, description="Movement value: walk MVT x 2.5 cm, run MVT x 5 cm")
    cib: int = Field(ge=0, le=5, description="Target value 0 to 5: the difficulty to hit this character")
    avatar: bool = Field(default=False, description="The player's Avatar (at most one per army)")
    weapons: list[Id] = Field(default_factory=no_items, max_length=6, description="Weapon ids")
    specialisations: list[Id] = Field(
        default_factory=no_items, max_length=6, description="Specialisation ids offered by the army's affiliation"
    )
    copies: int = Field(default=1, ge=1, le=99, description="How many cards to print")
    portrait: FilePath | None = Field(
        default=None, description="Image file (PNG or JPEG) inside the army file's folder, relative to it"
    )


class Army(Model):
    ruleset: Literal["kolaps"] = Field(
        default="kolaps", description="The game system: kolaps (the default), or d100, 3d6, d12 (their own schemas)"
    )
    name: Name = Field(description="Army name, printed on every card")
    affiliation: Id = Field(description="An affiliation id, e.g. apc")
    characters: list[Character] = Field(min_length=1, description="At most 20,000 cards in all (copies included)")
    weapons: list[Weapon] = Field(default_factory=no_items, description="More weapons for this file")
    affiliations: list[Affiliation] = Field(default_factory=no_items, description="More affiliations for this file")
