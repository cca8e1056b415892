"""`kolaps-print cards`: recto-verso character cards from an army file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from kolaps_print.cli import app, card_run, common, values
from kolaps_print.cli.options import DataChoicesCommand, card_option, choice_option, offset_option, paper_option
from kolaps_print.diagnostics import KolapsError
from kolaps_print.layout.choices import CardsFormat, Flip, Layout
from kolaps_print.model.choices import Edition


@app.command(
    cls=DataChoicesCommand,
    epilog="Example: kolaps-print cards data/rulesets/kolaps/armies/section-kappa.yaml --paper letter --layout fold",
)
def cards(
    army: Path = typer.Argument(..., help="The army file (YAML)."),
    output: str | None = common.output_option(
        "The PDF to write (default: output/<army>-cards.pdf); with --format png or tts, the folder "
        "(default: output/<army>-png/, output/<army>-tts/)."
    ),
    format_: CardsFormat = choice_option(
        "pdf",
        "--format",
        CardsFormat,
        "pdf: to print; png: one picture per face, for screens; tts: Tabletop Simulator deck sheets and saved object.",
    ),
    dpi: int | None = typer.Option(
        None, "--dpi", min=72, max=1200, help="With --format png or tts: pixels per inch (default: 300)."
    ),
    base_url: str | None = typer.Option(
        None,
        "--base-url",
        help="With --format tts: the http(s) address the sheets will be uploaded to; the deck's URLs are "
        "this address + the file name (default: file:/// paths, which load only on this computer).",
    ),
    paper: str = paper_option(),
    card: str = card_option("A card size of data/layouts/sizes.yaml (poker: 63×88 mm) or WIDTHxHEIGHT in mm."),
    layout: Layout = choice_option(
        values.LAYOUT,
        "--layout",
        Layout,
        "duplex: fronts then backs, for two-sided printing; fold: front and back side by side.",
    ),
    flip: Flip = choice_option(
        values.FLIP, "--flip", Flip, "How your printer turns the sheet in duplex: long or short edge."
    ),
    bleed: float | None = typer.Option(
        None,
        "--bleed",
        min=0,
        max=10,
        help="Backgrounds printed past the cut line, in mm (default: 0; 3 with --print-shop).",
    ),
    gutter: float | None = typer.Option(
        None, "--gutter", min=0, max=50, help="Space between cards in mm (default: 0: cards share their cut lines)."
    ),
    back_offset: Any = offset_option(
        "X,Y in mm: shift the backs to match the fronts (measure it with kolaps-print calibrate)."
    ),
    print_shop: bool = typer.Option(
        False,
        "--print-shop",
        help="For a print shop: PDF/X-4 (FOGRA39), one card per page, front then back, 3 mm bleed, TrimBox and BleedBox.",
    ),
    edition: Edition = choice_option(
        values.EDITION,
        "--edition",
        Edition,
        "full: every rule; quickstart: the demo's cards, without what the quick-start does not play "
        "(Avatar, traits, specialisations, morale, fatigue), as the demo kit prints.",
    ),
    strict: bool = typer.Option(
        False, "--strict", help="Treat warnings (such as text cut to fit) as errors: nothing is written."
    ),
) -> None:
    """Print recto-verso character cards: 9 poker cards per A4 sheet, each back behind its front."""
    from kolaps_print.jobs.card_options import CardOptions  # not KOLAPS's card layout: the army may be another's

    if format_ != "pdf":
        _card_images(army, output, format_, card, dpi, print_shop, strict, base_url, edition)
        return
    if dpi is not None:
        raise typer.BadParameter("--dpi is for pictures: use it with --format png or tts", param_hint="'--dpi'")
    _refuse_base_url(base_url, format_)

    options = CardOptions(
        card=card,
        paper=paper,
        layout=layout,
        flip=flip,
        bleed=bleed,
        gutter=gutter,
        back_offset=back_offset,
        print_shop=print_shop,
        edition=edition,
    )
    try:
        options.check()
    except ValueError as exc:  # e.g. a card larger than the paper
        raise typer.BadParameter(str(exc)) from None
    except KolapsError as exc:  # a broken layout data file
        common.invalid(exc)
    card_run.write_pdf(army, output, options, strict)


def _refuse_base_url(base_url: str | None, fmt: str) -> None:
    if base_url is not None and fmt != "tts":
        raise typer.BadParameter(
            f"--base-url names where a Tabletop Simulator deck is served: use it with --format tts, not {fmt}",
            param_hint="'--base-url'",
        )


def _card_images(
    army: Path,
    output: str | None,
    fmt: str,
    card: str,
    dpi: int | None,
    print_shop: bool,
    strict: bool,
    base_url: str | None,
    edition: Edition,
) -> None:
    """--format png or tts: pictures of the faces, for screens and virtual tabletops (of the
    edition's cards, as the PDF prints them)."""
    from kolaps_print.jobs.card_images import ImageOptions, check_base_url, write_card_images

    if print_shop:
        raise typer.BadParameter(
            f"--print-shop makes a PDF for a printer; --format {fmt} makes pictures: choose one",
            param_hint="'--print-shop'",
        )
    _refuse_base_url(base_url, fmt)
    options = ImageOptions(fmt, card, dpi, base_url, edition)  # type: ignore[arg-type]  # fmt is png or tts here
    try:
        if base_url is not None:
            check_base_url(base_url)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--base-url'") from None
    try:
        options.check()
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    written = common.run(lambda: write_card_images(army, output, options, strict))
    common.finish(written.warnings, strict)
    typer.echo(written.summary())
