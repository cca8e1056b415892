"""The twelfth session's second look at the other systems' card backs (backs12b), read back
from the PDF: every back of a deck gives the same blocks by name (« … : voir l’aide. ») or
prints them all, and no back's lowest box or line comes within 1.5 mm of its foot band."""

import re
from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from face_rows import MM, face_printed  # tests/support
from pdf_text import as_printed, page_bounds, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

DECKS = [(r, c) for r in ("d100", "3d6", "d12") for c in ("mini", "poker", "tarot")]
FOOT_AIR_MM = 1.5  # the review's least air between a back's last row and its foot band (S6)
BY_NAME = re.compile(r"([^.]+?) : voir l’aide\.")


def _deck(ruleset_id: str, card: str):
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    return ruleset_id, card, pdf, range(1, 2 * army.card_count, 2)


@pytest.fixture(scope="module", params=DECKS, ids=["-".join(d) for d in DECKS])
def deck(request):
    """(system, card, the print-shop PDF: one card a page, the backs' pages: every odd one)."""
    return _deck(*request.param)


def _given_by_name(texts: list, page: int) -> frozenset[str]:
    """What a back sends to the aide: each « X : voir l’aide. » sentence's X (a sentence broken
    across lines: a line that starts in lower case carries on the one above)."""
    lines = [as_printed(o.text).strip() for o in texts if o.page == page]
    sentences: list[str] = []
    for line in lines:
        carried = sentences and line[:1].islower() and not sentences[-1].endswith(".")
        sentences[-1:] = [f"{sentences[-1]} {line}"] if carried else [*sentences[-1:], line]
    return frozenset(m.group(1).strip() for s in sentences if (m := BY_NAME.search(s)))


def test_every_back_of_a_deck_gives_the_same_blocks_by_name(deck):
    """3d6 mini and poker: « Seuils ASSOMMANT et COUPS : voir l’aide. » on some backs, the
    thresholds printed on the others; d12 poker: « Critiques en combat : voir l’aide. » on Mila
    Sorel's back only (20 mm free under it). Every character of these decks has the same tracks
    and tables, so every back of a deck names the same blocks (or none). But the tracks' thresholds
    (« Seuils … »): review 22a, 7 asks each back to print its own where they fit, the same
    character playing alike at every size (backs23: Lou Ferrand's 3d6 mini alone names them)."""
    ruleset_id, card, pdf, backs = deck
    texts = text_objects(pdf, page_space=True)
    named = {page: frozenset(n for n in _given_by_name(texts, page) if not n.startswith("Seuils")) for page in backs}
    assert len(set(named.values())) == 1, (ruleset_id, card, named)


def _foot_band_top(pdf: bytes, page: int) -> float:
    """The top of the page's lowest filled band (a path as wide as most of the page, over 2 mm high)."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        pdf_page = document[page]
        width = pdf_page.get_width()
        paths = pdf_page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8)
        bands = [b for b in map(page_bounds, paths) if b[2] - b[0] > 0.6 * width and b[3] - b[1] > 2 * MM]
        return min(b[3] for b in bands)
    finally:
        document.close()


@pytest.mark.parametrize("system_card", DECKS, ids=["-".join(d) for d in DECKS])
def test_no_back_comes_within_1_5_mm_of_its_foot_band(system_card):
    """3d6 mini, Lou Ferrand: the « Sonné / Premiers soins » boxes 0.6 mm over the foot band,
    the first thing to suffer at the cut. A back's lowest box or line keeps 1.5 mm of air
    (backs13: his « Seuils … : voir l’aide. » beside his last row of boxes; fails on 49d5839)."""
    ruleset_id, card, pdf, backs = _deck(*system_card)
    for page in backs:
        top = _foot_band_top(pdf, page)
        lowest = min(p.rect[1] for p in face_printed(pdf, page) if p.rect[1] > top - 0.5)
        assert (lowest - top) / MM >= FOOT_AIR_MM - 0.01, (ruleset_id, card, page, round((lowest - top) / MM, 2))
