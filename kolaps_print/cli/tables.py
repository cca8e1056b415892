"""`kolaps-print tables`: the two-sided quick-reference sheet, or the same as reference cards."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from kolaps_print.cli import app, common


class PaperChoice(str, Enum):
    a4 = "a4"
    letter = "letter"


class FormatChoice(str, Enum):
    sheet = "sheet"
    cards = "cards"


@app.command(
    epilog="Example: kolaps-print tables --paper letter -o output/reference-letter.pdf   "
    "(print two-sided, flip on the short edge)"
)
def tables(
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="PDF to write. Default: output/reference.pdf (output/reference-cards.pdf with --format cards)."),
    paper: PaperChoice = typer.Option(PaperChoice.a4, "--paper", help="Paper size."),
    format: FormatChoice = typer.Option(FormatChoice.sheet, "--format", help="sheet: one two-sided landscape sheet; cards: poker-size reference cards."),
) -> None:
    """Print the quick-reference tables: dice, chances, wounds, turn, actions, morale, traits."""
    from kolaps_print.jobs import tables as job

    options = job.TablesOptions(paper=paper.value, format=format.value)
    target = output or job.default_output(options)
    reference = common.run(lambda: job.write_reference(target, options))
    common.echo_err(f"wrote {target} ({reference.pages} pages{job.describe(reference)})")
