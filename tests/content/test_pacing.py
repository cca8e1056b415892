"""Pacing from the exact wound chain: the weapons' bands, the runners' plan, and a one-figure
duel whose first turn is the single attack counted by hand (tests/content/test_wound_state.py)."""

from fractions import Fraction as F
from itertools import pairwise
from pathlib import Path

from kolaps_print.content.pacing import figures, half_of, pacing, ranged_use, turn_plan, typical_target
from kolaps_print.model.army_book import load_army
from kolaps_print.model.gamedata import builtin_game_data

DATA = builtin_game_data()
ARMIES = Path(__file__).parents[2] / "data" / "rulesets" / "kolaps" / "armies"


def _army(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(f'name: "{name}"\naffiliation: apc\ncharacters:\n{body}', encoding="utf-8")
    return path


def test_the_typical_target_is_the_higher_median_copies_counted():
    damnes = load_army(ARMIES / "les-damnes.yaml", DATA)
    # CIB 4, 4, 4, 4, 3, 3, 3, 3 and ranks 4, 3, 2, 2, 1, 0, 0, 0: eight figures
    assert (typical_target(damnes).cib, typical_target(damnes).rank, half_of(damnes)) == (4, 2, 4)
    assert len(figures(damnes)) == 8


def test_a_runner_runs_until_a_walk_reaches_then_strikes():
    damnes = load_army(ARMIES / "les-damnes.yaml", DATA)
    errant = next(f for f in figures(damnes) if f.name == "Damné errant")  # MVT 4: walk 10, run 20
    target = typical_target(damnes)
    plan = turn_plan(DATA.rules, errant, target, 40, "on_fill", 4)
    assert [u and (u.band, u.modifier) for u in plan] == [None, None, ("frapper", 0), ("frapper", 0)]
    plan = turn_plan(DATA.rules, errant, target, 30, "on_fill", 3)
    assert [u and (u.band, u.modifier) for u in plan] == [None, ("bouger-pour-frapper", 2), ("frapper", 0)]


def test_a_duel_s_first_turn_is_one_attack(tmp_path):
    shooter = _army(
        tmp_path,
        "tireur",
        "  - {name: A, archetype: S, function: F, rank: 3, mvt: 4, cib: 3, weapons: [fusil-assaut]}\n",
    )
    target = _army(
        tmp_path, "cible", "  - {name: B, archetype: S, function: F, rank: 2, mvt: 4, cib: 4, weapons: [matraque]}\n"
    )
    result = pacing(DATA.rules, load_army(shooter, DATA), load_army(target, DATA), 40, "on_fill")
    hit, critical = F(2, 3) ** 4, F(1, 6) ** 4  # rank 3 against CIB 4 at effective range
    assert result.half == 1
    assert abs(result.by(1) - float((hit - critical) * F(2, 9) + critical * F(2, 3))) < 1e-12
    assert all(a <= b for a, b in pairwise(result.reached_by_turn))
    assert 1 < result.expected_turns < 30


def test_a_shot_takes_its_band_from_the_distance_and_point_blank_rolls_2c6():
    rifle = DATA.catalogue.weapons["fusil-assaut"]  # range 40
    seen = [(u.band, u.modifier, u.severity.label) for u in (ranged_use(DATA.rules, rifle, d) for d in (4, 40, 80, 81))]
    assert seen == [("bout-portant", -2, "2C6"), ("efficace", 0, "1D6"), ("longue", 1, "1D6"), ("extreme", 2, "1D6")]
