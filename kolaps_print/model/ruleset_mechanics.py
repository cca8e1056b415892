"""The dice mechanic a ruleset uses: one of a closed set, each with its exact engine
(kolaps_print.engines; KOLAPS's d6 pool: content/probabilities.py)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from kolaps_print.labels import placeholder_problem
from kolaps_print.model.common import Model, Name, Text, no_items

Face = Annotated[int, Field(ge=1, le=100)]
Modifier = Annotated[int, Field(ge=-100, le=100)]


class D6Pool(Model):
    """KOLAPS: a pool of d6 against the rank's threshold (its rules: data/rulesets/kolaps/rules/dice.yaml)."""

    kind: Literal["d6_pool"]


class Burst(Model):
    per_bullet: int = Field(ge=1, le=20, description="Points of skill each bullet adds")
    cap_factor: int = Field(ge=1, le=5, description="The burst's score never passes this many times the skill")
    min_bullets: int = Field(ge=1, le=100)
    max_bullets: int = Field(ge=1, le=100)


class Percentile(Model):
    """d100 at most the score; modifiers first, then doubled at point blank."""

    kind: Literal["percentile"]
    always_success: list[Face] = Field(default_factory=no_items, description="Faces that succeed whatever the score")
    always_failure: list[Face] = Field(default_factory=no_items, description="Faces that fail whatever the score")
    point_blank_factor: int = Field(default=2, ge=1, le=5)
    burst: Burst | None = None


class ThreeD6(Model):
    """3d6 + characteristic + skill (AV) against a difficulty (DV), success when AV >= DV; a
    natural 18 adds extra_dice d6 once, a natural 3 takes them away once."""

    kind: Literal["3d6_dv"]
    extra_dice: int = Field(default=2, ge=1, le=4)


class Rung(Model):
    name: Name
    threshold: int = Field(ge=1, le=40)


EXAMPLE_NAMES = ("skill", "characteristic", "rung", "threshold", "roll", "bonus", "total")


class LadderExample(Model):
    """A worked roll, printed in the book and on the sheet from these numbers alone: its text
    names them {skill}, {characteristic}, {rung} (lower case), {threshold}, {roll}, and the sums
    {bonus} (skill + characteristic) and {total} (roll + bonus)."""

    skill: int = Field(ge=-10, le=20)
    characteristic: int = Field(ge=-10, le=20)
    rung: Name = Field(description="The name of the ladder's rung aimed at")
    roll: int = Field(ge=1, le=12, description="The d12's face")
    succeeds: bool = Field(description="What the text tells: the total reaches the rung or not (checked)")
    text: Text


class D12Ladder(Model):
    """1d12 + skill + characteristic against a rung of the ladder; in combat, opposed d12s
    (the attacker hits when strictly greater; a defender's natural 12 evades)."""

    kind: Literal["d12_ladder"]
    ladder: list[Rung] = Field(min_length=1)
    example: LadderExample | None = None

    @model_validator(mode="after")
    def _example_told_true(self) -> D12Ladder:
        """The example's rung is on the ladder, and its text tells the roll's outcome as the numbers give it."""
        if self.example is None:
            return self
        rungs = {r.name: r.threshold for r in self.ladder}
        if self.example.rung not in rungs:
            raise ValueError(f"example: rung '{self.example.rung}' is not on the ladder ({', '.join(rungs)})")
        e = self.example
        # the labels' placeholder check: a plain name only (no attribute, item, conversion or format
        # spec: « {total:>999999999} » from a shared data folder would fill memory when printed)
        problem = placeholder_problem(e.text, {(name, "", "") for name in EXAMPLE_NAMES}, "the example's text")
        if problem:
            raise ValueError(f"example: {problem}")
        if (e.roll + e.skill + e.characteristic >= rungs[e.rung]) != e.succeeds:
            raise ValueError(f"example: succeeds is {str(e.succeeds).lower()}, but the numbers say otherwise")
        return self


Mechanic = Annotated[D6Pool | Percentile | ThreeD6 | D12Ladder, Field(discriminator="kind")]
