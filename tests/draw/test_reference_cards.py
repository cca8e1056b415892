"""Reference cards painted: faces paired front/back, each drawn inside its trim, read back from the PDF."""

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_colours import seen  # tests/support
from pdf_text import page_texts, text_objects  # tests/support
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.reference_cards import reference_cards
from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.layout.reference.cards import layout_deck
from kolaps_print.layout.reference.look import mark_grey, reference_look
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
    sizes = [
        obj.get_font_size()
        for i in range(len(pdf))
        for obj in pdf[i].get_objects(filter=[pdfium.raw.FPDF_PAGEOBJ_TEXT])
    ]
    assert sizes and min(sizes) >= 7.0 - 1e-6, min(sizes)


# ---- the print designer's review: the critical wounds, the rules, the legend ------------------
@pytest.fixture(scope="module")
def faces(data):
    """Each face of the deck alone on a page, in deck order, with its text objects (trim at 10 mm)."""
    deck = layout_deck(data, *POKER)
    out = []
    for card in reference_cards(deck):
        out.append(one_side(card, back=False))
        if card.back is not None:
            out.append(one_side(card, back=True))
    return [(page_texts(pdf)[0], text_objects(pdf)) for pdf in out]


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def test_the_critical_wounds_table_takes_at_most_two_faces(data, faces):
    title = label("tables.blessures-critiques.title").split(" (")[0]
    holding = [i for i, (text, _) in enumerate(faces) if title in text]
    assert 1 <= len(holding) <= 2, holding
    assert len(faces) <= 22  # 11 cards at most, as before the review


def test_a_continued_title_has_no_second_parenthesis(faces):
    texts = [_flat(text) for text, _ in faces]
    assert any("Blessures critiques (suite)" in t for t in texts)
    assert not any(") (suite)" in t for t in texts)


def test_critical_effects_run_the_full_width_of_the_face(data, faces):
    """Under its row, across the face: not in a column a few words wide."""
    left, right = pt(10) + pt(3.5), pt(10) + POKER[0] - pt(3.5)  # the content box on the page
    effects = [o for _, objects in faces for o in objects if o.text.startswith("Échec : hors de combat. Réussite")]
    assert len(effects) >= 5
    for o in effects:
        assert o.bounds[0] < left + 6, o
        assert o.bounds[2] - o.bounds[0] > 0.7 * (right - left), o


def test_no_face_holds_only_a_stray_end_of_one_or_two_rows(data):
    """A face holding nothing but a table's last one or two rows (« … (suite) », « Tête »), no note, never happens;
    the critical wounds keep three rows or more on each of their faces.

    (A face that starts a table may still hold two rows: « Le tour de jeu » and « Moral » have
    rows too tall for three on a poker face at 7 pt; they open their face with their title.)
    """
    from reportlab.platypus import Paragraph

    from kolaps_print.layout.reference.flow import RowTable, Stack, _body_rows

    def rows(flowable) -> int:
        if isinstance(flowable, Stack):
            return sum(rows(p) for p in flowable.parts)
        if isinstance(flowable, RowTable):
            nested = [c for line in flowable.cells for c in line if isinstance(c, (Stack, RowTable))]
            return sum(rows(c) for c in nested) if nested else _body_rows(flowable)
        return 0

    def texts(flowable) -> str:
        if isinstance(flowable, Stack):
            return " ".join(texts(p) for p in flowable.parts)
        if isinstance(flowable, Paragraph):
            return flowable.getPlainText()
        return ""

    def continued(flowable) -> bool:
        return (
            isinstance(flowable, Stack) and flowable.continued is not None and flowable.parts[0] is flowable.continued
        )

    critical = label("tables.blessures-critiques.title").split(" (")[0]
    checked = 0
    for face in layout_deck(data, *POKER).faces:
        placed = [f for f, _ in face.box.placed]
        notes = [p for f in placed if isinstance(f, Stack) for p in f.parts[1:] if isinstance(p, Paragraph)]
        if all(continued(f) for f in placed) and not notes:
            assert sum(rows(f) for f in placed) >= 3, face.number
        for f in placed:
            if critical in texts(f):
                assert rows(f) >= 3, face.number
                checked += 1
    assert checked == 2  # both faces of the critical wounds were found and checked


@pytest.mark.parametrize("rule", ["full_location", "secondary"])
def test_the_lethal_and_frequent_rules_are_bold_in_body_colour(data, faces, rule):
    text = getattr(data.rules.wounds, rule).text
    start = _flat(text)[:30]
    found = [o for _, objects in faces for o in objects if _flat(o.text).startswith(start)]
    assert found, start
    ink = seen(reference_look().colours.rule)
    for o in found:
        assert "Bold" in o.font and "Italic" not in o.font, o
        assert all(abs(a - b) <= 1 for a, b in zip(o.fill, ink, strict=False))  # fill may carry alpha, o


def test_the_legend_opens_the_deck_in_the_quiet_grey(faces):
    legend = _flat(label("common.ruling_legend"))
    assert legend in _flat(faces[0][0])
    assert not any(legend in _flat(text) for text, _ in faces[1:])
    grey = seen(mark_grey())
    lines = [o for o in faces[0][1] if "provisoire" in o.text]
    assert lines and all(o.fill == grey for o in lines)
