"""Every block a KOLAPS card face may list, by the name card.yaml gives it (model/kolaps_card.py
holds the names, for the checks; this maps each to its module)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kolaps_print.layout.card_blocks import (
    back_band,
    back_name,
    cumulative_wounds,
    demo_turn,
    edition_note,
    front_band,
    front_name,
    location_table,
    morale,
    reminders,
    role,
    ruling_legend,
    specialisations,
    stat_tiles,
    status,
    weapons,
)
from kolaps_print.layout.card_blocks.protocol import BackBlock, FrontBlock
from kolaps_print.model.kolaps_card import BACK_BLOCKS, FRONT_BLOCKS

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

# each made once per builder (blocks keep what they laid out for the army, by weapon or scale)
FRONT: dict[str, Callable[[FrontBuilder], FrontBlock]] = {
    "name": lambda front: front_name.NameFront(),
    "band": lambda front: front_band.FootBandFront(),
    "role": lambda front: role.RoleFront(),
    "stat_tiles": stat_tiles.StatTilesFront,
    "weapons": lambda front: weapons.WeaponsFront(),
    "reminders": lambda front: reminders.RemindersFront(),
    "specialisations": lambda front: specialisations.SpecialisationsFront(),
    "demo_turn": lambda front: demo_turn.DemoTurnFront(),
    "edition_note": lambda front: edition_note.EditionNoteFront(),
    "ruling_legend": lambda front: ruling_legend.RulingLegendFront(),
}
assert tuple(FRONT) == FRONT_BLOCKS, "model/kolaps_card.py and the registry name the same blocks"
BACK: dict[str, Callable[[], BackBlock]] = {
    "name": back_name.NameBack,
    "morale": morale.MoraleBack,
    "status": status.StatusBack,
    "location_table": location_table.LocationTableBack,
    "cumulative_wounds": cumulative_wounds.CumulativeWoundsBack,
    "band": back_band.FootBandBack,
}
assert tuple(BACK) == BACK_BLOCKS, "model/kolaps_card.py and the registry name the same blocks"
