"""Issue 12, print review S1 (rsheet12b), read back from the PDFs: no table cell of a ruleset's
reference sheet takes more than three lines (3d6's « Actions de combat »: Arrêter, Bloquer, Charger
par… in four); a long text goes under its row, across the table, as in the books and on the
reference cards. Expected values come from the review, never from the PDFs checked."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import page_texts  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet

MAX_LINES = 3  # the review's limit, not read from rulesets.yaml: the layout must keep to it
SHEETS = [(r, p) for r in ("d100", "3d6", "d12") for p in ("a4", "letter")]


@cache
def _pdf(ruleset: str, paper: str) -> bytes:
    return build_ruleset_sheet(ruleset, paper).pdf


@pytest.mark.parametrize(("ruleset", "paper"), SHEETS)
def test_no_cell_of_a_ruleset_sheet_takes_more_than_three_lines(ruleset, paper):
    """A row of one text across the table is running text set under its row, not a cell."""
    cells = grid_cells(_pdf(ruleset, paper))
    assert len(cells) > 40, len(cells)  # the tables were found
    over = [(c.page, c.text[:40], c.lines) for c in cells if c.lines > MAX_LINES]
    assert not over, over


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_3d6_sheet_keeps_every_action_and_its_effect(paper):
    """Set under its row, an action's effect is still printed, with its name."""
    text = " ".join(" ".join(p.split()) for p in page_texts(_pdf("3d6", paper)))
    for words in ("Arrêter", "Coupe le tour adverse", "Charger par", "Plein mouvement, frappe en passant"):
        assert words in text, words
