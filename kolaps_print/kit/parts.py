"""A kit is a list of parts: one PDF each, printed a number of times per table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Sides = Literal["long", "short", "simplex"]  # duplex flipped on the long or short edge, or one-sided
Stock = Literal["card_stock", "plain"]
# The kit's print runs: one file per stock, every document printed on it, for all tables
# (kolaps_print/kit/assemble.py). A copier runs one stock at a time.
TOKENS_STOCK: Stock = (
    "card_stock"  # the sheet is printed on card: nothing to glue (its intro says which, from the labels)
)
RUN_FILES: dict[Stock, str] = {"card_stock": "kit-carton.pdf", "plain": "kit-papier.pdf"}


@dataclass(frozen=True)
class KitPart:
    kind: str  # cards, reference, full, quickstart, quickstart-sheet, tokens, calibration
    title: str  # as the packing list names it (French, from labels)
    filename: str  # in the kit folder
    pdf: bytes  # stamped
    pages: int
    per_table: int  # copies for each table
    sides: Sides
    stock: Stock
    folded: bool = False  # fold sheets: one-sided, each card folded on its dashed line
    # Another paper than the kit's (the quick-start's folded sheet: A3 for an A4 kit), as the
    # packing list names it; such a part has its own file, in no print run.
    paper: str | None = None

    @property
    def in_run(self) -> bool:
        """The print runs are on the kit's paper: a part on another paper stays out of them."""
        return self.paper is None

    @property
    def run_file(self) -> str | None:
        """The print run (kit-carton.pdf, kit-papier.pdf) that holds this part, if any."""
        return RUN_FILES[self.stock] if self.in_run else None

    @property
    def alternative(self) -> bool:
        """Another form of the document listed before it (the quick-start's folded sheet): printed
        instead of it, so its copies are not counted as well."""
        return not self.in_run

    @property
    def print_setting(self) -> str:
        """The key of kit.packing.sides that tells how to print it."""
        return "fold" if self.folded else self.sides

    def copies(self, tables: int) -> int:
        return self.per_table * tables

    def printed_pages(self) -> int:
        """Pages this part takes in its print run, blanks included, so each copy starts on a front:
        a one-sided part gets a blank after every page, a two-sided one after an odd last page."""
        if self.sides == "simplex":
            return 2 * self.pages
        return self.pages + self.pages % 2
