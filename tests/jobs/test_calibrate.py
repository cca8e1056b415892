"""The calibration sheet: the back's rulers read zero exactly behind the front's targets."""

from io import BytesIO

import pypdf
import pypdfium2 as pdfium
import pytest

from kolaps_print.jobs.calibrate import CalibrateOptions, build_calibration
from kolaps_print.layout.calibration import calibration_data
from kolaps_print.layout.units import to_mm

SIZES = {"a4": (210, 297), "letter": (215.9, 279.4)}


def zeros(pdf: bytes, page: int):
    """Centres of every standalone '0' label on a page, in mm, PDF axes (y up)."""
    p = pdfium.PdfDocument(pdf)[page]
    text = p.get_textpage()
    count = text.count_chars()
    char = lambda i: text.get_text_range(i, 1) if 0 <= i < count else " "  # noqa: E731
    out = []
    for i in range(count):
        if char(i) == "0" and char(i - 1) not in "+−-0123456789" and char(i + 1) not in "0123456789,.":
            left, bottom, right, top = text.get_charbox(i, loose=False)
            out.append((to_mm((left + right) / 2), to_mm((bottom + top) / 2)))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_back_rulers_sit_behind_the_front_targets(paper, flip):
    pdf = build_calibration(CalibrateOptions(paper=paper, flip=flip))
    width, height = SIZES[paper]
    reader = pypdf.PdfReader(BytesIO(pdf))
    assert len(reader.pages) == 2
    data = calibration_data()
    found = zeros(pdf, 1)
    for fx, fy in data.targets:
        x, y = fx * width, height - fy * height  # the target on the front
        bx, by = (width - x, y) if flip == "long" else (x, height - y)  # what is behind it
        # the X ruler's 0 label sits below the ruler, centred on the zero tick
        assert any(abs(zx - bx) < 0.5 and by - data.ruler_gap - 8 < zy < by - data.ruler_gap for zx, zy in found), (
            bx,
            by,
            found,
        )


def test_the_back_offset_moves_the_rulers():
    plain = zeros(build_calibration(CalibrateOptions()), 1)
    moved = zeros(build_calibration(CalibrateOptions(back_offset=(1.5, -0.5))), 1)
    assert len(plain) == len(moved)
    for (px, py), (mx, my) in zip(sorted(plain), sorted(moved), strict=True):
        assert (mx - px, my - py) == pytest.approx((1.5, -0.5), abs=0.05)


def test_reproducible_and_no_standard_font():
    pdf = build_calibration()
    assert pdf == build_calibration() and b"/Helvetica" not in pdf


def test_bad_options():
    with pytest.raises(ValueError):
        build_calibration(CalibrateOptions(paper="a5"))
