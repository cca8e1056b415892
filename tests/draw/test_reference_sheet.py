"""The sheet and card renderers: geometry, shrinking, word-safe columns, what lands on the page."""

import re
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.content.reference import PLAN, reference_pages
from kolaps_print.content.tables import TABLE_NAMES, build_table
from kolaps_print.fonts import SANS, SANS_BOLD, register_fonts
from kolaps_print.draw.reference_cards import reference_cards
from kolaps_print.draw.reference_flow import Box, fill_box
from kolaps_print.draw.reference_sheet import Geometry, SheetOverflow, draw_sheet, layout_sheet, section_flowables
from kolaps_print.draw.reference_style import MIN_BODY_PT, Styles, section_colour
from kolaps_print.draw.reference_table import table_flowable
from kolaps_print.layout.units import pt
from kolaps_print.model.gamedata import GameData, builtin_game_data


@pytest.fixture(scope="module")
def data():
    register_fonts()
    return builtin_game_data()


def with_longer_traits(data: GameData, times: int) -> GameData:
    """The same data with every trait's rule written `times` over (a wordier designer)."""
    traits = [t.model_copy(update={"text": " ".join([t.text] * times)}) for t in data.rules.traits.traits]
    rules = data.rules.model_copy(update={"traits": data.rules.traits.model_copy(update={"traits": traits})})
    return GameData(rules=rules, catalogue=data.catalogue, documents=data.documents)


def render(pdf: bytes, page: int, dpi: int = 40):
    return pdfium.PdfDocument(pdf)[page].render(scale=dpi / 72).to_pil().convert("RGB")


def sheet_pdf(data, paper="a4") -> bytes:
    layout = layout_sheet(data, paper)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=layout.geometry.pagesize, initialFontName=SANS)
    draw_sheet(canvas, layout)
    canvas.save()
    return buffer.getvalue()


# ---- geometry and fitting ----------------------------------------------------------
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_columns_sit_inside_the_margins_without_overlapping(paper):
    g = Geometry(paper)
    w, h = g.pagesize
    boxes = g.column_boxes()
    assert len(boxes) == g.columns and w > h  # landscape
    for a, b in zip(boxes, boxes[1:]):
        assert a.x + a.width + pt(g.gutter) == pytest.approx(b.x)
    assert boxes[0].x == pytest.approx(pt(g.margin))
    assert boxes[-1].x + boxes[-1].width == pytest.approx(w - pt(g.margin))
    assert all(b.y >= pt(g.margin) - 1e-6 and b.y + b.height <= h - pt(g.margin) for b in boxes)


def test_both_sides_fit_and_every_planned_table_is_placed(data):
    layout = layout_sheet(data, "a4")
    assert len(layout.boxes) == 2 and MIN_BODY_PT <= layout.styles.body
    for boxes in layout.boxes:
        assert all(b.used + 1e-6 >= 0 and b.used <= b.height + 1e-6 for b in boxes)
    planned = [name for _, sections in PLAN for _, rows in sections for row in rows for name in row]
    assert sorted(set(planned)) == sorted(set(TABLE_NAMES) - {"armes", "affiliations"})


def test_wordier_data_shrinks_the_type(data):
    normal = layout_sheet(data, "a4").styles.body
    wordy = layout_sheet(with_longer_traits(data, 2), "a4").styles.body
    assert MIN_BODY_PT <= wordy < normal


def test_data_too_long_for_two_sides_is_refused(data):
    with pytest.raises(SheetOverflow):
        layout_sheet(with_longer_traits(data, 8), "a4")


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_no_column_is_narrower_than_its_longest_word(data, name):
    table = build_table(name, data)
    styles = Styles(MIN_BODY_PT)
    flowable = table_flowable(table, pt(88), styles, section_colour("test"))
    for i, width in enumerate(flowable._colWidths):
        texts = [table.columns[i]] + [row[i] for row in table.rows]
        words = [w for t in texts for w in re.split(r"[ \t\n]+", t) if w]
        longest = max(stringWidth(w, SANS_BOLD, styles.body) for w in words)
        assert width >= longest, (name, i)


def test_a_long_block_continues_in_the_next_box_under_a_continued_title(data):
    section = reference_pages(data)[1].sections[1]  # the critical tables: long texts
    styles = Styles(8)
    queue = section_flowables(section, pt(88), styles)
    first, second = Box(0, 0, pt(88), 200), Box(0, 0, pt(88), 1000)
    fill_box(first, queue, gap=6, min_split=0)
    fill_box(second, queue, gap=6, min_split=0)
    assert not queue and first.placed and second.placed
    assert first.used <= 200 + 0.01


# ---- what the page shows -------------------------------------------------------------
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_is_drawn_in_the_margins(data, paper):
    pdf = sheet_pdf(data, paper)
    margin_px = int(Geometry(paper).margin / 25.4 * 40) - 2
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


# ---- cards -----------------------------------------------------------------------------
def test_cards_hold_every_table_once_with_a_back_for_each_front(data):
    cards = reference_cards(data, pt(63), pt(88))
    assert len(cards) >= 2 and all(c.back is not None for c in cards[:-1])
    total = cards[0].total
    assert total == sum(2 if c.back else 1 for c in cards)
    numbers = [f.number for c in cards for f in (c.front, c.back) if f]
    assert numbers == list(range(1, total + 1))


def test_a_card_face_draws_inside_its_trim(data):
    card = reference_cards(data, pt(63), pt(88))[0]
    buffer = BytesIO()
    w, h = pt(63), pt(88)
    canvas = Canvas(buffer, pagesize=(w + 2 * pt(10), h + 2 * pt(10)), initialFontName=SANS)
    canvas.translate(pt(10), pt(10))
    card.draw_front(canvas, w, h)
    canvas.showPage()
    canvas.save()
    image = render(buffer.getvalue(), 0, dpi=72)
    # Only the colour strip may bleed (3 mm) past the trim; the 10 mm frame beyond it stays white.
    frame = round(pt(10)) - round(pt(3)) - 2
    W, H = image.size
    for box in ((0, 0, frame, H), (W - frame, 0, W, H), (0, H - frame, W, H)):
        assert image.crop(box).getextrema() == ((255, 255),) * 3, box
    text = pdfium.PdfDocument(buffer.getvalue())[0].get_textpage().get_text_range()
    assert "1/" in text and "Résoudre un test" in text


def test_a_card_too_narrow_for_a_table_is_refused_naming_it(data):
    from kolaps_print.draw.reference_cards import CardOverflow

    with pytest.raises(CardOverflow, match="too wide"):
        reference_cards(data, pt(44), pt(63))
    with pytest.raises(CardOverflow, match="does not fit"):
        reference_cards(data, pt(63), pt(30))
