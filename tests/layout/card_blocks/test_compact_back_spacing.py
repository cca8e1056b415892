"""The mini card's compact back, read back from the PDF: its tick boxes keep a pencil size
(>= 3.5 mm; the wound boxes, a modifier before each, >= 3 mm) with paper between neighbours
(>= 0.8 mm, outlines included), and each « +1 » / « +2 » modifier stands clear of the box after
it (>= 0.5 mm)."""

import pytest
from pdf_boxes import square_paths  # tests/support
from pdf_text import text_objects  # tests/support

from kolaps_print.impose import plan_pages
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.model.army_book import load_army
from kolaps_print.units import pt, to_mm

OPTIONS = CardOptions(card="mini")
# pdfium's box of a stroked path reaches a whole line width (the tick box's 0.6 pt outline) past the
# outline's middle on each side, where the ink stops at half of it
LINE = 0.6


@pytest.fixture(scope="module")
def mini_back(demo_armies):
    army = load_army(next(a for a in demo_armies if a.stem == "les-damnes"))
    result = build_cards(army, OPTIONS)
    back = next(i for i, p in enumerate(plan_pages(result.cards, OPTIONS.impose_options())) if p.side == "back")
    found = square_paths(result.pdf, back, pt(2.9), pt(4.4))
    boxes = [(a + LINE / 2, b + LINE / 2, c - LINE / 2, d - LINE / 2) for a, b, c, d in found]  # the ink
    texts = [t for t in text_objects(result.pdf, page_space=True) if t.page == back]
    return boxes, texts


def rows(boxes):
    """The boxes grouped by line (same bottom), each line left to right."""
    lines: dict[float, list] = {}
    for box in boxes:
        lines.setdefault(round(box[1], 0), []).append(box)
    return [sorted(line) for line in lines.values()]


def test_boxes_keep_a_pencil_size_and_0_8_mm_between_neighbours(mini_back):
    boxes, _ = mini_back
    assert len(boxes) > 8 * 20  # morale, fatigue and the wound boxes of eight cards
    close = 0
    for line in rows(boxes):
        for a, b in zip(line, line[1:], strict=False):
            assert to_mm(a[2] - a[0] - LINE) >= 3.0 - 1e-3  # the box itself, between its outline's middles
            gap = to_mm(b[0] - a[2])
            if gap < 2:  # neighbours of one run (a wider gap: another group, or a modifier between)
                close += 1
                assert gap >= 0.8 - 1e-3, (a, b)
    assert close >= 8 * 10  # morale 6 → 1 and fatigue: five pairs each
    assert sum(to_mm(b[2] - b[0] - LINE) >= 3.5 - 1e-3 for b in boxes) >= 8 * 13  # morale, offensive, fatigue


def test_modifiers_stand_clear_of_their_box(mini_back):
    boxes, texts = mini_back
    modifiers = [t for t in texts if t.text.strip() in ("+1", "+2", "+3")]
    assert len(modifiers) >= 8 * 8
    for t in modifiers:
        after = [b for b in boxes if b[0] >= t.bounds[0] and b[1] <= (t.bounds[1] + t.bounds[3]) / 2 <= b[3]]
        nearest = min(after, key=lambda b: b[0])
        assert to_mm(nearest[0] - t.bounds[2]) >= 0.5, t
