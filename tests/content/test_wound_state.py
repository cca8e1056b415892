"""The wound chain against fractions worked out by hand from data/rulesets/kolaps/rules (a typical rank 2
target: threshold 4+, so a survival test of difficulty 1 passes half the time)."""

from fractions import Fraction as F

import pytest

from kolaps_print.content.wound_state import (
    OUT,
    HitChance,
    apply_hit,
    attack,
    fresh_state,
    hit_chance,
    kept_face_distribution,
    modified_stat,
    parse_dice,
)
from kolaps_print.model.gamedata import builtin_game_data

RULES = builtin_game_data().rules
ARM, VENTRE, TETE = 0, 3, 5  # wounds.yaml's order: bras gauche ... tête


def test_hit_chance_is_every_die_at_the_threshold_and_all_sixes_for_a_critical():
    # rank 3 (3+) against difficulty 4: four dice, each passing on 3..6
    assert hit_chance(3, 4, RULES) == HitChance(F(2, 3) ** 4, F(1, 1296))


def test_a_critical_at_2c6_is_the_kept_die_showing_6_so_one_six_of_two_is_enough():
    """The draft: every die a 6, « un seul dans le cas du jet de 2C6 »; the quick-start and the sheet
    say the kept die. Counted by hand: of 36 throws, 11 hold at least one 6."""
    for difficulty in (0, -1, -2):  # -2 and -1 roll as 0 (E2)
        assert hit_chance(2, difficulty, RULES).critical == F(11, 36)
    assert hit_chance(2, 1, RULES).critical == F(1, 6)  # 1D6: the one die
    assert hit_chance(2, 2, RULES).critical == F(1, 36)  # 2D6: both dice


def test_difficulties_beyond_the_scale_follow_e2():
    assert hit_chance(0, -3, RULES) == HitChance(F(1), F(0))  # automatic, no roll
    assert hit_chance(4, 11, RULES).hit == 0  # impossible
    assert hit_chance(4, 7, RULES).hit == F(5, 6) ** 5  # as 5D6
    assert hit_chance(1, -1, RULES).hit == 1 - F(1, 2) ** 2  # as 2C6 at 4+


def test_the_severity_of_2c6_keeps_the_best_die():
    faces = kept_face_distribution(parse_dice("2C6"))
    assert faces[6] == F(11, 36) and faces[1] == F(1, 36)


@pytest.mark.parametrize(
    ("location", "severity", "reading", "out"),
    [
        (TETE, 3, "on_fill", F(1, 2)),  # one wound fills the head: one test
        (TETE, 5, "on_fill", F(3, 4)),  # two wounds, two tests
        (TETE, 3, "on_overflow", F(0)),  # the box is free: no test in this reading
        (ARM, 5, "on_fill", F(0)),  # two of three boxes
        (ARM, 6, "on_fill", F(1, 2)),  # the third box fills the arm
        (VENTRE, 6, "on_fill", F(3, 4)),  # the second box fills, the third finds none
    ],
)
def test_survival_tests_of_a_full_location(location, severity, reading, out):
    after = apply_hit(RULES, fresh_state(RULES), location, severity, 2, reading)
    assert after.get(OUT, F(0)) == out


def test_the_second_wound_on_a_location_adds_its_last_box():
    state = fresh_state(RULES)
    once = next(s for s in apply_hit(RULES, state, VENTRE, 3, 2, "on_fill") if s and not any(s.bleeding))
    # a ventre box adds 1: die 1 -> severity 2 (no wound), die 2 -> 3 (one wound, fills: a test)
    chance = HitChance(F(1), F(0))
    assert once.boxes[VENTRE] == 1
    out = attack(RULES, once, chance, parse_dice("1D6"), 2, "on_fill")[OUT]
    assert out > attack(RULES, state, chance, parse_dice("1D6"), 2, "on_fill")[OUT]


def test_one_attack_puts_a_fresh_rank_2_target_out_as_counted_by_hand():
    # By hand, per location over the six severity dice: arms and legs only on a 6 (1/2 each),
    # ventre 5: 1/2, 6: 3/4; chest and head 3, 4: 1/2, 5: 3/4, 6: 7/8 -> (3/2 + 5/4 + 2 * 21/8) / 36
    # = 2/9 on an ordinary hit; a critical is severity 6 everywhere: (3/2 + 3/4 + 7/4) / 6 = 2/3.
    chance = hit_chance(3, 4, RULES)
    after = attack(RULES, fresh_state(RULES), chance, parse_dice("1D6"), 2, "on_fill")
    assert after[OUT] == (chance.hit - chance.critical) * F(2, 9) + chance.critical * F(2, 3)
    assert sum(after.values()) == 1


def test_the_cumulative_table_lowers_rank_and_cib_never_below_zero():
    assert modified_stat(RULES, 2, "rng", 3) == 1
    assert modified_stat(RULES, 4, "cib", 5) == 1
    assert modified_stat(RULES, 1, "rng", 5) == 0
    assert modified_stat(RULES, 4, "cib", 6) == 0  # six wounds: everything at 0
