"""The sheet painted: what lands on the page, read back from the PDF."""

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.content.reference import PLAN
from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.draw.reference_sheet import draw_sheet
from kolaps_print.layout.reference.look import reference_look, section_colour
from kolaps_print.layout.reference.sheet import layout_sheet
from kolaps_print.model.gamedata import builtin_game_data


@pytest.fixture(scope="module")
def data():
    register_fonts()
    return builtin_game_data()


def render(pdf: bytes, page: int, dpi: int = 40):
    return pdfium.PdfDocument(pdf)[page].render(scale=dpi / 72).to_pil().convert("RGB")


def sheet_pdf(data, paper="a4") -> bytes:
    layout = layout_sheet(data, paper)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=layout.geometry.pagesize, initialFontName=SANS)
    draw_sheet(canvas, layout)
    canvas.save()
    return buffer.getvalue()


# ---- what the page shows -------------------------------------------------------------
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_is_drawn_in_the_margins(data, paper):
    pdf = sheet_pdf(data, paper)
    margin_px = int(reference_look().sheet.margin / 25.4 * 40) - 2
    for page in range(2):
        image = render(pdf, page)
        w, h = image.size
        for box in ((0, 0, w, margin_px), (0, h - margin_px, w, h), (0, 0, margin_px, h), (w - margin_px, 0, w, h)):
            assert image.crop(box).getextrema() == ((255, 255),) * 3, (paper, page, box)


def test_each_section_band_shows_its_colour_on_its_side(data):
    pdf = sheet_pdf(data)
    for index, (_, sections) in enumerate(PLAN):
        pixels = {rgb for _, rgb in render(pdf, index, dpi=30).getcolors(maxcolors=1 << 20)}
        for section_id, _ in sections:
            rgb = tuple(round(c * 255) for c in section_colour(section_id).rgb())
            assert any(all(abs(a - b) <= 2 for a, b in zip(p, rgb)) for p in pixels), section_id
