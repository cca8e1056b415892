"""Options several commands share (cli/options.py): one check and one message per choice,
choices read from the data folder, listed in --help and offered by shell completion."""

import os
import subprocess
import sys

import pytest
from pypdf import PdfReader

from kolaps_print import resources

ARMY = resources.kolaps_dir() / "armies" / "vampires.yaml"
BAD_PAPER = "Error: Invalid value for '--paper': 'a5' is not one of 'a4', 'letter'.\n"
PAPER_COMMANDS = [["cards", ARMY], ["calibrate"], ["tables"], ["rulebook"]]
BOXES = set("╭╮╰╯│─")


def run(*args, env=None, cwd=None):
    """The installed CLI in a subprocess: stderr is a pipe, not a terminal."""
    return subprocess.run(
        [sys.executable, "-m", "kolaps_print", *map(str, args)],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        cwd=cwd,
    )


@pytest.mark.parametrize("args", PAPER_COMMANDS, ids=lambda a: a[0])
def test_a_bad_paper_is_the_same_usage_error_in_every_command(cli, tmp_path, args):
    result = cli([*args, "--paper", "a5", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 2
    assert result.stderr.endswith(BAD_PAPER)
    assert not (tmp_path / "x.pdf").exists()


def test_the_kit_file_says_it_in_the_same_words(cli, tmp_path):
    kit = tmp_path / "k.yaml"
    kit.write_text(f"name: X\narmies: [{ARMY}]\npaper: a5\n", encoding="utf-8")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1  # a bad file, not a bad command line
    assert f"{kit}:3:8: error: paper: 'a5' is not one of 'a4', 'letter'.\n" in result.stderr


@pytest.mark.parametrize(
    "args", [["cards", ARMY, "--layout", "folded"], ["tables", "--layout", "folded"]], ids=["cards", "tables"]
)
def test_a_bad_layout_names_the_choices_of_its_command(cli, args):
    result = cli(args)
    assert result.exit_code == 2
    choices = "'duplex', 'fold'" if args[0] == "cards" else "'duplex', 'fold', 'print-shop'"
    assert result.stderr.endswith(f"Error: Invalid value for '--layout': 'folded' is not one of {choices}.\n")


@pytest.mark.parametrize("args", PAPER_COMMANDS, ids=lambda a: a[0])
def test_help_lists_the_papers(cli, args):
    result = cli([args[0], "--help"])
    assert result.exit_code == 0
    assert "--paper <a4|letter>" in " ".join(result.stdout.split())


def test_help_lists_card_sizes_and_fixed_choices(cli):
    help = " ".join(cli(["cards", "--help"]).stdout.split())
    for shown in (
        "--card <poker|tarot|mini|WxH>",
        "--layout <duplex|fold>",
        "--flip <long|short>",
        "--back-offset X,Y",
    ):
        assert shown in help


def test_a_paper_added_to_the_data_is_offered_everywhere(cli, data_copy, tmp_path):
    sizes = data_copy / "layouts" / "sizes.yaml"
    sizes.write_text(sizes.read_text(encoding="utf-8") + "  a3: {width: 297, height: 420}\n", encoding="utf-8")
    assert "--paper <a4|letter|a3>" in " ".join(cli(["calibrate", "--help"]).stdout.split())
    result = cli(["calibrate", "--paper", "A3", "-o", "a3.pdf"])
    assert result.exit_code == 0, result.stderr
    box = PdfReader(tmp_path / "a3.pdf").pages[0].mediabox
    assert (round(float(box.width) * 25.4 / 72), round(float(box.height) * 25.4 / 72)) == (297, 420)
    labels = data_copy / "labels" / "fr" / "kit.yaml"  # the packing list names the paper
    labels.write_text(
        labels.read_text(encoding="utf-8").replace(
            '      letter: "Letter"\n', '      letter: "Letter"\n      a3: "A3"\n'
        ),
        encoding="utf-8",
    )
    kit = tmp_path / "k.yaml"
    kit.write_text(f"name: X\narmies: [{ARMY}]\npaper: a3\nrulebook: none\ntokens: false\n", encoding="utf-8")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 0, result.stderr


def test_a_broken_sizes_file_is_invalid_input_not_a_usage_error(cli, data_copy):
    (data_copy / "layouts" / "sizes.yaml").write_text(
        "cards: {poker: {width: 63, height: 88}}\npapers: {a4: {width: 210}}\n"
    )
    result = cli(["calibrate", "--paper", "a4", "-o", "x.pdf"])
    assert result.exit_code == 1
    assert result.stderr.startswith(
        "data/layouts/sizes.yaml:2:14: error: papers.a4.height: missing required key 'height'\n"
    )
    assert "nothing was written" in result.stderr


def test_usage_errors_are_plain_text_when_stderr_is_not_a_terminal():
    result = run("cards", ARMY, "--paper", "a5")
    assert result.returncode == 2
    assert result.stderr.endswith(BAD_PAPER)
    assert not BOXES & set(result.stderr)


def test_help_is_plain_text_when_not_on_a_terminal():
    result = run("cards", "--help")
    assert result.returncode == 0 and "--paper <a4|letter>" in result.stdout
    assert not BOXES & set(result.stdout)


def complete(*words, env=None):
    """What bash completion offers after words (the last one being typed)."""
    env = {
        **(env or {}),
        "_KOLAPS_PRINT_COMPLETE": "complete_bash",
        "COMP_WORDS": " ".join(["kolaps-print", *words]),
        "COMP_CWORD": str(len(words)),
    }
    result = subprocess.run(
        [sys.executable, "-c", "from kolaps_print.cli import main; main()"],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout.split()


def test_shell_completion_offers_commands_and_choices():
    assert complete("ru") == ["rulebook"]
    assert complete("cards", "army.yaml", "--paper", "") == ["a4", "letter"]
    assert complete("cards", "army.yaml", "--card", "t") == ["tarot"]
    assert complete("tables", "--layout", "") == ["duplex", "fold", "print-shop"]
    assert complete("schema", "--for", "") == ["army", "kit", "ruleset"]
    assert complete("check", "--ruleset", "d") == ["d100", "d12"]


def test_shell_completion_script_is_available():
    # typer guesses the shell from the process tree unless told to take it from the argument;
    # under a detached runner no shell is found ("Shell  not supported"), so tell it.
    env = {"SHELL": "/bin/bash", "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    result = run("--show-completion", "bash", env=env)
    assert result.returncode == 0, result.stderr
    assert "_kolaps_print_completion" in result.stdout


def test_a_broken_sizes_file_leaves_help_and_completion_working(cli, data_copy):
    (data_copy / "layouts" / "sizes.yaml").write_text("papers: [a4]\n")
    assert complete("calibrate", "--paper", "", env={"KOLAPS_DATA": str(data_copy)}) == []
    result = cli(["calibrate", "--help"])
    assert result.exit_code == 0 and "--paper PAPER" in " ".join(result.stdout.split())
