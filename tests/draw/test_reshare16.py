"""Review 16's S3, read back from the 3d6 book: the columns' reshare (fewer_row_lines, sixteenth
session) broke short cells that held one line, « Coup / puissant », « −2 REF et / DEX »,
« −2 AV, / −3 DV », « DEX/2, / REF 0 », to save lines in « Effet », with width to spare there."""

from __future__ import annotations

from functools import cache

import pytest
from table_cells import grid_cells  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.layout.ruleset.columns import SHORT_EMS

SHORT = ("Coup puissant", "Autre action", "Croche-pied", "−2 REF et DEX", "−2 AV, −3 DV", "DEX/2, REF 0", "−3 AV")


@cache
def _book_cells() -> dict[str, list[int]]:
    cells: dict[str, list[int]] = {}
    for c in grid_cells(build_rulebook(RulebookOptions(ruleset="3d6")).pdf):
        cells.setdefault(" ".join(c.text.split()), []).append(c.lines)
    return cells


@pytest.mark.parametrize("text", SHORT)
def test_a_short_cell_of_the_actions_holds_one_line(text):
    """Each on one line wherever it is printed: a label of two words, a modifier of a few."""
    lines = _book_cells().get(text)
    assert lines and set(lines) == {1}, (text, lines)


def test_the_short_cells_are_short():
    """The cells above are what the rule calls short (no wider than SHORT_EMS ems whole, at the
    book's 8.6 pt, bold or not): the test checks the rule, not a lucky width."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kolaps_print.fonts import SANS_BOLD

    _book_cells()  # its fonts registered
    assert all(stringWidth(t, SANS_BOLD, 8.6) <= SHORT_EMS * 8.6 for t in SHORT)


def test_the_cut_table_keeps_one_set_of_columns():
    """« Actions de combat » is cut across the page's columns: both parts set their heads at the
    same offsets from the table's left edge (one set of widths, sized on every row of both)."""
    from pdf_text import text_objects  # tests/support

    heads = [
        o for o in text_objects(build_rulebook(RulebookOptions(ruleset="3d6")).pdf, page_space=True) if o.page == 3
    ]
    parts = [
        [o.bounds[0] for o in heads if o.text.strip() == head and abs(o.bounds[3] - top) < 1]
        for top in sorted({round(o.bounds[3], 1) for o in heads if o.text.strip() == "Action"})
        for head in ("Action", "Effet", "Modif.")
    ]
    starts = [parts[i : i + 3] for i in range(0, len(parts), 3)]
    assert len(starts) == 2, starts
    offsets = [[x[0] - part[0][0] for x in part] for part in starts]
    assert offsets[0] == pytest.approx(offsets[1], abs=0.1), offsets
