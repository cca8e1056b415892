"""`kolaps-print check` and the command line's contract: exit codes, help, version."""

import subprocess
import sys

from kolaps_print import __version__


def test_demo_armies_check_clean(cli, demo_armies):
    result = cli(["check", *demo_armies])
    assert result.exit_code == 0, result.stderr
    for army in demo_armies:
        assert f"{army}: ok: " in result.stdout
    assert "warning" not in result.stderr


def test_summary_names_the_army_its_characters_and_weapons(cli, tmp_path):
    army = tmp_path / "kappa.yaml"
    army.write_text(
        "name: Section Test\naffiliation: apc\ncharacters:\n"
        "  - {name: Stefan, rank: 2, mvt: 4, cib: 2, avatar: true, weapons: [fusil-assaut], copies: 3}\n"
        "  - {name: Piotr, rank: 3, mvt: 4, cib: 2, weapons: [fusil-assaut, couteau-combat]}\n",
        encoding="utf-8",
    )
    result = cli(["check", army])
    assert result.exit_code == 0
    assert "Section Test" in result.stdout
    assert "2 character(s), 4 card(s)" in result.stdout
    assert "Fusil d" in result.stdout and "Couteau" in result.stdout


def test_without_a_file_check_validates_the_builtin_data(cli):
    result = cli(["check"])
    assert result.exit_code == 0, result.stderr
    assert "data/: ok:" in result.stderr
    assert "section-kappa.yaml: ok" in result.stdout


def test_one_bad_file_does_not_hide_a_good_one(cli, demo_armies, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\naffiliation: nope\ncharacters: [{name: A, rank: 1, mvt: 4, cib: 2, avatar: true}]\n")
    result = cli(["check", bad, demo_armies[0]])
    assert result.exit_code == 1
    assert f"{bad}:2:14: error: affiliation: unknown affiliation 'nope'" in result.stderr
    assert f"{demo_armies[0]}: ok" in result.stdout


def test_a_missing_file_is_a_located_error(cli, tmp_path):
    result = cli(["check", tmp_path / "none.yaml"])
    assert result.exit_code == 1
    assert f"{tmp_path / 'none.yaml'}:1:1: error: no such file" in result.stderr


def test_unknown_option_is_a_usage_error(cli):
    assert cli(["check", "--frobnicate"]).exit_code == 2


def test_every_command_has_help_with_an_example(cli):
    for command in ["check", "schema", "cards", "tables", "rulebook", "kit", "calibrate"]:
        result = cli([command, "--help"])
        assert result.exit_code == 0, command
        assert "Example: kolaps-print" in result.stdout, command


def test_version(cli):
    result = cli(["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"kolaps-print {__version__}"


def test_an_internal_error_exits_70_with_a_hint_and_no_traceback(cli, monkeypatch):
    from kolaps_print.jobs import check as job

    def boom(*args, **kwargs):
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(job, "check_files", boom)
    result = cli(["check", "whatever.yaml"])
    assert result.exit_code == 70
    assert "internal error: RuntimeError: simulated bug" in result.stderr
    assert "--debug" in result.stderr
    assert "Traceback" not in result.stderr
    debug = cli(["--debug", "check", "whatever.yaml"])
    assert debug.exit_code == 70
    assert "Traceback" in debug.stderr


def test_python_dash_m_runs_the_same_cli():
    out = subprocess.run([sys.executable, "-m", "kolaps_print", "--version"], capture_output=True, text=True)
    assert out.returncode == 0
    assert out.stdout.strip() == f"kolaps-print {__version__}"
