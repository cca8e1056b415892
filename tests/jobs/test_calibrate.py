"""The calibration sheet: the back's rulers read zero exactly behind the front's targets."""

from io import BytesIO

import pypdf
import pypdfium2 as pdfium
import pytest

from kolaps_print.jobs.calibrate import CalibrateOptions, build_calibration
from kolaps_print.layout.calibration import calibration_data
from kolaps_print.units import to_mm

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


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_front_says_how_to_check_the_print_was_at_100_percent_over_a_50_mm_bar(paper):
    from pdf_paths import stroked_segments  # tests/support
    from pdf_text import as_printed, page_texts  # tests/support

    from kolaps_print.labels import label

    pdf = build_calibration(CalibrateOptions(paper=paper))
    text = page_texts(pdf)[0].replace("\r\n", " ")
    assert as_printed(label("cards.sheet.scale_bar", length="50")) in text
    assert as_printed(label("cards.calibrate.scale_help_1", length="50")) in text
    assert as_printed(label("cards.calibrate.scale_help_2")) in text and "100 %" in text
    bars = [s for s in stroked_segments(pdf, 0) if abs(to_mm(s.length) - 50) < 0.01 and s.y1 == s.y2]
    assert len(bars) == 1 and bars[0].colour == (0.0, 0.0, 0.0, 1.0)
    width, height = SIZES[paper]
    assert all(6 <= to_mm(v) <= width - 6 for v in (bars[0].x1, bars[0].x2)) and 6 <= to_mm(bars[0].y1) <= height - 6


def test_the_command_to_type_is_set_in_an_embedded_monospace_face():
    """The second review: the back's command line read as prose. It is DejaVu Sans Mono, embedded,
    read back from the PDF (font of the text object and the font's embedded file), the other lines
    in the sans."""
    from pdf_fonts import pdf_fonts  # tests/support
    from pdf_text import text_objects  # tests/support

    from kolaps_print.labels import label

    pdf = build_calibration()
    commands = {label("cards.calibrate.back_command"), label("cards.calibrate.back_example")}
    fonts = {o.text.strip(): o.font for o in text_objects(pdf) if o.page == 1}
    assert all(fonts[command].endswith("DejaVuSansMono") for command in commands), fonts
    others = {font for text, font in fonts.items() if text not in commands}
    assert others and not any("Mono" in font for font in others)
    embedded = pdf_fonts(pdf)
    assert any(name.endswith("DejaVuSansMono") and ok for name, ok in embedded.items()), embedded


def test_the_back_says_to_run_the_command_again_with_an_example_in_decimal_points():
    """Designer review (fifth session, 4): the command followed « lisez où tombe la croix » with no
    verb, and « X,Y » with a comma, the French decimal mark, left « 0,5 » ambiguous."""
    from pdf_text import as_printed, page_texts  # tests/support

    from kolaps_print.labels import label

    lines = [" ".join(line.split()) for line in page_texts(build_calibration())[1].splitlines()]

    def at(key: str) -> int:
        return lines.index(" ".join(as_printed(label(f"cards.calibrate.{key}")).split()))

    assert lines[at("back_help_run")] == "Puis relancez :"
    assert at("back_help_2") < at("back_help_run") == at("back_command") - 1
    example = lines[at("back_example")]
    assert example.endswith("--back-offset 0.5,-1") and at("back_example") == at("back_help_example") + 1
    assert "point" in lines[at("back_help_example")]
