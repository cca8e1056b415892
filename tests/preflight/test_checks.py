"""The preflight's findings on PDFs drawn to have (or not have) each problem, read back."""

from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image
from press_pdf import BLEED, CARD, card_pdf, clean_card  # tests/support
from pypdf import PdfReader, PdfWriter
from pypdf.generic import RectangleObject
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader

from kolaps_print.preflight import preflight
from kolaps_print.write.pdfx import press_ready


def lines(pdf: bytes) -> list[str]:
    return [f.line("f.pdf") for f in preflight(pdf)]


def test_a_cmyk_card_made_press_ready_passes():
    assert lines(press_ready(card_pdf(clean_card))) == []


def test_without_output_intent_the_document_is_named_once():
    assert lines(card_pdf(clean_card)) == [
        "f.pdf: error: no PDF/X output intent: the printer cannot tell which press and paper the colours are for"
    ]


def test_rgb_operators_are_counted_per_page():
    def draw(c):
        clean_card(c)
        c.setFillColorRGB(1, 0, 0)
        c.rect(20 * mm, 20 * mm, 5 * mm, 5 * mm, fill=1, stroke=0)
        c.setStrokeColorRGB(0, 0, 1)
        c.line(20 * mm, 30 * mm, 30 * mm, 30 * mm)

    assert lines(press_ready(card_pdf(draw))) == [
        "f.pdf: page 1: error: RGB colour: operator RG used 1 time(s); a press prints CMYK",
        "f.pdf: page 1: error: RGB colour: operator rg used 1 time(s); a press prints CMYK",
    ]


def test_a_device_rgb_colour_space_is_an_error():
    def draw(c):
        clean_card(c)
        c.addLiteral("/DeviceRGB cs 1 0 0 sc")

    assert lines(press_ready(card_pdf(draw))) == ["f.pdf: page 1: error: RGB colour space /DeviceRGB (cs/CS)"]


def test_a_page_without_boxes_and_a_short_bleed():
    short = card_pdf(clean_card, boxes=False)
    assert "f.pdf: page 1: error: no TrimBox and no BleedBox: the printer cannot tell where to cut" in lines(short)
    writer = PdfWriter(clone_from=PdfReader(BytesIO(press_ready(card_pdf(clean_card)))))
    page = writer.pages[0]
    page.bleedbox = RectangleObject(
        [BLEED - 1 * mm, BLEED - 1 * mm, BLEED + CARD[0] + 1 * mm, BLEED + CARD[1] + 1 * mm]
    )
    out = BytesIO()
    writer.write(out)
    assert lines(out.getvalue()) == [
        "f.pdf: page 1: error: the bleed is 1.0 mm on its narrowest side; a print shop needs 3 mm"
    ]


def test_an_unembedded_font_is_named():
    def draw(c):
        clean_card(c)
        c.setFont("Helvetica", 9)
        c.drawString(10 * mm, 50 * mm, "Helvetica")

    assert lines(press_ready(card_pdf(draw))) == ["f.pdf: page 1: error: font Helvetica is not embedded"]


def _image(c, pixels: int, side_mm: float, colour="RGB") -> None:
    picture = Image.new(colour, (pixels, pixels), (200, 40, 30) if colour == "RGB" else 128)
    c.drawImage(ImageReader(picture), 20 * mm, 30 * mm, side_mm * mm, side_mm * mm)


def test_a_picture_under_300_ppi_is_a_warning_with_its_resolution():
    def draw(c):
        clean_card(c)
        _image(c, 100, 20, "L")  # 100 pixels over 20 mm: 127 ppi

    found = lines(press_ready(card_pdf(draw)))
    assert len(found) == 1
    assert found[0].startswith("f.pdf: page 1: warning: image /FormXob")
    assert found[0].endswith(
        "prints at 127 ppi (100 × 100 pixels over 20.0 × 20.0 mm), below the 300 ppi a print shop asks for"
    )


def test_a_sharp_picture_passes():
    def draw(c):
        clean_card(c)
        _image(c, 240, 20, "L")  # 305 ppi

    assert lines(press_ready(card_pdf(draw))) == []


def test_an_rgb_picture_is_an_error_until_made_press_ready():
    def draw(c):
        clean_card(c)
        _image(c, 240, 20)

    plain = card_pdf(draw)
    (found,) = [ln for ln in lines(plain) if "image" in ln]
    assert found.startswith("f.pdf: page 1: error: RGB image /FormXob")
    assert lines(press_ready(plain)) == []


@pytest.mark.parametrize(
    ("x_mm", "y_mm", "expected"),
    [
        (1.5, 40, "1 text mark(s) within 3 mm of the trim (the closest 1.5 mm)"),
        (10, 86, "1 text mark(s) within 3 mm of the trim (the closest 0.0 mm)"),  # the text's top passes the trim
    ],
)
def test_text_close_to_the_trim_is_a_warning(x_mm, y_mm, expected):
    def draw(c):
        clean_card(c)
        c.setFont("KSans", 8)
        c.drawString(x_mm * mm, y_mm * mm, "Bord")

    assert lines(press_ready(card_pdf(draw))) == [
        f"f.pdf: page 1: warning: {expected}: a cut a little off may touch them"
    ]


def test_a_frame_inside_the_trim_is_close_but_bleeding_paint_is_not():
    def draw(c):
        clean_card(c)
        c.setStrokeColorCMYK(0, 0, 0, 1)
        c.rect(2 * mm, 2 * mm, CARD[0] - 4 * mm, CARD[1] - 4 * mm, stroke=1, fill=0)

    found = lines(press_ready(card_pdf(draw)))
    assert found == [
        "f.pdf: page 1: warning: 1 path mark(s) within 3 mm of the trim (the closest 2.0 mm): a cut a little off may touch them"
    ]


def test_two_fonts_under_one_name_are_ambiguous_and_tagged_subsets_are_not(monkeypatch):
    from reportlab.pdfbase.ttfonts import TTFont

    from kolaps_print.fonts.subset_tags import TaggedTTFont

    def with_text(text: str):
        def draw(c):
            clean_card(c)
            c.drawString(10 * mm, 30 * mm, text)

        return card_pdf(draw)

    def joined() -> bytes:
        writer = PdfWriter()
        for text in ("Première carte", "Ça ôte où ?"):  # ASCII is in every subset: the accents differ
            writer.append(PdfReader(BytesIO(with_text(text))))
        return press_ready_boxes(writer)

    assert [ln for ln in lines(joined()) if "font" in ln] == []
    with monkeypatch.context() as m:  # reportlab's own tags: AAAAAA+ for every first subset
        m.setattr(TaggedTTFont, "addObjects", TTFont.addObjects)
        plain = joined()
    assert [ln for ln in lines(plain) if "font" in ln] == [
        "f.pdf: page 2: error: font name AAAAAA+RobotoCondensed-Regular is given to different font programs: "
        "a printer may use the wrong glyphs"
    ]


def press_ready_boxes(writer: PdfWriter) -> bytes:
    out = BytesIO()
    writer.write(out)
    return press_ready(out.getvalue())


def test_an_rgb_inline_image_is_an_error():
    def draw(c):
        clean_card(c)
        c.drawInlineImage(Image.new("RGB", (240, 240), (10, 200, 30)), 20 * mm, 30 * mm, 20 * mm, 20 * mm)

    assert lines(press_ready(card_pdf(draw))) == ["f.pdf: page 1: error: RGB image (inline image)"]


def test_a_link_on_the_page_is_a_warning_and_press_ready_drops_it():
    def draw(c):
        clean_card(c)
        c.linkURL("https://example.org", (20 * mm, 20 * mm, 40 * mm, 30 * mm))

    assert lines(card_pdf(draw))[1:] == [
        "f.pdf: page 1: warning: 1 annotation(s) (Link): a PDF/X preflight rejects them on the page"
    ]
    assert lines(press_ready(card_pdf(draw))) == []


def test_spot_colours_are_judged_by_their_alternate_space():
    from pypdf.generic import ArrayObject, NameObject
    from reportlab.lib.colors import CMYKColorSep

    from kolaps_print.preflight.marks import is_rgb_space

    def draw(c):
        clean_card(c)
        c.setFillColor(CMYKColorSep(0, 0.5, 1, 0, spotName="Orange"))
        c.rect(20 * mm, 20 * mm, 5 * mm, 5 * mm, fill=1, stroke=0)

    assert lines(press_ready(card_pdf(draw))) == []  # reportlab's spots fall back to CMYK

    rgb_spot = ArrayObject([NameObject("/Separation"), NameObject("/Orange"), NameObject("/DeviceRGB")])
    assert is_rgb_space(rgb_spot) and not is_rgb_space(
        ArrayObject([NameObject("/Separation"), NameObject("/Orange"), NameObject("/DeviceCMYK")])
    )
