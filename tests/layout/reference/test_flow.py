"""The packer's table cuts: between whole rows (or a row and its text), header repeated, measured
with reportlab's own split."""

import pytest

from kolaps_print.content.tables import TABLE_NAMES, build_table
from kolaps_print.fonts import register_fonts
from kolaps_print.layout.reference.flow import split_keeping_rows
from kolaps_print.layout.reference.look import Styles
from kolaps_print.layout.reference.tables import table_flowable
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.units import pt

STYLES = Styles(7.0)


@pytest.fixture(scope="module")
def tables():
    register_fonts()
    data = builtin_game_data()
    return {name: build_table(name, data) for name in TABLE_NAMES}


def flowable(table, width):
    return table_flowable(table, width, STYLES)


def texts(rows) -> list[tuple[str, ...]]:
    """A table's rows as their cells' texts (reportlab wraps a cell's flowable in a tuple)."""

    def text(cell):
        return cell.text if hasattr(cell, "text") else text(cell[0])

    return [tuple(text(c) for c in row) for row in rows]


def test_a_cut_keeps_every_row_once_and_repeats_the_header(tables):
    table = flowable(tables["modificateurs"], pt(88))
    total = table.wrap(pt(88), 1e9)[1]
    pieces = split_keeping_rows(table, pt(88), total / 2)
    assert len(pieces) == 2
    first, rest = pieces
    assert first.wrap(pt(88), 1e9)[1] <= total / 2 + 0.01
    assert texts(first.cells[:1]) == texts(rest.cells[:1]) == texts(table.cells[:1])  # the header, on both
    assert texts(first.cells[1:] + rest.cells[1:]) == texts(table.cells[1:])


def test_a_cut_leaves_at_least_the_asked_rows_after_it_or_none(tables):
    table, width = flowable(tables["modificateurs"], pt(88)), pt(88)
    room = table.wrap(width, 1e9)[1] * 0.7
    first, rest = [len(p.cells) - 1 for p in split_keeping_rows(table, width, room, min_rows=1)]
    assert first - 1 >= rest + 1  # the case below needs a row to spare
    # More rows asked after the cut than the fullest cut leaves: refused (sheet), or cut a row earlier (cards).
    assert split_keeping_rows(table, width, room, min_rows=rest + 1) == []
    backed = split_keeping_rows(table, width, room, min_rows=rest + 1, back_off=True)
    assert [len(p.cells) - 1 for p in backed] == [first - 1, rest + 1]


def test_a_row_and_its_text_under_it_never_part(tables):
    grouped = [t for t in (flowable(tables[n], pt(56)) for n in TABLE_NAMES) if t.row_group == 2]
    assert grouped, "at card width, some long-text table sets its text under its rows"
    for table in grouped:
        total = table.wrap(pt(56), 1e9)[1]
        for share in (0.3, 0.5, 0.7):
            for piece in split_keeping_rows(table, pt(56), total * share, min_rows=1):
                assert (len(piece.cells) - 1) % 2 == 0 and piece.row_group == 2
