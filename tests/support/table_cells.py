"""A printed table's cells read back row by row: each row of the house table is one fill (the head's
tint, the zebra's paper or tint), the texts on it grouped into cells (texts whose spans across the
row overlap belong to one cell: columns never do), each with its count of lines. A row holding one
text across the table is running text set under its row, not a cell."""

from __future__ import annotations

from dataclasses import dataclass

from pdf_colours import seen  # tests/support
from pdf_tables import path_paints  # tests/support
from pdf_text import TextObject, page_texts, text_objects  # tests/support

from kolaps_print.layout.style import table_paint


@dataclass(frozen=True)
class Cell:
    page: int  # from 1
    text: str
    lines: int
    last_line: str = ""  # the words of its last line


def column_cells(texts: list[TextObject]) -> list[list[TextObject]]:
    """A row's texts grouped by the column each stands in (texts whose spans overlap share one)."""
    cells: list[list[TextObject]] = []
    for t in sorted(texts, key=lambda t: t.bounds[0]):
        home = next((c for c in cells if any(t.bounds[0] < o.bounds[2] and o.bounds[0] < t.bounds[2] for o in c)), None)
        if home is None:
            cells.append([t])
        else:
            home.append(t)
    return cells


def _by_line(cell: list[TextObject]) -> list[list[TextObject]]:
    """A cell's texts by line, top first: texts whose heights overlap share a line (a raised mark,
    « † 3D6-E4 », is on its word's)."""
    lines: list[list[TextObject]] = []
    bottom = float("inf")
    for t in sorted(cell, key=lambda t: -t.bounds[3]):
        if t.bounds[3] < bottom:  # wholly below the line above: a new line
            lines.append([t])
            bottom = t.bounds[1]
        else:
            lines[-1].append(t)
            bottom = min(bottom, t.bounds[1])
    return lines


def _lines(cell: list[TextObject]) -> int:
    return len(_by_line(cell))


def _last_line(cell: list[TextObject]) -> str:
    last = _by_line(cell)[-1]
    return " ".join(t.text.strip() for t in sorted(last, key=lambda t: t.bounds[0]))


def grid_cells(pdf: bytes, pages: range | None = None) -> list[Cell]:
    """Every cell of every table row of more than one cell on these pages (from 0; all by default)."""
    paint = table_paint()
    fills = {seen(ink) for ink in (*paint.rows, paint.head_fill)}
    texts = [t for t in text_objects(pdf, page_space=True) if t.text.strip()]
    out = []
    for page in pages if pages is not None else range(len(page_texts(pdf))):
        mine = [t for t in texts if t.page == page]
        for row in (p for p in path_paints(pdf, page) if p.fill in fills and p.box[3] - p.box[1] > 2):
            left, bottom, right, top = row.box
            on = [t for t in mine if left - 1 <= t.bounds[0] and t.bounds[2] <= right + 1]
            on = [t for t in on if bottom <= (t.bounds[1] + t.bounds[3]) / 2 <= top]
            cells = column_cells(on)
            if len(cells) > 1:
                for cell in cells:
                    words = " ".join(t.text for t in sorted(cell, key=lambda t: (-t.bounds[1], t.bounds[0])))
                    out.append(Cell(page + 1, words, _lines(cell), _last_line(cell)))
    return out
