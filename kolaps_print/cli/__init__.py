"""The command line: each command parses its arguments, calls the library, maps errors to exit codes.

Exit codes: 0 success (warnings allowed), 1 invalid input, 2 usage error, 70 internal error.
"""

from __future__ import annotations

import contextlib
import importlib
import sys

import typer

from kolaps_print import __version__, collector, resources
from kolaps_print.cli import common

app = typer.Typer(
    name="kolaps-print",
    help="Print cards, reference sheets, the rulebook and demo kits for KOLAPS: Ground Zero from YAML game data.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish, PowerShell
    # Rich boxes for usage errors and help only on a terminal: logs, pipes and editors get plain text.
    rich_markup_mode="rich" if sys.stderr.isatty() else None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"kolaps-print {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool | None = typer.Option(
        None, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
    debug: bool = typer.Option(False, "--debug", help="On an internal error, show the Python traceback."),
) -> None:
    common.STATE.debug = debug


# One module per command (kolaps_print/cli/NAME.py), each adding itself to app when imported.
COMMANDS = ("calibrate", "cards", "check", "kit", "preflight", "rulebook", "schema", "tables")


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
    # A one-shot command keeps nearly all it makes until it exits: no cycle collection (peak
    # memory unchanged up to 10,000 cards). --watch runs for hours and keeps the collector.
    with contextlib.nullcontext() if "--watch" in sys.argv else collector.paused_until_exit():
        _register(sys.argv[1:])
        with resources.data_folder_found_once():
            app(prog_name="kolaps-print")  # also under python -m: one name for usage lines and shell completion
