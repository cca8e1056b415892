"""The numbers each ruleset's errata quote (« what the other reading changes ») are the engines'
exact chances: a reading changed in data without its numbers fails here."""

from fractions import Fraction
from itertools import product

import pytest

from kolaps_print import resources
from kolaps_print.engines import d12, percentile, three_d6
from kolaps_print.model.ruleset_load import load_ruleset
from kolaps_print.model.ruleset_values import mark_box

FACES = range(1, 13)


def pct(p: Fraction) -> str:
    """A chance as the errata write it: a percentage with at most two decimals, decimal comma."""
    return f"{float(p) * 100:.2f}".rstrip("0").rstrip(".").replace(".", ",") + " %"


def numbers(ruleset_id: str, erratum: str) -> str:
    ruleset = load_ruleset(resources.data_dir() / "rulesets" / ruleset_id)
    found = ruleset.erratum(erratum)
    assert found is not None and found.numbers
    return found.numbers


def d12_hit_if_ties_hit(margin: int) -> Fraction:
    return Fraction(sum(d != 12 and a + margin >= d for a, d in product(FACES, FACES)), 144)


def d12_hit_if_twelve_is_a_number(margin: int) -> Fraction:
    return Fraction(sum(a + margin > d for a, d in product(FACES, FACES)), 144)


EXPECTED = [
    (
        "3d6",
        "3D6-E1",
        [pct(three_d6.chance_at_least(6)), pct(three_d6.chance_at_least(10)), pct(three_d6.chance_at_least(14))],
    ),
    ("3d6", "3D6-E2", [pct(three_d6.chance_at_least(11)), "35/7776", pct(Fraction(35, 7776))]),
    ("3d6", "3D6-E3", [pct(three_d6.opposed_chance(0)), pct(1 - three_d6.opposed_chance(0))]),
    ("d12", "D12-E1", ["11/24", pct(d12.hit_chance(0)), "77/144", pct(d12_hit_if_ties_hit(0))]),
    ("d12", "D12-E2", [pct(d12.hit_chance(6)), pct(d12_hit_if_twelve_is_a_number(6))]),
    ("d12", "D12-E3", [f"{pct(d12.ladder_chance(-2, 12))} chez nous", "1/12", pct(Fraction(1, 12))]),
    (
        "d12",
        "D12-E4",
        ["539/864", pct(d12.all_out_attack_chances(0)[0]), "253/864", pct(d12.all_out_attack_chances(0)[1])],
    ),
    (
        "d12",
        "D12-E6",
        [
            f"dès {mark_box(15, 1, 2, 'down')} PV",
            f"dès {mark_box(15, 1, 4, 'down')} ;",
            f"dès {mark_box(15, 1, 2, 'up')} et dès {mark_box(15, 1, 4, 'up')}",
        ],
    ),
    (
        "d100",
        "D100-E1",
        [
            f"{percentile.effective_score(10, 0, True)} % chez nous",
            f"{30 * 2 - 20} %",
            f"{percentile.effective_score(30, 10, True)} % contre {30 * 2 + 10} %",
        ],
    ),
    ("d100", "D100-E2", [pct(percentile.chance(-10, [1], [100])), pct(percentile.chance(120, [1], [100]))]),
]


@pytest.mark.parametrize(("ruleset_id", "erratum", "quoted"), EXPECTED, ids=[e[1] for e in EXPECTED])
def test_the_errata_quote_the_engines(ruleset_id, erratum, quoted):
    text = numbers(ruleset_id, erratum)
    for piece in quoted:
        assert piece in text, (piece, text)


def test_the_3d6_dv_table_is_ours_and_marked():
    ruleset = load_ruleset(resources.data_dir() / "rulesets" / "3d6")
    table = ruleset.tables["difficultes"]
    assert table.ruling == "3D6-E1" and ruleset.erratum("3D6-E1").mark
