"""The typer application: its root options; each command module adds itself to it when imported.

Only a run that is not served from a kept output (cli/replayed.py) imports it, and typer with it.
"""

from __future__ import annotations

import sys

import typer

from kolaps_print import __version__
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
