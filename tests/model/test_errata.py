"""The errata as data (data/rulesets/kolaps/errata.yaml), the readings (data/rulesets/kolaps/readings.yaml), and docs/errata.md.

The docs and the data must list the same entries; the readings switch data texts; every
problem in those files is a located error through `kolaps-print check`; the numbers an
erratum quotes are the dice engine's.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from kolaps_print import resources
from kolaps_print.content import formats as fmt
from kolaps_print.content.probabilities import success_chance
from kolaps_print.diagnostics import KolapsError
from kolaps_print.model.gamedata import builtin_game_data, load_game_data

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"
DOCS = REPO / "docs" / "errata.md"


@pytest.fixture(scope="module")
def data():
    return builtin_game_data()


def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def errors(folder: Path) -> list[str]:
    with pytest.raises(KolapsError) as caught:
        load_game_data(folder)
    return [str(d) for d in caught.value.diagnostics]


# ---- docs/errata.md and data/rulesets/kolaps/errata.yaml list the same entries ------------------------
def test_docs_and_data_list_the_same_errata(data):
    docs = DOCS.read_text(encoding="utf-8")
    in_docs = re.findall(r"^\*\*(E\d+)\.", docs, flags=re.MULTILINE)
    assert in_docs == [e.id for e in data.errata]
    numbers = [e.number for e in data.errata]
    # Numbers rise with no repeat; a range may be left free (each branch in flight gets its own: E60–E69...).
    assert numbers[0] == 1 and numbers == sorted(set(numbers))


def test_docs_name_each_reading_its_options_and_the_chosen_one(data):
    docs = DOCS.read_text(encoding="utf-8")
    entries = dict(re.findall(r"^\*\*(E\d+)\.(.*?)(?=^\*\*E\d+\.|\Z)", docs, flags=re.MULTILINE | re.DOTALL))
    switchable = [e for e in data.errata if e.reading]
    assert {e.id for e in switchable} == {"E27", "E28"}
    for e in switchable:
        entry = entries[e.id]
        assert f"`{e.reading.id}`" in entry
        for option in e.reading.option_ids:
            assert f"`{option}`" in entry
        assert f"`{data.readings[e.reading.id]}` (chosen)" in entry


def test_docs_say_which_entries_are_marked(data):
    docs = DOCS.read_text(encoding="utf-8")
    entries = dict(re.findall(r"^\*\*(E\d+)\.(.*?)(?=^\*\*E\d+\.|\Z)", docs, flags=re.MULTILINE | re.DOTALL))
    for e in data.errata:
        assert ("(marked" in entries[e.id].split("\n")[0]) == e.mark, e.id


# ---- the numbers an erratum quotes are the dice engine's ---------------------------------
def _percent(chance) -> str:
    return " ".join(fmt.percent(chance).split())


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_right_arm_numbers_are_the_engines(data):
    dice, numbers = data.rules.dice, _flat(data.erratum("E27").numbers)
    injury = next(c for c in data.rules.wounds.critical_injuries if c.extra_difficulty)
    base, extra = injury.test_difficulty, injury.extra_difficulty.value
    for ranks in ((0,), (1, 2), (3,), (4,)):
        actions, survival = (_percent(success_chance(ranks[0], level, dice)) for level in (base, base + extra))
        label = f"rang {ranks[0]}" if len(ranks) == 1 else f"rangs {ranks[0]}–{ranks[-1]}"
        assert f"{label} : {actions} / {survival}" in numbers


def test_full_location_numbers_are_the_engines(data):
    dice, numbers = data.rules.dice, _flat(data.erratum("E28").numbers)
    level = data.rules.wounds.full_location_test_difficulty
    for ranks in ((0,), (1, 2), (3,), (4,)):
        removed = _percent(1 - success_chance(ranks[0], level, dice))
        label = f"rang {ranks[0]}" if len(ranks) == 1 else f"rangs {ranks[0]}–{ranks[-1]}"
        assert f"{label} : {removed} / 0 %" in numbers


# ---- readings switch the data texts ----------------------------------------------------
def test_readings_choose_each_variant(tmp_path, data):
    assert data.readings == {"right_arm_malus": "actions", "full_location_test": "on_fill"}
    assert data.rules.wounds.critical_injuries[1].extra_difficulty.applies_to == "actions"
    folder = data_copy(tmp_path)
    edit(resources.kolaps_folder(folder) / "readings.yaml", "right_arm_malus: actions", "right_arm_malus: survival")
    edit(
        resources.kolaps_folder(folder) / "readings.yaml",
        "full_location_test: on_fill",
        "full_location_test: on_overflow",
    )
    switched = load_game_data(folder)
    assert switched.readings == {"right_arm_malus": "survival", "full_location_test": "on_overflow"}
    assert switched.rules.wounds.critical_injuries[1].extra_difficulty.applies_to == "survival"
    assert switched.rules.wounds.full_location.text != data.rules.wounds.full_location.text
    assert "sans case libre" in switched.rules.wounds.full_location.text
    assert "remplit la zone" in data.rules.wounds.full_location.text
    ambidextre = [
        a.specialisation("ambidextre").text
        for a in switched.catalogue.affiliations.values()
        if a.specialisation("ambidextre")
    ]
    assert ambidextre and all("test de survie" in t for t in ambidextre)


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            "right_arm_malus: actions",
            "right_arm_malus: both",
            "readings.yaml:5:18: error: right_arm_malus: reading 'right_arm_malus' is one of actions, survival, not 'both'",
        ),
        (
            "right_arm_malus: actions",
            "right_arm_malu: actions",
            "readings.yaml:5:1: error: right_arm_malu: unknown reading 'right_arm_malu' (did you mean 'right_arm_malus'?); ",
        ),
    ],
)
def test_a_bad_reading_is_a_located_error(tmp_path, old, new, message):
    folder = data_copy(tmp_path)
    edit(resources.kolaps_folder(folder) / "readings.yaml", old, new)
    assert any(message in m for m in errors(folder)), errors(folder)


def test_a_missing_choice_is_an_error_naming_the_options(tmp_path):
    folder = data_copy(tmp_path)
    edit(resources.kolaps_folder(folder) / "readings.yaml", "full_location_test: on_fill", "")
    assert any(
        "no choice for reading 'full_location_test': add 'full_location_test: on_fill' (one of on_fill, on_overflow)"
        in m
        for m in errors(folder)
    )


def test_a_variant_missing_an_option_is_a_located_error(tmp_path):
    folder = data_copy(tmp_path)
    edit(resources.kolaps_folder(folder) / "affiliations.yaml", "          survival: ", "          survivl: ")
    found = [
        m for m in errors(folder) if "reading 'right_arm_malus' needs one value for each option: actions, survival" in m
    ]
    assert found and all("affiliations.yaml:" in m and "(got by_reading" not in m for m in found)


def test_an_unknown_ruling_is_a_located_error(tmp_path):
    folder = data_copy(tmp_path)
    edit(resources.kolaps_folder(folder) / "rules" / "combat.yaml", "ruling: E33", "ruling: E330")
    assert any("combat.yaml:" in m and "unknown erratum 'E330'" in m for m in errors(folder))


def test_errata_out_of_order_are_reported(tmp_path):
    folder = data_copy(tmp_path)
    edit(resources.kolaps_folder(folder) / "errata.yaml", "  - id: E2\n", "  - id: E1\n")
    assert any("errata.yaml:" in m and "erratum E1 is out of order or listed twice" in m for m in errors(folder))


def test_check_reports_a_bad_reading_and_writes_nothing(cli, tmp_path, monkeypatch):
    folder = data_copy(tmp_path)
    edit(resources.kolaps_folder(folder) / "readings.yaml", "right_arm_malus: actions", "right_arm_malus: both")
    monkeypatch.setenv("KOLAPS_DATA", str(folder))
    result = cli(["check"])
    assert result.exit_code == 1
    assert (
        "readings.yaml:5:18: error: right_arm_malus: reading 'right_arm_malus' is one of actions, survival, not 'both'"
        in result.stderr
    )
    assert "Traceback" not in result.stdout + result.stderr


# ---- docs/rulesets.md and each ruleset's errata.yaml list the same entries (issue 13) -------
@pytest.mark.parametrize("ruleset_id", ["d100", "3d6", "d12"])
def test_docs_list_each_ruleset_s_errata_and_whether_marked(ruleset_id):
    from kolaps_print.model.ruleset_load import find_ruleset

    docs = (REPO / "docs" / "rulesets.md").read_text(encoding="utf-8")
    ruleset = find_ruleset(ruleset_id)
    prefix = ruleset.spec.errata_prefix
    listed = re.findall(rf"^- \*\*({prefix}-E\d+)\.\*\* [^(]*\(([a-z]+)(, marked)?\)", docs, flags=re.MULTILINE)
    assert [(id_, bool(marked)) for id_, _, marked in listed] == [(e.id, e.mark) for e in ruleset.errata]
