"""The fourteenth session's character cards (cards14, review 13), read back from the PDF: a
tarot back's blocks top-aligned at one gap (S4: the d12 backs spread 9 and 10.5 mm between
their blocks over an empty foot), every card table's columns 1.5 mm apart (N2), and one
placement of the 3d6 mini backs' « Seuils … : voir l’aide. » (N1)."""

from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from face_rows import MM, Printed, face_printed  # tests/support
from pdf_text import page_bounds  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

BLOCK_AIR_MM = (2.5, 5.0)  # a tarot back's air over a block's head: the deck's gap (3.5–3.6 mm) and a line's leading


def _faces(ruleset_id: str, card: str, side: int) -> tuple[bytes, range]:
    """The print-shop PDF (one card a page) and one side's pages (0: fronts, 1: backs)."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    return pdf, range(side, 2 * army.card_count, 2)


def _bands(pdf: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """The page's filled bands (paths as wide as most of the page, over 2 mm high): name and foot."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        pdf_page = document[page]
        width = pdf_page.get_width()
        paths = pdf_page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8)
        return [b for b in map(page_bounds, paths) if b[2] - b[0] > 0.6 * width and b[3] - b[1] > 2 * MM]
    finally:
        document.close()


def _room(pdf: bytes, page: int) -> list[Printed]:
    """What a face prints between its bands (the bands' white texts are not read)."""
    bands = _bands(pdf, page)
    foot, name = min(b[3] for b in bands), max(b[1] for b in bands)
    return [p for p in face_printed(pdf, page) if p.rect[1] > foot - 0.5 and p.rect[3] < name + 0.5]


def _air_over(printed: list[Printed], head: Printed) -> float:
    """The air (mm) between a text's top and the lowest thing printed above it."""
    above = [p.rect[1] for p in printed if p.rect[1] > head.rect[3] - 0.5]
    return (min(above) - head.rect[3]) / MM


@pytest.mark.parametrize("ruleset_id", ["d12", "3d6", "d100"])
def test_a_tarot_back_s_blocks_stand_at_the_deck_s_gap(ruleset_id):
    """Review 13 S4: the d12 tarot backs spread their gaps (9 mm over « À COCHER », 10.5 mm over
    « Critiques en combat : voir l’aide. » on Oskar Brandt) over an empty foot. Every block of a
    tarot back that follows another (« À COCHER », « MUNITIONS … », the by-name line) now stands
    the deck's gap under it, on every back alike (fails on 1976eba for d12)."""
    pdf, backs = _faces(ruleset_id, "tarot", 1)
    airs = []
    for page in backs:
        printed = _room(pdf, page)
        top = max(p.rect[3] for p in printed)
        heads = [
            p
            for p in printed
            if p.kind == "text" and p.rect[3] < top - 1 and p.text.startswith(("À COCHER", "MUNITIONS", "Critiques"))
        ]
        assert heads, page
        airs += [(page, h.text, round(_air_over(printed, h), 2)) for h in heads]
    assert all(BLOCK_AIR_MM[0] <= air <= BLOCK_AIR_MM[1] for _, _, air in airs), airs
