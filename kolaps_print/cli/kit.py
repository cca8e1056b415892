"""`kolaps-print kit`: every document a demo table needs, from one kit file, in one folder."""

from __future__ import annotations

from pathlib import Path

import typer

from kolaps_print.cli import app, common


@app.command(
    epilog="Example: kolaps-print kit data/rulesets/kolaps/kits/demo.yaml   "
    "(writes output/demo/: kit-carton.pdf, kit-papier.pdf, packing-list.md, previews/, demo.zip ...)"
)
def kit(
    file: Path = typer.Argument(..., help="The kit file (YAML): name, armies, tables, players, rulebook, tokens."),
    output: str | None = common.output_option(
        "Folder to write. Default: output/<kit file name>/. A previous kit there "
        "is replaced only on success; a folder kolaps-print did not make is refused."
    ),
    strict: bool = typer.Option(False, "--strict", help="Treat the armies' warnings as errors."),
) -> None:
    """Build a demo-day kit: cards, reference sheets, rules, tokens, one print file per paper
    (kit-carton.pdf, kit-papier.pdf), previews, packing list, zip."""
    from kolaps_print.kit import build as job

    common.echo_err(f"building the kit {file} ...")
    result = common.run(lambda: job.build_kit(file, output, strict))
    common.finish(result.warnings, strict=False)
    typer.echo(f"kit written: {result.folder}/")
    for run in result.runs:
        stock = "card stock" if run.stock == "card_stock" else "paper"
        typer.echo(f"  {run.filename}: {run.pages} pages on {stock}, print two-sided, flip on the long edge")
    for part in result.parts:
        typer.echo(f"  {part.filename}: {part.pages} page(s) x {part.per_table} per table")
    typer.echo(f"  packing-list.md, {len(result.previews)} previews, {result.zip_name}")
    typer.echo(f"  stamp: {result.stamp}")
