"""The reportlab internals we reach: a page compressed as it closes gives the bytes save() gives."""

from io import BytesIO

import pytest
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.write.canvas_internals import canvas_document, compress_closed_page, share_form_references


def _pdf(compress_each_page: bool, compression: int = 1) -> bytes:
    """Three pages of text, shapes and a form, with the same creation date whichever way."""
    register_fonts(SANS)
    out = BytesIO()
    canvas = Canvas(out, pageCompression=compression, invariant=1)
    canvas.beginForm("mark")
    canvas.circle(10, 10, 5, fill=1)
    canvas.endForm()
    for n in range(3):
        canvas.setFont(SANS, 9)
        canvas.drawString(72, 700, f"Page {n + 1} : « Tireur d’élite »")
        canvas.rect(72, 600, 100 + n, 50)
        canvas.doForm("mark")
        canvas.showPage()
        if compress_each_page:
            compress_closed_page(canvas)
    canvas.save()
    return out.getvalue()


@pytest.mark.parametrize("a85", [0, 1])
def test_a_page_compressed_as_it_closes_gives_the_bytes_save_gives(monkeypatch, a85):
    monkeypatch.setattr(rl_config, "useA85", a85)  # both filter chains save() knows
    assert _pdf(True) == _pdf(False)
    assert b"/FlateDecode" in _pdf(True)


def test_an_uncompressed_document_is_left_to_save():
    assert _pdf(True, compression=0) == _pdf(False, compression=0)


def test_a_page_closed_twice_fails_loudly():
    canvas = Canvas(BytesIO(), pageCompression=1)
    canvas.drawString(72, 700, "x")
    canvas.showPage()
    compress_closed_page(canvas)
    with pytest.raises(RuntimeError, match="docs/libraries.md"):
        compress_closed_page(canvas)  # its Contents are set: not a page save() would still build


def test_a_canvas_without_its_document_fails_loudly():
    canvas = Canvas(BytesIO())
    del canvas._doc
    with pytest.raises(RuntimeError, match="_doc"):
        canvas_document(canvas)


def test_a_closed_page_s_content_is_let_go_once_the_pdf_is_made():
    """The PDF holds its copy of each page's compressed content: the page's own copy goes (at
    10,000 cards, 6 MiB not held twice while the file is made), and the bytes are save()'s."""
    register_fonts(SANS)
    canvas = Canvas(BytesIO(), pageCompression=1, invariant=1)
    for n in range(2):
        canvas.drawString(72, 700, f"Page {n + 1}")
        canvas.showPage()
        compress_closed_page(canvas)
    pages = canvas_document(canvas).Pages.pages
    assert all(page.Contents.content for page in pages)
    pdf = canvas.getpdfdata()
    assert [page.Contents.content for page in pages] == [None, None]
    assert pdf.count(b"/FlateDecode") == 2


def _forms_pdf(shared: bool) -> bytes:
    """Three pages drawing two forms (one twice), with or without shared form references."""
    register_fonts(SANS)
    canvas = Canvas(BytesIO(), pageCompression=1, invariant=1)
    if shared:
        share_form_references(canvas)
    for name in ("dot", "bar"):
        canvas.beginForm(name)
        canvas.rect(0, 0, 5, 5, fill=1)
        canvas.endForm()
    for n in range(3):
        canvas.doForm("bar" if n == 1 else "dot")
        canvas.doForm("dot")
        canvas.doForm("bar")
        canvas.showPage()
    return canvas.getpdfdata()


def test_pages_sharing_their_form_references_give_the_same_bytes():
    assert _forms_pdf(True) == _forms_pdf(False)
    assert b"/FormXob.dot" in _forms_pdf(True)


def test_a_document_without_xobjdict_fails_loudly():
    canvas = Canvas(BytesIO())
    canvas_document(canvas).xobjDict = None
    with pytest.raises(RuntimeError, match="docs/libraries.md"):
        share_form_references(canvas)
