"""The feet of the systems' quick-reference sheets, twenty-third session (review 22b, S3: the 3d6
sheet's page 1 right column ended about 4 cm above its left one, page 2's two columns about 6 cm
above the footer, A4 and Letter alike). A column that ends stretch_from_mm short of its page's
foot or more spreads its tables' rows (layout/ruleset/sheet._stretched), read back from the PDFs:
every column of every page ends within FOOT of its foot."""

from __future__ import annotations

from functools import cache

import pytest
from column_fill import sheet_column_ends  # tests/support

from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet

FOOT = 0.11  # no column ends more than this share of a column short of its foot (main 1f2ed24: the 3d6
# sheet's 17–20 %; now its most, page 2's left column in Letter, 9 %: five points a row at most)


@cache
def _pdf(ruleset: str, paper: str) -> bytes:
    return build_ruleset_sheet(ruleset, paper).pdf


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ruleset", ["3d6", "d12", "d100"])
def test_every_column_of_a_ruleset_sheet_ends_near_its_foot(ruleset, paper):
    ends = sheet_column_ends(_pdf(ruleset, paper))
    short = {key: round(end, 3) for key, end in ends.items() if end > FOOT}
    assert not short, short


def test_the_3d6_sheet_keeps_its_two_pages():
    """The rows spread only into the room a page leaves: nothing moves to another page."""
    assert {page for page, _ in sheet_column_ends(_pdf("3d6", "a4"))} == {0, 1}
