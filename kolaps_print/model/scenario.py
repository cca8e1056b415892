"""Demo scenarios (data/scenarios/*.yaml): the table, its terrain, the deployment, the turns
and how the game is won. Each is ours, not the draft's: `ruling` names its erratum, and the
quick-start prints its mark. A kit file picks one by id (`scenario:`); the first by file name
is the default.
"""

from __future__ import annotations

from pydantic import Field

from kolaps_print.model.common import Id, Model, Name, Text
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


class Scenario(Model):
    id: Id = Field(description="The file's name without .yaml; a kit file's `scenario:` names it")
    name: Name
    ruling: ErratumId = Field(description="The erratum that marks this scenario as ours")
    pitch: Text = Field(description="One or two sentences setting the scene")
    table: TableSize
    terrain: list[Terrain] = Field(min_length=1, max_length=12)
    deployment_depth_cm: int = Field(ge=1, le=100, description="Each side deploys within this distance of its own edge")
    deployment: Text = Field(description="How the figures are set up")
    first_player: Text = Field(description="Who activates first, and how that changes each turn")
    turns: int = Field(ge=1, le=20)
    victory: Text
    out_of_action: Text = Field(description="What counts as out of action (hors de combat)")

    @property
    def gap_cm(self) -> int:
        """The distance between the two deployment zones."""
        return self.table.depth_cm - 2 * self.deployment_depth_cm
