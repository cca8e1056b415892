"""Tarot character backs (tarot21, review 21a MUST 1), read back from the print-shop PDF (one
face a page, the back after its front): the back grows with the card instead of keeping poker's
proportions and leaving three dead gaps.

On main (88145b6) the tick boxes measured 4.91 mm on tarot against 4.42 on poker, outlines
included (×1.11 on a card ×1.23 larger), the back's blank runs reached 6.3 mm, and the name in the
back's band was set at 8.0 pt, under the 8.9 pt stat line beside it (« Comtesse Ilona Varga »),
9.0 pt against 16.7 on the front (Stefan Solmeyer): each test fails there.

And review 21a S16: the mini back's haemorrhage drop stood 0.65 mm from the last wound box of its
row (outlines included); a 3 mm drop (a tick: no smaller) at its column's right keeps 0.78 mm
(fails on main).
"""

from collections import Counter
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_boxes import square_paths  # tests/support
from pdf_tables import path_paints  # tests/support
from pdf_text import text_objects  # tests/support

from kolaps_print import resources
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.model.army_book import load_army
from kolaps_print.units import to_mm
from tests.jobs.test_cards_tarot18 import DPI, INK, trim_render

ARMIES = ("les-damnes", "section-kappa", "vampires")
GROWTH = 1.23  # a tarot card is this much larger than a poker card, by the square root of its area
GAP_MAX = 4.0  # mm: the most a tarot back leaves blank between two printed rows


def _cards(army: str, card: str) -> bytes:
    book = load_army(resources.kolaps_dir() / "armies" / f"{army}.yaml")
    return build_cards(book, CardOptions(print_shop=True, card=card)).pdf


def tick_box(pdf: bytes, page: int) -> float:
    """mm across the back's tick boxes as drawn (outline included): its most common square."""
    squares = square_paths(pdf, page, 8, 25)  # pt: 2.8 to 8.8 mm on a side
    return Counter(round(to_mm(right - left), 2) for left, _, right, _ in squares).most_common(1)[0][0]


@pytest.mark.parametrize("army", ARMIES)
def test_the_tarot_back_s_tick_boxes_grow_as_much_as_the_card(army):
    poker, tarot = _cards(army, "poker"), _cards(army, "tarot")
    small, large = tick_box(poker, 1), tick_box(tarot, 1)
    assert large >= 5.4, (small, large)
    assert large / small >= GROWTH, (small, large)


@pytest.mark.parametrize("army", ARMIES)
def test_the_name_is_the_largest_text_on_the_tarot_back_as_large_as_on_the_front(army):
    """The side in play says whose card it is first: no stat line beside it is set larger."""
    pdf = _cards(army, "tarot")
    texts = text_objects(pdf)
    book = load_army(resources.kolaps_dir() / "armies" / f"{army}.yaml")
    names = {m.character.name for m in book.members}
    for page in range(1, max(t.page for t in texts) + 1, 2):
        back = [t for t in texts if t.page == page]
        front = [t for t in texts if t.page == page - 1]
        name = [t for t in back if t.text.strip() in names]
        assert name, page
        largest = max(t.size for t in back if t not in name)
        front_name = max(t.size for t in front if t.text.strip() == name[0].text.strip())
        assert name[0].size > largest, (name[0].text, name[0].size, largest)
        assert name[0].size >= 0.95 * front_name, (name[0].text, name[0].size, front_name)


def blank_runs(page) -> list[float]:
    """mm of each run of blank pixel rows between the margins, from under the name band to the foot band."""
    image, (width, height), layout = trim_render(page)
    px = DPI / 25.4
    x0, x1 = int(layout.margin * px), int((width - layout.margin) * px)
    first, last = int(layout.front.band.height * px) + 2, int((height - layout.back.footer) * px) - 2
    inked = [y for y in range(first, last) if image.crop((x0, y, x1, y + 1)).getextrema()[0] < INK]
    return [(b - a) / px for a, b in zip([first, *inked], [*inked, last], strict=True)]


@pytest.mark.parametrize("army", ARMIES)
def test_the_tarot_back_leaves_no_dead_gap_between_its_sections(army):
    doc = pdfium.PdfDocument(BytesIO(_cards(army, "tarot")))
    for i in range(1, len(doc), 2):
        runs = blank_runs(doc[i])
        assert max(runs) <= GAP_MAX, (i, [round(r, 1) for r in runs if r > 1.5])


def drop_clearances(pdf: bytes, page: int) -> list[float]:
    """mm from each row's last wound box to its haemorrhage drop (the red outline), outlines included."""
    paints = path_paints(pdf, page)
    drops = [p.box for p in paints if p.stroke and p.stroke[0] > 100 and p.stroke[1] < 100]
    boxes = [
        p.box
        for p in paints
        if p.stroke
        and max(p.stroke) < 60
        and 7 < p.box[2] - p.box[0] < 20
        and abs((p.box[2] - p.box[0]) - (p.box[3] - p.box[1])) < 1
    ]
    out = []
    for left, bottom, _, top in drops:
        row = [b[2] for b in boxes if abs((b[1] + b[3]) / 2 - (bottom + top) / 2) < 3 and b[2] <= left + 1]
        out.append(to_mm(left - max(row)))
    return out


@pytest.mark.parametrize("army", ARMIES)
def test_the_mini_back_s_drop_keeps_clear_of_the_wound_boxes(army):
    pdf = _cards(army, "mini")
    clearances = drop_clearances(pdf, 1)
    assert len(clearances) >= 6
    assert min(clearances) >= 0.75, [round(c, 2) for c in clearances]
