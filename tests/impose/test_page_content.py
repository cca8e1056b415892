"""Pages turned and placed side by side on their content's bytes (impose/page_content.py), rendered
against what pypdf's own tools make of the same pages: the same pixels, the same boxes."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from pypdf import PageObject, PdfReader, PdfWriter
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.impose.page_content import side_by_side, turn_into_content
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook

W, H = 420.0, 297.0  # landscape


def _drawn(pages: int, size=(W, H)) -> bytes:
    """Pages with text, a line and a filled shape near every edge, and one past the right edge
    (a merged page is clipped to its own box)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, invariant=1)
    for n in range(pages):
        canvas.setFont("Helvetica-Bold", 30)
        canvas.drawString(20, size[1] - 50, f"Page {n + 1}")
        canvas.setFillColorRGB(0.1, 0.3 + 0.2 * n, 0.6)
        canvas.rect(5, 5, 60.3, 33.7, fill=1)
        canvas.rect(size[0] - 40, 10, 80, 40, fill=1)  # half past the right edge
        canvas.setLineWidth(1.7)
        canvas.line(0, 0, size[0], size[1])
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _renders(pdf: bytes, dpi: int = 150) -> list[tuple[bytes, tuple]]:
    document = pdfium.PdfDocument(io.BytesIO(pdf))
    try:
        return [
            (document[i].render(scale=dpi / 72).to_pil().convert("RGB").tobytes(), tuple(document[i].get_mediabox()))
            for i in range(len(document))
        ]
    finally:
        document.close()


def _written(writer: PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _turned(pdf: bytes, degrees: int, ours: bool) -> bytes:
    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        added = writer.add_page(page)
        added.rotate(degrees)
        turn_into_content(added) if ours else added.transfer_rotation_to_content()
    return _written(writer)


@pytest.mark.parametrize("degrees", [90, 180, 270])
def test_a_turned_page_renders_as_pypdf_turns_it(degrees):
    pdf = _drawn(2)
    ours, pypdfs = _turned(pdf, degrees, ours=True), _turned(pdf, degrees, ours=False)
    assert _renders(ours) == _renders(pypdfs)
    reader = PdfReader(io.BytesIO(ours))
    assert all(page.rotation == 0 for page in reader.pages)
    expected = (H, W) if degrees % 180 else (W, H)
    assert [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages] == [expected] * 2


def _sides(pdf: bytes, ours: bool) -> bytes:
    reader, writer = PdfReader(io.BytesIO(pdf)), PdfWriter()
    first, second = reader.pages[0], reader.pages[1]
    width, height = 2 * float(first.mediabox.width), float(first.mediabox.height)
    if ours:
        writer.add_page(side_by_side([first, second], width, height))
    else:
        side = PageObject.create_blank_page(width=width, height=height)
        side.merge_translated_page(first, 0, 0)
        side.merge_translated_page(second, width / 2, 0)
        writer.add_page(side)
    return _written(writer)


def test_pages_side_by_side_render_as_pypdf_merges_them():
    pdf = _drawn(2, (W / 2, H))
    assert _renders(_sides(pdf, ours=True)) == _renders(_sides(pdf, ours=False))


def test_the_quick_start_side_by_side_renders_as_pypdf_merges_it():
    """A real page: two fonts or more, colours, rules, tables."""
    pdf = build_rulebook(RulebookOptions(edition="quickstart")).pdf
    assert _renders(_sides(pdf, ours=True)) == _renders(_sides(pdf, ours=False))


def test_pages_that_name_one_resource_two_ways_are_refused():
    """Pages of two documents: reportlab numbers each one's fonts from /F1."""
    first = PdfReader(io.BytesIO(_drawn(1, (W / 2, H)))).pages[0]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(W / 2, H), invariant=1)
    canvas.setFont("Courier", 12)
    canvas.drawString(10, 10, "autre")
    canvas.save()
    second = PdfReader(buffer).pages[0]
    with pytest.raises(ValueError, match="two different /Font resources /F"):
        side_by_side([first, second], W, H)
