"""impose() draws real PDFs: faces clipped to their card, boxes set, fonts embedded, reproducible."""

from io import BytesIO

import pypdf
import pypdfium2 as pdfium
import pytest

from kolaps_print.impose import ImposeOptions, impose
from kolaps_print.layout.geometry import Size
from kolaps_print.units import pt
from kolaps_print.write import PdfMeta

A4, POKER = Size(210, 297), Size(63, 88)
META = PdfMeta(title="Essai", subject="Essai")


class Flood:
    """A face that paints far past its edges: the imposer must clip it."""

    def __init__(self, name):
        self.name = name

    def draw_front(self, canvas, width, height):
        canvas.setFillColorRGB(1, 0, 0)
        canvas.rect(-200, -200, width + 400, height + 400, fill=1, stroke=0)
        canvas.setFillGray(1)
        canvas.setFont("KSans-Bold", 12)
        canvas.drawString(10, height - 20, f"Recto {self.name}")

    def draw_back(self, canvas, width, height):
        canvas.setFillColorRGB(0, 0, 1)
        canvas.rect(-200, -200, width + 400, height + 400, fill=1, stroke=0)
        canvas.setFillGray(1)
        canvas.setFont("KSans-Bold", 12)
        canvas.drawString(10, height - 20, f"Verso {self.name}")


def pixel(pdf: bytes, page: int, x_mm: float, y_mm: float, scale=2.0):
    """RGB at a point given in PDF axes (mm from the lower-left corner)."""
    doc = pdfium.PdfDocument(pdf)
    image = doc[page].render(scale=scale).to_pil().convert("RGB")
    height = doc[page].get_size()[1]
    return image.getpixel((int(pt(x_mm) * scale), int((height - pt(y_mm)) * scale)))


def test_faces_are_clipped_to_their_card_plus_bleed():
    result = impose([Flood(1)], ImposeOptions(POKER, A4, bleed=2), META)
    # the only card sits top left of a centred 3x3 block
    left, top = (A4.width - 3 * 63) / 2, A4.height - (A4.height - 3 * 88) / 2
    assert pixel(result.pdf, 0, left + 30, top - 40) == (255, 0, 0)
    assert pixel(result.pdf, 0, left - 1, top - 40) == (255, 0, 0)  # inside the 2 mm bleed
    assert pixel(result.pdf, 0, left - 4, top - 40) == (255, 255, 255)  # past the bleed
    assert pixel(result.pdf, 0, left + 63 + 10, top - 40) == (255, 255, 255)  # the empty next slot


def test_print_shop_pages_have_trim_and_bleed_boxes():
    result = impose([Flood(1), Flood(2)], ImposeOptions(POKER, A4, mode="print-shop"), META)
    reader = pypdf.PdfReader(BytesIO(result.pdf))
    assert len(reader.pages) == 4 and result.sheets == 2
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        assert media == pytest.approx([0, 0, pt(69), pt(94)], abs=0.01)
        assert bleed == pytest.approx(media, abs=0.01)
        assert trim == pytest.approx([pt(3), pt(3), pt(66), pt(91)], abs=0.01)


def test_no_standard_font_even_on_pages_without_text():
    class Blank:
        def draw_front(self, canvas, w, h):
            canvas.rect(0, 0, w, h)

        draw_back = draw_front

    result = impose([Blank()], ImposeOptions(POKER, A4), META)
    assert b"Helvetica" not in result.pdf


def test_same_input_same_bytes():
    faces = [Flood(i) for i in range(4)]
    options = ImposeOptions(POKER, A4, mode="fold")
    assert impose(faces, options, META).pdf == impose(faces, options, META).pdf


def test_progress_reports_every_face():
    seen = []
    impose(
        [Flood(i) for i in range(11)], ImposeOptions(POKER, A4), META, lambda done, total: seen.append((done, total))
    )
    assert seen[-1] == (11, 11) and [d for d, _ in seen] == sorted(d for d, _ in seen)
