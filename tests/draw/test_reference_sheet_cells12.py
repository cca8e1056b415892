"""The KOLAPS reference sheet, a print review of issue 12 (« no cell wrapping beyond three lines »),
read back from the PDF: on A4, on Letter and in the demo kit, no table cell wraps to more than three
lines; the fewest last columns go on full-width lines under their row instead (as the rulebook and
the reference cards set them)."""

from __future__ import annotations

import pytest
from pdf_text import text_objects  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print import resources
from kolaps_print.jobs.tables import TablesOptions, build_reference

MAX_LINES = 3  # the review's limit, not read from reference.yaml: the sheet must keep to it


def _over(pdf: bytes) -> list[tuple[int, str, int]]:
    cells = grid_cells(pdf)
    assert len(cells) > 200, len(cells)  # the tables were found
    return [(c.page, c.text[:40], c.lines) for c in cells if c.lines > MAX_LINES]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_cell_of_the_sheet_takes_more_than_three_lines(paper):
    """A row of one text across the table is running text set under its row, not a cell."""
    assert _over(build_reference(TablesOptions(paper=paper)).pdf) == []


def test_no_cell_of_the_kits_sheet_takes_more_than_three_lines(cli, tmp_path):
    result = cli(["kit", resources.kolaps_dir() / "kits" / "demo.yaml", "-o", tmp_path / "out"])
    assert result.exit_code == 0, result.stderr
    assert _over((tmp_path / "out" / "reference.pdf").read_bytes()) == []


@pytest.mark.parametrize(("paper", "least"), [("a4", 7.0), ("letter", 7.0)])
def test_the_sheet_shrinks_a_quarter_point_at_most_for_it(paper, least):
    """Main set A4 at 7.5 pt and Letter at 7.25: the text sent under its rows costs a quarter point
    (docs/style.md, Twelfth session: sheetcells12), no more. A4 7.25 → 7 since kolaps17: the
    walk-through set each step over its text, as on the kit's sheet, costs the A4 sheet a quarter
    point more (reference.yaml `whole_tables_pt`, the floor, still holds)."""
    sizes = [round(o.size, 2) for o in text_objects(build_reference(TablesOptions(paper=paper)).pdf)]
    body = max(set(sizes), key=sizes.count)
    assert body >= least, body


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_critical_result_set_under_its_row_says_which_it_is(paper):
    """Round-12 review (MUST): « Les trois jets » sent « Échec critique » under its rows with no
    head, so « Un seul 1 parmi les dés suffit. » read as more of the row's principle. A column
    under its row that is not the table's running text (its widest) starts with its head."""
    lines = [t.text.strip() for t in text_objects(build_reference(TablesOptions(paper=paper)).pdf)]
    unheaded = ("Un seul 1 parmi", "Tous les dés donnent 1", "Le dé gardé donne 1")  # a line's start: no head
    assert not [line for line in lines if line.startswith(unheaded)]
    headed = [line for line in lines if line.startswith("Échec critique")]
    assert len(headed) >= 3, headed  # one for each of the three rolls
