"""The game's rules tables (data/rulesets/kolaps/rules/*.yaml): one model per file, gathered in Rules.

Every number the cards, reference sheets and rulebook print comes from here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field, model_validator

from kolaps_print.model.choices import Edition
from kolaps_print.model.common import D6, Id, Model, Name, Rank, Text
from kolaps_print.model.errata import ErratumId, Ruled

RollCode = Literal["D", "C", "M"]
Level = Annotated[int, Field(ge=0, le=5)]  # a difficulty level, 0 (very easy) to 5 (extreme)


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
    text: Text | None = None

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
    short: Name | None = None  # where a small card's back has no room for the name (« Bras g. »)
    capacity: int = Field(ge=1, le=6)
    box_modifiers: list[int]  # severity modifier of each wound box, len == capacity
    secondary_effect: Text
    # the quick-start's effect where the full one uses what the demo drops (fatigue, offensive orders): E85
    demo_effect: Ruled | None = None


class ExtraDifficulty(Model):
    """A difficulty added to a test unless the character has a specialisation (right arm: +2)."""

    value: int = Field(ge=1, le=11)
    unless: Id  # a specialisation id (ambidextre)
    # What it weighs on (E27, reading right_arm_malus): the injury's own survival test, or
    # every action of the character from then on.
    applies_to: Literal["survival", "actions"] = "survival"


class CriticalInjury(Model):
    roll: D6
    location: Id  # a Location id
    name: Name
    test_difficulty: Level | None = None  # None: no test (instant death)
    extra_difficulty: ExtraDifficulty | None = None
    text: Text
    ruling: ErratumId | None = None  # our reading of it (errata), printed « † En »


class CumulativeWounds(Model):
    wounds: int = Field(ge=1, le=6)
    mvt: int = Field(le=0)
    cib: int = Field(le=0)
    rng: int = Field(le=0)
    all_zero: bool = False  # 6 wounds: MVT, CIB and RNG fall to 0


class CriticalFailure(Model):
    min: int | None = None  # d6 minus the number of 1s rolled; None: no lower bound
    max: int | None = None
    name: Name
    text: Text
    ruling: ErratumId | None = None


class WoundRules(Model):
    severities: list[Severity]
    locations: list[Location]
    # Secondary-effect test: difficulty = severity + offset (-1: "la gravité moins 1").
    secondary_test_offset: int = Field(ge=-6, le=5)
    # Survival test of a full location (E9, E28), and its rule in a sentence (follows the
    # reading full_location_test: on the wound that fills the location, or only beyond it).
    full_location_test_difficulty: Level
    full_location: Ruled
    secondary: Ruled  # when the secondary-effect test is rolled (E32: after every hit)
    critical_injuries: list[CriticalInjury]
    critical_morale_loss: list[MoraleLoss]
    cumulative: list[CumulativeWounds]
    cumulative_floor: int = Field(ge=0, le=6)  # modified MVT, CIB and RNG never go below this (E12)
    cumulative_rule: Ruled  # which wounds the table counts (E41)
    critical_failures: list[CriticalFailure]
    haemorrhage: Text
    critical_box: Text
    friendly_fire: Text
    text: Text  # the general rule: which box modifier applies (E10)

    def location(self, id_: str) -> Location:
        return {loc.id: loc for loc in self.locations}[id_]

    @property
    def max_severity(self) -> int:
        """The top of the severity table (6): a higher total counts as this (E10)."""
        return max(s.roll for s in self.severities)

    @property
    def max_counted_wounds(self) -> int:
        """The last line of the cumulative table (6): wounds beyond it change nothing more."""
        return max(c.wounds for c in self.cumulative)


# ---- combat.yaml -----------------------------------------------------------
class RangeBand(Model):
    id: Id
    name: Name
    modifier: int
    max_factor: float | None = None  # band ends at factor x weapon range; None: no limit
    below_cm: float | None = None  # point blank: closer than this many cm
    severity_dice: str | None = None  # e.g. "2C6" at point blank
    text: Text


class DifficultyModifier(Model):
    """One situation: a +/-n, a new base difficulty, or a separate test first (at most one)."""

    id: Id
    name: Name
    modifier: int | None = None  # added to the difficulty; None: not a plain +/-n
    base_difficulty: Level | None = None  # replaces the base difficulty (target on the ground: 0, E18)
    test_difficulty: Level | None = None  # a separate test to pass first (riposte: 3, E17)
    extra_fatigue: int = Field(default=0, ge=0, le=6)  # fatigue on top of the action's own (ambush: 1, E19)
    text: Text
    ruling: ErratumId | None = None

    @model_validator(mode="after")
    def _one_effect_on_the_difficulty(self) -> DifficultyModifier:
        given = [k for k in ("modifier", "base_difficulty", "test_difficulty") if getattr(self, k) is not None]
        if len(given) > 1:
            raise ValueError(f"give only one of modifier, base_difficulty, test_difficulty (got {', '.join(given)})")
        return self


class CombatRules(Model):
    range_bands: list[RangeBand]
    modifiers: list[DifficultyModifier]
    aff_radius_cm: float  # 25: passing this close binds a character to the AFF
    crossfire_morale_loss: int = Field(ge=0, le=6)  # 1: pulled into a second AFF
    text: Text | None = None

    def band(self, id_: str) -> RangeBand:
        return {b.id: b for b in self.range_bands}[id_]


# ---- traits.yaml -----------------------------------------------------------
class WeaponBand(Model):
    """A range band as one weapon uses it: up to max_factor x its range, at this modifier."""

    id: Id
    modifier: int
    max_factor: float | None = None  # band ends at factor x weapon range; None: no limit (the band beyond)
    short: Name | None = None  # a word the card adds after the band, "(extrême)", when its place misleads


class Trait(Model):
    """A weapon trait (faculté).

    range_bands, when given, replaces the general bands measured from the weapon's range
    (combat.yaml range_bands with max_factor, and the one beyond them) for every weapon with
    this trait; a band closer than a distance (below_cm: point blank) still applies. The list
    is the whole set of bands the weapon may shoot in: with no band whose max_factor is null,
    there is no shot beyond the last one. Fragmentation (errata E20):
        range_bands:
          - {id: efficace, modifier: 0, max_factor: 1}
          - {id: extreme, modifier: 1, max_factor: 2, short: "extrême"}
    """

    id: Id
    name: Name
    param: Name | None = None  # name of the parameter (e.g. "rayon"); None: takes none
    unit: str | None = None  # e.g. "cm"
    short: Name  # a few words, for cards
    text: Text
    range_bands: list[WeaponBand] | None = None  # None: the general bands (see above)
    # the page of the full rulebook that explains it, per paper (a sizes.yaml name): the cards
    # print it after the trait's name. The book's layout decides it; a test checks the two agree.
    book_pages: dict[str, Annotated[int, Field(ge=1, le=999)]] = {}


class TraitRules(Model):
    traits: list[Trait]


# ---- actions.yaml ----------------------------------------------------------
class Action(Model):
    id: Id
    name: Name
    offensive: bool
    fatigue: int = Field(ge=0, le=6)
    modifier: int = 0  # difficulty modifier
    difficulty: Level | None = None  # base difficulty of the test the action calls for (rally: 2)
    short: Name  # a few words, for cards and sheets
    demo_short: Name | None = None  # the quick-start's words where short speaks of what the demo drops (fatigue)
    text: Text
    ruling: ErratumId | None = None


class MoraleLevel(Model):
    level: int = Field(ge=1, le=6)
    name: Name
    test_difficulty: Level | None = None  # the test this level calls for (3: 1, 2: 2, 1: 1); None: none
    short: Name  # what the level allows, a few words for the card
    text: Text
    ruling: ErratumId | None = None


class Phase(Model):
    number: int = Field(ge=1, le=3)
    name: Name
    text: Text
    ruling: ErratumId | None = None


class FatigueRules(Model):
    max: int = Field(ge=1, le=12)  # 6
    test_difficulty: Level  # at the 6th point
    exhausted_rank: int = Field(ge=0, le=4)  # 0: a passed test leaves him acting at this rank
    recovery: Text
    text: Text


class MoraleRules(Model):
    start: Text  # 1D6 + rank ...
    avatar_start: int = Field(ge=1, le=6)  # 6
    offensive_minimum: int = Field(ge=1, le=6)  # 3
    good_minimum: int = Field(ge=1, le=6)  # 4: the lowest "bon moral"
    unmet_engagement_loss: int = Field(ge=0, le=6)  # 1: offensive but no offensive action this turn
    levels: list[MoraleLevel]
    bounds: Ruled  # what happens beyond 6 or below 1 (E38)
    ally_down_loss: list[MoraleLoss]  # every rank listed, 0 included (E8)
    failure: Text
    text: Text

    @model_validator(mode="after")
    def _minimums_are_levels(self) -> MoraleRules:
        known = {lv.level for lv in self.levels}
        for key in ("offensive_minimum", "good_minimum"):
            if getattr(self, key) not in known:
                raise ValueError(
                    f"{key} {getattr(self, key)} is not one of the levels ({', '.join(map(str, sorted(known)))})"
                )
        if self.good_minimum < self.offensive_minimum:
            raise ValueError(
                f"good_minimum ({self.good_minimum}) is below offensive_minimum ({self.offensive_minimum})"
            )
        return self

    def level(self, value: int) -> MoraleLevel:
        return {lv.level: lv for lv in self.levels}[value]

    @property
    def highest(self) -> int:
        return max(lv.level for lv in self.levels)

    @property
    def lowest(self) -> int:
        return min(lv.level for lv in self.levels)


class ActionRules(Model):
    walk_cm_per_mvt: float  # 2.5
    run_cm_per_mvt: float  # 5
    ground_mvt: int = Field(ge=0, le=12)  # 1: on the ground, moves as if MVT were this
    phases: list[Phase]
    actions: list[Action]
    fatigue: FatigueRules
    morale: MoraleRules


# ---- attack.yaml -----------------------------------------------------------


class AttackStep(Model):
    """One step of an attack, in play order: who rolls, in which editions it exists."""

    id: Id
    name: Name
    who: Literal["attacker", "target"]
    text: Annotated[str, Field(max_length=1200)] = ""
    adds: Literal["full_location", "secondary", "haemorrhage"] | None = None  # a wounds.yaml rule it restates
    editions: list[Edition] = Field(min_length=1)
    ruling: ErratumId | None = None


class AttackRules(Model):
    steps: list[AttackStep] = Field(min_length=1)

    def for_edition(self, edition: Edition) -> list[AttackStep]:
        return [s for s in self.steps if edition in s.editions]


class Rules(Model):
    """All rules tables; loaded from data/rulesets/kolaps/rules/{dice,wounds,combat,traits,actions,attack}.yaml."""

    dice: DiceRules
    wounds: WoundRules
    combat: CombatRules
    traits: TraitRules
    actions: ActionRules
    attack: AttackRules

    def trait(self, id_: str) -> Trait:
        return {t.id: t for t in self.traits.traits}[id_]

    def weapon_bands(self, trait_ids: Iterable[str]) -> list[WeaponBand]:
        """The range bands a weapon with these traits shoots in, nearest first, point blank aside.

        The first of its traits that carries range_bands replaces the general ones (a weapon
        may carry only one such trait: gamedata checks it); otherwise the general bands.
        """
        for id_ in trait_ids:
            override = self.trait(id_).range_bands
            if override is not None:
                return _nearest_first(override)
        return _nearest_first(
            [
                WeaponBand(id=b.id, modifier=b.modifier, max_factor=b.max_factor)
                for b in self.combat.range_bands
                if b.below_cm is None
            ]
        )


def _nearest_first(bands: list[WeaponBand]) -> list[WeaponBand]:
    """Bounded bands by their end, then the band beyond (no max_factor) last."""
    return sorted(bands, key=lambda b: (b.max_factor is None, b.max_factor or 0))


RULE_FILES = ("dice", "wounds", "combat", "traits", "actions", "attack")
