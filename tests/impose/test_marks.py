"""Crop marks: on every cut line of a filled slot, outside every card, 5 to 8 mm long,
0.3 to 0.5 pt in solid black (read back from the PDF's content stream)."""

import pytest
from geometry import grow, overlaps  # tests/support
from pdf_paths import stroked_segments  # tests/support

from kolaps_print.impose import ImposeOptions, plan_pages
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.layout import sheets
from kolaps_print.layout.geometry import Rect, Size
from kolaps_print.model.army_book import load_army
from kolaps_print.units import pt

A4 = Size(210, 297)


@pytest.mark.parametrize("gutter, bleed, card", [(0, 0, Size(63, 88)), (3, 1, Size(63, 88)), (0, 0, Size(44, 63))])
def test_marks_are_short_ticks_just_outside_the_cards(gutter, bleed, card):
    """Each mark is 5 to 8 mm long and starts outside every card and its bleed: no long line
    running down the sheet below the grid."""
    front = plan_pages(9, ImposeOptions(card, A4, gutter=gutter, bleed=bleed).resolved())[0]
    printed = [grow(p.trim, p.bleed) for p in front.placements]
    trims = [p.trim for p in front.placements]
    block = Rect(
        min(t.x for t in trims),
        min(t.y for t in trims),
        max(t.right for t in trims) - min(t.x for t in trims),
        max(t.top for t in trims) - min(t.y for t in trims),
    )
    assert front.crop_marks
    for line in front.crop_marks:
        xs, ys = sorted((line.x1, line.x2)), sorted((line.y1, line.y2))
        segment = Rect(xs[0], ys[0], xs[1] - xs[0], ys[1] - ys[0])
        assert not any(overlaps(segment, r) for r in printed), line
        assert 5 <= (xs[1] - xs[0]) + (ys[1] - ys[0]) <= 8, line
        reach = max(block.x - xs[0], xs[1] - block.right, block.y - ys[0], ys[1] - block.top)
        assert reach <= 8 + bleed, line  # the far end: at most 8 mm past the trim (and the bleed)


def test_every_cut_line_has_marks_on_both_sides():
    front = plan_pages(9, ImposeOptions(Size(63, 88), A4).resolved())[0]
    edges_x = sorted({round(x, 6) for p in front.placements for x in (p.trim.x, p.trim.right)})
    bottom = min(p.trim.y for p in front.placements)
    vertical = [ln for ln in front.crop_marks if ln.x1 == ln.x2]
    for x in edges_x:
        ends = [ln for ln in vertical if ln.x1 == pytest.approx(x)]
        assert sorted(min(ln.y1, ln.y2) < bottom for ln in ends) == [False, True]  # one below, one above


def mark_strokes(pdf: bytes, marks) -> list:
    """The strokes of the first page drawn where the plan puts its crop marks."""
    ends = {(round(pt(x), 2), round(pt(y), 2)) for ln in marks for x, y in ((ln.x1, ln.y1), (ln.x2, ln.y2))}
    return [s for s in stroked_segments(pdf) if (round(s.x1, 2), round(s.y1, 2)) in ends]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_marks_are_0_3_to_0_5_pt_in_solid_black_in_the_pdf(paper, demo_armies):
    options = CardOptions(paper=paper)
    result = build_cards(load_army(next(a for a in demo_armies if a.stem == "section-kappa")), options)
    front = plan_pages(result.cards, options.impose_options())[0]
    marks = mark_strokes(result.pdf, front.crop_marks)
    size = sheets.paper_size(paper)
    assert len(marks) >= 12  # 4 vertical and 4 horizontal cut lines, two ends each (fewer: the last row)
    for mark in marks:
        assert 0.3 <= mark.width <= 0.5 and mark.colour == (0.0,), mark
        length = (abs(mark.x2 - mark.x1) + abs(mark.y2 - mark.y1)) / pt(1)
        at_edge = mark.y2 in (0, pt(size.height)) or mark.x2 in (0, pt(size.width))  # cut short by the sheet
        assert (at_edge or 5 - 1e-3 <= length) and length <= 8, mark


def test_an_empty_row_or_column_gets_no_marks():
    """Two cards on a 3 × 3 sheet: marks for one row and two columns only."""
    front = plan_pages(2, ImposeOptions(Size(63, 88), A4).resolved())[0]
    vertical = {round(ln.x1, 6) for ln in front.crop_marks if ln.x1 == ln.x2}
    horizontal = {round(ln.y1, 6) for ln in front.crop_marks if ln.y1 == ln.y2}
    cards_x = {round(x, 6) for p in front.placements for x in (p.trim.x, p.trim.right)}
    cards_y = {round(y, 6) for p in front.placements for y in (p.trim.y, p.trim.top)}
    assert vertical == cards_x and len(vertical) == 3
    assert horizontal == cards_y and len(horizontal) == 2
    for ln in front.crop_marks:  # every mark starts at the filled cards, not at the empty slots below
        if ln.x1 == ln.x2 and min(ln.y1, ln.y2) < min(cards_y):
            assert max(ln.y1, ln.y2) < min(cards_y)


def test_a_fold_sheet_has_no_fold_line_through_an_empty_column():
    options = ImposeOptions(Size(63, 88), A4, mode="fold").resolved()
    full, last = plan_pages(5, options)
    assert len(full.fold_lines) == 2 and len(last.fold_lines) == 1


def test_backs_carry_no_marks():
    back = plan_pages(9, ImposeOptions(Size(63, 88), A4).resolved())[1]
    assert back.crop_marks == ()
