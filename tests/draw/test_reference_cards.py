"""Reference cards painted: faces paired front/back, each drawn inside its trim, read back from the PDF."""

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.draw.reference_cards import reference_cards
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.layout.reference.cards import layout_deck
from kolaps_print.layout.units import pt
from kolaps_print.model.gamedata import builtin_game_data

POKER = (pt(63), pt(88))


@pytest.fixture(scope="module")
def data():
    register_fonts()
    return builtin_game_data()


def render(pdf: bytes, page: int, dpi: int):
    return pdfium.PdfDocument(pdf)[page].render(scale=dpi / 72).to_pil().convert("RGB")


def one_side(card, back: bool) -> bytes:
    """The card's front (or back) alone on a page with a 10 mm white frame around its trim."""
    buffer = BytesIO()
    w, h = POKER
    canvas = Canvas(buffer, pagesize=(w + 2 * pt(10), h + 2 * pt(10)), initialFontName=SANS)
    canvas.translate(pt(10), pt(10))
    (card.draw_back if back else card.draw_front)(canvas, w, h)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_cards_pair_every_face_with_a_back_for_each_front(data):
    deck = layout_deck(data, *POKER)
    cards = reference_cards(deck)
    assert len(cards) == (len(deck.faces) + 1) // 2 and all(c.back is not None for c in cards[:-1])
    numbers = [f.number for c in cards for f in (c.front, c.back) if f]
    assert numbers == list(range(1, len(deck.faces) + 1))


def test_a_card_face_draws_inside_its_trim(data):
    card = reference_cards(layout_deck(data, *POKER))[0]
    pdf = one_side(card, back=False)
    image = render(pdf, 0, dpi=72)
    # Only the colour strip may bleed (3 mm) past the trim; the 10 mm frame beyond it stays white.
    frame = round(pt(10)) - round(pt(3)) - 2
    W, H = image.size
    for box in ((0, 0, frame, H), (W - frame, 0, W, H), (0, H - frame, W, H)):
        assert image.crop(box).getextrema() == ((255, 255),) * 3, box
    text = pdfium.PdfDocument(pdf)[0].get_textpage().get_text_range()
    assert "1/" in text and "Résoudre un test" in text


def test_an_odd_last_face_gets_a_plain_back_naming_the_game(data):
    deck = layout_deck(data, *POKER)
    deck.faces = deck.faces[:3]  # three faces: the second card's back is blank
    last = reference_cards(deck)[-1]
    assert last.back is None
    text = pdfium.PdfDocument(one_side(last, back=True))[0].get_textpage().get_text_range()
    assert label("common.game") in text and label("tables.sheet.title") in text and "Résoudre" not in text


def test_card_text_is_at_least_seven_points():
    cards = build_reference(TablesOptions(format="cards"))
    pdf = pdfium.PdfDocument(BytesIO(cards.pdf))
    sizes = [obj.get_font_size() for i in range(len(pdf))
             for obj in pdf[i].get_objects(filter=[pdfium.raw.FPDF_PAGEOBJ_TEXT])]
    assert sizes and min(sizes) >= 7.0 - 1e-6, min(sizes)
