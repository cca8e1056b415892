"""A table's text set under its rows (heads19, review 18b M1): a table of two columns then has no
head row (one head of two read as a table missing a column), each term bold with its text under
it; a third column says its head (« Sauf : »), whatever lines it costs (sheet20: 3d6's « Dommages »
went on plain from its rows where « Effet : » cost lines, review 19 S6)."""

from __future__ import annotations

from kolaps_print.content.ruleset_table import RulesetTable
from kolaps_print.layout.reference.row_table import RowTable
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.layout.ruleset.sheet import table_stacks

WIDTH = 105.0  # pt: a mini card's face


def _grid(table: RulesetTable) -> RowTable:
    (stack,) = table_stacks(table, WIDTH, sheet_look(), under=True)
    (grid,) = [part for part in stack.parts if isinstance(part, RowTable)]
    return grid


def _texts(grid: RowTable) -> list[str]:
    return [cell.text for row in grid.rows for cell in row.cells if hasattr(cell, "text")]


def test_two_columns_under_their_rows_have_no_head_row():
    table = RulesetTable("Recharger", ["Arme", "Temps"], [["Chargeur", "Un round entier pour le changer."]])
    grid = _grid(table)
    assert grid.repeatRows == 0 and grid.look.rule_above
    assert "Arme" not in _texts(grid) and "Temps" not in " ".join(_texts(grid))


def test_a_third_column_under_its_row_says_its_head():
    table = RulesetTable(
        "Bout portant", ["Distance", "Effet", "Sauf"], [["DEX du tireur", "Compétence × 2", "Dégâts inchangés."]]
    )
    grid = _grid(table)
    assert grid.repeatRows == 1
    assert any(text.startswith("<b>Sauf") for text in _texts(grid))


def test_a_third_column_says_its_head_even_where_that_costs_lines():
    # sheet20 (review 19, S6): « Ôtés des COUPS et des PV. » one line plain at 7.5 pt, two after
    # « Conséquence : »; heads19 set such texts plain, unnamed (3d6's « Dommages » on every deck)
    rows = [[f"Cas {i}", "—", "Ôtés des COUPS et des PV."] for i in range(3)]
    grid = _grid(RulesetTable("Dommages", ["Nature", "Réduits par", "Conséquence"], rows))
    assert sum(text.startswith("<b>Conséquence") for text in _texts(grid)) == 3
