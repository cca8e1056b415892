"""`kolaps-print calibrate`: the two-sided test sheet that measures a printer's duplex offset."""

from __future__ import annotations

from typing import Any

import typer

from kolaps_print.cli import app, common
from kolaps_print.cli.options import DataChoicesCommand, choice_option, offset_option, paper_option
from kolaps_print.layout.choices import Flip


@app.command(
    cls=DataChoicesCommand,
    epilog="Example: kolaps-print calibrate --paper letter --flip short   "
    "then: kolaps-print cards army.yaml --back-offset 1.5,-0.5",
)
def calibrate(
    output: str | None = common.output_option("The PDF to write (default: output/calibrate.pdf)."),
    paper: str = paper_option(),
    flip: Flip = choice_option(
        "long", "--flip", Flip, "As you will print the cards: the edge your printer turns the sheet on."
    ),
    back_offset: Any = offset_option("X,Y in mm: print the back with this offset, to check it."),
) -> None:
    """Print a test sheet duplex; held against the light, its back tells which --back-offset to use."""
    from kolaps_print.jobs.calibrate import CalibrateOptions, write_calibration

    options = CalibrateOptions(paper=paper, flip=flip, back_offset=back_offset)
    path = common.run(lambda: write_calibration(output, options))
    typer.echo(f"calibration sheet written: {path} (print it two-sided, {flip}-edge flip, at 100 % scale)")
