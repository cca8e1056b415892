"""`kolaps-print rulebook`: build the rulebook PDF (full or quick-start), proofs, watch mode."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from kolaps_print.cli import app, common
from kolaps_print.cli.options import DataChoicesCommand, paper_option, parsed_by, ruleset_option
from kolaps_print.model.choices import KOLAPS

if TYPE_CHECKING:
    from kolaps_print.jobs.rulebook import RulebookOptions


def _date(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"'{value}' is not a date; write it as YYYY-MM-DD, e.g. 2025-06-01") from None


def _check_edition(options: RulebookOptions) -> None:
    """An edition book.yaml does not define is a usage error (exit 2), like any bad choice. A
    book.yaml that cannot be read is left to the build, which reports it located (exit 1)."""
    from kolaps_print.diagnostics import KolapsError
    from kolaps_print.jobs.rulebook import editions
    from kolaps_print.layout.choices import one_of

    try:
        one_of(options.edition, editions(options))
    except KolapsError:
        return
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--edition'") from None


def _check_scenario(options: RulebookOptions) -> None:
    """A --scenario that data/rulesets/kolaps/scenarios does not hold is a usage error (exit 2), with the ids it
    holds and the nearest one; data that cannot be read is left to the build (exit 1)."""
    from kolaps_print.diagnostics import KolapsError
    from kolaps_print.jobs.rulebook import unknown_scenario

    try:
        message = unknown_scenario(options)
    except KolapsError:
        return
    if message is not None:
        raise typer.BadParameter(message, param_hint="'--scenario'")


@app.command(
    cls=DataChoicesCommand,
    epilog="Example: kolaps-print rulebook --proof   |   "
    "kolaps-print rulebook --edition quickstart --paper letter -o output/demarrage.pdf",
)
def rulebook(
    output: str | None = common.output_option(
        "Where to write the PDF (default: output/rulebook.pdf, output/quickstart.pdf for --edition quickstart)."
    ),
    edition: str = typer.Option(
        "full", "--edition", help="An edition of book.yaml: full (every rule) or quickstart (for demo tables)."
    ),
    paper: str = paper_option(),
    scenario: str | None = typer.Option(
        None,
        "--scenario",
        help="The demo scenario the quick-start prints, by id (a file of data/rulesets/kolaps/scenarios; default: the first).",
    ),
    proof: bool = typer.Option(
        False,
        "--proof",
        help="Stamp every page ÉPREUVE with version, date and sources hash; add the consistency report page.",
    ),
    strict: bool = typer.Option(
        False, "--strict", help="Any consistency finding is an error (exit 1, nothing written)."
    ),
    book_version: str | None = typer.Option(
        None, "--book-version", help="Version printed on the book (default: templates/rulesets/kolaps/book.yaml)."
    ),
    date: Any = typer.Option(
        None,
        "--date",
        parser=parsed_by(_date),
        metavar="YYYY-MM-DD",
        help="Date printed on the book, YYYY-MM-DD (default: book.yaml).",
    ),
    templates: Path | None = typer.Option(
        None,
        "--templates",
        help="Folder with book.yaml and the chapters (default: templates/rulesets/kolaps/, "
        "or templates/rulesets/ID/ with --ruleset; an old-layout templates/rulebook/ works too).",
    ),
    data: Path | None = typer.Option(None, "--data", help="Game data folder (default: the bundled data/)."),
    print_shop: bool = typer.Option(
        False,
        "--print-shop",
        help="For a print shop: PDF/X-4 (CMYK output intent), TrimBox and BleedBox on every page, the cover bled 3 mm.",
    ),
    watch: bool = typer.Option(
        False, "--watch", help="Rebuild on every save under the templates and data folders; Ctrl-C stops."
    ),
    ruleset: str | None = ruleset_option(
        "Another game system's short book (chapters in templates/rulesets/ID/), written to output/rulebook-ID.pdf."
    ),
) -> None:
    """Build the rulebook PDF from the chapters in templates/rulesets/kolaps and the game data."""
    from kolaps_print.jobs import rulebook as job
    from kolaps_print.rulebook.watch import rebuild
    from kolaps_print.rulebook.watch import watch as watch_loop

    options = job.RulebookOptions(
        edition=edition,
        paper=paper,
        proof=proof,
        strict=strict,
        version=book_version,
        date=date,
        templates=templates,
        data=data,
        print_shop=print_shop,
        scenario=scenario,
        ruleset=ruleset,
    )
    if ruleset not in (None, KOLAPS) and scenario is not None:
        raise typer.BadParameter(
            "a demo scenario is KOLAPS's: give --scenario or --ruleset, not both", param_hint="'--scenario'"
        )
    _check_edition(options)
    _check_scenario(options)

    def build() -> job.RulebookResult:
        result = job.write_rulebook(output, options)
        common.print_diagnostics(result.report.warnings)
        return result

    if watch:

        def describe(result: job.RulebookResult) -> str:
            return f"rulebook written: {result.path} ({result.pages} pages, {len(result.report.findings)} finding(s))"

        def once() -> None:
            rebuild(build, describe, common.echo_err, common.report_bug, result=typer.echo)

        try:
            once()
        except KeyboardInterrupt:  # Ctrl-C during the first build: the output file is untouched
            common.echo_err("stopped")
            return
        watch_loop(job.source_folders(options), once, common.echo_err)
        return
    result = common.run(build)
    findings = len(result.report.findings)
    common.echo_err(
        f"consistency report: {findings} finding(s)" if findings else "consistency report: nothing to report"
    )
    typer.echo(f"rulebook written: {result.path} ({result.pages} pages)")
