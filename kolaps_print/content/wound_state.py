"""One character's wound state and what one attack does to it, exactly, for the demo's pacing.

The rules are read from data/rulesets/kolaps/rules (dice.yaml, wounds.yaml) and the chosen reading of the
full-location test (E28). The demo edition's attack (E80): weapon traits, specialisations,
morale and fatigue are left out, and a critical success counts as the top severity.
What the turns model leaves out is said in content/pacing.py and docs/kit.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product

from kolaps_print.content.probabilities import critical_chance, roll_chance
from kolaps_print.model.rules import Dice, Rules

SIXTH = Fraction(1, 6)

# Haemorrhage of a location: none, started this turn (not tested at this bilan), running.
DRY, NEW, BLEEDING = 0, 1, 2


@dataclass(frozen=True)
class WoundState:
    """A character still in play: boxes checked per location (in wounds.yaml's order), each
    location's haemorrhage, and the wounds the cumulative table counted at the last bilan."""

    boxes: tuple[int, ...]
    bleeding: tuple[int, ...]
    counted: int = 0


OUT = None  # out of action (hors de combat): the chain's absorbing state
State = WoundState | None
Distribution = dict[State, Fraction]


def fresh_state(rules: Rules) -> WoundState:
    n = len(rules.wounds.locations)
    return WoundState((0,) * n, (DRY,) * n)


def add(dist: Distribution, state: State, p: Fraction) -> None:
    if p:
        dist[state] = dist.get(state, Fraction(0)) + p


def canonical(rules: Rules, state: WoundState) -> WoundState:
    """One representative of states that differ only by swapping locations the demo cannot
    tell apart (same boxes and modifiers: the two arms), so the chain follows fewer states."""
    boxes, bleeding = list(state.boxes), list(state.bleeding)
    groups: dict[tuple, list[int]] = {}
    for i, loc in enumerate(rules.wounds.locations):
        groups.setdefault((loc.capacity, tuple(loc.box_modifiers)), []).append(i)
    for places in groups.values():
        pairs = sorted(((state.boxes[i], state.bleeding[i]) for i in places), reverse=True)
        for i, (b, f) in zip(places, pairs, strict=True):
            boxes[i], bleeding[i] = b, f
    return WoundState(tuple(boxes), tuple(bleeding), state.counted)


# ---- the cumulative table (wounds.yaml) --------------------------------------------
def modified_stat(rules: Rules, base: int, stat: str, counted: int) -> int:
    """RNG or CIB after the cumulative table's row for this many counted wounds (floor E12)."""
    rows = [row for row in rules.wounds.cumulative if row.wounds <= counted]
    if not rows:
        return base
    row = max(rows, key=lambda r: r.wounds)
    if row.all_zero:
        return rules.wounds.cumulative_floor
    return max(rules.wounds.cumulative_floor, base + getattr(row, stat))


# ---- dice ------------------------------------------------------------------------
def parse_dice(label: str) -> Dice:
    """'2C6' -> Dice(count=2, roll='C'), as combat.yaml writes a band's severity dice."""
    match = re.fullmatch(r"(\d)([DCM])6", label)
    if match is None:
        raise ValueError(f"not a dice label: '{label}'")
    return Dice(count=int(match.group(1)), roll=match.group(2))


def kept_face_distribution(dice: Dice) -> dict[int, Fraction]:
    """The face a severity roll keeps: the only die, the best of XC6, the lowest of XM6."""
    out: dict[int, Fraction] = {}
    total = 6**dice.count
    for faces in product(range(1, 7), repeat=dice.count):
        kept = min(faces) if dice.roll == "M" else max(faces)
        out[kept] = out.get(kept, Fraction(0)) + Fraction(1, total)
    return out


@dataclass(frozen=True)
class HitChance:
    """An attack's outcome: hit (critical included) and critical success (every die that counts
    shows 6: every die rolled, or the kept one of XC6)."""

    hit: Fraction
    critical: Fraction


def hit_chance(rank: int, difficulty: int, rules: Rules) -> HitChance:
    """The attack roll at this total difficulty, per dice.yaml and E2 (levels beyond 0-5)."""
    dice_rules = rules.dice
    if difficulty <= dice_rules.automatic_at_or_below:
        return HitChance(Fraction(1), Fraction(0))  # no roll, so no critical
    if difficulty >= dice_rules.impossible_at_or_above:
        return HitChance(Fraction(0), Fraction(0))
    levels = [d.level for d in dice_rules.difficulties]
    dice = dice_rules.difficulty(min(max(difficulty, min(levels)), max(levels))).dice
    hit = roll_chance(dice_rules.threshold(rank), dice, rules.dice)
    return HitChance(hit, critical_chance(dice, rules.dice))


def test_passes(rank: int, level: int, rules: Rules) -> Fraction:
    return roll_chance(rules.dice.threshold(rank), rules.dice.difficulty(level).dice, rules.dice)


# ---- one hit --------------------------------------------------------------------
def _tests_for(boxes: int, wounds: int, capacity: int, reading: str) -> int:
    """Survival tests a hit of `wounds` wounds calls for on a location (E28's two readings)."""
    if wounds == 0:
        return 0
    first_tested = capacity if reading == "on_fill" else capacity + 1  # the box count that tests
    return max(0, min(wounds, boxes + wounds - first_tested + 1))


def severity_total(rules: Rules, state: WoundState, location: int, die: int) -> int:
    """The die plus the last checked box's modifier of that location (never their sum, E10)."""
    checked = state.boxes[location]
    modifier = rules.wounds.locations[location].box_modifiers[checked - 1] if checked else 0
    return min(die + modifier, rules.wounds.max_severity)


Memo = dict[tuple[int, int, int, int], tuple[int, Fraction, Fraction]]


def _location_outcome(
    rules: Rules, state: WoundState, location: int, severity: int, base_rank: int, reading: str, memo: Memo | None
) -> tuple[int, Fraction, Fraction]:
    """A hit's effect on its location: (boxes checked after, chance to survive, chance to bleed).
    It depends on the location's boxes, the severity and the target's rank only: memo keeps it
    across states (the pacing chain asks it thousands of times)."""
    checked = state.boxes[location]
    rank = modified_stat(rules, base_rank, "rng", state.counted)
    key = (location, checked, severity, rank)
    if memo is not None and key in memo:
        return memo[key]
    sev = {s.roll: s for s in rules.wounds.severities}[severity]
    loc = rules.wounds.locations[location]
    survive = test_passes(rank, rules.wounds.full_location_test_difficulty, rules) ** _tests_for(
        checked, sev.wounds, loc.capacity, reading
    )
    outcome = (min(loc.capacity, checked + sev.wounds), survive, Fraction(len(sev.haemorrhage_on), 6))
    if memo is not None:
        memo[key] = outcome
    return outcome


def apply_hit(
    rules: Rules,
    state: WoundState,
    location: int,
    severity: int,
    base_rank: int,
    reading: str,
    memo: Memo | None = None,
) -> Distribution:
    """The target's states after one hit of this severity on this location."""
    checked, survive, bleeds = _location_outcome(rules, state, location, severity, base_rank, reading, memo)
    boxes = list(state.boxes)
    boxes[location] = checked
    after = replace(state, boxes=tuple(boxes))
    out: Distribution = {}
    add(out, OUT, 1 - survive)
    if state.bleeding[location] == DRY:
        bleeding = list(state.bleeding)
        bleeding[location] = NEW
        add(out, replace(after, bleeding=tuple(bleeding)), survive * bleeds)
        add(out, after, survive * (1 - bleeds))
    else:
        add(out, after, survive)
    return out


def on_hit(
    rules: Rules,
    state: WoundState,
    severity_dice: Dice,
    base_rank: int,
    reading: str,
    critical: bool,
    memo: Memo | None = None,
) -> Distribution:
    """The target's states after a hit on a location of the D6: its severity is the severity
    die plus the location's last box, or the top severity on a critical success (E80)."""
    out: Distribution = {}
    top = rules.wounds.max_severity
    faces = {top: Fraction(1)} if critical else kept_face_distribution(severity_dice)
    for location in range(len(rules.wounds.locations)):
        for die, p in faces.items():
            severity = top if critical else severity_total(rules, state, location, die)
            for after, q in apply_hit(rules, state, location, severity, base_rank, reading, memo).items():
                add(out, after, p * q * SIXTH)
    return out


def attack(
    rules: Rules, state: WoundState, chance: HitChance, severity_dice: Dice, base_rank: int, reading: str
) -> Distribution:
    """The target's states after one attack: a miss, an ordinary hit or a critical one."""
    out: Distribution = {}
    add(out, state, 1 - chance.hit)
    for critical, p in ((False, chance.hit - chance.critical), (True, chance.critical)):
        if p:
            for after, q in on_hit(rules, state, severity_dice, base_rank, reading, critical).items():
                add(out, after, p * q)
    return out
