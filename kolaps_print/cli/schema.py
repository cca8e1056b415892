"""`kolaps-print schema`: write the army (or kit) file's JSON Schema for editors."""

from __future__ import annotations

import typer

from kolaps_print.cli import app, common
from kolaps_print.cli.options import choice_option
from kolaps_print.layout.choices import Schema

STDOUT = "-"


@app.command(epilog="Example: kolaps-print schema -o output/army.schema.json   |   kolaps-print schema --for kit -o -")
def schema(
    output: str | None = common.output_option(
        "Where to write the schema (default: output/army.schema.json, "
        "output/kit.schema.json with --for kit); - for stdout."
    ),
    kind: Schema = choice_option("army", "--for", Schema, "The file the schema describes: an army file or a kit file."),
) -> None:
    """Write a JSON Schema (draft-07) of the army file (or the kit file), for the YAML language server."""
    from kolaps_print.jobs.schema import schema_text, write_schema
    from kolaps_print.kit.schema import FILE_SCHEMAS

    if str(output) == STDOUT:
        typer.echo(common.run(lambda: schema_text(kind, FILE_SCHEMAS)), nl=False)
        return
    path = common.run(lambda: write_schema(output, kind, FILE_SCHEMAS))
    typer.echo(f"schema written: {path}")
