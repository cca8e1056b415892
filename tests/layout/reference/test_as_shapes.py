"""Laid-out reference blocks as shapes: every cell's text, placed in its row; a cut table's rules;
a line reportlab shrank keeps its shrink (the PDFs these make are read back in tests/draw/)."""

from dataclasses import replace

import pytest

from kolaps_print.content.tables import build_table
from kolaps_print.fonts import register_fonts
from kolaps_print.layout.reference.as_shapes import Area, block_shapes
from kolaps_print.layout.reference.look import Styles
from kolaps_print.layout.reference.row_table import RowTable
from kolaps_print.layout.reference.tables import paragraph, table_flowable
from kolaps_print.layout.shapes import Rule, Text
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.units import pt, to_mm

STYLES = Styles(7.0)
HEIGHT = pt(200)


@pytest.fixture(scope="module")
def modifiers():
    register_fonts()
    table = build_table("modificateurs", builtin_game_data())
    return table, table_flowable(table, pt(88), STYLES)


def shapes_of(block, x=0.0, y=0.0):
    block.wrap(pt(88), 1e9)
    return block_shapes(block, x, y, Area(HEIGHT))


def test_every_cell_prints_once_inside_the_table(modifiers):
    table, block = modifiers
    shapes = shapes_of(block, pt(10), pt(20))
    printed = " ".join(s.text for s in shapes if isinstance(s, Text))
    for cell in [*table.columns, *(c for row in table.rows for c in row)]:
        assert " ".join(cell.split()).split(" ")[0] in printed, cell
    top_mm, bottom_mm = to_mm(HEIGHT - pt(20) - block.height), to_mm(HEIGHT - pt(20))
    texts = [s for s in shapes if isinstance(s, Text)]
    assert all(top_mm < t.y < bottom_mm and t.x >= 10 for t in texts)


def test_rows_go_down_the_page_in_order(modifiers):
    table, block = modifiers
    firsts = [
        t
        for t in shapes_of(block)
        if isinstance(t, Text) and t.x == min(s.x for s in shapes_of(block) if isinstance(s, Text))
    ]
    assert [t.y for t in firsts] == sorted(t.y for t in firsts)


def test_a_cut_table_keeps_its_header_rule_but_loses_the_rule_at_the_cut(modifiers):
    _, block = modifiers
    first, rest = block.cut(3)

    def rules(piece):
        return sorted(s.y1 for s in shapes_of(piece) if isinstance(s, Rule))

    assert len(rules(block)) == 2 and len(rules(first)) == 1 and len(rules(rest)) == 2
    assert [t.text for t in shapes_of(rest) if isinstance(t, Text)][:2] == [
        t.text for t in shapes_of(block) if isinstance(t, Text)
    ][:2]  # the header again


def test_a_line_set_tighter_than_its_width_keeps_reportlabs_word_spacing():
    register_fonts()
    para = paragraph("un deux trois quatre cinq six sept huit neuf dix onze", STYLES.cell())
    para.wrap(pt(40), 1e9)
    shrunk = [(i, line) for i, line in enumerate(para.blPara.lines) if line[0] < -1e-8]
    texts = [t for t in block_shapes(para, 0, 0, Area(HEIGHT)) if isinstance(t, Text)]
    assert len(texts) == len(para.blPara.lines)
    for i, line in shrunk:
        assert texts[i].word_space == pytest.approx(line[0] / (len(line[1]) - 1))
    assert all(t.word_space == 0 for i, t in enumerate(texts) if i not in dict(shrunk))


def test_a_row_rule_runs_under_every_body_row_but_not_the_header(modifiers):
    """The ruleset cards' tables: a light rule under each row, the header's own rule in ink."""
    _, block = modifiers
    light = (0.0, 0.0, 0.0, 0.3)
    ruled = RowTable(block.rows, block.column_widths, replace(block.look, row_rule=light), block.repeatRows)
    rules = [s for s in shapes_of(ruled) if isinstance(s, Rule)]
    plain = [s for s in shapes_of(block) if isinstance(s, Rule)]
    under_rows = [r for r in rules if r.colour == light]
    assert len(under_rows) == len(block.rows) - block.repeatRows and len(rules) == len(plain) + len(under_rows)
    header_bottom = min(r.y1 for r in plain)
    assert all(r.y1 > header_bottom for r in under_rows)
