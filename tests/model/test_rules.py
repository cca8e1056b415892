"""The rules model's own checks: what a rules file may not say, and the values it derives."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.model.gamedata import load_game_data
from kolaps_print.model.rules import DifficultyModifier, MoraleLevel, MoraleRules

DATA = Path(__file__).resolve().parents[2] / "data"


def _morale(**changes) -> dict:
    levels = [{"level": n, "name": "N", "short": "S", "text": "T"} for n in (6, 5, 4, 3, 2, 1)]
    values = {
        "start": "S",
        "avatar_start": 6,
        "offensive_minimum": 3,
        "good_minimum": 4,
        "unmet_engagement_loss": 1,
        "levels": levels,
        "bounds": {"text": "B"},
        "ally_down_loss": [],
        "failure": "F",
        "text": "T",
    }
    return values | changes


def test_a_modifier_gives_one_effect_on_the_difficulty():
    DifficultyModifier(id="a", name="A", base_difficulty=0, extra_fatigue=1, text="T")
    with pytest.raises(ValidationError, match="only one of modifier, base_difficulty, test_difficulty"):
        DifficultyModifier(id="a", name="A", modifier=2, test_difficulty=3, text="T")


def test_morale_minimums_must_be_levels_in_order():
    assert MoraleRules.model_validate(_morale()).level(3).name == "N"
    without_4 = [lv for lv in _morale()["levels"] if lv["level"] != 4]
    with pytest.raises(ValidationError, match="good_minimum 4 is not one of the levels"):
        MoraleRules.model_validate(_morale(levels=without_4))
    with pytest.raises(ValidationError, match="below offensive_minimum"):
        MoraleRules.model_validate(_morale(good_minimum=2))


def test_morale_range_comes_from_the_levels():
    rules = MoraleRules.model_validate(
        _morale(levels=[MoraleLevel(level=n, name="N", short="S", text="T").model_dump() for n in (5, 4, 3, 2)])
    )
    assert (rules.highest, rules.lowest) == (5, 2)


def test_top_severity_follows_the_severity_table():
    wounds = load_game_data().rules.wounds
    trimmed = wounds.model_copy(update={"severities": wounds.severities[:5]})
    assert trimmed.max_severity == 5


def test_a_missing_rule_number_is_a_located_error(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    wounds = resources.kolaps_folder(data) / "rules" / "wounds.yaml"
    wounds.write_text(
        wounds.read_text(encoding="utf-8").replace("full_location_test_difficulty: 1\n", ""), encoding="utf-8"
    )
    with pytest.raises(KolapsError) as err:
        load_game_data(data)
    messages = [(Path(d.file).name, d.message) for d in err.value.diagnostics]
    assert ("wounds.yaml", "missing required key 'full_location_test_difficulty'") in messages
