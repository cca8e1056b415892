"""The eleventh session's print review of the other systems' card backs (tracks11), read back from
the PDF: every track box of a card the same size, no box past the 10-box grid, the lines across a
track (½, ¼, 0 · mourant, 50 %) taking no width (the boxes of every row in the same columns), and
1 mm or more between a line's label and the boxes above and below it."""

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_boxes import square_paths  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.units import pt

MM = pt(1)
LABELS = ("½", "¼", "0 ·", "50 %", "25 %")  # what a line across a track carries


def _pdf(ruleset_id: str, card: str) -> bytes:
    return build_ruleset_cards(demo_army(ruleset_id), CardOptions(print_shop=True, card=card)).pdf


def _cards(pdf: bytes, page: int) -> list[list[tuple[float, float, float, float]]]:
    """A back page's boxes of 7–16 pt: a print-shop PDF has one card a page (a card's back on
    every odd page)."""
    return [square_paths(pdf, page, 7, 20)]


def _backs(ruleset_id: str, card: str):
    army = demo_army(ruleset_id)
    pdf = _pdf(ruleset_id, card)
    return pdf, range(1, 2 * army.card_count, 2)


def _track_boxes(pdf: bytes, page: int) -> list[list[tuple[float, float, float, float]]]:
    """Each card's boxes that stand in a track's grid: those in a row of more than two boxes or
    under such a row's columns (a check box stands apart, its label after it)."""
    out = []
    for card in _cards(pdf, page):
        rows: dict[float, list] = {}
        for b in card:
            rows.setdefault(round(b[1]), []).append(b)
        tracks = [b for row in rows.values() if len(row) > 2 for b in row]
        lefts = {round(b[0], 1) for b in tracks}
        if tracks:  # a card of check boxes alone has no track
            out.append(tracks + [b for row in rows.values() if len(row) <= 2 for b in row if round(b[0], 1) in lefts])
    return out


DECKS = [(r, c) for r in ("3d6", "d12", "d100") for c in ("mini", "poker", "tarot")]


@pytest.fixture(scope="module", params=DECKS, ids=["-".join(d) for d in DECKS])
def deck(request):
    ruleset_id, card = request.param
    return (ruleset_id, card, *_backs(ruleset_id, card))


def test_every_track_box_of_a_card_is_the_same_size(deck):
    """Lou Ferrand's COUPS boxes were 3.2 mm beside his ASSOMMANT boxes at 3.9 mm: one pitch a card."""
    ruleset_id, card, pdf, pages = deck
    for page in pages:
        for boxes in _track_boxes(pdf, page):
            sizes = {round(b[2] - b[0], 1) for b in boxes}
            assert len(sizes) == 1, (ruleset_id, card, page, sizes)


def test_the_boxes_of_every_row_stand_in_the_grids_columns(deck):
    """A line across a track takes no width: two boxes side by side in a row are a pitch apart, or
    a pitch and the group gap's extra (the ½ and ¼ lines drawn in widened gaps pushed row 2 right of
    row 1's columns and past the grid), and no row runs past the widest. Since review 23, 3 the
    group gap follows every fifth box of a run of boxes, not a grid column: rows no longer share
    one set of lefts (« |½ ▢▢▢▢▢|¼ ▢▢▢ » under « ▢▢▢▢▢ ▢▢▢▢▢ »)."""
    ruleset_id, card, pdf, pages = deck
    for page in pages:
        for boxes in _track_boxes(pdf, page):
            rows: dict[float, list] = {}
            for b in boxes:
                rows.setdefault(round(b[1]), []).append(b)
            side = min(b[2] - b[0] for b in boxes)
            steps = [
                b[0] - a[0]
                for row in rows.values()
                for a, b in zip(sorted(row), sorted(row)[1:], strict=False)
                if b[0] - a[0] < 1.6 * side  # side by side: no label between
            ]
            pitch = min(steps, default=1.0)
            assert max(steps, default=pitch) - pitch < side / 2, (ruleset_id, card, page)  # a group gap at most
            odd = {round(s, 1) for s in steps if abs(s - pitch) > 0.05}
            assert len(odd) <= 1, (ruleset_id, card, page, [round(s / MM, 2) for s in steps])
            widest = max(rows.values(), key=len)
            assert len(widest) <= 10, (ruleset_id, card, page, len(widest))
            grid = min(b[0] for b in boxes) + 9 * pitch + (max(odd) - pitch if odd else 0) + side  # ten columns
            assert max(b[2] for b in boxes) <= grid + 0.2, (ruleset_id, card, page)


def _line_labels(pdf: bytes, page: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The labels of a page's lines across tracks and their ink (pdfium's tight glyph boxes): a
    label of LABELS not in brackets (a legend's « (½) » is not one)."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        text_page = document[page].get_textpage()
        text = text_page.get_text_range()
        found = []
        for name in LABELS:
            at = text.find(name)
            while at >= 0:
                if at == 0 or text[at - 1] != "(":
                    ink = [text_page.get_charbox(k) for k in range(at, at + len(name)) if not text[k].isspace()]
                    box = (
                        min(b[0] for b in ink),
                        min(b[1] for b in ink),
                        max(b[2] for b in ink),
                        max(b[3] for b in ink),
                    )
                    found.append((name, box))
                at = text.find(name, at + 1)
        return found
    finally:
        document.close()


def test_a_lines_label_keeps_1_mm_from_the_boxes_above_and_below(deck):
    """« 50 % / 25 % » stood 0.5 mm under the row above on Oskar Brandt's tarot back: a label
    between rows keeps 1 mm of air (its ink) from the boxes under it and over it."""
    ruleset_id, card, pdf, pages = deck
    labels = [(page, *label) for page in pages for label in _line_labels(pdf, page)]
    assert labels, (ruleset_id, card)
    for page, name, (left, bottom, right, top) in labels:
        boxes = [b for b in square_paths(pdf, page, 7, 20) if b[0] < right and b[2] > left]
        under = [b[3] for b in boxes if b[3] <= bottom + 0.5]
        over = [b[1] for b in boxes if b[1] >= top - 0.5]
        if under:
            assert bottom - max(under) >= 1 * MM - 0.05, (ruleset_id, card, name, (bottom - max(under)) / MM)
        if over:
            assert min(over) - top >= 1 * MM - 0.05, (ruleset_id, card, name, (min(over) - top) / MM)
