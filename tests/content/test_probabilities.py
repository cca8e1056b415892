"""The chance matrix against a brute-force count of every dice outcome, written independently."""

from fractions import Fraction
from itertools import product

import pytest

from kolaps_print.content.probabilities import chance_matrix, roll_chance, success_chance
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.model.rules import Dice


def brute_force(threshold: int, count: int, roll: str) -> Fraction:
    """Count the outcomes of count six-sided dice that pass (6 always passes, 1 always fails)."""

    def ok(face: int) -> bool:
        return face == 6 or (face != 1 and face >= threshold)

    wins = 0
    for faces in product(range(1, 7), repeat=count):
        if roll == "D":
            wins += all(ok(f) for f in faces)
        elif roll == "C":
            wins += any(ok(f) for f in faces)
        else:  # M: the lowest die is kept
            wins += ok(min(faces))
    return Fraction(wins, 6**count)


@pytest.fixture(scope="module")
def dice():
    return builtin_game_data().rules.dice


def test_every_rank_and_difficulty_matches_brute_force(dice):
    matrix = chance_matrix(dice)
    assert len(matrix) == len(dice.thresholds) * len(dice.difficulties)
    for t in dice.thresholds:
        for d in dice.difficulties:
            assert matrix[(t.rank, d.level)] == brute_force(t.threshold, d.dice.count, d.dice.roll), (t, d)


@pytest.mark.parametrize("roll", ["D", "C", "M"])
@pytest.mark.parametrize("count", [1, 2, 3])
@pytest.mark.parametrize("threshold", [1, 2, 3, 4, 5, 6])
def test_each_roll_type_matches_brute_force(dice, roll, count, threshold):
    assert roll_chance(threshold, Dice(count=count, roll=roll), dice) == brute_force(threshold, count, roll)


def test_a_few_values_worked_by_hand(dice):
    # Rank 1 (4+) on Normal (2D6): 1/2 * 1/2; rank 0 (5+) on Very easy (2C6): 1 - (2/3)^2.
    assert success_chance(1, 2, dice) == Fraction(1, 4)
    assert success_chance(0, 0, dice) == Fraction(5, 9)


def test_chances_fall_as_difficulty_rises_from_level_1(dice):
    for t in dice.thresholds:
        row = [success_chance(t.rank, level, dice) for level in range(1, 6)]
        assert row == sorted(row, reverse=True)
