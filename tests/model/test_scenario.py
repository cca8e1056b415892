"""Demo scenarios (data/rulesets/kolaps/scenarios): validated with the game data, located errors through `check`."""

import shutil

import pytest
import yaml

from kolaps_print import resources
from kolaps_print.model.gamedata import builtin_game_data

SCENARIOS = resources.kolaps_dir() / "scenarios"


def test_every_bundled_scenario_is_loaded_in_file_order_and_marked_as_ours():
    data = builtin_game_data()
    files = sorted(SCENARIOS.glob("*.yaml"))
    assert files and [s.id for s in data.scenarios] == [f.stem for f in files]
    assert data.scenario() == data.scenarios[0]
    for scenario in data.scenarios:
        erratum = data.erratum(scenario.ruling)
        assert erratum is not None and erratum.mark and "demarrage" in erratum.printed


def test_the_default_scenario_is_for_the_two_demo_armies_on_a_small_table():
    raw = yaml.safe_load((SCENARIOS / "premier-contact.yaml").read_text(encoding="utf-8"))
    scenario = builtin_game_data().scenario("premier-contact")
    assert scenario.table.width_cm == raw["table"]["width_cm"] <= 90
    assert scenario.gap_cm == raw["table"]["depth_cm"] - 2 * raw["deployment_depth_cm"] > 0
    assert str(raw["turns"]) in scenario.victory and "{turns}" in raw["victory"]  # the number has one source


def _broken_copy(tmp_path, monkeypatch, old: str, new: str) -> tuple[str, int]:
    """A copy of the data folder whose scenario has old replaced by new; (file as shown, line of the change)."""
    shutil.copytree(resources.bundled("data"), tmp_path / "data")
    path = tmp_path / "data" / "rulesets" / "kolaps" / "scenarios" / "premier-contact.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KOLAPS_DATA", str(tmp_path / "data"))
    return "data/rulesets/kolaps/scenarios/premier-contact.yaml", line


@pytest.mark.parametrize(
    "old, new, column, message",
    [
        ("turns: 6", "turns: 0", 8, "turns: must be at least 1 (got 0)"),
        (
            "ruling: E46",
            "ruling: E406",
            9,
            "ruling: unknown erratum 'E406' (did you mean 'E46'?) (data/rulesets/kolaps/errata.yaml has no such id)",
        ),
        (
            "id: premier-contact",
            "id: premier",
            5,
            "id: scenario id 'premier' differs from its file name: "
            "write id: premier-contact, or rename the file premier.yaml",
        ),
        (
            "deployment_depth_cm: 20",
            "deployment_depth_cm: 30",
            22,
            "deployment_depth_cm: the deployment zones (30 cm from each edge) meet or overlap on a table 60 cm deep",
        ),
        ("id: premier-contact", "turn: 6\nid: premier-contact", 1, "turn: unknown key 'turn' (did you mean 'turns'?)"),
    ],
    ids=["too-few-turns", "unknown-ruling", "id-not-file-name", "zones-overlap", "unknown-key"],
)
def test_a_broken_scenario_is_a_located_error_through_check(cli, tmp_path, monkeypatch, old, new, column, message):
    file, line = _broken_copy(tmp_path, monkeypatch, old, new)
    result = cli(["check"])
    assert result.exit_code == 1
    errors = [e for e in result.stderr.splitlines() if ": error: " in e]
    assert errors == [f"{file}:{line}:{column}: error: {message}"]
    assert "Traceback" not in result.stderr
