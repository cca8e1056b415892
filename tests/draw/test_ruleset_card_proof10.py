"""The tenth round's proof review of the other systems' character decks (d12, 3d6, d100), each
finding read back from the PDF: the mini's foot line inside its band, the 3d6 backs' labels
clear of the boxes and by the grid, no rule squeezed to a dash, the pointers to the reference
cards written as sentences."""

import pypdfium2 as pdfium
import pytest
from pdf_boxes import path_boxes  # tests/support
from pdf_text import carried_on  # tests/support
from ruleset_products import RULESETS, demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

MM = 72 / 25.4


def _pdf(ruleset_id: str, card: str) -> bytes:
    return build_ruleset_cards(demo_army(ruleset_id), CardOptions(print_shop=True, card=card)).pdf


def _chars(pdf: bytes, page: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each printed character of a page and its box (pdfium's, tight to its ink), in page space."""
    doc = pdfium.PdfDocument(pdf)
    try:
        textpage = doc[page].get_textpage()
        whole = textpage.get_text_range()
        return [(c, textpage.get_charbox(i)) for i, c in enumerate(whole) if not c.isspace()]
    finally:
        doc.close()


def _foot_band_top(pdf: bytes, page: int) -> float:
    """The top of the coloured foot band: the lowest path as wide as the page."""
    width = pdfium.PdfDocument(pdf)[page].get_size()[0]
    return min((b for b in path_boxes(pdf, page) if b[2] - b[0] > width), key=lambda b: b[1])[3]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_mini_foot_line_lies_inside_its_band_accents_included(ruleset_id):
    """Review round 10, item 1: on the minis the foot line sat on the band's top edge, its
    capitals on white paper and the accent of « Équipe » lost. Every glyph that starts below the
    band's top now ends at least 0.25 mm under it, on every face."""
    pdf = _pdf(ruleset_id, "mini")
    for page in range(2 * demo_army(ruleset_id).card_count):
        top = _foot_band_top(pdf, page)
        feet = [(c, box) for c, box in _chars(pdf, page) if box[1] < top]
        assert len(feet) > 10, (ruleset_id, page)
        for c, box in feet:
            assert box[3] <= top - 0.25 * MM, (ruleset_id, page, c, box[3], top)


def _page_lines(pdf: bytes, page: int) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    try:
        return carried_on(doc[page].get_textpage().get_text_range().splitlines())  # a sentence on two lines: one
    finally:
        doc.close()


@pytest.mark.parametrize("ruleset_id", ["3d6", "d12"])
def test_a_mini_names_what_it_leaves_out_in_a_sentence_that_starts_with_its_capital(ruleset_id):
    """Review round 10, item 14: « Aide de jeu : seuils (ASSOMMANT, COUPS). » read like a title,
    its capitals uneven. The line is a sentence: what is left out, capitalised, then « : voir
    l’aide de jeu. » (« voir l’aide. » where that would wrap; the labels' formatter puts the
    no-break space before the colon, which pdfium reads back as a space); the tracks listed
    « ASSOMMANT et COUPS »."""
    pdf = _pdf(ruleset_id, "mini")
    found = []
    for page in range(1, 2 * demo_army(ruleset_id).card_count, 2):
        lines = _page_lines(pdf, page)
        assert not any(line.startswith("Aide de jeu") for line in lines), (ruleset_id, page)
        found += [line for line in lines if "voir l’aide" in line]
    assert found, ruleset_id
    for line in found:
        assert line[0].isupper() and line.endswith((" : voir l’aide de jeu.", " : voir l’aide.")), line
        assert "(" not in line and ", COUPS" not in line, line
    if ruleset_id == "3d6":
        assert any(line.startswith("Seuils ASSOMMANT et COUPS :") for line in found), found


LINE_LABELS = {"3d6": ("½", "¼", "0 · mourant"), "d12": ("½", "¼")}


def _label_glyphs(pdf: bytes, page: int, texts: tuple[str, ...]) -> list[tuple[float, float, float, float]]:
    doc = pdfium.PdfDocument(pdf)
    try:
        textpage = doc[page].get_textpage()
        whole, out = textpage.get_text_range(), []
        for text in texts:
            start = whole.find(text)
            while start >= 0:
                out += [textpage.get_charbox(i) for i in range(start, start + len(text)) if not whole[i].isspace()]
                start = whole.find(text, start + 1)
        return out
    finally:
        doc.close()


def _track_boxes(pdf: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """The tick boxes of the tracks (square paths of a box's size), their outlines included."""
    return [b for b in path_boxes(pdf, page) if 7 < b[2] - b[0] < 20 and abs(b[3] - b[1] - (b[2] - b[0])) < 0.5]


@pytest.mark.parametrize("card", ["mini", "poker", "tarot"])
def test_a_track_line_label_keeps_half_a_millimetre_over_the_boxes_and_stays_over_the_grid(card):
    """Review round 10, item 13: « 0 · mourant » stood about 0.2 mm over the third row of Inès's
    and Nadia's mini backs, and on tarot the labels ran past the grid's right edge. Every glyph of
    a line's label keeps 0.5 mm over any box under it, and ends by the grid's right edge."""
    for ruleset_id, texts in LINE_LABELS.items():
        pdf = _pdf(ruleset_id, card)
        seen = 0
        pages = range(1, 2 * demo_army(ruleset_id).card_count, 2)
        # the grid: the deck's widest rows (review 22a, 4: a label may end a full row, in the grid's
        # columns right of a back's own last box)
        right = max(b[2] for page in pages for b in _track_boxes(pdf, page))
        for page in pages:
            boxes = _track_boxes(pdf, page)
            glyphs = _label_glyphs(pdf, page, texts)
            if not glyphs:
                continue
            for glyph in glyphs:
                seen += 1
                # the line after a row's last box stands half a group gap past it: its label may end there
                assert glyph[2] <= right + 1.5, (ruleset_id, card, page, glyph, right)
                under = [b for b in boxes if b[0] < glyph[2] and glyph[0] < b[2] and b[3] <= glyph[1] + 1]
                gap = min((glyph[1] - b[3] for b in under), default=MM)
                assert gap >= 0.5 * MM, (ruleset_id, card, page, round(gap / MM, 2))
        assert seen, (ruleset_id, card)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_head_ends_in_a_rule_squeezed_to_a_dash(ruleset_id):
    """Review round 10, item 13: Karim Besson's ASSOMMANT head ended in a stray « – », its rule
    squeezed by the threshold to a millimetre. A head's rule is 3 mm long or left out."""
    for card in ("mini", "poker", "tarot"):
        pdf = _pdf(ruleset_id, card)
        for page in range(2 * demo_army(ruleset_id).card_count):
            rules = [b for b in path_boxes(pdf, page) if b[3] - b[1] < 1.5 and b[2] - b[0] > 0.5]
            assert all(b[2] - b[0] >= 3 * MM - 0.01 for b in rules), (ruleset_id, card, page)
