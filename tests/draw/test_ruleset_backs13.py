"""The thirteenth session's card backs (backs13), read back from the PDF: the tarot backs of
d12 set at 9.5 pt or more like 3d6's (they were 8.1 pt beside 3d6's 9.6), nothing on them
overlapping or within 1.5 mm of the foot band; the 3d6 mini backs' « Seuils … : voir l’aide. »
beside the last row of boxes where it holds there, clear of those boxes."""

import pytest
from face_bands import bands, room  # tests/support
from face_rows import MM  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

LEAST_PT = 9.5  # the tarot backs' least size (3d6's legends: 9.6 pt; d100's: 9.9)
FOOT_AIR_MM = 1.5


def _backs(ruleset_id: str, card: str) -> tuple[bytes, range]:
    """The print-shop PDF (one card a page) and its backs' pages (every odd one)."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    return pdf, range(1, 2 * army.card_count, 2)


@pytest.mark.parametrize("ruleset_id", ["d12", "3d6"])
def test_every_tarot_back_sets_its_text_at_9_5_pt_or_more(ruleset_id):
    """d12's tarot backs were set at 8.1 pt (legends, heads) and 8.78 (labels, the table) while
    3d6's are 9.6 and 10.4: a tarot back now keeps 9.5 pt or more, giving by name what it must
    (« Critiques en combat : voir l’aide. »: fails on 49d5839 for d12)."""
    pdf, backs = _backs(ruleset_id, "tarot")
    for page in backs:
        sizes = {p.size for p in room(pdf, page) if p.kind == "text"}
        assert sizes and min(sizes) >= LEAST_PT - 0.01, (ruleset_id, page, sorted(sizes))


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The area two rectangles share (pt²)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def test_nothing_on_a_d12_tarot_back_overlaps_or_comes_near_its_foot_band():
    """Set larger, every text line and box of a d12 tarot back keeps clear of the others (no two
    share more than a sliver: pdfium's text bounds of one line's words touch) and 1.5 mm of air
    over the foot band."""
    pdf, backs = _backs("d12", "tarot")
    for page in backs:
        printed = room(pdf, page)
        assert any(p.size >= LEAST_PT for p in printed if p.kind == "text"), page
        for i, a in enumerate(printed):
            for b in printed[i + 1 :]:
                same_line = a.kind == b.kind == "text" and abs(a.baseline - b.baseline) < 0.3
                if not same_line:
                    assert _overlap(a.rect, b.rect) < 0.5, (page, a.text or "box", b.text or "box")
        foot = min(b[3] for b in bands(pdf, page))
        lowest = min(p.rect[1] for p in printed)
        assert (lowest - foot) / MM >= FOOT_AIR_MM - 0.01, (page, round((lowest - foot) / MM, 2))


def test_lou_ferrands_mini_back_sets_its_by_name_sentence_beside_his_last_row():
    """3d6 mini, Lou Ferrand: his last row below zero holds two boxes and his back came 0.53 mm
    over its foot band; « Seuils ASSOMMANT et COUPS : voir l’aide. » now stands right of those
    two boxes on two lines (fails on 49d5839: a line of its own under them), its first line
    level with the row, clear of every box."""
    pdf, backs = _backs("3d6", "mini")
    page = backs[[m.name for m in demo_army("3d6").members].index("Lou Ferrand")]
    printed = room(pdf, page)
    first = next(p for p in printed if p.kind == "text" and p.text.startswith("Seuils"))
    boxes = [p.rect for p in printed if p.kind == "box"]
    row = [b for b in boxes if b[1] < first.rect[3] and b[3] > first.rect[1]]  # boxes level with it
    assert row, "the sentence is not beside a row of boxes"
    assert first.rect[0] >= max(b[2] for b in row) + 1 * MM, (first.rect, row)
    assert all(_overlap(first.rect, b) == 0 for b in boxes)
