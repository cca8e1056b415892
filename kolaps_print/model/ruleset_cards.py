"""A ruleset's character card: its front and back as lists of blocks, from a closed set. Each
block names the fields it shows; model/ruleset_check.py checks that they exist and fit."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from kolaps_print.model.common import Id, Model, Name, Text, no_items
from kolaps_print.model.ruleset_fields import Operand
from kolaps_print.model.ruleset_tables import RulingId


class Condition(Model):
    """When a block prints, from a closed set (no expression): a character field is set, or one of
    the entries a reference(s) field names sets a field of its catalogue (a weapon that fires
    bursts). Set: a flag true, a number other than 0, a text, reference, list or map not empty."""

    field: Id = Field(description="A character field: the block prints for the characters who have it set")
    has: Id | None = Field(
        default=None,
        description="With a reference(s) field: a field of its catalogue; the block prints for the characters one "
        "of whose entries has it set",
    )
    set: bool = Field(
        default=True, description="false: the block prints for the characters who do not have it set (not a cyborg)"
    )


class Conditional(Model):
    """A body block: it may print for some characters only."""

    when: Condition | None = Field(default=None, description="Print the block only for the characters it concerns")


class BandBlock(Model):
    block: Literal["band"]  # the army's name on a coloured band


class NameBlock(Model):
    block: Literal["name"]  # the character's name, and the subtitle fields under it
    subtitle: list[Id] = Field(
        default_factory=no_items,
        description="Text fields printed under the name; a flag field prints its label when true",
    )
    stats: list[Id] = Field(
        default_factory=no_items,
        max_length=4,
        description="Number fields or derived values at the band's right, « DÉF 5 · VIT 4 » (a back's in-play stats)",
    )


class StatTilesBlock(Conditional):
    block: Literal["stat_tiles"]
    stats: list[Id] = Field(min_length=1, max_length=12, description="Number fields or derived values, one tile each")


class SkillsBlock(Conditional):
    block: Literal["skills"]
    field: Id = Field(description="A skill_map field")
    show_base: bool = Field(default=False, description="Skills left out print at their catalogue base")


class Roll(Model):
    """What a character rolls with a weapon, worked out for that character: its score in the
    weapon's skill (or the skill's base), plus the characteristic the skill names, if any."""

    label: Name = Field(description="The column's heading, « Jet »")
    skill: Id = Field(description="The weapons catalogue's field naming the weapon's skill")
    skills: Id = Field(description="The character's skill_map field holding its scores")
    characteristic: Id | None = Field(
        default=None, description="The skills catalogue's field naming a characteristic (its label: DEX) to add"
    )
    text: Text = Field(description="How the roll is printed, {value} standing for the number: « {value} % »")

    @field_validator("text")
    @classmethod
    def _has_value(cls, text: str) -> str:
        if "{value}" not in text:
            raise ValueError("the text must hold {value}, where the number goes")
        return text


class WeaponsBlock(Conditional):
    block: Literal["weapons"]
    field: Id = Field(description="A reference or references field")
    columns: list[Id] = Field(min_length=1, max_length=6, description="Fields of the catalogue's entries")
    roll: Roll | None = Field(default=None, description="A first column with the character's roll for each weapon")


class FeaturesBlock(Conditional):
    block: Literal["features"]
    field: Id = Field(description="A reference or references field whose entries have a text")
    columns: list[Id] = Field(
        default_factory=no_items,
        max_length=4,
        description="Fields of the catalogue's entries printed after the name with their label, where set: "
        "« Veste blindée — KD 8 »",
    )


class RemindersBlock(Conditional):
    block: Literal["reminders"]
    lines: list[Text] = Field(min_length=1, max_length=8)
    ruling: RulingId | None = None


class MarkSpec(Model):
    """A line across a hit-point track where that character's total puts it. Boxes are ticked
    from the left, one per point lost: a state that starts when the points left fall to a
    fraction of the total is marked after total − that many boxes."""

    numerator: int = Field(ge=1, le=100)
    denominator: int = Field(ge=1, le=100)
    rounding: Literal["up", "down", "nearest"]
    label: Name
    counts: Literal["left", "lost"] = Field(
        default="left",
        description="What the fraction counts: the points left (a state, a line across the track) or the points "
        "lost in one hit (a threshold, printed beside the track's title)",
    )
    short: Name | None = Field(
        default=None, description="The fraction as printed at its line and in its legend: ½, 50 %"
    )


class BoxTrackBlock(Conditional):
    block: Literal["box_track"]
    label: Name
    length: Operand = Field(
        description="A field, a derived value or a number: how many boxes; with per, a number field of its entries"
    )
    per: Id | None = Field(
        default=None,
        description="A reference or references field: one track per entry the character has (a magazine per "
        "weapon), as long as the entry's length field; an entry without one gets none",
    )
    write_in_over: int | None = Field(
        default=None,
        ge=1,
        le=200,
        description="A track longer than this prints a line to write the count on (« Restent : ____ / 30 ») "
        "instead of its boxes",
    )


class EntryValues(Model):
    """What the entries a character's reference(s) field names are worth, printed beside a track's
    title: « KD 8 » beside the 3d6 COUPS, the armour's killing defence."""

    field: Id = Field(description="A reference or references field")
    columns: list[Id] = Field(min_length=1, max_length=3, description="Fields of its catalogue: label and value")


class HitTrackBlock(Conditional):
    block: Literal["hit_track"]
    label: Name
    of: Operand = Field(description="The track's total: a field, a derived value or a number")
    aside: EntryValues | None = Field(
        default=None,
        description="Values of the character's entries printed beside the title (« KD 8 »); nothing without one",
    )
    marks: list[MarkSpec] = Field(default_factory=no_items, max_length=4)
    negative_to: Operand | None = Field(default=None, description="Boxes below zero, down to minus this value")
    negative_label: Name | None = None
    negative_short: Name | None = Field(
        default=None, description="Printed after « 0 » at the line before zero: mourant"
    )
    ruling: RulingId | None = Field(
        default=None, description="Our ruling on the marks: the last one's label ends « † ID »"
    )


class CheckboxesBlock(Conditional):
    block: Literal["checkboxes"]
    boxes: list[Name] = Field(min_length=1, max_length=8)
    value: Operand | None = Field(
        default=None,
        description="A field or derived value whose number, that character's own, stands for {value} in the "
        "labels: « Armure perdue (DÉF −{value}) »",
    )

    @model_validator(mode="after")
    def _value_is_printed(self) -> CheckboxesBlock:
        if (self.value is None) != all("{value}" not in box for box in self.boxes):
            raise ValueError("value and a label holding {value} go together")
        return self


class LevelRow(Model):
    label: Name
    levels: list[Name] = Field(min_length=1, max_length=8)


class LevelRowsBlock(Conditional):
    block: Literal["level_rows"]
    rows: list[LevelRow] = Field(min_length=1, max_length=6)


class LocationTableBlock(Conditional):
    block: Literal["location_table"]
    table: Id = Field(description="A rows table of tables.yaml: one row per location")


class MiniTableBlock(Conditional):
    block: Literal["mini_table"]
    table: Id = Field(description="A table of tables.yaml, printed small")


Block = Annotated[
    BandBlock
    | NameBlock
    | StatTilesBlock
    | SkillsBlock
    | WeaponsBlock
    | FeaturesBlock
    | RemindersBlock
    | BoxTrackBlock
    | HitTrackBlock
    | CheckboxesBlock
    | LevelRowsBlock
    | LocationTableBlock
    | MiniTableBlock,
    Field(discriminator="block"),
]


class CardBlocks(Model):
    front: list[Block] = Field(min_length=1)
    back: list[Block] = Field(min_length=1)
