"""3d6 « AV contre DV » (seed 002), as issue 13 reads it: a natural 18 adds 2d6 once, a natural
3 subtracts 2d6 once, the extra dice never explode in turn; success when AV >= DV.

So P(roll >= 11) = 1/2 and P(roll >= 21) = 35/7776 (an 18, then 3 or more on 2d6).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from kolaps_print.engines.distribution import at_least, combine, dice_sum

HIGH, LOW = 18, 3  # the natural totals that roll the extra dice


@cache
def exploding_roll(extra_dice: int = 2, sides: int = 6) -> dict[int, Fraction]:
    """The distribution of one 3d6 roll with its single 18 / 3 extension."""
    base, extra = dice_sum(3, 6), dice_sum(extra_dice, sides)
    out: dict[int, Fraction] = {}
    for natural, p in base.items():
        if natural in (HIGH, LOW):
            sign = 1 if natural == HIGH else -1
            for more, q in extra.items():
                out[natural + sign * more] = out.get(natural + sign * more, Fraction(0)) + p * q
        else:
            out[natural] = out.get(natural, Fraction(0)) + p
    return out


def chance_at_least(target: int, extra_dice: int = 2) -> Fraction:
    """P(the roll reaches target): the chance against DV - (characteristic + skill)."""
    return at_least(exploding_roll(extra_dice), target)


@cache
def _difference(extra_dice: int) -> dict[int, Fraction]:
    roll = exploding_roll(extra_dice)
    return combine(roll, roll, lambda attack, defence: attack - defence)


def opposed_chance(margin: int, extra_dice: int = 2) -> Fraction:
    """P(attacker's AV >= defender's DV) when both roll (3D6-E2), margin = attacker's bonus - defender's."""
    return at_least(_difference(extra_dice), -margin)
