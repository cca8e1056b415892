"""The d12 engines against an enumeration, and the issue's reading of the opposed roll."""

from fractions import Fraction
from itertools import product

import pytest

from kolaps_print.engines import d12

FACES = range(1, 13)
LADDER = (2, 6, 8, 12, 16, 20)


@pytest.mark.parametrize(("bonus", "threshold"), list(product(range(-2, 11), LADDER)))
def test_the_ladder_matches_the_enumeration(bonus, threshold):
    assert d12.ladder_chance(bonus, threshold) == Fraction(sum(f + bonus >= threshold for f in FACES), 12)


def test_the_ladder_has_no_critical_outside_combat():
    assert d12.ladder_chance(-2, 12) == 0  # a natural 12 is only 10
    assert d12.ladder_chance(10, 2) == 1  # a natural 1 still makes 11
    assert d12.ladder_chance(0, 8) == Fraction(5, 12)


def brute_hit(margin: int) -> Fraction:
    hits = 0
    for attack, defence in product(FACES, FACES):
        if defence == 12:
            continue  # the defender's critical evades
        hits += attack + margin > defence
    return Fraction(hits, 144)


@pytest.mark.parametrize("margin", range(-6, 7))
def test_the_opposed_roll_matches_the_enumeration(margin):
    assert d12.hit_chance(margin) == brute_hit(margin)


def test_the_opposed_roll_s_reading():
    assert d12.hit_chance(0) == Fraction(66, 144)  # a tie misses, a defender's 12 evades
    assert d12.hit_chance(11) == Fraction(11, 12)  # even a certain win loses to the 12
    assert d12.hit_chance(-11) == 0


@pytest.mark.parametrize("margin", range(-6, 7))
def test_all_out_attack_matches_the_enumeration(margin):
    one = two = 0
    for a1, a2, defence in product(FACES, FACES, FACES):
        hits = [defence != 12 and a + margin > defence for a in (a1, a2)]
        one += any(hits)
        two += all(hits)
    assert d12.all_out_attack_chances(margin) == (Fraction(one, 1728), Fraction(two, 1728))
