"""The rulesets on the command line: check --ruleset, schema --ruleset, schema --for ruleset,
an army file's ruleset: key (issue 13)."""

import json

import jsonschema
import pytest
import yaml

from kolaps_print import resources

RULESETS = ("3d6", "d100", "d12")


def ruleset_armies(ruleset_id: str):
    return sorted((resources.data_dir() / "rulesets" / ruleset_id / "armies").glob("*.yaml"))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_check_ruleset_validates_the_folder_and_its_demo_armies(cli, ruleset_id):
    result = cli(["check", "--ruleset", ruleset_id])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"data/rulesets/{ruleset_id}/: ok: ruleset {ruleset_id} (")
    (army,) = ruleset_armies(ruleset_id)
    assert lines[1].startswith(f"data/rulesets/{ruleset_id}/armies/{army.name}: ok: ")
    assert lines[1].endswith(f"(ruleset {ruleset_id}), 5 character(s), {5 + (ruleset_id == 'd100')} card(s)")


def test_check_ruleset_kolaps_is_kolaps_s_part_of_plain_check(cli):
    """Plain check is KOLAPS's data and armies, then every ruleset's; --ruleset kolaps, the first part."""
    kolaps = cli(["check", "--ruleset", "kolaps"]).stdout
    plain = cli(["check"]).stdout
    assert plain.startswith(kolaps) and not any(f"data/rulesets/{r}/" in kolaps for r in RULESETS)


def test_plain_check_checks_every_ruleset_folder_and_its_demo_armies(cli):
    result = cli(["check"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    for ruleset_id in RULESETS:
        alone = cli(["check", "--ruleset", ruleset_id]).stdout.splitlines()
        at = lines.index(alone[0])  # the folder's line, then its armies', as check --ruleset ID prints them
        assert lines[at : at + len(alone)] == alone
    assert lines[0].startswith("data/: ok: ")


def test_plain_check_reports_a_broken_ruleset_located_without_hiding_the_others(cli, data_copy):
    data = data_copy
    tables = data / "rulesets" / "d12" / "tables.yaml"
    tables.write_text(tables.read_text(encoding="utf-8").replace("kind: ladder_chances", "kind: ladder_chance", 1))
    army = data / "rulesets" / "3d6" / "armies" / "brigade-nocturne.yaml"
    army.write_text(army.read_text(encoding="utf-8").replace("ruleset: 3d6", "ruleset: 3d6\nbonus: 1", 1))
    result = cli(["check"])
    assert result.exit_code == 1
    line = next(n for n, text in enumerate(tables.read_text().splitlines(), 1) if "ladder_chance" in text)
    assert (
        f"data/rulesets/d12/tables.yaml:{line}:11: error: tables[0].kind: unknown kind 'ladder_chance'" in result.stderr
    )
    assert "data/rulesets/d12/: invalid (1 error(s))" in result.stdout
    assert "data/rulesets/3d6/armies/brigade-nocturne.yaml:4:1: error: bonus: unknown key 'bonus'" in result.stderr
    assert "data/rulesets/3d6/armies/brigade-nocturne.yaml: invalid (1 error(s))" in result.stdout
    assert "data/rulesets/d100/: ok: ruleset d100" in result.stdout  # the others are still checked
    assert "section-kappa.yaml: ok" in result.stdout
    assert "Traceback" not in result.stderr


def test_plain_check_json_lists_the_rulesets_messages(cli, data_copy):
    data = data_copy
    army = data / "rulesets" / "d12" / "armies" / "equipe-neon.yaml"
    army.write_text(army.read_text(encoding="utf-8").replace("ruleset: d12", "ruleset: d12\nbonus: 1", 1))
    result = cli(["check", "--json"])
    assert result.exit_code == 1
    messages = json.loads(result.stdout)
    assert [m["file"] for m in messages] == [str(army.relative_to(data.parent))]
    assert "data/rulesets/d100/: ok" in result.stderr  # summaries go to stderr with --json


def test_an_unknown_ruleset_option_is_a_usage_error_with_a_did_you_mean(cli):
    result = cli(["check", "--ruleset", "d10"])
    assert result.exit_code == 2
    assert "unknown ruleset 'd10' (did you mean 'd100'?); rulesets: kolaps, 3d6, d100, d12" in result.stderr


def test_a_ruleset_option_in_capitals_is_a_usage_error_naming_the_id(cli):
    result = cli(["tables", "--ruleset", "D100"])
    assert result.exit_code == 2
    assert "unknown ruleset 'D100' (did you mean 'd100'?); rulesets: kolaps, 3d6, d100, d12" in result.stderr


def test_files_and_ruleset_together_are_a_usage_error(cli, demo_armies):
    result = cli(["check", "--ruleset", "d100", demo_armies[0]])
    assert result.exit_code == 2
    assert "give army files or --ruleset, not both" in result.stderr


def test_a_ruleset_army_is_checked_beside_a_kolaps_one(cli, demo_armies):
    (d12,) = ruleset_armies("d12")
    result = cli(["check", d12, demo_armies[0]])
    assert result.exit_code == 0, result.stderr
    assert f"{d12}: ok: Équipe Néon (ruleset d12), 5 character(s), 5 card(s)" in result.stdout
    assert f"{demo_armies[0]}: ok: " in result.stdout


def test_an_unknown_ruleset_in_an_army_file_exits_1_located(cli, tmp_path):
    army = tmp_path / "army.yaml"
    army.write_text("name: X\nruleset: d1000\ncharacters: []\n", encoding="utf-8")
    result = cli(["check", army])
    assert result.exit_code == 1
    assert f"{army}:2:10: error: ruleset: unknown ruleset 'd1000' (did you mean 'd100'?)" in result.stderr


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_schema_ruleset_accepts_its_demo_army_and_refuses_a_typo(cli, ruleset_id):
    result = cli(["schema", "--ruleset", ruleset_id, "-o", "-"])
    assert result.exit_code == 0, result.stderr
    schema = json.loads(result.stdout)
    assert schema["$id"].endswith(f"army-{ruleset_id}.schema.json")
    (army,) = ruleset_armies(ruleset_id)
    data = yaml.safe_load(army.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator(schema).validate(data)
    data["characters"][0]["armes"] = ["pas-une-arme"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(schema).validate(data)


def test_schema_ruleset_is_written_where_the_demo_armies_point(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(["schema", "--ruleset", "d12"])
    assert result.exit_code == 0, result.stderr
    (army,) = ruleset_armies("d12")
    first = army.read_text(encoding="utf-8").splitlines()[0]
    assert first.endswith("output/army-d12.schema.json")
    assert json.loads((tmp_path / "output" / "army-d12.schema.json").read_text(encoding="utf-8"))["properties"]


def test_the_ruleset_file_schema_accepts_the_bundled_three_and_refuses_an_unknown_mechanic(cli):
    result = cli(["schema", "--for", "ruleset", "-o", "-"])
    assert result.exit_code == 0, result.stderr
    schema = json.loads(result.stdout)
    for ruleset_id in RULESETS:
        data = yaml.safe_load(
            (resources.data_dir() / "rulesets" / ruleset_id / "ruleset.yaml").read_text(encoding="utf-8")
        )
        jsonschema.Draft7Validator(schema).validate(data)
    data["mechanic"] = {"kind": "d20"}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(schema).validate(data)


def test_schema_ruleset_does_not_go_with_for_kit(cli):
    result = cli(["schema", "--ruleset", "d100", "--for", "kit"])
    assert result.exit_code == 2
    assert "--ruleset describes an army file; it does not go with --for kit" in result.stderr


def test_a_broken_ruleset_folder_exits_1_with_its_located_messages_as_json(cli, data_copy):
    ruleset = data_copy / "rulesets" / "d12" / "ruleset.yaml"
    ruleset.write_text(
        ruleset.read_text(encoding="utf-8").replace("kind: d12_ladder", "kind: d12_ladders"), encoding="utf-8"
    )
    result = cli(["check", "--ruleset", "d12", "--json"])
    assert result.exit_code == 1
    (message,) = json.loads(result.stdout)
    assert (message["file"], message["path"], message["severity"]) == (
        "data/rulesets/d12/ruleset.yaml",
        "mechanic.kind",
        "error",
    )
    assert message["message"].startswith("unknown kind 'd12_ladders' (did you mean 'd12_ladder'?)")
    line = ruleset.read_text(encoding="utf-8").splitlines()[message["line"] - 1]
    assert line[message["column"] - 1 :].startswith("d12_ladders")


def test_a_card_condition_naming_no_field_is_located_in_check_cards_and_kit(cli, data_copy):
    """A block's `when` names a feature of the weapons that does not exist: the same located
    message, with its did-you-mean, whichever command reads the ruleset; nothing is written."""
    ruleset = data_copy / "rulesets" / "d100" / "ruleset.yaml"
    text = ruleset.read_text(encoding="utf-8").replace("has: rafale}", "has: rafales}", 1)
    ruleset.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "rafales}" in row)
    column = text.splitlines()[line - 1].index("rafales}") + 1
    message = (
        f"data/rulesets/d100/ruleset.yaml:{line}:{column}: error: card.back[5].when.has: unknown field of "
        "catalogue 'armes' 'rafales' (did you mean 'rafale'?)"
    )
    army = "data/rulesets/d100/armies/les-convoyeurs.yaml"
    kit = data_copy.parent / "kit.yaml"
    kit.write_text(f"name: Démo d100\ndate: 2027-03-14\narmies:\n  - {army}\nrulebook: none\n", encoding="utf-8")
    for command in (["check", "--ruleset", "d100"], ["cards", army, "-o", "out/cards.pdf"], ["kit", kit, "-o", "out"]):
        result = cli(command)
        assert result.exit_code == 1, command
        assert message in result.stderr, (command, result.stderr)
        assert "Traceback" not in result.stderr
    assert not (data_copy.parent / "out").exists()


def test_the_ruleset_file_schema_documents_a_block_s_condition_and_refuses_an_expression(cli):
    result = cli(["schema", "--for", "ruleset", "-o", "-"])
    assert result.exit_code == 0, result.stderr
    schema = json.loads(result.stdout)
    validator = jsonschema.Draft7Validator(schema)
    data = yaml.safe_load((resources.data_dir() / "rulesets" / "d100" / "ruleset.yaml").read_text(encoding="utf-8"))
    table = data["card"]["back"][5]
    assert table["when"] == {"field": "armes", "has": "rafale"}
    validator.validate(data)
    for wrong in ("armes.rafale == true", {"field": "armes", "hass": "rafale"}, {"has": "rafale"}):
        table["when"] = wrong
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(data)
    condition = json.dumps(schema)
    assert "the block prints for the characters one of whose entries has it set" in condition
