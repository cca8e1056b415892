"""`kolaps-print schema`: a draft-07 JSON Schema that accepts the demo armies and flags typos."""

import json
import os

import jsonschema
import pytest
import yaml


@pytest.fixture
def schema(cli, tmp_path):
    out = tmp_path / "army.schema.json"
    result = cli(["schema", "-o", out])
    assert result.exit_code == 0, result.stderr
    assert str(out) in result.stdout
    return json.loads(out.read_text(encoding="utf-8"))


def test_schema_is_draft_07_with_definitions(schema):
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert "$defs" not in json.dumps(schema)
    jsonschema.Draft7Validator.check_schema(schema)


def test_demo_armies_are_valid_and_carry_the_modeline(schema, demo_armies):
    for army in demo_armies:
        text = army.read_text(encoding="utf-8")
        assert text.startswith("# yaml-language-server: $schema=")
        jsonschema.Draft7Validator(schema).validate(yaml.safe_load(text))


@pytest.mark.parametrize(
    "army",
    [
        {"name": "X", "affiliation": "apc", "characters": [{"name": "A", "rank": 2, "mvt": 4, "cib": 2, "wepons": []}]},
        {"name": "X", "affiliation": "apc", "characters": [{"name": "A", "rank": 9, "mvt": 4, "cib": 2}]},
        {"name": "X", "affiliation": "apc", "characters": []},
        {
            "name": "X",
            "affiliation": "apc",
            "characters": [{"name": "A", "rank": 1, "mvt": 4, "cib": 2}],
            "weapons": [{"id": "w", "name": "W", "range": 10, "traits": ["lourd"]}],
        },
        {
            "name": "X",
            "affiliation": "apc",
            "characters": [{"name": "A", "rank": 1, "mvt": 4, "cib": 2}],
            "weapons": [{"id": "w", "name": "W", "range": "far"}],
        },
    ],
    ids=["typo-key", "rank-range", "no-characters", "unknown-trait", "bad-range"],
)
def test_schema_flags_what_check_flags(schema, army):
    assert list(jsonschema.Draft7Validator(schema).iter_errors(army))


def test_schema_describes_fields_and_offers_known_ids(schema):
    character = schema["definitions"]["Character"]["properties"]
    assert character["rank"]["description"]
    assert "fusil-assaut" in character["weapons"]["items"]["examples"]
    assert "apc" in schema["properties"]["affiliation"]["examples"]


def test_parameterised_traits_are_accepted(schema):
    army = {
        "name": "X",
        "affiliation": "apc",
        "characters": [{"name": "A", "rank": 1, "mvt": 4, "cib": 2}],
        "weapons": [{"id": "lg", "name": "LG", "range": "contact", "traits": ["lourde", {"explosion": 5}]}],
    }
    jsonschema.Draft7Validator(schema).validate(army)


def test_an_army_file_is_not_replaced_by_the_schema(cli, demo_armies, tmp_path):
    """Issue 9: `schema -o army.yaml` replaced the army with JSON."""
    army = tmp_path / "army.yaml"
    army.write_bytes(demo_armies[0].read_bytes())
    result = cli(["schema", "-o", army])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{army}: error: this file exists and is not a JSON file; kolaps-print replaces only a JSON "
        "file it could have written (move it away, or choose another -o)\nkolaps-print: nothing was written\n"
    )
    assert army.read_bytes() == demo_armies[0].read_bytes()
    assert os.listdir(tmp_path) == ["army.yaml"]


def test_a_previous_schema_is_replaced(cli, tmp_path):
    out = tmp_path / "army.schema.json"
    out.write_text('{"old": true}')
    assert cli(["schema", "-o", out]).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["$schema"] == "http://json-schema.org/draft-07/schema#"


def test_dash_writes_the_schema_to_stdout_and_nothing_to_disk(cli, tmp_path, monkeypatch, schema):
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    result = cli(["schema", "-o", "-"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == schema  # the same schema -o FILE writes
    assert result.stderr == ""
    assert list(here.iterdir()) == []


@pytest.fixture
def kit_schema(cli):
    result = cli(["schema", "--for", "kit", "-o", "-"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def as_an_editor_reads(path):
    """The YAML language server sees 2027-03-14 as a string; PyYAML makes it a date."""
    return json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))


def test_kit_schema_is_draft_07_and_accepts_the_demo_kit(kit_schema):
    from kolaps_print import resources

    assert kit_schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert "$defs" not in json.dumps(kit_schema)
    jsonschema.Draft7Validator.check_schema(kit_schema)
    jsonschema.Draft7Validator(kit_schema).validate(as_an_editor_reads(resources.kolaps_dir() / "kits" / "demo.yaml"))


@pytest.mark.parametrize(
    "kit",
    [
        {"armies": ["a.yaml"]},
        {"name": "X", "armies": ["a.yaml"], "paper": "a5"},
        {"name": "X", "armies": ["a.yaml"], "tables": 0},
        {"name": "X", "armies": ["a.yaml"], "rulebok": "full"},
        {"name": "X", "armies": ["a.yaml"], "cards": {"layout": "folded"}},
        {"name": "X", "armies": ["a.yaml"], "cards": {"size": "huge"}},
        {"name": "X", "armies": ["a.yaml"], "scenario": "premier-contac"},
    ],
    ids=["no-name", "paper", "tables", "typo-key", "layout", "card-size", "scenario"],
)
def test_kit_schema_flags_what_the_kit_file_check_flags(kit_schema, kit):
    assert list(jsonschema.Draft7Validator(kit_schema).iter_errors(kit))


def test_kit_schema_takes_papers_and_card_sizes_from_the_data(kit_schema):
    kit = {
        "name": "X",
        "armies": ["a.yaml"],
        "paper": "letter",
        "cards": {"size": "tarot", "layout": "fold", "flip": "short"},
    }
    jsonschema.Draft7Validator(kit_schema).validate(kit)
    jsonschema.Draft7Validator(kit_schema).validate({**kit, "cards": {"size": "60x90"}})
    assert kit_schema["properties"]["paper"]["enum"] == ["a4", "letter"]
    from kolaps_print import resources

    scenarios = sorted(p.stem for p in (resources.kolaps_dir() / "scenarios").glob("*.yaml"))
    assert scenarios
    for scenario in scenarios:
        jsonschema.Draft7Validator(kit_schema).validate({**kit, "scenario": scenario})


def test_kit_schema_default_path(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(["schema", "--for", "kit"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "schema written: output/kit.schema.json\n"
    assert json.loads((tmp_path / "output" / "kit.schema.json").read_text(encoding="utf-8"))["$id"].endswith(
        "/kit.schema.json"
    )


def test_unknown_schema_is_a_usage_error(cli):
    result = cli(["schema", "--for", "armee"])
    assert result.exit_code == 2
    assert result.stderr.endswith("Error: Invalid value for '--for': 'armee' is not one of 'army', 'kit', 'ruleset'.\n")
