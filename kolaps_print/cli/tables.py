"""`kolaps-print tables`: the two-sided quick-reference sheet, or the same as reference cards."""

from __future__ import annotations

from enum import Enum
from typing import Optional

import typer

from kolaps_print.cli import app, common


class PaperChoice(str, Enum):
    a4 = "a4"
    letter = "letter"


class FormatChoice(str, Enum):
    sheet = "sheet"
    cards = "cards"


class LayoutChoice(str, Enum):
    duplex = "duplex"
    fold = "fold"
    print_shop = "print-shop"


class FlipChoice(str, Enum):
    long = "long"
    short = "short"


def _card_size(value: str) -> str:
    from kolaps_print.diagnostics import KolapsError
    from kolaps_print.layout.sheets import card_size

    try:
        card_size(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    except KolapsError as exc:  # a broken data/layouts/sizes.yaml
        common.invalid(exc)
    return value


@app.command(
    epilog="Example: kolaps-print tables --paper letter -o output/reference-letter.pdf   "
    "(print two-sided, flip on the short edge)"
)
def tables(
    output: Optional[str] = common.output_option("PDF to write. Default: output/reference.pdf (output/reference-cards.pdf with --format cards)."),
    paper: PaperChoice = typer.Option(PaperChoice.a4, "--paper", help="Paper size."),
    format: FormatChoice = typer.Option(FormatChoice.sheet, "--format", help="sheet: one two-sided landscape sheet; cards: poker-size reference cards."),
    card: str = typer.Option("poker", "--card", callback=_card_size, help="With --format cards: poker, tarot, mini or WIDTHxHEIGHT in mm."),
    layout: LayoutChoice = typer.Option(LayoutChoice.duplex, "--layout", help="With --format cards: duplex (backs on the next page), fold, or print-shop."),
    flip: FlipChoice = typer.Option(FlipChoice.long, "--flip", help="With --format cards and duplex: the edge your printer flips on."),
) -> None:
    """Print the quick-reference tables: dice, chances, wounds, turn, actions, morale, traits."""
    from kolaps_print.jobs import tables as job

    options = job.TablesOptions(paper=paper.value, format=format.value, card=card, layout=layout.value, flip=flip.value)
    target = output or job.default_output(options)
    reference = common.run(lambda: job.write_reference(target, options))
    common.echo_err(f"wrote {target} ({reference.pages} pages{job.describe(reference)})")
