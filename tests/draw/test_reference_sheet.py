"""The sheet painted: what lands on the page, read back from the PDF."""

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_colours import seen  # tests/support
from pdf_text import text_objects  # tests/support
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.content.reference import reference_pages
from kolaps_print.draw.reference_sheet import draw_sheet
from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.labels import label
from kolaps_print.layout.reference.look import mark_grey, reference_look, section_colour
from kolaps_print.layout.reference.sheet import layout_sheet
from kolaps_print.layout.reference.tables import continued_title
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.units import pt


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
    spec = reference_look().sheet
    margin_px = int(spec.margin / 25.4 * 40) - 2
    top_px = int(spec.top / 25.4 * 40) - 1
    # The footer line (the marks' legend) sits in the band under the columns; its descenders
    # reach at most a quarter of the type size (7.75 pt: 0.7 mm) below its baseline.
    outer_px = int((spec.bottom - spec.footer - 1.0) / 25.4 * 40) - 1
    for page in range(2):
        image = render(pdf, page)
        w, h = image.size
        for box in ((0, 0, w, top_px), (0, h - outer_px, w, h), (0, 0, margin_px, h), (w - margin_px, 0, w, h)):
            assert image.crop(box).getextrema() == ((255, 255),) * 3, (paper, page, box)


def test_each_section_band_shows_its_colour_on_its_side(data):
    pdf = sheet_pdf(data)
    for index, page in enumerate(reference_pages(data)):  # the sheet's sides (SIDES), not the cards' plan
        pixels = {rgb for _, rgb in render(pdf, index, dpi=30).getcolors(maxcolors=1 << 20)}
        for section_id in (s.id for s in page.sections):
            rgb = seen(section_colour(section_id))
            assert any(all(abs(a - b) <= 2 for a, b in zip(p, rgb, strict=False)) for p in pixels), section_id


# ---- the print designer's review: a table whole with its lead-in, the rules, the legend -------
def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.fixture(scope="module")
def objects(data):
    return text_objects(sheet_pdf(data))


def test_the_sheet_keeps_its_body_size(data):
    # 7.75 pt before the attack walk-through joined the sheet; now the legibility floor on A4. On
    # Letter, 7.25 pt since the eleventh session: at 7.5 it cut its modifiers 9 + 2 against the
    # house rule (reference.yaml `whole_tables_pt`). Issue 12 (sheetcells12): no cell over three
    # lines sends text under its rows, a step under the floor on A4 (7.25 pt), Letter 7 pt; A4 7 pt
    # since kolaps17 (the walk-through's steps over their text, as on the kit's sheet).
    spec = reference_look().type
    assert layout_sheet(data, "a4").styles.body >= spec.whole_tables_pt >= 7
    assert layout_sheet(data, "letter").styles.body >= spec.whole_tables_pt >= 7


def test_secondary_effects_stand_whole_in_one_column_their_rule_in_the_walk_through(data, objects):
    """The table's lead-in is step « Effet secondaire » of the attack (on the verso with it since
    kolaps17, the recto before): once on the sheet."""
    wounds = data.rules.wounds
    page = [o for o in objects if o.page == 1]
    title = [o for o in page if o.text.strip() == label("tables.effets-secondaires.title")]
    assert len(title) == 1, title  # never a second « (suite) » title
    rows = [
        o
        for o in page
        if any(_flat(o.text) and _flat(loc.secondary_effect).startswith(_flat(o.text)[:25]) for loc in wounds.locations)
    ]
    assert len(rows) >= len(wounds.locations)
    column = layout_sheet(data, "a4").geometry.column_boxes()[0].width
    left = title[0].bounds[0]
    for o in rows:  # every row under the title, in its column
        assert o.bounds[3] < title[0].bounds[1] and left - 1 <= o.bounds[0] < left + column, o
    lead = _flat(wounds.secondary.text)[:40]
    assert [o.page for o in objects if _flat(o.text).startswith(lead)] == [1]  # the walk-through's, alone


@pytest.mark.parametrize("rule", ["full_location", "secondary"])
def test_the_lethal_and_frequent_rules_are_regular_in_body_colour(data, objects, rule):
    """They were bold (an earlier review); under the bold step names a bold description read as a
    fault of the rule (tenth session's review): regular, in the body's colour."""
    start = _flat(getattr(data.rules.wounds, rule).text)[:25]
    found = [o for o in objects if _flat(o.text).startswith(start)]
    assert found, start
    ink = seen(reference_look().colours.rule)
    for o in found:
        assert "Bold" not in o.font and "Italic" not in o.font, o
        assert all(abs(a - b) <= 1 for a, b in zip(o.fill, ink, strict=False))  # fill may carry alpha, o


def test_the_legend_is_the_footer_of_both_sides_and_nowhere_else(data, objects):
    legend = _flat(label("common.ruling_legend"))
    margin = pt(reference_look().sheet.bottom)  # the columns' foot
    grey = seen(mark_grey())
    for page in range(2):
        lines = [o for o in objects if o.page == page and "provisoire" in o.text]
        assert len(lines) == 1 and _flat(lines[0].text) == legend, lines
        footer = lines[0]
        assert footer.bounds[3] < margin and footer.fill == grey  # under the columns, quiet
        assert all(o.bounds[1] > footer.bounds[3] for o in objects if o.page == page and o is not footer)


@pytest.mark.parametrize(
    "title, continued",
    [
        ("Blessures critiques (réussite critique)", "Blessures critiques (suite)"),
        ("Localisation (1D6)", "Localisation (suite)"),
        ("Actions de base", "Actions de base (suite)"),
    ],
)
def test_a_continued_title_drops_its_own_parenthesis(title, continued):
    assert continued_title(title) == continued
