"""Issue 12, print review S1 (rsheet12b), read back from the PDFs: no table cell of a ruleset's
reference sheet takes more than three lines (3d6's « Actions de combat »: Arrêter, Bloquer, Charger
par… in four); a long text goes under its row, across the table, as in the books and on the
reference cards. Expected values come from the review, never from the PDFs checked."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import page_texts, text_objects  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.units import pt

MAX_LINES = 3  # the review's limit, not read from rulesets.yaml: the layout must keep to it
LEVEL = 0.12  # the last page's columns end within this share of a column (as the d12 sheet's, review 11)
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
    from kolaps_print.typography import after_colon

    text = " ".join(" ".join(p.split()) for p in page_texts(_pdf("3d6", paper)))
    for words in ("Arrêter", "Coupe le tour adverse", "Charger par", "Plein mouvement, coup en passant"):
        assert words in text or after_colon(words) in text, words  # after its head « Effet : », lower case


def _last_page_column_ends(pdf: bytes, paper: tuple[float, float]) -> tuple[list[float], float]:
    """The lowest text of each column of the sheet's last page (pt from the page's foot, the footer
    left out), and the columns' height, from the sheet's margins in data/layouts/rulesets.yaml."""
    look = sheet_look()
    objects = text_objects(pdf)
    last = max(o.page for o in objects)
    foot = pt(look.margin_mm + look.footer_mm)
    lows: dict[int, float] = {}
    for o in (o for o in objects if o.page == last and o.bounds[1] >= foot - 1):
        column = 0 if o.bounds[0] < paper[0] / 2 else 1
        lows[column] = min(lows.get(column, o.bounds[1]), o.bounds[1])
    return [lows[0], lows[1]], paper[1] - foot - pt(look.margin_mm + look.header_mm)


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))])
def test_the_3d6_sheet_s_verso_ends_its_columns_level(paper, size):
    """Review: p. 2's right column was about 30 % empty beside a full left one. « Actions de
    combat », taller than a column, is cut where the two columns end within 12 % of one (23 % apart on A4, 38 % on Letter before)."""
    ends, height = _last_page_column_ends(_pdf("3d6", paper), size)
    assert abs(ends[0] - ends[1]) <= LEVEL * height, ([e / height for e in ends], paper)
