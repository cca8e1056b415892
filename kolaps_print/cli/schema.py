"""`kolaps-print schema`: write the army file's JSON Schema for editors."""

from __future__ import annotations

from pathlib import Path

import typer

from kolaps_print.cli import app, common

DEFAULT = Path("output/army.schema.json")


@app.command(epilog="Example: kolaps-print schema -o output/army.schema.json")
def schema(
    output: Path = typer.Option(DEFAULT, "-o", "--output", help="Where to write the schema."),
) -> None:
    """Write a JSON Schema (draft-07) of the army file, for the YAML language server."""
    from kolaps_print.jobs.schema import write_schema

    path = common.run(lambda: write_schema(output))
    typer.echo(f"schema written: {path}")
