"""Quick-reference material: the two-sided sheet (`kolaps-print tables`) and reference cards.

Library API for the CLI and the demo kit: build_reference(options) -> Reference (the PDF
bytes and its page count); write_reference(output, options) writes it atomically.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.draw.reference_sheet import draw_sheet
from kolaps_print.jobs.card_options import for_print_shop
from kolaps_print.jobs.stamp import rules_version_and_date
from kolaps_print.labels import label
from kolaps_print.layout.choices import Flip, Format, Mode
from kolaps_print.layout.reference.sheet import SheetOverflow, layout_sheet, sheet_title
from kolaps_print.model.gamedata import GameData, builtin_game_data
from kolaps_print.model.rules import Edition
from kolaps_print.numbers import version_line
from kolaps_print.units import pt
from kolaps_print.write import PDF, PdfMeta, new_canvas, planned_output, source_inputs

DEFAULT_OUTPUT = Path("output/reference.pdf")
DEFAULT_CARDS_OUTPUT = Path("output/reference-cards.pdf")


@dataclass(frozen=True)
class TablesOptions:
    paper: str = "a4"  # a paper of data/layouts/sizes.yaml
    format: Format = "sheet"
    card: str = "poker"  # cards only: a size name from data/layouts/sizes.yaml or WxH in mm
    layout: Mode = "duplex"  # cards only: how faces are imposed (see kolaps_print.impose)
    flip: Flip = "long"
    edition: Edition = "full"  # quickstart: only the rules the demo plays
    date: dt.date | None = None  # printed in words; default: the rules' date in book.yaml (never the clock)


@dataclass(frozen=True)
class Reference:
    pdf: bytes
    pages: int
    body_pt: float | None = None  # the sheet's body size after any shrinking
    faces: int = 0  # cards only: card faces with content
    cards: int = 0  # cards only: two-sided cards


def default_output(options: TablesOptions) -> Path:
    return DEFAULT_CARDS_OUTPUT if options.format == "cards" else DEFAULT_OUTPUT


def describe(reference: Reference) -> str:
    """Extra detail for the CLI's one-line summary."""
    if reference.cards:
        return f", {reference.cards} cards"
    return f", body text {reference.body_pt:g} pt" if reference.body_pt else ""


def _overflow_error(exc: SheetOverflow, data: GameData) -> KolapsError:
    where = data.documents[0].file if data.documents else "data"
    return KolapsError(
        [Diagnostic(str(where), 1, 1, "error", f"{exc}; shorten the longest texts or use --format cards")]
    )


def stamp_line(options: TablesOptions) -> str:
    """« Version 0.1 · 1ᵉʳ juin 2025 »: the rules' version and date, as the rulebook and quick-start say."""
    version, day = rules_version_and_date()
    return version_line(version, options.date or day)


def _sheet(options: TablesOptions, data: GameData) -> Reference:
    try:
        layout = layout_sheet(data, options.paper, options.edition, stamp_line(options))
    except SheetOverflow as exc:
        raise _overflow_error(exc, data) from None
    buffer = BytesIO()
    title = label("tables.sheet.pdf_title", game=label("common.game"), title=sheet_title(options.edition))
    meta = PdfMeta(title=title, subject=label("tables.sheet.subject"))
    canvas = new_canvas(buffer, layout.geometry.pagesize, meta)
    draw_sheet(canvas, layout)
    canvas.save()
    return Reference(buffer.getvalue(), len(layout.pages), layout.styles.body)


def _option_error(message: str) -> KolapsError:
    return KolapsError([Diagnostic("<options>", 1, 1, "error", message)])


def _cards(options: TablesOptions, data: GameData) -> Reference:
    from kolaps_print.draw.reference_cards import reference_cards
    from kolaps_print.impose import ImposeOptions, impose, slots_per_sheet
    from kolaps_print.layout.reference.cards import CardOverflow, layout_deck
    from kolaps_print.layout.sheets import card_size, paper_size

    try:
        size = card_size(options.card)
        impose_options = ImposeOptions(
            card=size, paper=paper_size(options.paper), mode=options.layout, flip=options.flip
        )
        slots_per_sheet(impose_options.resolved())  # the card fits the paper inside its margins
        cards = reference_cards(
            layout_deck(data, pt(size.width), pt(size.height), options.edition, stamp_line(options))
        )
    except (ValueError, CardOverflow) as exc:
        raise _option_error(str(exc)) from None
    meta = PdfMeta(title=_title("tables.sheet.cards_title"), subject=label("tables.sheet.cards_subject"))
    imposed = impose(cards, impose_options, meta)
    pdf = (
        for_print_shop(imposed.pdf) if options.layout == "print-shop" else imposed.pdf
    )  # PDF/X-4, as cards --print-shop
    return Reference(pdf, imposed.pages, None, faces=sum(2 if c.back else 1 for c in cards), cards=len(cards))


def _title(key: str) -> str:
    return label("tables.sheet.pdf_title", game=label("common.game"), title=label(key))


def build_reference(options: TablesOptions = TablesOptions(), data: GameData | None = None) -> Reference:
    """The reference PDF in memory; data defaults to the built-in game data."""
    data = data or builtin_game_data()
    if options.format == "cards":
        return _cards(options, data)
    return _sheet(options, data)


def write_reference(
    output: Path | str | None = None, options: TablesOptions = TablesOptions(), data: GameData | None = None
) -> Reference:
    """Build, then write atomically (default: the format's own name, so the cards never
    replace the sheet): on any error nothing is written."""
    out = planned_output(output or default_output(options), PDF, source_inputs())
    reference = build_reference(options, data)
    out.write(reference.pdf)
    return reference
