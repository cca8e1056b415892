"""The scale bar on every home card sheet, read back from the PDF: a 50 mm solid black line with
its caption, on the fronts, clear of the cards and the crop marks, 6 mm or more from the edge;
and nothing but crop marks within 6 mm of the sheet edge."""

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_paths import stroked_segments  # tests/support
from pdf_text import as_printed, page_texts, text_objects  # tests/support

from kolaps_print.impose import plan_pages
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.labels import label
from kolaps_print.layout import sheets
from kolaps_print.model.army_book import load_army
from kolaps_print.units import to_mm

CAPTION = as_printed(label("cards.sheet.scale_bar", length="50"))
CASES = [
    CardOptions(),
    CardOptions(paper="letter"),  # the cards fill the height: the bar goes in a side margin
    CardOptions(card="mini"),
    CardOptions(card="tarot", paper="letter"),
    CardOptions(layout="fold"),
]


@pytest.fixture(scope="module")
def kappa(demo_armies):
    return load_army(next(a for a in demo_armies if a.stem == "section-kappa"))


def bars(pdf: bytes, page: int):
    return [s for s in stroked_segments(pdf, page) if abs(to_mm(s.length) - 50) < 0.01]


@pytest.mark.parametrize("options", CASES, ids=lambda o: f"{o.card}-{o.paper}-{o.layout}")
def test_every_front_sheet_carries_a_50_mm_bar_clear_of_cards_marks_and_edges(kappa, options):
    result = build_cards(kappa, options)
    resolved = options.impose_options()
    plan = plan_pages(result.cards, resolved)
    texts = page_texts(result.pdf)
    for index, page in enumerate(plan):
        found = bars(result.pdf, index)
        if page.side == "back":
            assert found == [] and CAPTION not in texts[index]
            continue
        assert CAPTION in texts[index].replace("\r\n", " ")
        assert len(found) == 1, found
        bar = found[0]
        assert bar.colour == (0.0, 0.0, 0.0, 1.0) and 0.3 <= bar.width <= 1.0
        w, h = page.size.width, page.size.height
        for x, y in ((bar.x1, bar.y1), (bar.x2, bar.y2)):
            assert 6 <= to_mm(x) <= w - 6 and 6 <= to_mm(y) <= h - 6
        for p in page.placements:  # never on a card
            t = p.trim
            assert not (
                t.x < to_mm(max(bar.x1, bar.x2))
                and to_mm(min(bar.x1, bar.x2)) < t.right
                and t.y < to_mm(max(bar.y1, bar.y2))
                and to_mm(min(bar.y1, bar.y2)) < t.top
            )
        for mark in page.crop_marks:  # never across a crop mark
            if mark.x1 == mark.x2 and bar.y1 == bar.y2:
                lo, hi = sorted((to_mm(bar.x1), to_mm(bar.x2)))
                ylo, yhi = sorted((mark.y1, mark.y2))
                assert not (lo - 1 < mark.x1 < hi + 1 and ylo <= to_mm(bar.y1) <= yhi)
            if mark.y1 == mark.y2 and bar.x1 == bar.x2:
                lo, hi = sorted((to_mm(bar.y1), to_mm(bar.y2)))
                xlo, xhi = sorted((mark.x1, mark.x2))
                assert not (lo - 1 < mark.y1 < hi + 1 and xlo <= to_mm(bar.x1) <= xhi)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_but_crop_marks_within_6_mm_of_the_sheet_edge(kappa, paper):
    """Rendered at 150 dpi: in the 6 mm frame, any inked pixel lies on a crop mark's line."""
    result = build_cards(kappa, CardOptions(paper=paper))
    page = plan_pages(result.cards, CardOptions(paper=paper).impose_options())[0]
    dpi = 150
    document = pdfium.PdfDocument(BytesIO(result.pdf))
    image = document[0].render(scale=dpi / 72).to_pil().convert("L")
    document.close()
    size = sheets.paper_size(paper)

    def mm(v: float) -> float:
        return v / dpi * 25.4

    xs = {ln.x1 for ln in page.crop_marks if ln.x1 == ln.x2}
    ys = {ln.y1 for ln in page.crop_marks if ln.y1 == ln.y2}
    inked = 0
    for py in range(image.height):
        for px in range(image.width):
            x, y = mm(px + 0.5), size.height - mm(py + 0.5)
            if 6 <= x <= size.width - 6 and 6 <= y <= size.height - 6:
                continue
            if image.getpixel((px, py)) < 200:
                inked += 1
                assert any(abs(x - mx) < 0.5 for mx in xs) or any(abs(y - my) < 0.5 for my in ys), (x, y)
    assert inked  # the marks themselves are there: the check looks at real ink


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card", ["poker", "tarot", "mini"])
def test_no_text_within_6_mm_of_the_sheet_edge(kappa, card, paper):
    """Read back from the PDF: every text (the bar's caption included) stays 6 mm or more from
    each edge, where printers clip; the mini sheet once set its caption upright at 5.4 mm."""
    options = CardOptions(card=card, paper=paper)
    result = build_cards(kappa, options)
    size = sheets.paper_size(paper)
    texts = text_objects(result.pdf, page_space=True)
    assert any(CAPTION.startswith(t.text) or t.text in CAPTION for t in texts)
    for t in texts:
        left, bottom, right, top = (to_mm(v) for v in t.bounds)
        assert min(left, bottom, size.width - right, size.height - top) >= 6, (card, paper, t.text)
