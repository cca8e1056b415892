"""The rules files are checked as the tables the printers read: each problem located, in its file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.model.gamedata import load_game_data
from kolaps_print.model.rules import Severity
from kolaps_print.model.rules_check import field_range


@pytest.fixture(scope="module")
def bundled(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("bundled") / "data"
    shutil.copytree(resources.bundled("data"), folder)
    return folder


def problems(tmp_path: Path, file: str, change) -> list[tuple[str, str, str]]:
    """(file name, path, message) of every error once change has edited its KOLAPS file (data/rulesets/kolaps/<file>)."""
    data = tmp_path / "data"
    shutil.copytree(resources.bundled("data"), data)
    path = resources.kolaps_folder(data) / file
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(KolapsError) as exc:
        load_game_data(data)
    return [(Path(d.file).name, d.path, d.message) for d in exc.value.diagnostics]


def by(items: list, key: str, value):
    return next(x for x in items if x[key] == value)


def test_the_bundled_data_passes(bundled):
    assert load_game_data(bundled).rules.wounds.max_severity == 6


def test_the_expected_entries_come_from_the_model_bounds():
    assert list(field_range(Severity, "roll")) == [1, 2, 3, 4, 5, 6]


def test_capacity_and_box_modifiers_must_agree(tmp_path):
    found = problems(tmp_path, "rules/wounds.yaml", lambda d: by(d["locations"], "id", "ventre").update(capacity=3))
    assert found == [
        (
            "wounds.yaml",
            "locations[3].box_modifiers",
            "'ventre' has capacity 3 but 2 box modifier(s): give one per wound box",
        )
    ]


def test_a_roll_listed_twice_and_the_one_it_hides(tmp_path):
    found = problems(tmp_path, "rules/wounds.yaml", lambda d: d["locations"][4].update(roll=2))
    assert ("wounds.yaml", "locations[4].roll", "location roll 2 is listed twice (also locations[1])") in found
    assert (
        "wounds.yaml",
        "locations",
        "no location for roll 5: the table needs one for each of 1, 2, 3, 4, 5, 6",
    ) in found


def test_entries_in_order(tmp_path):
    found = problems(tmp_path, "rules/dice.yaml", lambda d: d["thresholds"].insert(0, d["thresholds"].pop()))
    assert found == [
        (
            "dice.yaml",
            "thresholds[0].rank",
            "list the threshold entries in order of rank (0, 1, 2, 3, 4): entry 1 has rank 4, expected 0",
        )
    ]


def test_severities_run_from_one_to_the_top_without_gap(tmp_path):
    found = problems(tmp_path, "rules/wounds.yaml", lambda d: d["severities"].pop(1))
    assert found == [
        ("wounds.yaml", "severities", "no severity for roll 2: the table needs one for each of 1, 2, 3, 4, 5, 6")
    ]


def test_a_critical_injury_names_a_known_location_and_specialisation(tmp_path):
    def change(d):
        d["critical_injuries"][0]["location"] = "bras"
        by(d["critical_injuries"], "roll", 2)["extra_difficulty"]["unless"] = "ambidextr"

    found = problems(tmp_path, "rules/wounds.yaml", change)
    assert (
        "wounds.yaml",
        "critical_injuries[0].location",
        "unknown location 'bras' (locations: bras-gauche, bras-droit, jambes, ventre, poitrine, tete)",
    ) in found
    assert (
        "wounds.yaml",
        "critical_injuries[1].extra_difficulty.unless",
        "unknown specialisation 'ambidextr' (did you mean 'ambidextre'?) (no affiliation in affiliations.yaml offers it)",
    ) in found


@pytest.mark.parametrize(
    "bands, message",
    [
        (
            [{"min": 1, "max": 5}, {"min": 0, "max": 1}],
            "overlaps entry 2 (0 to 1): a result must fall in one band only",
        ),
        (
            [{"min": 1, "max": 5}, {"min": None, "max": -1}],
            "leaves a gap after entry 2 (no minimum to -1): results 0 to 0 fall in no band",
        ),
        ([{"min": 3, "max": 1}], "min (3) is above max (1)"),
        ([{"min": None, "max": None}], "give min, max or both (null: no bound on that side)"),
    ],
)
def test_critical_failure_bands(tmp_path, bands, message):
    rows = [dict(b, name="N", text="T") for b in bands]
    found = problems(tmp_path, "rules/wounds.yaml", lambda d: d.update(critical_failures=rows))
    assert [m for _, _, m in found] == [message]


def test_range_bands_need_one_open_band_and_readable_dice(tmp_path):
    def change(d):
        by(d["range_bands"], "id", "longue").pop("max_factor")
        by(d["range_bands"], "id", "bout-portant")["severity_dice"] = "2C8"

    found = problems(tmp_path, "rules/combat.yaml", change)
    assert sorted((p, m) for _, p, m in found) == [
        (
            "range_bands[2]",
            "'extreme' has neither max_factor nor below_cm, like 'longue': only the band beyond the longest one may",
        ),
        ("range_bands[3].severity_dice", "'2C8' is not dice such as 2C6 (1 to 6 dice, D, C or M, then 6)"),
    ]


def _fragmentation_bands(bands):
    return lambda d: by(d["traits"], "id", "fragmentation").update(range_bands=bands)


def test_a_trait_s_range_bands_are_checked_like_the_general_ones(tmp_path):
    found = problems(
        tmp_path,
        "rules/traits.yaml",
        _fragmentation_bands(
            [
                {"id": "efficace", "modifier": 0, "max_factor": 1},
                {"id": "efficace", "modifier": 1, "max_factor": 1},
                {"id": "loin", "modifier": 2},
                {"id": "encore", "modifier": 3},
                {"id": "nulle", "modifier": 0, "max_factor": -2},
            ]
        ),
    )
    i = next(p for _, p, _ in found).split("]")[0] + "]"  # traits[n]: where fragmentation sits
    assert sorted((p, m) for _, p, m in found) == sorted(
        [
            (f"{i}.range_bands[1].id", "range band id 'efficace' is listed twice (also range_bands[0])"),
            (f"{i}.range_bands[1].max_factor", "max_factor 1 is also band 1's"),
            (
                f"{i}.range_bands[3]",
                "'encore' has no max_factor, like 'loin': only the band beyond the longest one may",
            ),
            (f"{i}.range_bands[4].max_factor", "must be above 0, got -2"),
        ]
    )
    assert all(f == "traits.yaml" for f, _, _ in found)


def test_a_trait_s_range_bands_cannot_be_empty_nor_all_beyond(tmp_path):
    empty = problems(tmp_path / "a", "rules/traits.yaml", _fragmentation_bands([]))
    assert [m for _, _, m in empty] == [
        "trait 'fragmentation' lists no range band: give at least one (max_factor: 1), "
        "or remove range_bands to keep the general ones"
    ]
    beyond = problems(tmp_path / "b", "rules/traits.yaml", _fragmentation_bands([{"id": "partout", "modifier": 0}]))
    assert [m for _, _, m in beyond] == [
        "trait 'fragmentation' needs a band with max_factor (up to the weapon's range), e.g. max_factor: 1"
    ]


def test_a_weapon_with_two_traits_replacing_the_bands_is_refused_in_weapons_yaml(tmp_path):
    bands = [{"id": "efficace", "modifier": 0, "max_factor": 1}]
    found = problems(
        tmp_path, "rules/traits.yaml", lambda d: by(d["traits"], "id", "deux-mains").update(range_bands=bands)
    )
    shotgun = yaml.safe_load(
        (resources.kolaps_folder(resources.bundled("data")) / "weapons.yaml").read_text(encoding="utf-8")
    )["weapons"]
    index = next(i for i, w in enumerate(shotgun) if w["id"] == "fusil-pompe")
    assert found == [
        (
            "weapons.yaml",
            f"weapons[{index}].traits[1]",
            "traits 'deux-mains' and 'fragmentation' both replace the range bands: keep one of them",
        )
    ]


def test_dice_rules_agree_with_the_difficulty_scale(tmp_path):
    def change(d):
        d["automatic_at_or_below"] = 0
        d["always_failure"] = d["always_success"]
        d["roll_types"] = [r for r in d["roll_types"] if r["code"] != "C"]

    found = problems(tmp_path, "rules/dice.yaml", change)
    assert sorted((p, m) for _, p, m in found) == [
        ("always_failure", "the same face (6) cannot always succeed and always fail"),
        ("automatic_at_or_below", "must be below the easiest difficulty level (0), got 0"),
        ("difficulties[0].dice.roll", "roll type 'C' has no entry in roll_types (described: D, M)"),
    ]


def test_morale_levels_and_their_tests(tmp_path):
    def change(d):
        levels = d["morale"]["levels"]
        levels.remove(by(levels, "level", 5))
        by(levels, "level", 1).pop("test_difficulty")

    found = problems(tmp_path, "rules/actions.yaml", change)
    assert [(p, m) for _, p, m in found] == [
        ("morale.levels", "no morale level for level 5: the table needs one for each of 1, 2, 3, 4, 5, 6"),
        (
            "morale.levels[4].test_difficulty",
            "level 1 calls for a test (every level from offensive_minimum 3 down does): give its test_difficulty",
        ),
    ] + [  # and its texts, which print that number, say they miss it
        (
            f"morale.levels[4].{key}",
            "unknown placeholder {test_difficulty} (this text can use: {ground_mvt}, {level}, "
            "{run_cm_per_mvt}, {walk_cm_per_mvt}); a text names only number fields of its object "
            "or of its file, as {field}, {field:signed} or {field:offset}",
        )
        for key in ("short", "text")
    ]


def test_every_rules_file_is_checked_in_one_run(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(resources.bundled("data"), data)
    for file, change in (
        ("rules/dice.yaml", lambda d: d["thresholds"].pop()),
        ("rules/traits.yaml", lambda d: d["traits"][0].update(short="")),
        ("rules/actions.yaml", lambda d: d["phases"].pop()),
    ):
        doc = yaml.safe_load((resources.kolaps_folder(data) / file).read_text(encoding="utf-8"))
        change(doc)
        (resources.kolaps_folder(data) / file).write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(KolapsError) as exc:
        load_game_data(data)
    files = {Path(d.file).name for d in exc.value.diagnostics}
    # traits.yaml is invalid: its weapons' traits are not also reported unknown
    assert files == {"dice.yaml", "traits.yaml", "actions.yaml"}
