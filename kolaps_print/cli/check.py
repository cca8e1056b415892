"""`kolaps-print check`: validate army files, or with no file the built-in data (KOLAPS's, then
every ruleset folder of data/rulesets/ with its demo armies).

With --json, stdout holds one JSON array of every message (what editors and CI read); the
summaries, which are for people, then go to stderr. The exit codes do not change.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import typer

from kolaps_print.cli import app, common
from kolaps_print.cli.options import DataChoicesCommand, ruleset_option
from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.model.choices import KOLAPS

T = TypeVar("T")


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
    from kolaps_print.jobs import check as job

    summary = common.echo_err if as_json else typer.echo
    if files and ruleset:
        raise typer.BadParameter("give army files or --ruleset, not both (an army file names its own ruleset)")
    sections: list[tuple[str | None, list]]  # (a data folder's summary line, its armies' results)
    if ruleset and ruleset != KOLAPS:
        checked, results = _checked(lambda: job.check_ruleset(ruleset, strict), as_json)
        sections = [(job.ruleset_summary(checked), results)]
    elif files:
        sections = [(None, _checked(lambda: job.check_files(files, strict), as_json))]
    else:
        data, results = _checked(lambda: job.check_builtin(strict), as_json)
        sections = [(_data_summary(data), results)]
        if ruleset is None:  # plain check: every bundled ruleset too (--ruleset kolaps: KOLAPS's alone)
            sections += common.run(lambda: job.check_every_ruleset(strict))
    results = [result for _, section in sections for result in section]
    if as_json:
        _print_json([d for result in results for d in result.diagnostics])
    for headline, section in sections:
        if headline:
            summary(headline)
        for result in section:
            if not as_json:
                common.print_diagnostics(result.diagnostics)
            summary(result.summary())
    if not all(r.ok for r in results):
        raise typer.Exit(common.EXIT_INVALID)


def _checked(job: Callable[[], T], as_json: bool) -> T:
    """job's result; a broken data folder exits 1 with its messages, as JSON with --json."""
    outcome = common.run(lambda: _error_or(job))
    if isinstance(outcome, KolapsError):
        if not as_json:
            common.invalid(outcome)
        _print_json(outcome.diagnostics)
        raise typer.Exit(common.EXIT_INVALID)
    return outcome


def _error_or(job: Callable[[], T]) -> T | KolapsError:
    try:
        return job()
    except KolapsError as exc:
        return exc


def _data_summary(data) -> str:
    from kolaps_print import resources
    from kolaps_print.diagnostics import display_path

    return (
        f"{display_path(resources.data_dir())}/: ok: {len(data.catalogue.weapons)} weapons, "
        f"{len(data.catalogue.affiliations)} affiliations, {len(data.rules.traits.traits)} traits"
    )


def _print_json(diagnostics: list[Diagnostic]) -> None:
    typer.echo(json.dumps([d.as_json() for d in diagnostics], ensure_ascii=False, indent=2))
