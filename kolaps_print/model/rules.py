"""The game's rules tables (data/rules/*.yaml): one model per file, gathered in Rules.

Every number the cards, reference sheets and rulebook print comes from here.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import Field

from kolaps_print.model.common import D6, Id, Model, Name, Rank, Text

RollCode = Literal["D", "C", "M"]


# ---- dice.yaml -------------------------------------------------------------
class Threshold(Model):
    rank: Rank
    threshold: D6  # a die succeeds on threshold or more ("4+")


class Dice(Model):
    count: int = Field(ge=1, le=6)
    roll: RollCode  # D: all dice count, C: keep the chosen one, M: keep the lowest

    @property
    def label(self) -> str:
        return f"{self.count}{self.roll}6"


class Difficulty(Model):
    level: int = Field(ge=0, le=5)
    name: Name
    dice: Dice


class RollType(Model):
    code: RollCode
    name: Name
    text: Text
    critical_success: Text
    critical_failure: Text


class DiceRules(Model):
    thresholds: list[Threshold]
    difficulties: list[Difficulty]
    automatic_at_or_below: int  # -3: no roll at all
    impossible_at_or_above: int  # 11: cannot be attempted
    always_success: D6  # 6
    always_failure: D6  # 1
    roll_types: list[RollType]
    text: Optional[Text] = None

    def threshold(self, rank: int) -> int:
        return {t.rank: t.threshold for t in self.thresholds}[rank]

    def difficulty(self, level: int) -> Difficulty:
        return {d.level: d for d in self.difficulties}[level]


# ---- wounds.yaml -----------------------------------------------------------
class MoraleLoss(Model):
    rank: Rank  # initial rank
    loss: int = Field(ge=0, le=6)


class Severity(Model):
    roll: D6
    name: Name
    wounds: int = Field(ge=0, le=3)
    haemorrhage_on: list[D6]  # d6 results that start a haemorrhage ([] never, 1..6 always)
    morale_loss: list[MoraleLoss]  # by initial rank; a rank not listed loses nothing
    text: Text

    def loss_for(self, rank: int) -> int:
        return {m.rank: m.loss for m in self.morale_loss}.get(rank, 0)


class Location(Model):
    roll: D6
    id: Id
    name: Name
    capacity: int = Field(ge=1, le=6)
    box_modifiers: list[int]  # severity modifier of each wound box, len == capacity
    secondary_effect: Text


class CriticalInjury(Model):
    roll: D6
    location: Id  # a Location id
    name: Name
    test_difficulty: Optional[int] = Field(default=None, ge=0, le=5)  # None: no test (instant death)
    text: Text


class CumulativeWounds(Model):
    wounds: int = Field(ge=1, le=6)
    mvt: int = Field(le=0)
    cib: int = Field(le=0)
    rng: int = Field(le=0)
    all_zero: bool = False  # 6 wounds: MVT, CIB and RNG fall to 0


class CriticalFailure(Model):
    min: Optional[int] = None  # d6 minus the number of 1s rolled; None: no lower bound
    max: Optional[int] = None
    name: Name
    text: Text


class WoundRules(Model):
    severities: list[Severity]
    locations: list[Location]
    critical_injuries: list[CriticalInjury]
    critical_morale_loss: list[MoraleLoss]
    cumulative: list[CumulativeWounds]
    critical_failures: list[CriticalFailure]
    haemorrhage: Text
    critical_box: Text
    friendly_fire: Text

    def location(self, id_: str) -> Location:
        return {loc.id: loc for loc in self.locations}[id_]


# ---- combat.yaml -----------------------------------------------------------
class RangeBand(Model):
    id: Id
    name: Name
    modifier: int
    max_factor: Optional[float] = None  # band ends at factor x weapon range; None: no limit
    below_cm: Optional[float] = None  # point blank: closer than this many cm
    severity_dice: Optional[str] = None  # e.g. "2C6" at point blank
    text: Text


class DifficultyModifier(Model):
    id: Id
    name: Name
    modifier: Optional[int] = None  # None where the effect is not a plain +/-n (see text)
    text: Text


class CombatRules(Model):
    range_bands: list[RangeBand]
    modifiers: list[DifficultyModifier]
    aff_radius_cm: float  # 25: passing this close binds a character to the AFF
    text: Optional[Text] = None

    def band(self, id_: str) -> RangeBand:
        return {b.id: b for b in self.range_bands}[id_]


# ---- traits.yaml -----------------------------------------------------------
class Trait(Model):
    id: Id
    name: Name
    param: Optional[Name] = None  # name of the parameter (e.g. "rayon"); None: takes none
    unit: Optional[str] = None  # e.g. "cm"
    short: Name  # a few words, for cards
    text: Text


class TraitRules(Model):
    traits: list[Trait]


# ---- actions.yaml ----------------------------------------------------------
class Action(Model):
    id: Id
    name: Name
    offensive: bool
    fatigue: int = Field(ge=0, le=6)
    modifier: int = 0  # difficulty modifier
    short: Name  # a few words, for cards and sheets
    text: Text


class MoraleLevel(Model):
    level: int = Field(ge=1, le=6)
    name: Name
    short: Name  # what the level allows, a few words for the card
    text: Text


class Phase(Model):
    number: int = Field(ge=1, le=3)
    name: Name
    text: Text


class FatigueRules(Model):
    max: int = Field(ge=1, le=12)  # 6
    test_difficulty: int = Field(ge=0, le=5)  # at the 6th point
    recovery: Text
    text: Text


class MoraleRules(Model):
    start: Text  # 1D6 + rank ...
    avatar_start: int = Field(ge=1, le=6)  # 6
    offensive_minimum: int = Field(ge=1, le=6)  # 3
    levels: list[MoraleLevel]
    ally_down_loss: list[MoraleLoss]
    failure: Text
    text: Text


class ActionRules(Model):
    walk_cm_per_mvt: float  # 2.5
    run_cm_per_mvt: float  # 5
    phases: list[Phase]
    actions: list[Action]
    fatigue: FatigueRules
    morale: MoraleRules


class Rules(Model):
    """All rules tables; loaded from data/rules/{dice,wounds,combat,traits,actions}.yaml."""

    dice: DiceRules
    wounds: WoundRules
    combat: CombatRules
    traits: TraitRules
    actions: ActionRules

    def trait(self, id_: str) -> Trait:
        return {t.id: t for t in self.traits.traits}[id_]


RULE_FILES = ("dice", "wounds", "combat", "traits", "actions")
