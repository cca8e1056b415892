"""The KOLAPS sheet on Letter, the print designer's eleventh review (item 3), read back from the
PDF: « Modificateurs de difficulté » was cut 9 rows / 2 rows across columns; the house rule
(style.yaml `table`) keeps split_rows rows at least in each piece of a cut table."""

import pytest
from pdf_text import text_objects  # tests/support

from kolaps_print.content.reference import reference_pages
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.layout.reference.look import reference_look
from kolaps_print.layout.reference.sheet import SheetGeometry
from kolaps_print.layout.reference.tables import continued_title
from kolaps_print.layout.style import table_breaks
from kolaps_print.model.gamedata import builtin_game_data


def _plain(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def rows_by_column(pdf: bytes, paper: str, table_id: str) -> list[int]:
    """How many of the table's body rows each column holding it prints, in reading order: a row
    is found by its first cell (bold, as the sheet sets it), below the table's title or its
    « (suite) » title in that column."""
    table = next(
        t for page in reference_pages(builtin_game_data()) for s in page.sections for t in s.tables if t.id == table_id
    )
    boxes = SheetGeometry(paper, reference_look().sheet).column_boxes()
    objects = text_objects(pdf)
    titles = {_plain(table.title), _plain(continued_title(table.title))}
    counts = []
    for heading in sorted((o for o in objects if _plain(o.text) in titles), key=lambda o: (o.page, o.bounds[0])):
        box = next(b for b in boxes if b.x - 1 <= heading.bounds[0] <= b.x + b.width)
        below = [
            o
            for o in objects
            if o.page == heading.page
            and box.x - 1 <= o.bounds[0] <= box.x + box.width
            and o.bounds[3] < heading.bounds[1]
            and o.font.endswith("Bold")
        ]
        found = 0
        for row in table.rows:
            first = _plain(row[0])
            lines = [o for o in below if first.startswith(_plain(o.text)) and len(_plain(o.text)) >= min(len(first), 6)]
            if lines:
                found += 1
                below.remove(max(lines, key=lambda o: len(o.text)))
        counts.append(found)
    return counts


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_difficulty_modifiers_are_whole_or_cut_with_split_rows_in_each_piece(paper):
    """Letter cut them 9 + 2 at 7.5 pt; at 7.25 pt they go 8 + 3 (A4 keeps them as it did)."""
    pdf = build_reference(TablesOptions(paper=paper)).pdf
    table = next(
        t for p in reference_pages(builtin_game_data()) for s in p.sections for t in s.tables if t.id == "modificateurs"
    )
    counts = rows_by_column(pdf, paper, "modificateurs")
    assert sum(counts) == len(table.rows), counts
    if len(counts) > 1:
        assert len(table.rows) > table_breaks().whole_rows
        assert min(counts) >= table_breaks().split_rows, counts


def test_the_reader_finds_every_row_and_both_pieces(monkeypatch):
    """The reading itself: the Letter sheet packed in reading order prints the modifiers in two
    columns (a test of the cut that found one column would prove nothing). Since sheet18 the
    packer moves blocks so that it cuts none (column_order.py): the reading order is forced here."""
    from kolaps_print.layout.reference import column_order, sheet

    monkeypatch.setattr(sheet, "reorder", column_order.packed)
    assert len(rows_by_column(build_reference(TablesOptions(paper="letter")).pdf, "letter", "modificateurs")) == 2
