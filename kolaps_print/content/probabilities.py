"""Exact success chances of a test, from the dice rules in data/rulesets/kolaps/rules/dice.yaml.

A die succeeds on the rank's threshold or more; the always-success face (6) always
succeeds and the always-failure face (1) always fails. Then by roll type:
D (XD6) every die must succeed; C (XC6) the player keeps the die of their choice, so
one success is enough; M (XM6) only the lowest die counts.
"""

from __future__ import annotations

from fractions import Fraction

from kolaps_print.model.rules import Dice, DiceRules

FACES = range(1, 7)


def die_succeeds(face: int, threshold: int, rules: DiceRules) -> bool:
    if face == rules.always_failure:
        return False
    return face == rules.always_success or face >= threshold


def die_chance(threshold: int, rules: DiceRules) -> Fraction:
    """Chance that one die succeeds against threshold."""
    return Fraction(sum(die_succeeds(f, threshold, rules) for f in FACES), len(FACES))


def _lowest_die_chance(threshold: int, count: int, rules: DiceRules) -> Fraction:
    # P(min == m) = P(all >= m) - P(all >= m + 1); sum it over the faces that succeed.
    def at_least(m: int) -> Fraction:
        return Fraction(len(FACES) - m + 1, len(FACES)) ** count

    return sum((at_least(m) - at_least(m + 1) for m in FACES if die_succeeds(m, threshold, rules)), Fraction(0))


def roll_chance(threshold: int, dice: Dice, rules: DiceRules) -> Fraction:
    """Exact chance that a roll of dice succeeds against threshold."""
    p = die_chance(threshold, rules)
    if dice.roll == "D":
        return p**dice.count
    if dice.roll == "C":
        return 1 - (1 - p) ** dice.count
    if dice.roll == "M":
        return _lowest_die_chance(threshold, dice.count, rules)
    raise ValueError(f"unknown roll type '{dice.roll}'")


def critical_chance(dice: Dice, rules: DiceRules) -> Fraction:
    """Chance of a critical success: every die that counts shows the always-success face. XD6 and
    XM6: every die rolled; XC6: the kept die, so one such face among them is enough (the draft: « un
    seul dans le cas du jet de 2C6 »)."""
    face = Fraction(1, len(FACES))
    if dice.roll == "C":
        return 1 - (1 - face) ** dice.count
    return face**dice.count


def success_chance(rank: int, level: int, rules: DiceRules) -> Fraction:
    """Chance that a character of this rank passes a test of this difficulty level (0-5)."""
    return roll_chance(rules.threshold(rank), rules.difficulty(level).dice, rules)


def chance_matrix(rules: DiceRules) -> dict[tuple[int, int], Fraction]:
    """{(rank, level): chance} for every rank and difficulty in the data."""
    return {
        (t.rank, d.level): roll_chance(t.threshold, d.dice, rules) for t in rules.thresholds for d in rules.difficulties
    }
