"""`kolaps-print schema`: write the army file's JSON Schema for editors."""

from __future__ import annotations

from typing import Optional

import typer

from kolaps_print.cli import app, common


@app.command(epilog="Example: kolaps-print schema -o output/army.schema.json")
def schema(
    output: Optional[str] = common.output_option("Where to write the schema (default: output/army.schema.json)."),
) -> None:
    """Write a JSON Schema (draft-07) of the army file, for the YAML language server."""
    from kolaps_print.jobs.schema import write_schema

    path = common.run(lambda: write_schema(output))
    typer.echo(f"schema written: {path}")
