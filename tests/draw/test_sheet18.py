"""sheet18 (review 17, S8), read back from the PDFs: the KOLAPS sheet cuts no table over two
columns while a column before them has room (the packer may move a block earlier: column_order.py)."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import flat, text_objects  # tests/support

from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.layout.reference.look import reference_look
from kolaps_print.layout.reference.sheet import SheetGeometry

EDGE = 1.0  # pt: two edges count as one (glyphs' ink differs by less, a column's padding by more)


@cache
def _sheet(paper: str, edition: str = "full") -> bytes:
    return build_reference(TablesOptions(paper=paper, edition=edition)).pdf  # type: ignore[arg-type]


def _column_fill(pdf: bytes, paper: str, page: int) -> list[float]:
    """Each column's share of its height down to its lowest text, on one side."""
    boxes = SheetGeometry(paper, reference_look().sheet).column_boxes()
    lows = [box.y + box.height for box in boxes]
    for obj in text_objects(pdf):
        left, low = obj.bounds[0], obj.bounds[1]
        if obj.page != page or low < boxes[0].y - 1:
            continue  # the other side, or the footer under the columns
        i = max(k for k, box in enumerate(boxes) if left >= box.x - 1) if left >= boxes[0].x - 1 else 0
        lows[i] = min(lows[i], low)
    return [(box.y + box.height - low) / box.height for box, low in zip(boxes, lows, strict=True)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_recto_cuts_no_table_while_a_column_has_room(paper):
    """Main cut « Modificateurs de difficulté » over columns 2–3 (« (suite) ») while column 1 was
    78 % full on A4 (83 % on Letter): now no table is cut, every column but the last is nearly full."""
    pdf = _sheet(paper)
    recto = flat(" ".join(o.text for o in text_objects(pdf) if o.page == 0))
    assert "(suite)" not in recto
    assert recto.count(label("tables.modificateurs.title")) == 1
    fill = _column_fill(pdf, paper, 0)
    assert min(fill[:-1]) >= 0.88, fill
