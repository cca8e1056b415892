"""One sheet folded once: four pages imposed outside 4 | 1, inside 2 | 3, read back by position."""

from __future__ import annotations

import io

import pytest
from pdf_text import text_objects  # tests/support
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.impose.folded_sheet import impose_folded_sheet

W, H = 300.0, 400.0


def numbered_pages(count: int) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(W, H), invariant=1)
    for n in range(1, count + 1):
        canvas.setFont("Helvetica", 40)
        canvas.drawCentredString(W / 2, H / 2, f"P{n}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_outside_reads_4_then_1_inside_2_then_3():
    sheet = impose_folded_sheet(numbered_pages(4))
    reader = PdfReader(io.BytesIO(sheet))
    assert [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages] == [(2 * W, H)] * 2
    placed = {(o.page, o.text.strip()): o.bounds[0] for o in text_objects(sheet)}  # where each « P » starts
    assert placed[(0, "P4")] < W / 2 < W < placed[(0, "P1")]
    assert placed[(1, "P2")] < W / 2 < W < placed[(1, "P3")]
    assert placed[(0, "P1")] - W == pytest.approx(placed[(0, "P4")], abs=0.5)  # each page keeps its place


def test_the_same_pages_give_the_same_bytes():
    assert impose_folded_sheet(numbered_pages(4)) == impose_folded_sheet(numbered_pages(4))


@pytest.mark.parametrize("count", [3, 5])
def test_only_four_pages_fold_into_one_sheet(count):
    with pytest.raises(ValueError, match=f"a folded sheet holds 4 pages, not {count}"):
        impose_folded_sheet(numbered_pages(count))
