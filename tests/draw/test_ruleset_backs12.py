"""The twelfth session's review of the other systems' card backs (backs12), read back from the
PDF: the d12 and 3d6 poker decks back above the 6 pt floor (the tallest backs give their legends
by name), 0.8 mm of air between any two rows of text and boxes of a back, no stray short rule,
no legend ending on a lone short word, and each d12 back's 50 % and 25 % lines after the boxes
its own total puts them."""

from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from face_rows import MM, face_printed, tightest_gaps  # tests/support
from pdf_boxes import square_paths  # tests/support
from pdf_text import as_printed, page_bounds, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.content.ruleset_card import Track, back_items
from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

DECKS = [(r, c) for r in ("d100", "3d6", "d12") for c in ("mini", "poker", "tarot")]
AIR_MM = 0.8  # the review's least air between two rows of a back
RULE_MIN_MM = 8  # a rule shorter than this reads as a dash
SOLID = 1.25  # × the size: lines of one paragraph (the looks' leading, 1.12 and 1.18; a head's two lines, 1.2)
SHORT_LINE = 12  # characters: a legend's last line shorter than this is a runt (« par round »)


def _pdf(ruleset_id: str, card: str) -> bytes:
    return build_ruleset_cards(demo_army(ruleset_id), CardOptions(print_shop=True, card=card)).pdf


@pytest.fixture(scope="module", params=DECKS, ids=["-".join(d) for d in DECKS])
def deck(request):
    """(system, card, the print-shop PDF: one card a page, each back on an odd page, the backs' pages)."""
    ruleset_id, card = request.param
    return ruleset_id, card, _pdf(ruleset_id, card), range(1, 2 * demo_army(ruleset_id).card_count, 2)


def _is_legend(text: str) -> bool:
    return " restants " in text or " perdus " in text


@pytest.mark.parametrize("ruleset_id", ["d12", "3d6"])
def test_the_d12_and_3d6_poker_backs_print_at_6_5_pt_or_more(ruleset_id):
    """Round 11 left these two decks at the 6 pt floor for the one back of each that fitted
    nowhere larger in full. The backs too tall at 6.5 pt give their legends by name (« Seuils … :
    voir l’aide. ») and the deck keeps one size at 6.5 pt or more (backs12b: every back of the
    deck gives the same blocks by name, test_ruleset_backs12b)."""
    army = demo_army(ruleset_id)
    pdf, backs = _pdf(ruleset_id, "poker"), range(1, 2 * army.card_count, 2)
    texts = [o for o in text_objects(pdf, page_space=True) if o.page in backs]
    sizes = {round(o.size, 2) for o in texts if _is_legend(t := as_printed(o.text)) or "voir l’aide" in t}
    assert len(sizes) == 1 and min(sizes) >= 6.5, sizes


def test_no_two_rows_of_a_back_come_within_0_8_mm(deck):
    """The 3d6 mini backs had 0.25 mm between blocks, their heads 0.1 mm over their boxes; the
    poker heads 0.65 mm. Any two things of a back one over the other (text lines of different
    blocks, a line and a row of boxes; the lines of one legend and the rows of one grid apart)
    keep 0.8 mm of ink-to-ink air."""
    ruleset_id, card, pdf, backs = deck
    for page in backs:
        gaps = tightest_gaps(face_printed(pdf, page), SOLID)
        assert gaps, (ruleset_id, card, page)
        air, upper, lower = gaps[0]
        assert air >= AIR_MM - 0.01, (ruleset_id, card, page, round(air, 3), upper.text or "box", lower.text or "box")


def _rules(pdf: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """The page's thin horizontal paths (under 1 pt high, over 0.5 pt long): head rules, table rules."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        paths = document[page].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8)
        bounds = [page_bounds(p) for p in paths]
        return [b for b in bounds if b[3] - b[1] < 1 and b[2] - b[0] > 0.5]
    finally:
        document.close()


def test_no_rule_on_a_back_is_shorter_than_8_mm(deck):
    """A head's rule cut to 3–4 mm by a long aside (3d6 tarot « ASSOMMANT (25) seuil : 13 d’un
    coup ») read as a dash: every rule of a back is 8 mm or more, or not drawn."""
    ruleset_id, card, pdf, backs = deck
    for page in backs:
        for left, _, right, _ in _rules(pdf, page):
            assert right - left >= RULE_MIN_MM * MM - 0.5, (ruleset_id, card, page, round((right - left) / MM, 2))


def _legend_lines(pdf: bytes, page: int) -> list[tuple[float, str]]:
    """A back's lines of the legends' type (the deck's least size of dark text), top first."""
    printed = [p for p in face_printed(pdf, page) if p.kind == "text"]
    least = min(p.size for p in printed)
    lines: dict[float, list] = {}
    for p in (p for p in printed if p.size == least):
        lines.setdefault(round(p.baseline, 1), []).append(p)
    return [
        (base, " ".join(as_printed(p.text).strip() for p in sorted(row, key=lambda p: p.rect[0])))
        for base, row in sorted(lines.items(), reverse=True)
    ]


def test_no_legend_ends_on_a_lone_short_word(deck):
    """« 8 cases sous 0 (mourant) : −1 COUP / par round » (3d6 mini): a legend whose last line
    is a word or two of a few letters. Every line of a legend that carries on the line above
    (it starts neither with a count nor with a capital) holds two words or more and 12
    characters or more; the 3d6 label is now « −1 COUP/round », on one line."""
    ruleset_id, card, pdf, backs = deck
    for page in backs:
        for _, text in _legend_lines(pdf, page):
            first = text.lstrip("(")[:1]
            if first.isdigit() or first.isupper() or text[:1] in "½¼" or "%" in text[:4]:
                continue  # a legend's first line, or a line's label (½, 50 %, 0 · mourant)
            assert len(text.split()) >= 2 and len(text) >= SHORT_LINE, (ruleset_id, card, page, text)


def _thick_sides(pdf: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """The lines across a track: thin upright paths (the marked box's right side thickened)."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        paths = document[page].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8)
        bounds = [page_bounds(p) for p in paths]
        return [b for b in bounds if b[2] - b[0] < 4 and b[3] - b[1] > 4]
    finally:
        document.close()


def _box_before(side: tuple[float, float, float, float], boxes: list) -> int:
    """The number (from 1, in reading order) of the box whose right side the thick line is: on
    its row, its right edge the nearest the line's; a line that opens its row (before its label,
    review 23, 6) stands after the box before the row's first."""
    level = [(i + 1, b) for i, b in enumerate(boxes) if b[1] < (side[1] + side[3]) / 2 < b[3]]
    if level and all(b[0] >= side[2] for _, b in level):
        return min(level, key=lambda nb: nb[1][0])[0] - 1
    row = [(abs(b[2] - side[2]), number) for number, b in level]
    distance, number = min(row, default=(99.0, 0))
    return number if distance < 2.5 else 0  # mid-gap: 1.7 pt past its box in a tarot back's 1.2 mm gap (tarot24)


@pytest.mark.parametrize("card", ["mini", "poker", "tarot"])
def test_a_d12_back_marks_50_and_25_percent_after_the_boxes_its_own_total_puts_them(card):
    """Each character's PV track carries a thick side after box total − ½ total and after box
    total − ¼ total (rounded down, D12's rule), and its « ½ » and « ¼ » labels (« 50 % » and « 25 % » before review 23, 2): counted
    in the PDF, box after box in reading order, against the rule applied to that character's total."""
    army = demo_army("d12")
    pdf = _pdf("d12", card)
    for n, member in enumerate(army.members):
        page = 2 * n + 1
        track = next(i for i in back_items(army.ruleset, member, army.name) if isinstance(i, Track))
        boxes = sorted(square_paths(pdf, page, 7, 20), key=lambda b: (-round(b[1]), b[0]))[: track.boxes]
        after = sorted(_box_before(side, boxes) for side in _thick_sides(pdf, page))
        expected = sorted({track.boxes - track.boxes // 2, track.boxes - track.boxes // 4} - {0, track.boxes})
        assert after == expected, (card, member.name, track.boxes, after)
        texts = as_printed(" ".join(o.text for o in text_objects(pdf, page_space=True) if o.page == page))
        assert "½" in texts and "¼" in texts, (card, member.name)
