"""Print-shop plans: one card per page, front then back, bleed, TrimBox inside BleedBox = MediaBox."""

import pytest

from kolaps_print.impose import ImposeOptions, plan_pages
from kolaps_print.layout.geometry import Size


def test_one_card_per_page_with_three_millimetres_of_bleed():
    pages = plan_pages(2, ImposeOptions(Size(63, 88), Size(210, 297), mode="print-shop").resolved())
    assert [(p.placements[0].face, p.side) for p in pages] == [(0, "front"), (0, "back"), (1, "front"), (1, "back")]
    for page in pages:
        assert page.size == Size(69, 94)
        assert page.trim_box.x == page.trim_box.y == 3 and page.trim_box.width == 63
        assert page.bleed_box.width == page.size.width and page.bleed_box.height == page.size.height
        assert page.crop_marks == () and page.shift == (0.0, 0.0)


def test_bleed_can_be_chosen():
    page = plan_pages(1, ImposeOptions(Size(63, 88), Size(210, 297), mode="print-shop", bleed=5).resolved())[0]
    assert page.size == Size(73, 98)


def test_bad_options_are_explained():
    with pytest.raises(ValueError, match="layout"):
        ImposeOptions(Size(63, 88), Size(210, 297), mode="poster").resolved()
    with pytest.raises(ValueError, match="bleed"):
        ImposeOptions(Size(63, 88), Size(210, 297), bleed=20).resolved()
