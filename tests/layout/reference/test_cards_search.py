"""The reference deck's size search spared its repeats (check20, issue 15): the same PDF whether
the centred search of a numbered section lays every topic again or reuses the hung search's
faces of the topics no numbered list can change, and each table's plan made once a layout."""

import io

import pytest
from pypdf import PdfReader

from kolaps_print.content.tables import TableContent
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.layout.reference import cards
from kolaps_print.layout.reference.tables import column_groups, column_part, numbered_list

DECKS = [TablesOptions(format="cards", card=c) for c in ("mini", "tarot")]


@pytest.mark.parametrize("options", DECKS, ids=lambda o: f"{o.card}-{o.edition}")
def test_the_centred_search_reuses_only_faces_hanging_cannot_change(options, monkeypatch):
    spared = build_reference(options).pdf
    monkeypatch.setattr(cards, "_may_hang", lambda topic: True)  # every topic laid again, as before
    laid_again = build_reference(options).pdf
    assert spared == laid_again
    assert len(PdfReader(io.BytesIO(spared)).pages) > 0


def test_a_table_that_may_read_as_a_numbered_list_in_a_part_is_taken_for_one():
    """_may_read_numbered is true exactly where the table or a part table_plan may cut (column_groups)
    reads as a numbered list: « Gravité des blessures »'s widths (0.6, 2, 1, 1.2, …) make none."""
    numbers = [[str(i), "a", "b", "c", "d"] for i in range(1, 4)]
    for widths in [(0.6, 2, 1, 1.2, 0.5), (1, 1, 1, 1, 1), (0.5, 3, 2, 1, 0.5), (2, 1, 1, 1, 1)]:
        table = TableContent("t", "T", ["N", "A", "B", "C", "D"], numbers, widths=widths)
        parts = [column_part(table, cols) for n in range(2, 5) for g in column_groups(table, n, 2) for cols in g]
        assert cards._may_read_numbered(table) == (numbered_list(table) or any(numbered_list(p) for p in parts))
    words = TableContent("w", "W", ["N", "A", "B"], [["un", "a", "b"]], widths=(1, 1, 5))
    assert not cards._may_read_numbered(words)


def test_each_table_plan_is_made_once_a_layout(monkeypatch):
    made = []
    plan = cards._table_plan

    def counted(table, width, styles):
        made.append((repr(table), width, styles))
        return plan(table, width, styles)

    monkeypatch.setattr(cards, "_table_plan", counted)
    pdf = build_reference(TablesOptions(format="cards", card="mini")).pdf
    assert pdf.startswith(b"%PDF")
    assert made and len(made) == len(set(made))
