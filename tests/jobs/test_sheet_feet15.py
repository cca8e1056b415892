"""The feet of the systems' quick-reference sheets (print review 14b, N7: the d12 sheet left 35 and
55 mm of white above its footer line, the d100 sheet a fifth of its left column), read back from
the PDFs: every column ends within FULL of its foot."""

from __future__ import annotations

from functools import cache

import pytest
from column_fill import sheet_column_ends  # tests/support

from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet

FULL = 0.18  # no column ends more than this share of a column short of its foot: the review's « about
# 15 % »; d12's right column at 13 pt ends 17 % short, what it holds used up (its left one ends 7 %
# short, and at 13.25 pt the two would end 13 % apart: review 11's level, test_ruleset_sheet_review11)


@cache
def _pdf(ruleset: str, paper: str) -> bytes:
    return build_ruleset_sheet(ruleset, paper).pdf


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ruleset", ["d12", "d100"])
def test_a_one_page_ruleset_sheet_fills_both_its_columns(ruleset, paper):
    """d12: « Blessures » under « Actions » and « Combat » beside them holds the page only at
    12.75 pt and more, and the page count was counted in the plan's order (two pages); d100
    likewise from 8.5 pt. Main cfce39f: d12 A4 20 % short, Letter 19 %; d100 21 % and 19 %."""
    ends = sheet_column_ends(_pdf(ruleset, paper))
    assert len(ends) == 2, ends  # one page, two columns
    short = {key: round(end, 2) for key, end in ends.items() if end > FULL}
    assert not short, short
