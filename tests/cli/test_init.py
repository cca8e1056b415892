"""cli/__init__.py: a run registers only the command it names, and says exactly what it said
when every command was registered (help, usage errors, unknown names, exit codes)."""

import subprocess
import sys

import pytest

from kolaps_print.cli import COMMANDS, _command_named

# The same main(), once as installed (one command registered) and once with every command.
ONE = "from kolaps_print.cli import main; main()"
ALL = (
    "import kolaps_print.cli as cli; register = cli._register; cli._register = lambda argv=None: register(); cli.main()"
)


def run(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env={"COLUMNS": "100", "PATH": ""}
    )


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "--help"],
        ["--debug", "check", "--help"],
        ["cards"],  # the army is missing
        ["cards", "army.yaml", "--paper", "a3x"],
        ["rulebook", "--edition", "nope"],
        ["card", "army.yaml"],  # a mistyped command: click names the close ones
        ["--help"],
        [],
    ],
    ids=" ".join,
)
def test_one_command_registered_says_what_all_registered_said(args):
    one, every = run(ONE, *args), run(ALL, *args)
    assert (one.returncode, one.stdout, one.stderr) == (every.returncode, every.stdout, every.stderr)
    assert one.stdout or one.stderr  # something was said (help or an error)


def test_the_command_named_is_the_first_word_not_an_option():
    assert _command_named(["--debug", "cards", "army.yaml"]) == "cards"
    assert _command_named(["check"]) == "check"
    assert _command_named(["cardz", "cards"]) is None  # not a command: every command is registered
    assert _command_named(["--help"]) is None
    assert _command_named([]) is None
    assert set(COMMANDS) == {"calibrate", "cards", "check", "kit", "preflight", "rulebook", "schema", "tables"}
