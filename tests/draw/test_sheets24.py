"""Twenty-fourth session, sheets24 (review 23, N8 and N10): the systems' reference sheets read back
from their PDFs.

- N8 (22b N10): d12's chance ladder was crammed: « 42 % 8,3 % », its cells' inner space (U+202F,
  in Roboto Condensed as wide as a word space) near the gap between two cells. The ladder now says
  « % » once, in its title (« …, en % »): no cell holds a space, and two cells stand three word
  spaces apart at least, on both papers and on the poker deck.
- N10: the 3d6 sheet's page 1 stretched the rows of its short right column alone (5 pt a row beside
  a full left column): a page's columns now take one pitch first, then a short column widens the
  gaps between its tables, and only then its rows, so that it ends level (review 24, 1)."""

from __future__ import annotations

import re

import pytest
from pdf_text import text_objects  # tests/support
from reportlab.pdfbase.pdfmetrics import stringWidth

from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet

FIGURE = re.compile(r"\d+(,\d+)?")


def _plain(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def _ladder_rows(objects) -> list[list]:
    """The ladder's body rows, each its texts left to right from its bonus (« −2 » … « +10 »)."""
    bonuses = [o for o in objects if re.fullmatch(r"[−+]\d+|0", _plain(o.text)) and "Bold" in o.font]
    head = next(o for o in objects if _plain(o.text) == "Bonus")
    rows = []
    for bonus in bonuses:
        under = head.bounds[0] - 1 <= bonus.bounds[0] and bonus.bounds[2] <= head.bounds[2] + 1
        if bonus.page != head.page or bonus.bounds[1] >= head.bounds[1] or not under:
            continue
        line = [
            o
            for o in objects
            if o.page == bonus.page and abs(o.bounds[3] - bonus.bounds[3]) < 1 and o.bounds[0] > bonus.bounds[2]
        ]
        rows.append(sorted(line, key=lambda o: o.bounds[0])[:6])
    return rows


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_d12_ladder_says_percent_once_and_its_cells_stand_clear(paper):
    register_fonts(SANS)
    objects = text_objects(build_ruleset_sheet("d12", paper).pdf)
    assert any(_plain(o.text).endswith("en %") for o in objects), "the ladder's title says « en % »"
    rows = _ladder_rows(objects)
    assert len(rows) == 13, [[o.text for o in r] for r in rows]
    for row in rows:
        assert all(FIGURE.fullmatch(_plain(o.text)) for o in row), [o.text for o in row]
        space = stringWidth(" ", SANS, row[0].size)
        gaps = [b.bounds[0] - a.bounds[2] for a, b in zip(row, row[1:], strict=False)]
        assert min(gaps) >= 3 * space, (paper, [o.text for o in row], gaps, space)


LEVEL_MM = 6  # the 3d6 sheet's page 1: its right column ends within this of its left one


def _column_end_mm(objects, left: bool) -> float:
    """How high above the page's foot a column's lowest text stands (mm), the footer apart."""
    middle = max(o.bounds[2] for o in objects) / 2
    body = [o for o in objects if o.bounds[1] > FOOTER_PT]
    side = [o for o in body if (o.bounds[2] < middle if left else o.bounds[0] > middle)]
    return min(o.bounds[1] for o in side) / 72 * 25.4


FOOTER_PT = 90  # the footer's key and « Suite au verso » stand under this


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_3d6_sheet_s_first_page_ends_its_columns_level(paper):
    """Review 24, 1: with its rows at the left's pitch and 12 pt more between its tables, the right
    column ended 15 mm (A4) and 19 mm (Letter) above the left one; its rows then take what the gaps
    could not (up to stretch_row_pt), and both columns end level."""
    objects = [o for o in text_objects(build_ruleset_sheet("3d6", paper).pdf) if o.page == 0]
    left, right = _column_end_mm(objects, True), _column_end_mm(objects, False)
    assert right - left <= LEVEL_MM, (paper, left, right)


def test_the_d12_ladder_s_title_never_leaves_en_percent_alone_on_a_line():
    """Review 24, 8: the poker deck's card 1 read « Chance de réussir une action (1d12 + bonus), /
    en % »: the label holds « , en % » to the word before it (rulesets.columns.in_percent)."""
    from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards

    register_fonts(SANS)
    lines = [_plain(o.text) for o in text_objects(build_ruleset_reference_cards("d12").pdf)]
    titled = [line for line in lines if line.endswith("en %") or line.startswith("en %")]
    assert titled and all(re.search(r"\w\)?, en %$", line) for line in titled), titled
