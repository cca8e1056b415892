"""A ruleset's sheet in the house look, read back from the PDF: the title in ink over a rule of
the system's colour (nothing painted to the edge), section bars of that colour, two columns that
end level, every demo system on one page (type set between 6.5 and 9.5 pt to get there), no column
heading broken inside a word, no table title repeating its section's, a footer without the
designer's shop talk, nothing that matters within 6 mm of the edge."""

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_colours import seen, text_fills  # tests/support
from pdf_text import text_objects  # tests/support

from kolaps_print.content.ruleset_sheet import sheet_content
from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet
from kolaps_print.labels import overriding_labels
from kolaps_print.layout.style import as_colour, cmyk
from kolaps_print.model.ruleset_load import find_ruleset

MM = 72 / 25.4
A4 = (595.28, 841.89)
SYSTEM_COLOUR = {"d100": "rust", "3d6": "steel", "d12": "moss"}  # data/layouts/rulesets.yaml


@pytest.fixture(scope="module", params=["d100", "3d6", "d12"])
def sheet(request):
    return request.param, build_ruleset_sheet(request.param)


def _pixel(pdf: bytes, x: float, y: float, scale: int = 1) -> tuple[int, int, int]:
    """The colour pdfium paints at (x, y) points from the page's lower-left corner."""
    doc = pdfium.PdfDocument(BytesIO(pdf))
    try:
        image = doc[0].render(scale=scale).to_pil().convert("RGB")
        return image.getpixel((int(x * scale), int(image.height - y * scale)))
    finally:
        doc.close()


def _plain(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def _near(a, b, tolerance=12) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def test_each_demo_system_fits_one_page_in_type_no_smaller_than_6_5_pt(sheet):
    _, reference = sheet
    assert reference.pages == 1
    body = [f.size for f in text_fills(reference.pdf) if f.length > 3]
    assert min(body) >= 6.5


def test_the_title_is_ink_over_a_rule_in_the_system_s_colour_and_nothing_reaches_the_edge(sheet):
    ruleset_id, reference = sheet
    colour = seen(as_colour(cmyk(SYSTEM_COLOUR[ruleset_id])))
    title = find_ruleset(ruleset_id).spec.sheet.title
    (printed,) = [o for o in text_objects(reference.pdf) if _plain(o.text) == _plain(title)]
    assert printed.fill == seen(as_colour(cmyk("ink")))
    under = [_pixel(reference.pdf, A4[0] / 2, printed.bounds[1] - d / 4, scale=4) for d in range(1, 40)]
    assert any(_near(p, colour) for p in under)  # the rule just under the title
    assert _near(_pixel(reference.pdf, A4[0] / 2, A4[1] - 2 * MM), (255, 255, 255))


def test_the_columns_end_level(sheet):
    """The two columns end within 45 mm of each other (a kept table never splits, so level to
    the millimetre is not always possible); unbalanced, the d12 sheet's differed by 150 mm."""
    _, reference = sheet
    printed = [o for o in text_objects(reference.pdf) if 12 * MM < o.bounds[1] < A4[1] - 25 * MM]
    left = min(o.bounds[1] for o in printed if o.bounds[0] < A4[0] / 2)
    right = min(o.bounds[1] for o in printed if o.bounds[0] > A4[0] / 2)
    assert abs(left - right) < 45 * MM, (left, right)


def test_no_table_repeats_its_section_s_title_and_the_footer_talks_to_players(sheet):
    ruleset_id, reference = sheet
    texts = [_plain(o.text) for o in text_objects(reference.pdf)]
    for section in find_ruleset(ruleset_id).spec.sheet.sections:
        assert texts.count(_plain(section.title)) == 1, section.title
    assert not any("graine" in t for t in texts)


def test_sections_sit_on_bars_of_the_system_s_colour_in_two_columns(sheet):
    ruleset_id, reference = sheet
    colour = seen(as_colour(cmyk(SYSTEM_COLOUR[ruleset_id])))
    titles = {_plain(s.title) for s in find_ruleset(ruleset_id).spec.sheet.sections}
    white = [o for o in text_objects(reference.pdf) if o.fill == (255, 255, 255)]  # a table may share a title
    bars = [o for o in white if _plain(o.text) in titles]
    assert {_plain(o.text) for o in bars} == titles
    for bar in bars:
        left, bottom, right, top = bar.bounds
        assert _near(_pixel(reference.pdf, left - 2, (bottom + top) / 2), colour), bar.text
    lefts = sorted({round(o.bounds[0]) for o in bars})
    assert lefts[0] < A4[0] / 3 and lefts[-1] > A4[0] / 2  # a bar in each column


def test_no_heading_is_broken_inside_a_word_and_nothing_within_6_mm_of_the_edge(sheet):
    ruleset_id, reference = sheet
    printed = text_objects(reference.pdf)
    words = {w for o in printed for w in _plain(o.text).split()}
    ruleset = find_ruleset(ruleset_id)
    with overriding_labels(ruleset.labels_file):  # the headings as the sheet prints them: its own labels
        sections = sheet_content(ruleset)
    for section in sections:
        for table in section.tables:
            for heading in table.header:
                for word in _plain(heading).split():
                    assert word in words, (table.title, word)
    for o in printed:
        x0, y0, x1, y1 = o.bounds
        assert x0 >= 6 * MM and x1 <= A4[0] - 6 * MM and y0 >= 6 * MM and y1 <= A4[1] - 6 * MM, o
