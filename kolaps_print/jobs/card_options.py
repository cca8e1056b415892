"""What `kolaps-print cards` is asked and gives back, for every ruleset: its options, its
result, the default output and the print shop's PDF/X step. Apart from jobs/cards.py (KOLAPS's
cards), so that another ruleset's cards (jobs/ruleset_cards.py) and the CLI's options do not
import KOLAPS's card layout and army modules (about a tenth of a ruleset card run's start-up)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kolaps_print.diagnostics import Diagnostic
from kolaps_print.impose import ImposeOptions, ResolvedOptions, Side
from kolaps_print.layout import sheets as sheet_data
from kolaps_print.layout.choices import Flip, Layout
from kolaps_print.model.choices import Edition


@dataclass(frozen=True)
class CardOptions:
    """How a deck is printed: the options of `cards` (and of the library's calls)."""

    card: str = "poker"  # poker, tarot, mini or WxH in mm
    paper: str = "a4"  # a paper of data/layouts/sizes.yaml
    layout: Layout = "duplex"
    flip: Flip = "long"
    bleed: float | None = None  # mm; None: 0 at home, 3 for --print-shop
    gutter: float | None = None  # mm between cards; None: data/layouts/sheets.yaml
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, shifts every back page
    print_shop: bool = False  # one card per page with bleed, TrimBox and BleedBox
    press: bool = True  # with print_shop, made PDF/X-4 (False: the same pages for screens, in RGB)
    stamp: str | None = None  # in every card's footer; None: the rules' version and data hash (jobs/stamp.py)
    short_stamp: str | None = None  # with stamp: jobs/stamp.cards_stamp(), when the caller has it (a kit)
    edition: Edition = "full"  # quickstart: only what the demo plays (card.yaml editions, E86)
    side: Side | None = None  # with print_shop: the fronts' pages alone, or the backs' (None: both)

    def impose_options(self) -> ResolvedOptions:
        """The sheet options; ValueError with a message for the user if one is wrong."""
        mode = "print-shop" if self.print_shop else self.layout
        options = ImposeOptions(
            sheet_data.card_size(self.card),
            sheet_data.paper_size(self.paper),
            mode,
            self.flip,
            self.bleed,
            self.gutter,
            None,
            self.back_offset,
        )
        return options.resolved()

    @property
    def min_ppi(self) -> int | None:
        """Portraits below this resolution are a warning: a print shop asks for more than a home
        printer (None: layout.portraits' home bar)."""
        from kolaps_print.layout.portraits import PRESS_PPI  # KOLAPS's portraits: its card layout's import

        return PRESS_PPI if self.print_shop and self.press else None

    def check(self) -> None:
        """ValueError with a message for the user if these options cannot print a card."""
        from kolaps_print.impose import slots_per_sheet

        slots_per_sheet(self.impose_options())


@dataclass
class CardsResult:
    """A deck's PDF and what it holds."""

    pdf: bytes
    cards: int
    sheets: int
    pages: int
    warnings: list[Diagnostic] = field(default_factory=list)


@dataclass
class CardsWritten:
    """A deck written to its file."""

    path: Path
    result: CardsResult

    def summary(self) -> str:
        r = self.result
        return f"{r.cards} card(s) on {r.sheets} sheet(s), {r.pages} page(s): {self.path}"


def default_output(army_path: Path | str) -> Path:
    return Path("output") / f"{Path(army_path).stem}-cards.pdf"


def for_print_shop(pdf: bytes) -> bytes:
    """PDF/X-4 for a print shop. pypdf is imported only then: a tenth of a second of every other run."""
    from kolaps_print.write.pdfx import press_ready

    return press_ready(pdf)
