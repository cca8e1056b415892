"""`kolaps-print schema`: write the army (or kit) file's JSON Schema for editors."""

from __future__ import annotations

import typer

from kolaps_print.cli import app, common
from kolaps_print.cli.options import DataChoicesCommand, choice_option, ruleset_option
from kolaps_print.layout.choices import Schema
from kolaps_print.model.choices import KOLAPS

STDOUT = "-"


@app.command(
    cls=DataChoicesCommand,
    epilog="Example: kolaps-print schema -o output/army.schema.json   |   kolaps-print schema --for kit -o -   "
    "|   kolaps-print schema --ruleset d100",
)
def schema(
    output: str | None = common.output_option(
        "Where to write the schema (default: output/army.schema.json, "
        "output/kit.schema.json with --for kit); - for stdout."
    ),
    kind: Schema = choice_option(
        "army", "--for", Schema, "The file the schema describes: an army file, a kit file or a ruleset.yaml."
    ),
    ruleset: str | None = ruleset_option(
        "The army file of this ruleset (data/rulesets/ID/), written to output/army-ID.schema.json."
    ),
) -> None:
    """Write a JSON Schema (draft-07) of the army file (or the kit file), for the YAML language server."""
    from kolaps_print.jobs.schema import schema_text, write_schema
    from kolaps_print.kit.schema import FILE_SCHEMAS

    if ruleset and ruleset != KOLAPS:
        _ruleset_schema(ruleset, kind, output)
        return

    if str(output) == STDOUT:
        typer.echo(common.run(lambda: schema_text(kind, FILE_SCHEMAS)), nl=False)
        return
    path = common.run(lambda: write_schema(output, kind, FILE_SCHEMAS))
    typer.echo(f"schema written: {path}")


def _ruleset_schema(ruleset: str, kind: Schema, output: str | None) -> None:
    from kolaps_print.jobs.ruleset_schema import ruleset_schema_text, write_ruleset_schema

    if kind != "army":
        raise typer.BadParameter(f"--ruleset describes an army file; it does not go with --for {kind}")
    if str(output) == STDOUT:
        typer.echo(common.run(lambda: ruleset_schema_text(ruleset)), nl=False)
        return
    path = common.run(lambda: write_ruleset_schema(ruleset, output))
    typer.echo(f"schema written: {path}")
