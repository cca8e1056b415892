"""`kolaps-print check` and the command line's contract: exit codes, help, version."""

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kolaps_print import __version__, resources


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
    assert "data/: ok:" in result.stdout
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


NO_AVATAR = "no Avatar in this army: mark one character with 'avatar: true'"


def test_json_lists_every_message_as_one_array_on_stdout(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("bad.yaml").write_text(
        "name: X\naffiliation: nope\ncharacters: [{name: A, rank: 1, mvt: 4, cib: 2, avatar: true}]\n"
    )
    Path("lone.yaml").write_text("name: X\naffiliation: apc\ncharacters: [{name: A, rank: 1, mvt: 4, cib: 2}]\n")
    result = cli(["check", "--json", "bad.yaml", "lone.yaml"])
    assert result.exit_code == 1  # as without --json: one file is invalid
    assert json.loads(result.stdout) == [
        {
            "file": "bad.yaml",
            "line": 2,
            "column": 14,
            "severity": "error",
            "path": "affiliation",
            "message": "unknown affiliation 'nope'",
        },
        {
            "file": "lone.yaml",
            "line": 3,
            "column": 1,
            "severity": "warning",
            "path": "characters",
            "message": NO_AVATAR,
        },
    ]
    # The summaries are for people: on stderr, so stdout stays one JSON document.
    assert result.stderr.splitlines()[0] == "bad.yaml: invalid (1 error(s))"
    assert result.stderr.splitlines()[1].startswith("lone.yaml: ok: X (APC), 1 character(s)")


def test_json_keeps_the_exit_codes(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("lone.yaml").write_text("name: X\naffiliation: apc\ncharacters: [{name: A, rank: 1, mvt: 4, cib: 2}]\n")
    relaxed = cli(["check", "--json", "lone.yaml"])
    assert relaxed.exit_code == 0 and [d["severity"] for d in json.loads(relaxed.stdout)] == ["warning"]
    strict = cli(["check", "--json", "--strict", "lone.yaml"])
    assert strict.exit_code == 1 and [d["severity"] for d in json.loads(strict.stdout)] == ["error"]
    clean = cli(["check", "--json"])
    assert clean.exit_code == 0 and json.loads(clean.stdout) == []
    assert "data/: ok:" in clean.stderr


def test_json_reports_a_broken_data_folder_too(cli, tmp_path, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(resources.data_dir(), data)
    (data / "layouts" / "sizes.yaml").write_text(
        "cards: {poker: {width: 63, height: 88}}\npapers: {a4: {width: 210}}\n"
    )
    monkeypatch.setenv("KOLAPS_DATA", str(data))
    monkeypatch.chdir(tmp_path)
    result = cli(["check", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [  # column 14: the mapping that misses the key
        {
            "file": "data/layouts/sizes.yaml",
            "line": 2,
            "column": 14,
            "severity": "error",
            "path": "papers.a4.height",
            "message": "missing required key 'height'",
        },
    ]


@pytest.mark.parametrize(
    "args, result_line",
    [
        (
            ["calibrate", "-o", "x.pdf"],
            "calibration sheet written: x.pdf (print it two-sided, long-edge flip, at 100 % scale)",
        ),
        (["tables", "-o", "x.pdf"], "wrote x.pdf (2 pages, body text "),
        (["schema", "-o", "x.json"], "schema written: x.json"),
        (
            ["cards", resources.kolaps_dir() / "armies" / "vampires.yaml", "-o", "x.pdf"],
            "7 card(s) on 1 sheet(s), 2 page(s): x.pdf",
        ),
    ],
    ids=lambda v: v[0] if isinstance(v, list) else "",
)
def test_results_go_to_stdout_and_a_clean_run_prints_nothing_on_stderr(cli, tmp_path, monkeypatch, args, result_line):
    monkeypatch.chdir(tmp_path)
    result = cli(args)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(result_line) and result.stdout.count("\n") == 1
    assert result.stderr == ""


# ---- issue 9: bad input in any file is located, one line each, and counted past 200 ----------
HEX = "0x" + "f" * 5000
TOO_LONG = f"'{HEX[:79]}…' is too long to be a number (at most 40 characters); put it in quotes if it is text"


def _bad_number_in(data: os.PathLike, relative: str, old: str, literal: str) -> tuple[str, int, int]:
    """Replace the value old (its first occurrence as 'key: old') in a data file; return where it is."""
    path = data / relative
    text = path.read_text(encoding="utf-8")
    at = text.index(old)
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    path.write_text(text[:at] + literal + text[at + len(old) :], encoding="utf-8")
    return f"data/{relative}", line, col


@pytest.mark.parametrize(
    "relative, old",
    [
        ("rulesets/kolaps/rules/dice.yaml", "level: 0"),
        ("rulesets/kolaps/weapons.yaml", "range: 20"),
        ("layouts/sheets.yaml", "margin: 6"),
        ("labels/fr/common.yaml", 'game: "KOLAPS : Ground Zero"'),
    ],
)
def test_a_huge_number_in_any_data_file_is_located(cli, tmp_path, monkeypatch, relative, old):
    shutil.copytree(resources.bundled("data"), tmp_path / "data")
    key = old.split(":")[0]
    file, line, col = _bad_number_in(tmp_path / "data", relative, old, f"{key}: {HEX}")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KOLAPS_DATA", str(tmp_path / "data"))
    result = cli(["check"])
    assert result.exit_code == 1
    assert f"{file}:{line}:{col + len(key) + 2}: error: {TOO_LONG}" in result.stderr.splitlines()
    assert "Traceback" not in result.stderr


def test_a_nan_in_the_game_data_is_refused(cli, tmp_path, monkeypatch):
    shutil.copytree(resources.bundled("data"), tmp_path / "data")
    file, line, col = _bad_number_in(tmp_path / "data", "layouts/sheets.yaml", "margin: 6", "margin: .nan")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KOLAPS_DATA", str(tmp_path / "data"))
    result = cli(["check"])
    assert result.exit_code == 1
    assert (
        f"{file}:{line}:{col + 8}: error: '.nan' is not a finite "
        "number (YAML reads it as nan); write a number such as 5" in result.stderr.splitlines()
    )


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_check_refuses_a_device_at_once(cli, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    result = cli(["check", device])
    assert result.exit_code == 1
    assert f"{device}:1:1: error: this is a device, not a regular file; refusing to read it" in result.stderr


def _errors_army(path, characters: int) -> None:
    """Three errors a character: rank, mvt and cib out of range."""
    rows = "".join(f"  - {{name: P{i}, rank: 9, mvt: -1, cib: 8}}\n" for i in range(characters))
    path.write_text(f"name: Bad\naffiliation: apc\ncharacters:\n{rows}", encoding="utf-8")


def test_the_first_two_hundred_messages_are_printed_and_the_rest_counted(cli, tmp_path):
    army = tmp_path / "bad.yaml"
    _errors_army(army, 100)  # 300 errors
    result = cli(["check", army])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 201
    assert all(re.match(rf"{re.escape(str(army))}:\d+:\d+: error: ", line) for line in lines[:200])
    assert lines[200] == "... and 100 more errors"
    assert f"{army}: invalid (300 error(s))" in result.stdout


def test_thirty_thousand_errors_are_reported_in_linear_time(cli, tmp_path, monkeypatch):
    """Each message was compared with every earlier one: 30,000 errors took 72 s. Comparisons are
    counted (a clock on a busy machine proves little): a set makes them almost none."""
    from kolaps_print.diagnostics import Diagnostic

    army = tmp_path / "large.yaml"
    _errors_army(army, 10_000)  # 30,000 errors
    compared = []
    equal = Diagnostic.__eq__

    def counted(self, other):
        compared.append(1)
        assert len(compared) < 30_000, "messages are compared with each other: reporting is quadratic"
        return equal(self, other)

    monkeypatch.setattr(Diagnostic, "__eq__", counted)
    start = time.perf_counter()
    result = cli(["check", army])
    seconds = time.perf_counter() - start
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == "... and 29,800 more errors"
    assert f"{army}: invalid (30000 error(s))" in result.stdout
    assert seconds < 20  # about 1.5 s, most of it reading the YAML, when the machine is idle


def test_ten_thousand_characters_are_accepted(cli, tmp_path):
    army = tmp_path / "big.yaml"
    rows = "".join(
        f"  - {{name: Soldat {i}, rank: 1, mvt: 4, cib: 2, weapons: "
        f"[fusil-assaut]{', avatar: true' if i == 0 else ''}}}\n"
        for i in range(10_000)
    )
    army.write_text(f"name: Grande armée\naffiliation: apc\ncharacters:\n{rows}", encoding="utf-8")
    result = cli(["check", army])
    assert result.exit_code == 0, result.stderr[:500]
    assert "10000 character(s), 10000 card(s)" in result.stdout
