"""The quick-reference sheets' and reference cards' tables after the thirteenth session's proof
review (issue 12, house style), read back from the PDFs: no cell ends on a short word alone on its
last line (N6), a dice expression is never broken, in a heading as in a cell (N5)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from table_cells import grid_cells  # tests/support
from pdf_text import text_objects  # tests/support

from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards, build_ruleset_sheet
from kolaps_print.jobs.tables import TablesOptions, build_reference

SHORT = 3  # the review's « 6. » and « DV »: a word of at most this many characters, alone


@cache
def _pdf(product: str) -> bytes:
    """A sheet or deck by name: « kolaps-a4 », « kolaps-kit », « 3d6-sheet », « d100-tarot »..."""
    system, kind = product.split("-")
    if system == "kolaps":
        if kind in ("a4", "letter"):
            return build_reference(TablesOptions(paper=kind)).pdf
        if kind == "kit":
            return build_reference(TablesOptions(edition="quickstart")).pdf
        return build_reference(TablesOptions(format="cards", card=kind)).pdf
    if kind == "sheet":
        return build_ruleset_sheet(system).pdf
    return build_ruleset_reference_cards(system, TablesOptions(format="cards", card=kind)).pdf


PRODUCTS = [
    "kolaps-a4",
    "kolaps-letter",
    "kolaps-kit",
    "kolaps-mini",
    "kolaps-poker",
    "3d6-sheet",
    "d12-sheet",
    "d100-sheet",
    "3d6-tarot",
    "d100-poker",
    "d100-tarot",
]


@pytest.mark.parametrize("product", PRODUCTS)
def test_no_cell_ends_on_a_short_word_alone(product):
    """Main printed « Tous les dés donnent / 6. » (KOLAPS A4 and Letter), « … au-dessus de la /
    DV » (3d6), « Un joueur et un / PNJ » (d100 cards). A rank stacked over its dice on purpose
    (« 0 · / 2C6 », a chances head) ends after its separator, not on a word."""
    faults = [
        (c.page, c.text, c.last_line)
        for c in grid_cells(_pdf(product))
        if c.lines > 1
        and len(c.last_line.split()) == 1
        and len(c.last_line) <= SHORT
        and not c.text.removesuffix(c.last_line).rstrip().endswith("·")
    ]
    assert not faults, faults


BROKEN = re.compile(r"\d*[dD]\d+\s*[+\u2212]$")  # a line ending on a roll and its sign


@pytest.mark.parametrize("product", ["d12-sheet", "3d6-sheet", "d100-sheet", "d12-tarot", "kolaps-a4"])
def test_no_dice_expression_is_broken(product):
    """Main broke d12's heading « Chance de réussir une action (1d12 + / bonus) »: every « 1d12 +
    bonus » printed stands whole on one line."""
    lines = [o.text.strip() for o in text_objects(_pdf(product))]
    broken = [t for t in lines if BROKEN.search(t)]
    assert not broken, broken
    if product == "d12-sheet":
        assert any("(1d12 + bonus)" in t for t in lines), [t for t in lines if "bonus" in t]
