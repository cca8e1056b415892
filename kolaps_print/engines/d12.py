"""d12 against a ladder, and the opposed d12 (seed 003), as issue 13 reads them.

Action: 1d12 + bonus against a threshold of the ladder (2, 6, 8, 12, 16, 20); a 12 or a 1
only matters in combat, as the seed writes. Opposed: the attacker hits when its total is
strictly greater than the defender's, and a defender's natural 12 evades whatever the totals.
"""

from __future__ import annotations

from fractions import Fraction

SIDES = 12
CRITICAL = 12


def ladder_chance(bonus: int, threshold: int) -> Fraction:
    """P(1d12 + bonus >= threshold)."""
    return Fraction(sum(1 for face in range(1, SIDES + 1) if face + bonus >= threshold), SIDES)


def _attack_beats(attack_face: int, defence_face: int, margin: int) -> bool:
    return defence_face != CRITICAL and attack_face + margin > defence_face


def hit_chance(margin: int) -> Fraction:
    """P(hit), margin = attacker's bonus - defender's bonus."""
    faces = range(1, SIDES + 1)
    hits = sum(1 for a in faces for d in faces if _attack_beats(a, d, margin))
    return Fraction(hits, SIDES * SIDES)


def all_out_attack_chances(margin: int) -> tuple[Fraction, Fraction]:
    """(P(at least one hit), P(two hits)) for two attack rolls against one defence roll (D12-E4)."""
    faces = range(1, SIDES + 1)
    one = two = 0
    for d in faces:
        for a1 in faces:
            for a2 in faces:
                hits = _attack_beats(a1, d, margin) + _attack_beats(a2, d, margin)
                one += hits >= 1
                two += hits == 2
    total = SIDES**3
    return Fraction(one, total), Fraction(two, total)
