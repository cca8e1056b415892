"""A character as a rules edition's card prints it: what the edition does not play is left out
(card.yaml `editions`, E86). The builders then lay the card out as for any character."""

from __future__ import annotations

import dataclasses

from kolaps_print.layout.card_data import Shows
from kolaps_print.model.army_book import Member
from kolaps_print.model.catalogue import Weapon


def shown_members(members: list[Member], shows: Shows) -> list[Member]:
    """Each member without the Avatar, weapon traits or specialisations the edition drops.

    A weapon shared by several characters stays one object, so the builders' per-weapon caches
    (keyed by identity) still lay it out once.
    """
    if shows.avatar and shows.traits and shows.specialisations:
        return members  # the full rules drop nothing: no copy of 10,000 members
    plain: dict[int, Weapon] = {}

    def weapon(w: Weapon) -> Weapon:
        if shows.traits or not w.traits:
            return w
        return plain.setdefault(id(w), w.model_copy(update={"traits": []}))

    return [
        dataclasses.replace(
            m,
            character=m.character if shows.avatar else m.character.model_copy(update={"avatar": False}),
            weapons=[weapon(w) for w in m.weapons],
            specialisations=m.specialisations if shows.specialisations else [],
        )
        for m in members
    ]
