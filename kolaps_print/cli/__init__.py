"""The command line: each command parses its arguments, calls the library, maps errors to exit codes.

Exit codes: 0 success (warnings allowed), 1 invalid input, 2 usage error, 70 internal error.

This module imports no typer: `kolaps-print --help` and a `check` of unchanged files may be
served from what the same run printed before (cli/replayed.py), a plain `cards` or `check` of
files runs without it (cli/quick.py), and typer with click is some 0.1 s of start-up. The application is cli/root.py's `app` (also reached as this module's `app`).
"""

from __future__ import annotations

import contextlib
import importlib
import sys

from kolaps_print import collector

TYPE_CHECKING = False  # typing is a few ms of a served --help
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# One module per command (kolaps_print/cli/NAME.py), each adding itself to app when imported.
COMMANDS = ("calibrate", "cards", "check", "kit", "preflight", "rulebook", "schema", "tables")


def __getattr__(name: str) -> Any:
    """`from kolaps_print.cli import app`: the typer application, imported on first use."""
    if name == "app":
        from kolaps_print.cli.root import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _register(argv: list[str] | None = None) -> None:
    """Add the commands to app: only the one argv runs, else all (help, completion, a mistyped
    name, which click answers with the names close to it). typer makes the parameters of every
    registered command before it parses (signatures, type hints, an object each): 52 for the
    15 of `cards`."""
    named = _command_named(argv) if argv is not None else None
    for name in (named,) if named else COMMANDS:
        importlib.import_module(f"kolaps_print.cli.{name}")


def _command_named(argv: list[str]) -> str | None:
    """The command a command line runs: its first word not an option (the root options take no
    value); None if that is no command."""
    word = next((arg for arg in argv if not arg.startswith("-")), None)
    return word if word in COMMANDS else None


def main() -> None:
    from kolaps_print.cli import quick, replayed

    argv = sys.argv[1:]
    # A one-shot command keeps nearly all it makes until it exits: no cycle collection (peak
    # memory unchanged up to 10,000 cards). --watch runs for hours and keeps the collector.
    with contextlib.nullcontext() if "--watch" in argv else collector.paused_until_exit():
        replayed.run(argv, lambda: _run(argv, quick.run))


def _run(argv: list[str], quick_run: Callable[[list[str]], bool]) -> None:
    """argv without typer if it is plain enough (cli/quick.py), else by typer."""
    if not quick_run(argv):
        _typer_run(argv)


def _typer_run(argv: list[str]) -> None:
    from kolaps_print import resources

    _register(argv)
    from kolaps_print.cli.root import app

    with resources.data_folder_found_once():
        app(prog_name="kolaps-print")  # also under python -m: one name for usage lines and shell completion
