"""The demo's pacing on the proof's report page (issue 16), read back from the proof PDF.

The chance to hit and the wounds per attack are counted here from the YAML files alone (army
files, weapons, dice and severity tables), by first principles, not with kolaps_print's engine;
the turns are checked against the model's own bounds.
"""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path
from statistics import median_high

import pytest
import yaml
from pdf_text import page_texts  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook

DATA = Path(__file__).resolve().parents[2] / "data" / "rulesets" / "kolaps"  # KOLAPS's own files


def _yaml(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


SCENARIO = _yaml(DATA / "scenarios" / "premier-contact.yaml")
DICE = _yaml(DATA / "rules" / "dice.yaml")
WOUNDS = _yaml(DATA / "rules" / "wounds.yaml")
WEAPONS = {w["id"]: w for w in _yaml(DATA / "weapons.yaml")["weapons"]}


def flat(text: str) -> str:
    text = re.sub("\ufffe\n?|\u00ad", "", text)
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.fixture(scope="module")
def report() -> str:
    """The proof's text from the pacing heading to the errata."""
    text = flat(" ".join(page_texts(build_rulebook(RulebookOptions(proof=True)).pdf)))
    start = text.index(f"Rythme de la démonstration : « {SCENARIO['name']} »")
    return text[start : text.index("Errata à confirmer", start)]


# ---- the sums, by hand ----------------------------------------------------------------
def army(side: str) -> dict:
    book = _yaml(DATA / "armies" / f"{side}.yaml")
    for weapon in book.get("weapons", []):
        WEAPONS.setdefault(weapon["id"], weapon)
    return book


def typical(book: dict) -> tuple[int, int]:
    figures = [c for c in book["characters"] for _ in range(c.get("copies", 1))]
    return median_high(c["cib"] for c in figures), median_high(c["rank"] for c in figures)


def threshold(rank: int) -> int:
    return next(t["threshold"] for t in DICE["thresholds"] if t["rank"] == rank)


def hit_and_critical(rank: int, difficulty: int) -> tuple[F, F]:
    """Every die at the threshold (6 always, 1 never); at 0 and below, 2C6 keeping one die."""
    good = F(sum(1 for face in range(1, 7) if face == 6 or (face != 1 and face >= threshold(rank))), 6)
    if difficulty <= 0:
        return 1 - (1 - good) ** 2, 1 - F(5, 6) ** 2  # the kept die: one six of two
    dice = min(difficulty, 5)
    return good**dice, F(1, 6) ** dice


def wounds_per_attack(rank: int, difficulty: int) -> F:
    """A hit's wounds: the severity die's row, a critical the last row."""
    wounds = [s["wounds"] for s in sorted(WOUNDS["severities"], key=lambda s: s["roll"])]
    hit, critical = hit_and_critical(rank, difficulty)
    return (hit - critical) * F(sum(wounds), 6) + critical * wounds[-1]


def band_modifier(weapon: dict, gap: int) -> int:
    if weapon["range"] == "contact":
        return 0
    reach = weapon["range"]
    return 0 if gap <= reach else 1 if gap <= 2 * reach else 2


def usual_weapon(character: dict, cib: int, gap: int) -> dict:
    """The best shot at the gap (most wounds per attack), else the first contact weapon."""
    own = [WEAPONS[w] for w in character["weapons"]]
    ranged = [w for w in own if w["range"] != "contact"]
    if not ranged:
        return next(w for w in own if w["range"] == "contact")
    return max(ranged, key=lambda w: wounds_per_attack(character["rank"], cib + band_modifier(w, gap)))


def percent(x: F) -> str:
    value = x * 100
    if value >= 10:
        return f"{int(value + F(1, 2))} %"
    return f"{int(value * 10 + F(1, 2)) / 10:g} %".replace(".", ",")


def decimals(x: F, places: int) -> str:
    scale = 10**places
    return f"{int(x * scale + F(1, 2)) / scale:g}".replace(".", ",")


# ---- the page ---------------------------------------------------------------------------
GAP = SCENARIO["table"]["depth_cm"] - 2 * SCENARIO["deployment_depth_cm"]
SIDES = SCENARIO["sides"]


@pytest.mark.parametrize("attacker, defender", [(SIDES[0], SIDES[1]), (SIDES[1], SIDES[0])])
def test_each_character_s_hit_chance_and_wounds_per_attack_match_a_count_by_hand(report, attacker, defender):
    book, cib_rank = army(attacker), typical(army(defender))
    assert f"à {GAP} cm" in report
    heading = f"{book['name']}, contre CIB {cib_rank[0]}, rang {cib_rank[1]} :"
    assert heading in report
    section = report[report.index(heading) :]
    seen = set()
    for character in book["characters"]:
        if character["name"] in seen:
            continue
        seen.add(character["name"])
        weapon = usual_weapon(character, cib_rank[0], GAP)
        difficulty = cib_rank[0] + band_modifier(weapon, GAP)
        hit, _ = hit_and_critical(character["rank"], difficulty)
        row = (
            f"{character['name']} {weapon['name']} {percent(hit)} "
            f"{decimals(wounds_per_attack(character['rank'], difficulty), 2)}"
        )
        assert row in section, row


@pytest.mark.parametrize("side", SIDES)
def test_each_side_s_turns_to_half_the_enemy_are_printed_within_the_model_s_bounds(report, side):
    book = army(side)
    other = army(SIDES[1 - SIDES.index(side)])
    half = -(-sum(c.get("copies", 1) for c in other["characters"]) // 2)
    found = re.search(
        rf"{re.escape(book['name'])} met la moitié du camp adverse \({half} figurines\) hors de combat en "
        rf"(\d+(?:,\d)?) tours en moyenne ; (\d+(?:,\d)?) % de chances d’y parvenir avant la fin du tour "
        rf"{SCENARIO['turns']}\.",
        report,
    )
    assert found, side
    turns, chance = (float(g.replace(",", ".")) for g in found.groups())
    # at least the turns the fastest possible run needs (half the enemy, one figure out per attack
    # at best), at most the model's horizon; the chance by the last turn is a chance
    figures = sum(c.get("copies", 1) for c in book["characters"])
    assert -(-half // figures) <= turns <= 30
    assert 0 <= chance <= 100


def test_the_plain_book_has_no_pacing():
    text = flat(" ".join(page_texts(build_rulebook(RulebookOptions()).pdf)))
    assert "Rythme de la démonstration" not in text


def test_no_head_word_of_the_pacing_tables_breaks(report):
    """« Touch/e »: each word of the column heads reads back whole, once per side's table."""
    from kolaps_print.labels import labels

    words = {w for column in labels("rulebook.report.pacing.columns") for w in column.split()}
    assert {w: len(re.findall(rf"(?<!\w){re.escape(w)}(?!\w)", report)) >= 2 for w in words} == dict.fromkeys(
        words, True
    )


def test_a_side_unlikely_to_win_in_time_is_flagged_in_words(report):
    """Below a quarter of chances by the last turn, a warning line names the side; above, none."""
    for side in SIDES:
        name = army(side)["name"]
        chance = re.search(rf"{re.escape(name)} met la moitié .*? ; (\d+(?:,\d)?) % de chances", report).group(1)
        warned = f"À revoir : {name} n’a que {chance} % de chances de gagner avant la fin du tour {SCENARIO['turns']}."
        assert (warned in report) == (float(chance.replace(",", ".")) < 25), name
    assert "À revoir" in report  # the bundled demo has such a side (Section Kappa, under 10 %)
