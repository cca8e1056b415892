"""What the rules files must agree on beyond their shape: the tables the printers read.

The models (rules.py) check each value on its own; this checks the tables as tables, the way
the cards, reference sheets and rulebook read them: one entry per die roll, rank or level,
every id once, references that resolve, lengths that match. Every problem is a located error
in the file that holds it, so a hand edit never prints nonsense nor crashes a renderer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise
from typing import Any

from pydantic import BaseModel

from kolaps_print.diagnostics import Report, did_you_mean
from kolaps_print.load import SourceDocument
from kolaps_print.model.army import Character
from kolaps_print.model.rules import (
    ActionRules,
    AttackRules,
    CombatRules,
    CriticalInjury,
    DiceRules,
    Difficulty,
    Location,
    MoraleLevel,
    MoraleRules,
    Phase,
    TraitRules,
    WeaponBand,
    WoundRules,
)

SEVERITY_DICE = re.compile(r"^([1-6])([DCM])6$")  # "2C6": how many dice, which roll type


def field_range(model: type[BaseModel], name: str) -> range:
    """The whole numbers a model field accepts (its ge/le bounds): the entries a table needs."""
    low = high = None
    for item in model.model_fields[name].metadata:
        low = getattr(item, "ge", low)
        high = getattr(item, "le", high)
    assert low is not None and high is not None, f"{model.__name__}.{name} has no bounds"
    return range(low, high + 1)


def _numbers(values: Iterable[int]) -> str:
    return ", ".join(str(v) for v in values)


class Checker:
    """Located errors for one rules file (paths relative to base, a value inside it)."""

    def __init__(self, doc: SourceDocument, report: Report, base: tuple = ()):
        self.doc, self.report, self.base = doc, report, base

    def error(self, path: tuple, message: str) -> None:
        self.report.add(self.doc.diagnostic(self.base + path, message))

    def numbered(
        self, key: str, items: Sequence[Any], field: str, expected: Sequence[int], what: str, ordered: bool = True
    ) -> None:
        """One entry for each expected value of field, none twice, listed in that order (if ordered)."""
        first: dict[int, int] = {}
        for i, item in enumerate(items):
            value = getattr(item, field)
            if value in first:
                self.error((key, i, field), f"{what} {field} {value} is listed twice (also {key}[{first[value]}])")
            elif value not in expected:
                self.error((key, i, field), f"{what} {field} {value} is not one of {_numbers(expected)}")
            else:
                first[value] = i
        missing = [v for v in expected if v not in first]
        if missing:
            self.error(
                (key,),
                f"no {what} for {field} {_numbers(missing)}: the table needs one for each of {_numbers(expected)}",
            )
        elif ordered and len(items) == len(expected):
            for i, (item, value) in enumerate(zip(items, expected, strict=True)):  # lengths checked above
                if getattr(item, field) != value:
                    self.error(
                        (key, i, field),
                        f"list the {what} entries in order of {field} ({_numbers(expected)}): "
                        f"entry {i + 1} has {field} {getattr(item, field)}, expected {value}",
                    )
                    break

    def unique(self, key: str, items: Sequence[Any], field: str, what: str) -> None:
        first: dict[Any, int] = {}
        for i, item in enumerate(items):
            value = getattr(item, field)
            if value in first:
                self.error((key, i, field), f"{what} {field} '{value}' is listed twice (also {key}[{first[value]}])")
            else:
                first[value] = i

    def no_repeats(self, path: tuple, values: Sequence[Any], what: str) -> None:
        seen: set = set()
        for i, value in enumerate(values):
            if value in seen:
                self.error(path + (i,), f"{what} {value} is listed twice")
            seen.add(value)


# ---- dice.yaml -------------------------------------------------------------------------------
def check_dice(dice: DiceRules, doc: SourceDocument, report: Report) -> None:
    c = Checker(doc, report)
    c.numbered("thresholds", dice.thresholds, "rank", field_range(Character, "rank"), "threshold")
    levels = field_range(Difficulty, "level")
    c.numbered("difficulties", dice.difficulties, "level", levels, "difficulty")
    if dice.automatic_at_or_below >= levels[0]:
        c.error(
            ("automatic_at_or_below",),
            f"must be below the easiest difficulty level ({levels[0]}), got {dice.automatic_at_or_below}",
        )
    if dice.impossible_at_or_above <= levels[-1]:
        c.error(
            ("impossible_at_or_above",),
            f"must be above the hardest difficulty level ({levels[-1]}), got {dice.impossible_at_or_above}",
        )
    if dice.always_success == dice.always_failure:
        c.error(("always_failure",), f"the same face ({dice.always_failure}) cannot always succeed and always fail")
    c.unique("roll_types", dice.roll_types, "code", "roll type")
    described = {r.code for r in dice.roll_types}
    for i, d in enumerate(dice.difficulties):
        if d.dice.roll not in described:
            c.error(
                ("difficulties", i, "dice", "roll"),
                f"roll type '{d.dice.roll}' has no entry in roll_types (described: {', '.join(sorted(described)) or 'none'})",
            )


# ---- wounds.yaml -----------------------------------------------------------------------------
def check_wounds(wounds: WoundRules, doc: SourceDocument, report: Report) -> None:
    c = Checker(doc, report)
    _from_one("severities", wounds.severities, "roll", "severity", c)  # a higher total counts as the top row
    for i, s in enumerate(wounds.severities):
        c.no_repeats(("severities", i, "haemorrhage_on"), s.haemorrhage_on, "face")
        _losses(c, ("severities", i, "morale_loss"), s.morale_loss)
    _check_locations(c, wounds.locations, field_range(Location, "roll"))
    _check_critical_injuries(c, wounds, field_range(CriticalInjury, "roll"))
    _losses(c, ("critical_morale_loss",), wounds.critical_morale_loss)
    _from_one("cumulative", wounds.cumulative, "wounds", "cumulative row", c)  # the card: one column per row
    _check_critical_failures(c, wounds)


def _from_one(key: str, items: Sequence[Any], field: str, what: str, c: Checker) -> None:
    """Rows 1, 2, ... up to the last one, in order: the top row also stands for anything above it."""
    if not items:
        c.error((key,), f"needs at least one {what} ({field}: 1)")
        return
    c.numbered(key, items, field, range(1, max(getattr(item, field) for item in items) + 1), what)


def _losses(c: Checker, path: tuple, losses: Sequence[Any]) -> None:
    first: dict[int, int] = {}
    for i, m in enumerate(losses):
        if m.rank in first:
            c.error(path + (i, "rank"), f"rank {m.rank} is listed twice (also entry {first[m.rank] + 1})")
        first.setdefault(m.rank, i)


def _check_locations(c: Checker, locations: Sequence[Location], rolls: range) -> None:
    c.numbered("locations", locations, "roll", rolls, "location")
    c.unique("locations", locations, "id", "location")
    for i, loc in enumerate(locations):
        if len(loc.box_modifiers) != loc.capacity:
            c.error(
                ("locations", i, "box_modifiers"),
                f"'{loc.id}' has capacity {loc.capacity} but {len(loc.box_modifiers)} box modifier(s): give one per wound box",
            )


def _check_critical_injuries(c: Checker, wounds: WoundRules, rolls: range) -> None:
    c.numbered("critical_injuries", wounds.critical_injuries, "roll", rolls, "critical injury")
    ids = [loc.id for loc in wounds.locations]
    for i, injury in enumerate(wounds.critical_injuries):
        if injury.location not in ids:
            c.error(
                ("critical_injuries", i, "location"),
                f"unknown location '{injury.location}'{did_you_mean(injury.location, ids)} (locations: {', '.join(ids)})",
            )
        if injury.extra_difficulty is not None and injury.test_difficulty is None:
            c.error(
                ("critical_injuries", i, "extra_difficulty"),
                "an extra difficulty needs a test: give test_difficulty too",
            )


def _check_critical_failures(c: Checker, wounds: WoundRules) -> None:
    """Result bands of '1D6 minus the number of 1s': each a band, side by side, no gap, no overlap."""
    bands = wounds.critical_failures
    if not bands:
        c.error(("critical_failures",), "needs at least one result band")
        return
    for i, f in enumerate(bands):
        if f.min is None and f.max is None:
            c.error(("critical_failures", i), "give min, max or both (null: no bound on that side)")
        elif f.min is not None and f.max is not None and f.min > f.max:
            c.error(("critical_failures", i, "min"), f"min ({f.min}) is above max ({f.max})")
    bounded = [i for i, f in enumerate(bands) if f.min is not None or f.max is not None]

    def lowest(i: int) -> float:
        low = bands[i].min
        return float("-inf") if low is None else low

    ordered = sorted(bounded, key=lowest)
    for a, b in pairwise(ordered):
        top, bottom = bands[a].max, bands[b].min
        if top is None or bottom is None or bottom <= top:
            c.error(
                ("critical_failures", b),
                f"overlaps entry {a + 1} ({_band(bands[a])}): a result must fall in one band only",
            )
        elif bottom > top + 1:
            c.error(
                ("critical_failures", b),
                f"leaves a gap after entry {a + 1} ({_band(bands[a])}): "
                f"results {top + 1} to {bottom - 1} fall in no band",
            )


def _band(f: Any) -> str:
    low = "no minimum" if f.min is None else str(f.min)
    high = "no maximum" if f.max is None else str(f.max)
    return f"{low} to {high}"


# ---- combat.yaml -----------------------------------------------------------------------------
def check_combat(combat: CombatRules, doc: SourceDocument, report: Report) -> None:
    c = Checker(doc, report)
    c.unique("range_bands", combat.range_bands, "id", "range band")
    c.unique("modifiers", combat.modifiers, "id", "modifier")
    if combat.aff_radius_cm <= 0:
        c.error(("aff_radius_cm",), f"must be a distance above 0 cm, got {combat.aff_radius_cm:g}")
    open_bands = []
    factors: dict[float, int] = {}
    for i, b in enumerate(combat.range_bands):
        for key in ("max_factor", "below_cm"):
            value = getattr(b, key)
            if value is not None and value <= 0:
                c.error(("range_bands", i, key), f"must be above 0, got {value:g}")
        if b.max_factor is not None and b.below_cm is not None:
            c.error(
                ("range_bands", i),
                f"band '{b.id}' gives both max_factor and below_cm: a band is either "
                "up to a multiple of the weapon's range, or closer than a distance",
            )
        if b.severity_dice is not None and not SEVERITY_DICE.match(b.severity_dice):
            c.error(
                ("range_bands", i, "severity_dice"),
                f"'{b.severity_dice}' is not dice such as 2C6 (1 to 6 dice, D, C or M, then 6)",
            )
        if b.below_cm is None and b.max_factor is None:
            open_bands.append(i)
        elif b.max_factor is not None:
            if b.max_factor in factors:
                c.error(
                    ("range_bands", i, "max_factor"),
                    f"max_factor {b.max_factor:g} is also band {factors[b.max_factor] + 1}'s",
                )
            factors.setdefault(b.max_factor, i)
    if not factors:
        c.error(("range_bands",), "needs a band with max_factor (up to the weapon's range), e.g. max_factor: 1")
    if not open_bands:
        c.error(("range_bands",), "needs a band with neither max_factor nor below_cm: the one beyond the longest band")
    for i in open_bands[1:]:
        c.error(
            ("range_bands", i),
            f"'{combat.range_bands[i].id}' has neither max_factor nor below_cm, like "
            f"'{combat.range_bands[open_bands[0]].id}': only the band beyond the longest one may",
        )


# ---- traits.yaml -----------------------------------------------------------------------------
def check_traits(traits: TraitRules, doc: SourceDocument, report: Report) -> None:
    c = Checker(doc, report)
    c.unique("traits", traits.traits, "id", "trait")
    for i, t in enumerate(traits.traits):
        if t.unit is not None and t.param is None:
            c.error(
                ("traits", i, "unit"),
                f"trait '{t.id}' has a unit but takes no value: give its param too, or remove the unit",
            )
        if t.range_bands is not None:
            _check_weapon_bands(Checker(c.doc, c.report, ("traits", i)), t.id, t.range_bands)


def _check_weapon_bands(c: Checker, trait: str, bands: Sequence[WeaponBand]) -> None:
    """A trait's own range bands, read like the general ones: each ends at its own factor, one at most beyond."""
    if not bands:
        c.error(
            ("range_bands",),
            f"trait '{trait}' lists no range band: give at least one (max_factor: 1), "
            "or remove range_bands to keep the general ones",
        )
        return
    c.unique("range_bands", bands, "id", "range band")
    factors: dict[float, int] = {}
    open_bands = []
    for i, b in enumerate(bands):
        if b.max_factor is None:
            open_bands.append(i)
        elif b.max_factor <= 0:
            c.error(("range_bands", i, "max_factor"), f"must be above 0, got {b.max_factor:g}")
        elif b.max_factor in factors:
            c.error(
                ("range_bands", i, "max_factor"),
                f"max_factor {b.max_factor:g} is also band {factors[b.max_factor] + 1}'s",
            )
        else:
            factors[b.max_factor] = i
    if not factors:
        c.error(
            ("range_bands",),
            f"trait '{trait}' needs a band with max_factor (up to the weapon's range), e.g. max_factor: 1",
        )
    for i in open_bands[1:]:
        c.error(
            ("range_bands", i),
            f"'{bands[i].id}' has no max_factor, like '{bands[open_bands[0]].id}': "
            "only the band beyond the longest one may",
        )


# ---- actions.yaml ----------------------------------------------------------------------------
def check_actions(actions: ActionRules, doc: SourceDocument, report: Report) -> None:
    c = Checker(doc, report)
    for key in ("walk_cm_per_mvt", "run_cm_per_mvt"):
        if getattr(actions, key) <= 0:
            c.error((key,), f"must be a distance above 0 cm, got {getattr(actions, key):g}")
    c.numbered("phases", actions.phases, "number", field_range(Phase, "number"), "phase", ordered=False)
    c.unique("actions", actions.actions, "id", "action")
    _check_morale(Checker(doc, report, ("morale",)), actions.morale)


def _check_morale(c: Checker, morale: MoraleRules) -> None:
    c.numbered("levels", morale.levels, "level", field_range(MoraleLevel, "level"), "morale level", ordered=False)
    for i, lv in enumerate(morale.levels):  # to stay offensive, to flee, to rout: the book prints each test
        if lv.level <= morale.offensive_minimum and lv.test_difficulty is None:
            c.error(
                ("levels", i, "test_difficulty"),
                f"level {lv.level} calls for a test (every level from "
                f"offensive_minimum {morale.offensive_minimum} down does): give its test_difficulty",
            )
    _losses(c, ("ally_down_loss",), morale.ally_down_loss)


# ---- attack.yaml -----------------------------------------------------------------------------
def check_attack(attack: AttackRules, doc: SourceDocument, report: Report) -> None:
    c = Checker(doc, report)
    c.unique("steps", attack.steps, "id", "attack step")
    for i, step in enumerate(attack.steps):
        if not step.text and step.adds is None:
            c.error(("steps", i), "a step needs a text, or adds: naming the wounds rule it restates")


CHECKS: dict[str, Callable[[Any, SourceDocument, Report], None]] = {
    "dice": check_dice,
    "wounds": check_wounds,
    "combat": check_combat,
    "traits": check_traits,
    "actions": check_actions,
    "attack": check_attack,
}


def check_rule_file(name: str, section: Any | None, doc: SourceDocument, report: Report) -> None:
    """The table checks of data/rulesets/kolaps/rules/<name>.yaml, once its shape is valid (section not None)."""
    if section is not None:
        CHECKS[name](section, doc, report)
