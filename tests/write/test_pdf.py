"""new_canvas: reproducible bytes, metadata, and no standard (unembedded) font."""

from io import BytesIO

from pdf_fonts import pdf_fonts  # tests/support
from pypdf import PdfReader

from kolaps_print.fonts import SANS
from kolaps_print.write import PdfMeta, new_canvas

META = PdfMeta(title="Titre é", subject="Sujet")


def make_pdf() -> bytes:
    buffer = BytesIO()
    canvas = new_canvas(buffer, (200, 200), META)
    canvas.setFont(SANS, 10)
    canvas.drawString(20, 100, "Blessure grave « héros »")
    canvas.showPage()
    canvas.rect(10, 10, 50, 50)  # a page with no text at all
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_same_drawing_same_bytes():
    assert make_pdf() == make_pdf()


def test_metadata_is_set():
    info = PdfReader(BytesIO(make_pdf())).metadata
    assert info.title == "Titre é"
    assert info.subject == "Sujet"
    assert info.author == "kolaps-print"


def test_no_page_names_an_unembedded_font():
    fonts = pdf_fonts(make_pdf())
    assert fonts and all(fonts.values()), fonts
    raw = make_pdf()
    assert b"Helvetica" not in raw
