"""`kolaps-print check`: validate army files, or with no file the built-in data (KOLAPS's, then
every ruleset folder of data/rulesets/ with its demo armies). The run itself: check_run.py."""

from __future__ import annotations

from pathlib import Path

import typer

from kolaps_print.cli import app, check_run
from kolaps_print.cli.options import DataChoicesCommand, ruleset_option


@app.command(
    cls=DataChoicesCommand,
    epilog="Example: kolaps-print check data/rulesets/kolaps/armies/section-kappa.yaml   (no file: check the built-in data/)   "
    "|   kolaps-print check --json army.yaml   |   kolaps-print check --ruleset d100",
)
def check(
    files: list[Path] | None = typer.Argument(
        None, help="Army files (YAML). None: the built-in data/ and every ruleset of data/rulesets/."
    ),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    as_json: bool = typer.Option(
        False,
        "--json",
        help="Print every message as one JSON array on stdout (objects with "
        "file, line, column, severity, path, message); summaries go to stderr.",
    ),
    ruleset: str | None = ruleset_option(
        "With no file: check this ruleset's folder (data/rulesets/ID/) and its demo armies instead of data/."
    ),
) -> None:
    """Validate army files and print a short summary of each."""
    if files and ruleset:
        raise typer.BadParameter("give army files or --ruleset, not both (an army file names its own ruleset)")
    check_run.report(files, strict, as_json, ruleset)
