"""Duplex plans: each back lands exactly behind its front, for both flips, full or partial sheets."""

import pytest

from kolaps_print.impose import ImposeOptions, plan_pages
from kolaps_print.layout.geometry import Size

A4, POKER = Size(210, 297), Size(63, 88)


def plan(count, **kw):
    return plan_pages(count, ImposeOptions(POKER, A4, **kw).resolved())


def behind(rect, paper, flip):
    """Where a point of the front is on the back page, by the physics of turning the sheet."""
    if flip == "long":  # turned about the vertical axis
        return paper.width - rect.right, rect.y
    return rect.x, paper.height - rect.top  # short edge: about the horizontal axis


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("count", [9, 5, 1, 14])
def test_each_back_lands_behind_its_front(flip, count):
    pages = plan(count, flip=flip)
    assert len(pages) == 2 * -(-count // 9)
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert (front.side, back.side) == ("front", "back") and front.sheet == back.sheet
        backs = {p.face: p.trim for p in back.placements}
        assert set(backs) == {p.face for p in front.placements}
        for p in front.placements:
            x, y = behind(p.trim, A4, flip)
            assert backs[p.face].x == pytest.approx(x) and backs[p.face].y == pytest.approx(y)


def test_faces_fill_slots_in_reading_order():
    front = plan(9)[0]
    trims = [p.trim for p in sorted(front.placements, key=lambda p: p.face)]
    assert trims[0].x < trims[1].x < trims[2].x and trims[0].top > trims[3].top


def test_back_offset_shifts_only_back_pages():
    pages = plan(3, back_offset=(1.5, -0.5))
    assert pages[0].shift == (0.0, 0.0) and pages[1].shift == (1.5, -0.5)


def test_cards_stay_inside_the_sheet_margins():
    for page in plan(9, gutter=2):
        for p in page.placements:
            assert p.trim.x >= 5 and p.trim.right <= A4.width - 5


def test_no_bleed_between_touching_cards_but_into_the_margins():
    front = plan(9, bleed=2)[0]
    middle = next(p for p in front.placements if p.face == 4)
    corner = next(p for p in front.placements if p.face == 0)
    assert (middle.bleed.left, middle.bleed.right, middle.bleed.top, middle.bleed.bottom) == (0, 0, 0, 0)
    assert corner.bleed.left == 2 and corner.bleed.top == 2 and corner.bleed.right == 0


def test_bleed_into_a_gutter_takes_at_most_half_of_it():
    front = plan(9, bleed=3, gutter=4)[0]
    middle = next(p for p in front.placements if p.face == 4)
    assert middle.bleed.left == middle.bleed.right == 2


def test_a_card_larger_than_the_paper_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        plan_pages(1, ImposeOptions(Size(250, 100), A4).resolved())


def test_home_sheets_bleed_2_mm_into_the_margins_by_default_never_into_the_6_mm_frame():
    """sheets.yaml home.bleed: a cut a little outside the trim leaves colour, not a white hairline.
    A4 poker: 10.5 mm of side margin, so the full 2 mm; Letter: 7.7 mm above and below, so 1.5 mm
    (whole half-millimetres, never within 6 mm of the edge)."""
    a4 = plan_pages(9, ImposeOptions(POKER, A4).resolved())[0]
    corner = next(p for p in a4.placements if p.trim.x < 15 and p.trim.top > 280)
    assert (corner.bleed.left, corner.bleed.top) == (2, 2)
    letter = Size(215.9, 279.4)
    page = plan_pages(9, ImposeOptions(POKER, letter).resolved())[0]
    for p in page.placements:
        assert p.trim.x - p.bleed.left >= 6 and p.trim.y - p.bleed.bottom >= 6
        assert p.trim.right + p.bleed.right <= letter.width - 6 and p.trim.top + p.bleed.top <= letter.height - 6
    top = next(p for p in page.placements if p.trim.top > 270)
    assert top.bleed.top == 1.5
