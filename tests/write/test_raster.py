"""The PNG writer of write/raster.py, read back with Pillow: the pixels given, the resolution
recorded, the same bytes on a rerun."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from kolaps_print.write.raster import png_bytes, png_scanlines, rendered_pages, rendered_scanlines


def _picture(width: int, height: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    return Image.frombytes("RGB", (width, height), bytes(rng.randrange(256) for _ in range(width * height * 3)))


@pytest.mark.parametrize(("width", "height"), [(1, 1), (7, 3), (64, 90)])
def test_a_png_reads_back_as_the_pixels_given(width, height):
    picture = _picture(width, height, width * height)
    read = Image.open(io.BytesIO(png_bytes(picture, 300)))
    read.load()
    assert read.format == "PNG" and read.mode == "RGB" and read.size == (width, height)
    assert read.tobytes() == picture.tobytes()


@pytest.mark.parametrize("dpi", [300, 150, 96.5])
def test_a_png_records_its_resolution_as_pillow_does(dpi):
    picture = _picture(5, 4, 1)
    ours = Image.open(io.BytesIO(png_bytes(picture, dpi))).info["dpi"]
    pillows = io.BytesIO()
    picture.save(pillows, format="PNG", dpi=(dpi, dpi))
    assert ours == Image.open(pillows).info["dpi"]
    assert ours[0] == pytest.approx(dpi, abs=0.02)  # pixels per metre, whole


def test_a_png_is_the_same_bytes_on_a_rerun():
    assert png_bytes(_picture(30, 20, 2), 300) == png_bytes(_picture(30, 20, 2), 300)


def test_only_rgb_pictures_are_written():
    with pytest.raises(ValueError, match="RGB"):
        png_bytes(Image.new("RGBA", (2, 2)), 300)


def _page_pdf() -> bytes:
    """A card-sized page with a bleed cut by its TrimBox, text, a tint and a stroke: pixels
    that anti-aliasing and colour order would both show."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(200, 280))
    c.setTrimBox((8, 8, 192, 272))
    c.setFillColorRGB(0.9, 0.2, 0.1)
    c.rect(0, 0, 200, 280, stroke=0, fill=1)
    c.setFillColorRGB(0.1, 0.3, 0.8)
    c.circle(100, 140, 61.3, stroke=1, fill=1)
    c.setFillColorRGB(1, 1, 0.6)
    c.drawString(23.7, 40.2, "Hélène, 12 PV")
    c.showPage()
    c.save()
    return buffer.getvalue()


@pytest.mark.parametrize("dpi", [300, 97])
def test_pages_drawn_straight_into_png_rows_are_the_pictures_pillow_gets(dpi):
    pdf = _page_pdf()
    (lines,) = rendered_scanlines(pdf, dpi)
    (image,) = rendered_pages(pdf, dpi)
    read = Image.open(io.BytesIO(png_scanlines(lines, dpi)))
    read.load()
    assert read.size == image.size and read.tobytes() == image.tobytes()
    assert len({image.getpixel((x, image.height // 2)) for x in range(image.width)}) > 3  # not blank
    assert png_scanlines(lines, dpi) == png_bytes(image, dpi)
