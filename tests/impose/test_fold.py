"""Fold sheets: each back beside its front, sharing the fold edge; sheet turned when it fits more."""

import pytest

from kolaps_print.impose import ImposeOptions, plan_pages
from kolaps_print.layout.geometry import Size

A4 = Size(210, 297)


def test_front_and_back_meet_at_a_fold_line():
    pages = plan_pages(5, ImposeOptions(Size(63, 88), A4, mode="fold").resolved())
    page = pages[0]
    assert page.size == Size(297, 210)  # landscape holds four pairs, portrait three
    folds = {round(ln.x1, 6) for ln in page.fold_lines}
    for face in {p.face for p in page.placements}:
        front = next(p for p in page.placements if p.face == face and p.side == "front")
        back = next(p for p in page.placements if p.face == face and p.side == "back")
        assert back.trim.x == pytest.approx(front.trim.right) and back.trim.y == front.trim.y
        assert round(front.trim.right, 6) in folds
        assert front.bleed.right == 0 and back.bleed.left == 0  # nothing bleeds across the fold


def test_partial_sheets_and_counts():
    pages = plan_pages(5, ImposeOptions(Size(63, 88), A4, mode="fold").resolved())
    assert [len(p.placements) for p in pages] == [8, 2]


def test_tarot_folds_on_a_portrait_sheet():
    page = plan_pages(1, ImposeOptions(Size(70, 120), A4, mode="fold").resolved())[0]
    assert page.size == A4
