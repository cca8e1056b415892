"""`kolaps-print check`: validate army files, or the built-in data with no file."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from kolaps_print.cli import common
from kolaps_print.cli import app


@app.command(
    epilog="Example: kolaps-print check data/armies/section-kappa.yaml   (no file: check the built-in data/)"
)
def check(
    files: Optional[List[Path]] = typer.Argument(None, help="Army files (YAML). None: the built-in data/."),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
) -> None:
    """Validate army files and print a short summary of each."""
    from kolaps_print.jobs import check as job

    if files:
        results = common.run(lambda: job.check_files(files, strict))
    else:
        data, results = common.run(lambda: job.check_builtin(strict))
        from kolaps_print import resources
        from kolaps_print.diagnostics import display_path

        common.echo_err(
            f"{display_path(resources.data_dir())}/: ok: {len(data.catalogue.weapons)} weapons, {len(data.catalogue.affiliations)} affiliations, "
            f"{len(data.rules.traits.traits)} traits"
        )
    for result in results:
        common.print_diagnostics(result.diagnostics)
        typer.echo(result.summary())
    if not all(r.ok for r in results):
        raise typer.Exit(common.EXIT_INVALID)
