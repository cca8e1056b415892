"""The 3d6 engine against an enumeration of every throw of the five dice (3d6, then 2d6)."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from kolaps_print.engines import three_d6

THROWS = list(product(range(1, 7), repeat=5))  # three dice, then the two extra ones, always thrown


def brute_counts() -> Counter:
    """Totals of every throw of five dice: the last two only count after a natural 18 or 3."""
    counts: Counter = Counter()
    for dice in THROWS:
        natural = sum(dice[:3])
        extra = dice[3] + dice[4]
        counts[natural + extra if natural == 18 else natural - extra if natural == 3 else natural] += 1
    return counts


BRUTE = brute_counts()


def test_the_issue_s_two_anchors():
    assert three_d6.chance_at_least(11) == Fraction(1, 2)
    assert three_d6.chance_at_least(21) == Fraction(35, 7776)


@pytest.mark.parametrize("target", range(-12, 34))
def test_every_target_matches_the_enumeration(target):
    expected = Fraction(sum(n for total, n in BRUTE.items() if total >= target), len(THROWS))
    assert three_d6.chance_at_least(target) == expected


def test_the_extremes_need_the_extra_dice():
    assert three_d6.chance_at_least(31) == 0  # 18 + 12 is the most
    assert three_d6.chance_at_least(30) == Fraction(1, 216 * 36)
    assert three_d6.chance_at_least(-9) == 1  # 3 - 12 is the least
    assert three_d6.chance_at_least(-8) == 1 - Fraction(1, 216 * 36)
    assert three_d6.chance_at_least(19) == Fraction(1, 216)  # only after an 18


@pytest.mark.parametrize("margin", range(-12, 13))
def test_the_opposed_roll_matches_the_enumeration(margin):
    total = len(THROWS) ** 2
    wins = sum(na * nd for a, na in BRUTE.items() for d, nd in BRUTE.items() if a + margin >= d)
    assert three_d6.opposed_chance(margin) == Fraction(wins, total)


def test_the_opposed_roll_favours_ties_to_the_attacker():
    assert three_d6.opposed_chance(0) > Fraction(1, 2)
    assert three_d6.opposed_chance(0) + three_d6.opposed_chance(-1) == 1  # AV >= DV, or DV >= AV + 1
