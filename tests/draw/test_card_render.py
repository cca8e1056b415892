"""Shapes in mm (top-left origin) land where they should in the PDF, forms are made once."""

from io import BytesIO

import pypdf
import pypdfium2 as pdfium
import pytest
from pdf_colours import seen  # tests/support
from PIL import Image

from kolaps_print.draw.card_face import Forms
from kolaps_print.draw.card_render import ShapePainter
from kolaps_print.layout.card_face import FaceLayout
from kolaps_print.layout.shapes import Box, Drop, Picture, Star, Text
from kolaps_print.units import pt, to_mm
from kolaps_print.write import PdfMeta, new_canvas

W, H = pt(63), pt(88)
INK = (0, 0, 0, 0.9)  # CMYK, as the layout gives colours
RED, CYAN = (0, 1, 1, 0), (1, 0, 0, 0)


def render(draw) -> bytes:
    buffer = BytesIO()
    canvas = new_canvas(buffer, (W, H), PdfMeta("t", "s"))
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def char_box(pdf: bytes, needle: str):
    """(left, top) of the first match, in mm from the page's top-left corner."""
    page = pdfium.PdfDocument(pdf)[0]
    text = page.get_textpage()
    index, count = text.search(needle, match_case=True).get_next()
    left, bottom, right, top = text.get_charbox(index, loose=False)
    return to_mm(left), to_mm(H - top)


@pytest.mark.parametrize("align, expected_left", [("left", 10.0), ("right", None), ("centre", None)])
def test_text_is_placed_from_the_top_left(align, expected_left):
    shape = Text(10, 20, "Marchal", "KSans-Bold", 12, INK, align)
    pdf = render(lambda c: ShapePainter(c, H).paint([shape]))
    left, top = char_box(pdf, "Marchal")
    from kolaps_print.layout.text_fit import width_mm

    width = width_mm("Marchal", "KSans-Bold", 12)
    expected = {"left": 10.0, "right": 10.0 - width, "centre": 10.0 - width / 2}[align]
    assert left == pytest.approx(expected, abs=0.6)
    assert 20 - to_mm(12) < top < 20  # the capital's top is above the baseline by less than the size


def test_pictures_cover_their_box_without_spilling(tmp_path):
    path = tmp_path / "p.png"
    Image.new("RGB", (10, 40), (0, 200, 0)).save(path)
    pdf = render(lambda c: ShapePainter(c, H).paint([Picture(20, 20, 20, 20, path)]))
    image = pdfium.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("RGB")
    at = lambda x, y: image.getpixel((int(pt(x) * 2), int(pt(y) * 2)))  # noqa: E731
    assert at(30, 30) == (0, 200, 0) and at(21, 21) == (0, 200, 0)
    assert at(30, 18) == (255, 255, 255) and at(30, 42) == (255, 255, 255)  # the tall image is cropped


def test_drop_and_star_and_boxes_draw_without_text():
    shapes = [Box(5, 5, 4, 4, stroke=INK, fill=(0, 0, 0, 0)), Drop(12, 5, 4, 4.4, INK), Star(20, 7, 1.5, INK)]
    pdf = render(lambda c: ShapePainter(c, H).paint(shapes))
    image = pdfium.PdfDocument(pdf)[0].render(scale=4).to_pil().convert("L")
    assert image.getpixel((int(pt(20) * 4), int(pt(7) * 4))) < 100  # the star's centre is filled


def test_shared_furniture_is_one_form_drawn_many_times():
    forms = Forms("Test", 10)
    furniture = FaceLayout([Box(0, 0, 63, 7, fill=(0.8, 0.7, 0.6, 0)), Text(3, 5, "Armée", "KSans", 7, (0, 0, 0, 0))])

    def draw(canvas):
        for i in range(5):
            canvas.saveState()
            canvas.translate(i * 10, 0)
            forms.draw(canvas, "front", furniture, W, H)
            canvas.restoreState()

    pdf = render(draw)
    page = pypdf.PdfReader(BytesIO(pdf)).pages[0]
    xobjects = page["/Resources"]["/XObject"]
    assert len(xobjects) == 1
    assert page.get_contents().get_data().count(b" Do") == 5


def test_two_armies_in_one_document_keep_their_own_furniture():
    """Faces of two armies imposed together: each card shows its own army's form."""
    from kolaps_print.draw.card_face import CardSides, CharacterFace

    def sides(prefix, colour):
        layout = FaceLayout([Box(0, 0, 63, 88, fill=colour)])
        return CardSides(layout, layout, Forms(prefix, 10))

    red, blue = sides("CardA", RED), sides("CardB", CYAN)
    faces = [CharacterFace(red, FaceLayout(), FaceLayout()), CharacterFace(blue, FaceLayout(), FaceLayout())]

    def draw(canvas):
        for i, face in enumerate(faces):
            canvas.saveState()
            canvas.translate(0, 0)
            canvas.scale(0.5, 0.5)
            canvas.translate(i * W, 0)
            face.draw_front(canvas, W, H)
            canvas.restoreState()

    image = pdfium.PdfDocument(render(draw))[0].render(scale=2).to_pil().convert("RGB")
    for x, colour in ((0.25, RED), (0.75, CYAN)):
        pixel = image.getpixel((int(W * x * 2), int(H * 0.75 * 2)))
        assert all(abs(a - b) <= 2 for a, b in zip(pixel, seen(colour), strict=True)), (x, pixel)


def test_consecutive_texts_keep_their_own_font_size_colour_and_tracking():
    """One text object for the run: nothing of a text (font, size, colour, spacing) leaks to the next."""
    red, blue = RED, CYAN
    shapes = [
        Text(5, 20, "HHHH", "KSans-Bold", 14, red, tracking=2.0),
        Text(5, 40, "HHHH", "KSans", 7, blue),
        Text(5, 60, "HHHH", "KSans-Bold", 14, red, tracking=2.0),
    ]
    pdf = render(lambda c: ShapePainter(c, H).paint(shapes))
    textpage = pdfium.PdfDocument(pdf)[0].get_textpage()
    boxes = [
        textpage.get_charbox(i, loose=False)
        for i in range(textpage.count_chars())
        if textpage.get_text_range(i, 1) == "H"
    ]
    first, second, third = boxes[0:4], boxes[4:8], boxes[8:12]
    height = lambda box: box[3] - box[1]  # noqa: E731
    assert height(first[0]) > 1.8 * height(second[0]) and height(third[0]) == pytest.approx(height(first[0]))
    gap = lambda run: run[1][0] - run[0][2]  # noqa: E731  from one H's right edge to the next H
    assert gap(first) > gap(second) + 1.5 and gap(third) == pytest.approx(gap(first))
    image = pdfium.PdfDocument(pdf)[0].render(scale=4).to_pil().convert("RGB")

    def inked(run):
        return {
            image.getpixel((int((left + 0.3) * 4), int((H - (bottom + top) / 2) * 4))) for left, bottom, _, top in run
        }

    assert {p for p in inked(first + third) if p[0] > 200 and p[2] < 60}  # red
    assert {p for p in inked(second) if p[2] > 200 and p[0] < 60}  # blue
