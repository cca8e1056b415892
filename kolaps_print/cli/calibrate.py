"""`kolaps-print calibrate`: the two-sided test sheet that measures a printer's duplex offset."""

from __future__ import annotations

from typing import Optional

import typer

from kolaps_print.cli import app, common
from kolaps_print.diagnostics import KolapsError


@app.command(epilog="Example: kolaps-print calibrate --paper letter --flip short   then: kolaps-print cards army.yaml --back-offset 1.5,-0.5")
def calibrate(
    output: Optional[str] = common.output_option("The PDF to write (default: output/calibrate.pdf)."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    flip: str = typer.Option("long", "--flip", help="long or short: as you will print the cards."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="X,Y in mm: print the back with this offset, to check it."),
) -> None:
    """Print a test sheet duplex; held against the light, its back tells which --back-offset to use."""
    from kolaps_print.jobs.calibrate import CalibrateOptions, write_calibration
    from kolaps_print.layout.sheets import parse_offset

    try:
        options = CalibrateOptions(paper=paper, flip=flip, back_offset=parse_offset(back_offset))  # type: ignore[arg-type]
        options.check()
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    except KolapsError as exc:  # a broken layout data file
        common.invalid(exc)
    path = common.run(lambda: write_calibration(output, options))
    typer.echo(f"calibration sheet written: {path} (print it two-sided, {flip}-edge flip, at 100 % scale)")
