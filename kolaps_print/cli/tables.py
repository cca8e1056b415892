"""`kolaps-print tables`: the two-sided quick-reference sheet, or the same as reference cards."""

from __future__ import annotations

import typer

from kolaps_print.cli import app, common
from kolaps_print.cli.options import DataChoicesCommand, card_option, choice_option, paper_option, ruleset_option
from kolaps_print.layout.choices import Flip, Format, Mode
from kolaps_print.model.choices import KOLAPS, Edition


@app.command(
    cls=DataChoicesCommand,
    epilog="Example: kolaps-print tables --paper letter -o output/reference-letter.pdf   "
    "(print two-sided, flip on the short edge)",
)
def tables(
    output: str | None = common.output_option(
        "PDF to write. Default: output/reference.pdf (output/reference-cards.pdf with --format cards)."
    ),
    paper: str = paper_option(),
    format: Format = choice_option(
        "sheet", "--format", Format, "sheet: one two-sided landscape sheet; cards: poker-size reference cards."
    ),
    card: str = card_option("With --format cards: a card size of data/layouts/sizes.yaml or WIDTHxHEIGHT in mm."),
    layout: Mode = choice_option(
        "duplex", "--layout", Mode, "With --format cards: duplex (backs on the next page), fold, or print-shop."
    ),
    flip: Flip = choice_option(
        "long", "--flip", Flip, "With --format cards and duplex: the edge your printer flips on."
    ),
    edition: Edition = choice_option(
        "full",
        "--edition",
        Edition,
        "full: every rule; quickstart: only the rules of the quick-start (demo tables), as the demo kit prints.",
    ),
    ruleset: str | None = ruleset_option(
        "Another game system's sheet (data/rulesets/ID/), written to output/reference-ID.pdf."
    ),
) -> None:
    """Print the quick-reference tables: dice, chances, wounds, turn, actions, morale, traits."""
    from kolaps_print.jobs import tables as job

    options = job.TablesOptions(paper=paper, format=format, card=card, layout=layout, flip=flip, edition=edition)
    if ruleset and ruleset != KOLAPS:
        _ruleset_reference(ruleset, output, options)
        return
    target = output or job.default_output(options)
    reference = common.run(lambda: job.write_reference(target, options))
    typer.echo(f"wrote {target} ({reference.pages} pages{job.describe(reference)})")


def _ruleset_reference(ruleset: str, output: str | None, options) -> None:
    from kolaps_print.jobs.ruleset_tables import (
        default_ruleset_cards_output,
        default_ruleset_output,
        write_ruleset_reference,
    )
    from kolaps_print.jobs.tables import describe

    if options.edition != "full":
        raise typer.BadParameter(f"--ruleset {ruleset} has one edition: leave --edition out", param_hint="'--edition'")
    cards = options.format == "cards"
    target = output or (default_ruleset_cards_output(ruleset) if cards else default_ruleset_output(ruleset))
    reference = common.run(lambda: write_ruleset_reference(ruleset, target, options))
    typer.echo(f"wrote {target} ({reference.pages} pages{describe(reference)})")
