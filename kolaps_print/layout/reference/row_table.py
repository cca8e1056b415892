"""A reference table as plain rows: measured and split here, painted as shapes (layout/reference/as_shapes.py).

Its cells are reportlab Paragraphs (or blocks of them), which break their own lines; the grid around
them (row heights, padding, fills, rules) is ours, so nothing reaches into reportlab's Table. The
rows measure, split and sit exactly where reportlab's Table put them before (the same sums), so the
sheet and the cards keep their pagination.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, TypeAlias

from reportlab.platypus import Flowable

from kolaps_print.layout.shapes import Ink

# What an empty cell under a span measured in reportlab's Table (its default 10 pt type, 1.2 leading):
# on the sheet a line of text set under its row is never shorter than this, as it always printed.
EMPTY_CELL_PT = 12.0
BIG = 1e9  # pt: "no limit" when a cell is measured

Cell: TypeAlias = Flowable | str  # "" where a spanning cell covers the row
VAlign = Literal["top", "middle", "bottom", "baseline"]  # baseline: the cells' first lines on one baseline


@dataclass(frozen=True)
class Row:
    """One row: its cells, its own padding above and below, and its own background (after the zebra)."""

    cells: tuple[Cell, ...]
    top: float  # pt
    bottom: float  # pt
    span: bool = False  # the first cell covers the whole row
    fill: Ink | None = None
    cell_fills: tuple[tuple[int, Ink], ...] = ()  # (column, ink): the chances' heat map
    ruled: bool = True  # the table's row_rule under it (False: it heads the row under it, a weapon's name)
    least: float = 0.0  # pt: the row is at least this tall (a head band as tall as its neighbour's: letter19)


@dataclass(frozen=True)
class TableLook:
    """What every row of a table shares, in points and inks."""

    left: tuple[float, ...]  # padding per column
    right: tuple[float, ...]
    valign: VAlign = "middle"
    header_fill: Ink | None = None
    zebra: tuple[Ink, ...] = ()  # body rows cycle through these, from each piece's first body row
    rule: Ink | None = None
    rule_pt: float = 0.8
    rule_below_header: bool = False
    rule_above: bool = False  # above the first row (a table without a header row)
    rule_below: bool = False  # below the last row
    row_rule: Ink | None = None  # a rule of this ink (rule_pt wide) under every body row
    empty_cell: float = EMPTY_CELL_PT  # pt: what an empty cell under a span measures (0: nothing)


class RowTable(Flowable):
    """Rows under an optional repeated header; splits between rows, a piece of a split losing the rule
    at its cut (the first piece its bottom rule, the second its top rule)."""

    def __init__(
        self,
        rows: list[Row],
        column_widths: list[float],
        look: TableLook,
        repeat_rows: int = 0,
        row_group: int = 1,
        breaks: frozenset[int] = frozenset(),
    ):
        super().__init__()
        self.rows, self.column_widths, self.look = rows, list(column_widths), look
        self.repeatRows = repeat_rows
        self.row_group = row_group  # rows kept together (a row and its text under it); the flow cuts between groups
        self.breaks = breaks  # body row groups after which a card's cut reads best (the walk-through's actor changes)
        self.cells = [list(r.cells) for r in rows]
        self._heights: list[float] | None = None
        self._firsts: dict[int, tuple[Row, float, float]] = {}  # _first_lines, by the row's id

    def row_heights(self) -> list[float]:
        if self._heights is None:
            self._heights = [self._row_height(r) for r in self.rows]
        return self._heights

    def cell_width(self, row: Row, column: int) -> float:
        """The width a cell's content is set in (its column, or the whole row under a span), padding aside."""
        if row.span:  # from the first column's left padding to the last's right one
            return sum(self.column_widths) - self.look.left[0] - self.look.right[-1]
        return self.column_widths[column] - self.look.left[column] - self.look.right[column]

    def _row_height(self, row: Row) -> float:
        tallest = 0.0
        for i, cell in enumerate(row.cells):
            if isinstance(cell, str):
                content = self.look.empty_cell if cell == "" else 0.0
            else:
                content = cell.wrap(self.cell_width(row, i), BIG)[1] + self.drop(row, cell)
            tallest = max(tallest, content + row.top + row.bottom)
        return max(tallest, row.least)

    def drop(self, row: Row, cell: Flowable) -> float:
        """How far a cell is set below the row's top padding: with valign baseline, its first line
        lowered to the row's largest first line (a value level with a larger rolled one), else 0."""
        if self.look.valign != "baseline":
            return 0.0
        first, least = self._first_lines(row)
        # the largest line's own leading above its capitals stands for the row's top padding
        return first - _first_line(cell) - (min(row.top, first - least) if first > 0 else 0)

    def _first_lines(self, row: Row) -> tuple[float, float]:
        """The largest and smallest first line of row's cells, worked out once a row (drop is
        asked for each cell when the rows are measured and again when they are drawn)."""
        kept = self._firsts.get(id(row))
        if kept is None or kept[0] is not row:
            lines = [_first_line(c) for c in row.cells]
            kept = self._firsts[id(row)] = (row, max(lines), min(lines))
        return kept[1], kept[2]

    def raise_head(self, height: float) -> None:
        """Its head row at least this tall, its heads centred in it (a neighbour's head band: letter19)."""
        self.rows[0] = replace(self.rows[0], least=height)
        if self._heights is not None:  # measured already: only the head row's height changes
            self._heights[0] = max(self._heights[0], height)

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        self.width, self.height = sum(self.column_widths), sum(self.row_heights())
        return self.width, self.height

    def split(self, aW: float, aH: float) -> list[Flowable]:
        """As many rows as fit aH, then the header again and the rest; [self] if all fit, [] if no body row does."""
        used, fits = 0.0, 0
        for h in self.row_heights():
            if used + h > aH:
                break
            used, fits = used + h, fits + 1
        if fits <= self.repeatRows:
            return []
        if fits == len(self.rows):
            return [self]
        return self.cut(fits)

    def cut(self, rows: int) -> list[Flowable]:
        """The table cut after its first `rows` rows (header included); the second piece repeats the header."""
        head = self.rows[: self.repeatRows]
        first = RowTable(self.rows[:rows], self.column_widths, replace(self.look, rule_below=False), self.repeatRows)
        rest_look = replace(self.look, rule_above=self.look.rule_above and self.repeatRows > 0)
        rest = RowTable(head + self.rows[rows:], self.column_widths, rest_look, self.repeatRows)
        first.row_group = rest.row_group = self.row_group
        body = (rows - self.repeatRows) // self.row_group
        first.breaks = frozenset(b for b in self.breaks if b < body)
        rest.breaks = frozenset(b - body for b in self.breaks if b > body)
        if self._heights is not None:  # the same rows in the same columns: measured once (a card's size search)
            first._heights, rest._heights = (
                self._heights[:rows],
                self._heights[: self.repeatRows] + self._heights[rows:],
            )
        return [first, rest]

    def draw(self) -> None:
        raise TypeError("a RowTable is painted as shapes (layout/reference/as_shapes.py), never drawn by platypus")


def _first_line(cell: Cell) -> float:
    """The drop from a cell's top to its first baseline (pt): its first line's size, as reportlab
    sets a paragraph; 0 for an empty cell."""
    style = getattr(cell, "style", None)
    return float(style.fontSize) if style is not None else 0.0
