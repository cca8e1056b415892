"""Crop marks: on every cut line, outside every card, out to the sheet edge, thin and grey."""

import pytest
from geometry import grow, overlaps  # tests/support

from kolaps_print.impose import ImposeOptions, plan_pages
from kolaps_print.layout import sheets
from kolaps_print.layout.geometry import Rect, Size

A4 = Size(210, 297)


@pytest.mark.parametrize("gutter, bleed, card", [(0, 0, Size(63, 88)), (3, 1, Size(63, 88)), (0, 0, Size(44, 63))])
def test_marks_run_from_outside_the_cards_to_the_sheet_edge(gutter, bleed, card):
    front = plan_pages(9, ImposeOptions(card, A4, gutter=gutter, bleed=bleed).resolved())[0]
    printed = [grow(p.trim, p.bleed) for p in front.placements]
    assert front.crop_marks
    for line in front.crop_marks:
        xs, ys = sorted((line.x1, line.x2)), sorted((line.y1, line.y2))
        segment = Rect(xs[0], ys[0], xs[1] - xs[0], ys[1] - ys[0])
        assert not any(overlaps(segment, r) for r in printed), line
        assert (
            xs[0] == pytest.approx(0)
            or xs[1] == pytest.approx(A4.width)
            or ys[0] == pytest.approx(0)
            or ys[1] == pytest.approx(A4.height)
        )


def test_every_cut_line_has_marks_on_both_sides():
    front = plan_pages(9, ImposeOptions(Size(63, 88), A4).resolved())[0]
    edges_x = sorted({round(x, 6) for p in front.placements for x in (p.trim.x, p.trim.right)})
    vertical = [ln for ln in front.crop_marks if ln.x1 == ln.x2]
    for x in edges_x:
        ends = [ln for ln in vertical if ln.x1 == pytest.approx(x)]
        assert {min(ln.y1, ln.y2) == 0 for ln in ends} == {True, False}  # one below, one above


def test_marks_are_thin_and_light():
    style = sheets.sheets().crop_marks
    assert style.width_pt <= 0.25 and style.grey >= 0.5


def test_backs_carry_no_marks():
    back = plan_pages(9, ImposeOptions(Size(63, 88), A4).resolved())[1]
    assert back.crop_marks == ()
