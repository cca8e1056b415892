"""The quick-start's worked attack, every number worked out from the rules and the two
characters' own values (issue 16): if a card or a table changes, the example follows.

The scenario file names the two characters, the weapon, the distance and the three dice that
are pure chance (severity, location, haemorrhage); the attack test's dice are chosen to
succeed and the secondary-effect test's to fail by one die, so the example shows every step.
"""

from __future__ import annotations

from dataclasses import dataclass

from kolaps_print.diagnostics import did_you_mean
from kolaps_print.model.army_book import ArmyBook, Member
from kolaps_print.model.rules import Rules
from kolaps_print.model.scenario import Scenario


class ExampleError(ValueError):
    """The scenario's example names something the armies or the rules do not have; args: (field path, message)."""


@dataclass(frozen=True)
class Side:
    name: str  # the character's name, as on its card
    army: str  # its army's name, as on its card
    rank: int
    threshold: int  # the card's « 3+ »
    cib: int


@dataclass(frozen=True)
class SecondHit:
    """The same zone hit again: the last ticked box raises the severity, the zone fills, survival tests."""

    roll: int  # the severity die
    severity: int  # roll + the last ticked box's modifier, at most the table's last row
    severity_name: str
    wounds: int
    free: int  # boxes still free in the zone before this hit
    tests: int  # survival tests this hit calls for (data/rulesets/kolaps/readings.yaml: full_location_test)
    test_dice: str  # the survival test's dice


@dataclass(frozen=True)
class WorkedAttack:
    attacker: Side
    target: Side
    weapon: str
    weapon_range: float  # cm, the card's range
    distance_cm: int
    band: str  # « Portée efficace »
    band_modifier: int
    difficulty: int  # target's CIB + band modifier
    dice: str  # « 4D6 »
    attack_dice: tuple[int, ...]  # all reach the threshold, not all 6 (no critical)
    severity: int
    severity_name: str
    wounds: int
    location_roll: int
    location: str
    capacity: int
    ticked: tuple[int, ...]  # the box modifiers of the boxes ticked (first boxes of an unwounded zone)
    next_severity: int  # what the last ticked box adds to the next severity die on this zone
    haemorrhage_roll: int
    haemorrhage_on: tuple[int, ...]
    full: bool  # the zone is full: survival test
    secondary_difficulty: int
    secondary_dice: str
    secondary_rolls: tuple[int, ...]  # one die short of the target's threshold: the effect applies
    secondary_effect: str  # the demo's, where the zone has one (E85)
    second: SecondHit  # a second hit on the same zone: the box's modifier, then the full zone

    @property
    def haemorrhage(self) -> bool:
        return self.haemorrhage_roll in self.haemorrhage_on


def _passing_dice(count: int, threshold: int, top: int) -> tuple[int, ...]:
    """count dice that all reach threshold, counting up from it, never all showing top (a critical)."""
    span = max(top - threshold, 1)
    return tuple(threshold + i % span for i in range(count))


def _failing_dice(count: int, threshold: int, top: int, keep_one: bool) -> tuple[int, ...]:
    """The same, but the last die one short of the threshold (a 1 at worst): the test fails.
    keep_one (2C6: the player keeps the die of his choice): every die falls short."""
    short = max(threshold - 1, 1)
    if keep_one:
        return (short,) * count
    return _passing_dice(count, threshold, top)[:-1] + (short,)


def _member(book: ArmyBook, name: str, field: str) -> Member:
    found = next((m for m in book.members if m.character.name == name), None)
    if found is None:
        names = [m.character.name for m in book.members]
        raise ExampleError(
            ("example", field),
            f"no character '{name}'{did_you_mean(name, names)} in {book.army.name} ({', '.join(names)})",
        )
    return found


def _side(member: Member, book: ArmyBook, rules: Rules) -> Side:
    c = member.character
    return Side(c.name, book.army.name, c.rank, rules.dice.threshold(c.rank), c.cib)


def worked_attack(scenario: Scenario, armies: dict[str, ArmyBook], rules: Rules, full_location: str) -> WorkedAttack:
    """The example of scenario, armies by file name (data/rulesets/kolaps/armies/<id>.yaml); full_location: the
    reading chosen in data/rulesets/kolaps/readings.yaml (on_fill, on_overflow). ExampleError if it names what is not there."""
    for i, side in enumerate(scenario.sides):
        if side not in armies:
            raise ExampleError(
                ("sides", i), f"no army '{side}' in data/rulesets/kolaps/armies ({', '.join(sorted(armies)) or 'none'})"
            )
    ex = scenario.example
    first, second = armies[scenario.sides[0]], armies[scenario.sides[1]]
    shooter, target = _member(first, ex.attacker, "attacker"), _member(second, ex.target, "target")
    weapon = next((w for w in shooter.weapons if w.id == ex.weapon), None)
    if weapon is None or weapon.range is None:
        raise ExampleError(("example", "weapon"), f"{ex.attacker} has no ranged weapon '{ex.weapon}'")
    return _work_out(scenario, rules, _side(shooter, first, rules), _side(target, second, rules), weapon, full_location)


def _band(rules: Rules, weapon_range: float, distance: int):
    """The range band of a shot at distance: the general bands (the demo ignores the traits that change them)."""
    found = next(b for b in rules.weapon_bands([]) if b.max_factor is None or distance <= b.max_factor * weapon_range)
    return rules.combat.band(found.id)


def _dice(rules: Rules, level: int):
    """The dice of a difficulty; beyond the scale, those of its nearest end (E2)."""
    levels = [d.level for d in rules.dice.difficulties]
    return rules.dice.difficulty(min(max(level, min(levels)), max(levels))).dice


def _work_out(
    scenario: Scenario, rules: Rules, shooter: Side, target: Side, weapon, full_location: str
) -> WorkedAttack:
    ex, dice_rules, wounds = scenario.example, rules.dice, rules.wounds
    band = _band(rules, weapon.range, ex.distance_cm)
    difficulty = target.cib + band.modifier
    dice = _dice(rules, difficulty)
    severity = next(s for s in wounds.severities if s.roll == ex.rolls.severity)
    location = next(loc for loc in wounds.locations if loc.roll == ex.rolls.location)
    ticked = tuple(location.box_modifiers[: min(severity.wounds, location.capacity)])
    secondary_level = severity.roll + wounds.secondary_test_offset
    secondary = _dice(rules, secondary_level)
    top = dice_rules.always_success
    return WorkedAttack(
        attacker=shooter,
        target=target,
        weapon=weapon.name,
        weapon_range=weapon.range,
        distance_cm=ex.distance_cm,
        band=band.name,
        band_modifier=band.modifier,
        difficulty=difficulty,
        dice=dice.label,
        attack_dice=_passing_dice(dice.count, shooter.threshold, top),
        severity=severity.roll,
        severity_name=severity.name,
        wounds=severity.wounds,
        location_roll=location.roll,
        location=location.name,
        capacity=location.capacity,
        ticked=ticked,
        next_severity=ticked[-1] if ticked else 0,
        haemorrhage_roll=ex.rolls.haemorrhage,
        haemorrhage_on=tuple(severity.haemorrhage_on),
        full=len(ticked) >= location.capacity,
        secondary_difficulty=secondary_level,
        secondary_dice=secondary.label,
        secondary_rolls=_failing_dice(secondary.count, target.threshold, top, secondary.roll == "C"),
        secondary_effect=location.demo_effect.text if location.demo_effect else location.secondary_effect,
        second=_second_hit(
            scenario, rules, location.capacity - len(ticked), ticked[-1] if ticked else 0, full_location
        ),
    )


def _second_hit(scenario: Scenario, rules: Rules, free: int, added: int, full_location: str) -> SecondHit:
    wounds = rules.wounds
    roll = scenario.example.rolls.second_severity
    value = min(roll + added, wounds.max_severity)
    severity = next(s for s in wounds.severities if s.roll == value)
    if free <= 0:  # already full: every wound is beyond it
        tests = severity.wounds
    elif severity.wounds < free:
        tests = 0
    elif full_location == "on_overflow":
        tests = severity.wounds - free
    else:  # on_fill: the wound that fills the zone, and each one after it
        tests = severity.wounds - free + 1
    return SecondHit(
        roll,
        value,
        severity.name,
        severity.wounds,
        free,
        tests,
        _dice(rules, wounds.full_location_test_difficulty).label,
    )
