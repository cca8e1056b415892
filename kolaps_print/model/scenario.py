"""Demo scenarios (data/rulesets/kolaps/scenarios/*.yaml): the table, its terrain, the deployment, the turns
and how the game is won. Each is ours, not the draft's: `ruling` names its erratum, and the
quick-start prints its mark. A kit file picks one by id (`scenario:`); the first by file name
is the default.
"""

from __future__ import annotations

from pydantic import Field

from kolaps_print.model.common import D6, Id, Model, Name, Text
from kolaps_print.model.errata import ErratumId


class TableSize(Model):
    width_cm: int = Field(ge=20, le=400, description="Table width, cm")
    depth_cm: int = Field(ge=20, le=400, description="Table depth, cm (between the two players)")


class Terrain(Model):
    """One kind of terrain piece: how many, about how big, and what it does in the game."""

    name: Name
    count: int = Field(ge=1, le=30)
    size: Name = Field(description="About how big, as printed: « 15 × 8 cm environ »")
    effect: Text = Field(description="What it does: cover, blocked line of sight, movement")


class ExampleRolls(Model):
    """The dice of the worked example that are not the attack test's (those follow from the numbers)."""

    severity: D6
    location: D6
    haemorrhage: D6
    second_severity: D6 = Field(description="A second hit on the same zone: the severity die, before its box adds")


class AttackExample(Model):
    """The quick-start's worked attack: two characters of the scenario's armies, by name."""

    attacker: Name = Field(description="A character of the first army (sides[0])")
    weapon: Id = Field(description="One of the attacker's weapons, with a range")
    target: Name = Field(description="A character of the second army (sides[1])")
    distance_cm: int = Field(ge=1, le=400)
    rolls: ExampleRolls


class Scenario(Model):
    id: Id = Field(description="The file's name without .yaml; a kit file's `scenario:` names it")
    name: Name
    ruling: ErratumId = Field(description="The erratum that marks this scenario as ours")
    pitch: Text = Field(description="One or two sentences setting the scene")
    table: TableSize
    terrain: list[Terrain] = Field(min_length=1, max_length=12)
    placement: Text | None = Field(
        None, description="Who places the terrain, and where; what cannot be crossed (printed under the terrain)"
    )
    deployment_depth_cm: int = Field(ge=1, le=100, description="Each side deploys within this distance of its own edge")
    deployment: Text = Field(description="How the figures are set up")
    first_player: Text = Field(description="Who activates first, and how that changes each turn")
    turns: int = Field(ge=1, le=20)
    victory: Text
    out_of_action: Text = Field(description="What counts as out of action (hors de combat)")
    sides: list[Id] = Field(
        min_length=2,
        max_length=2,
        description="The two armies, files of data/rulesets/kolaps/armies without .yaml; the first deploys first",
    )
    example: AttackExample

    @property
    def gap_cm(self) -> int:
        """The distance between the two deployment zones."""
        return self.table.depth_cm - 2 * self.deployment_depth_cm
