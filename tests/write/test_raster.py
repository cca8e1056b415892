"""The PNG writer of write/raster.py, read back with Pillow: the pixels given, the resolution
recorded, the same bytes on a rerun."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from kolaps_print.write.raster import png_bytes


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
