"""`kolaps-print preflight`: what a print shop would reject in a PDF, before sending it."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import typer

from kolaps_print.cli import app, common


@app.command(epilog="Example: kolaps-print preflight output/section-kappa-cards.pdf")
def preflight(
    files: list[Path] = typer.Argument(..., help="The PDF(s) to check: any PDF, ours or not."),
    strict: bool = typer.Option(
        False, "--strict", help="Exit 1 on warnings too (pictures under 300 ppi, content near the trim)."
    ),
) -> None:
    """Check PDFs for a print shop: RGB colours, output intent, trim and bleed boxes, fonts, picture
    resolution, content near the trim. One line per problem (FILE: page N: error: ...); exit 1 on errors."""
    from kolaps_print.jobs.preflight import preflight_file

    failed = False
    for file in files:
        result = common.run(partial(preflight_file, file))
        for line in result.lines():
            common.echo_err(line)
        typer.echo(result.summary())
        failed = failed or bool(result.errors) or (strict and bool(result.warnings))
    if failed:
        raise typer.Exit(common.EXIT_INVALID)
