"""The d100 engine against an enumeration of the hundred faces."""

from fractions import Fraction
from itertools import product

import pytest

from kolaps_print.engines import percentile

MODIFIERS = range(-20, 21, 5)


def brute(score: int, wins=(1,), losses=(100,)) -> Fraction:
    ok = 0
    for face in range(1, 101):
        if face in wins:
            ok += 1
        elif face not in losses and face <= score:
            ok += 1
    return Fraction(ok, 100)


@pytest.mark.parametrize(
    ("skill", "modifier", "point_blank"), list(product(range(0, 101, 5), MODIFIERS, (False, True)))
)
def test_every_cell_of_the_chance_table_matches_the_enumeration(skill, modifier, point_blank):
    score = percentile.effective_score(skill, modifier, point_blank)
    assert percentile.chance(score, [1], [100]) == brute(score)


def test_point_blank_doubles_after_the_modifiers():
    assert percentile.effective_score(30, -10, point_blank=True) == 40
    assert percentile.effective_score(30, -10) == 20


def test_the_ends_of_the_die():
    assert percentile.chance(-15, [1], [100]) == Fraction(1, 100)  # 01 always succeeds
    assert percentile.chance(250, [1], [100]) == Fraction(99, 100)  # 100 always fails
    assert percentile.chance(-15) == 0 and percentile.chance(250) == 1  # with no such faces
    assert percentile.chance(45) == Fraction(45, 100)


def test_a_burst_adds_five_a_bullet_up_to_twice_the_skill():
    assert percentile.burst_score(30, 6) == 60
    assert percentile.burst_score(10, 20) == 20
    assert percentile.burst_score(60, 1) == 65
