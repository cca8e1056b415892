"""d100 under a score (seed 001): success when the roll, 1 to 100, is at most the score.

The score a roll is made against: the skill, plus the modifiers (shields ±10/±20, cover...),
doubled at point blank (the chances are doubled, so the modifiers are counted first: D100-E1).
Faces listed as always succeeding or always failing win over the score (D100-E2 rules that a
01 always succeeds and a 100 always fails); a score past 100 or below 1 changes nothing more.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

FACES = range(1, 101)


def effective_score(skill: int, modifier: int = 0, point_blank: bool = False, factor: int = 2) -> int:
    """The number the d100 must not exceed: (skill + modifier), times factor at point blank."""
    score = skill + modifier
    return score * factor if point_blank else score


def chance(score: int, always_success: Iterable[int] = (), always_failure: Iterable[int] = ()) -> Fraction:
    """P(d100 <= score), the listed faces overriding the comparison."""
    wins, losses = set(always_success), set(always_failure)
    hits = sum(1 for face in FACES if face in wins or (face not in losses and face <= score))
    return Fraction(hits, len(FACES))


def burst_score(skill: int, bullets: int, per_bullet: int = 5, cap_factor: int = 2) -> int:
    """A burst adds per_bullet % a bullet fired, up to cap_factor times the skill."""
    return min(skill + per_bullet * bullets, cap_factor * skill)
