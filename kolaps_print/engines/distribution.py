"""Dice totals as exact distributions: {total: Fraction}, the probabilities summing to 1."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache

Distribution = Mapping[int, Fraction]


def uniform(sides: int) -> dict[int, Fraction]:
    """One die of sides faces, numbered 1..sides."""
    return {face: Fraction(1, sides) for face in range(1, sides + 1)}


def combine(a: Distribution, b: Distribution, join: Callable[[int, int], int]) -> dict[int, Fraction]:
    """The distribution of join(x, y) for independent x ~ a and y ~ b."""
    out: dict[int, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            total = join(x, y)
            out[total] = out.get(total, Fraction(0)) + px * py
    return out


@cache
def dice_sum(count: int, sides: int) -> dict[int, Fraction]:
    """The total of count dice of sides faces (count 0: always 0)."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(count):
        total = combine(total, uniform(sides), lambda x, y: x + y)
    return total


def at_least(distribution: Distribution, target: int) -> Fraction:
    """P(total >= target)."""
    return sum((p for total, p in distribution.items() if total >= target), Fraction(0))
