"""Twenty-fourth session, sheets24 (review 23, N8 and N10): the systems' reference sheets read back
from their PDFs.

- N8 (22b N10): d12's chance ladder was crammed: « 42 % 8,3 % », its cells' inner space (U+202F,
  in Roboto Condensed as wide as a word space) near the gap between two cells. The ladder now says
  « % » once, in its title (« …, en % »): no cell holds a space, and two cells stand three word
  spaces apart at least, on both papers and on the poker deck.
- N10: the 3d6 sheet's page 1 stretched the rows of its short right column alone (5 pt a row beside
  a full left column): the rows of a page's columns now stand at one pitch."""

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


def _pitch(objects, names: tuple[str, str]) -> float:
    """The distance between the baselines of two one-line rows of a table, by their first cells."""
    first, second = ([o for o in objects if _plain(o.text) == n] for n in names)
    assert len(first) == 1 and len(second) == 1, names
    return first[0].bounds[1] - second[0].bounds[1]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_3d6_sheet_s_first_page_sets_its_columns_rows_at_one_pitch(paper):
    """Left: « Valeurs de difficulté » (« Routine », « Facile »); right: « Récupération »
    (« ASSOMMANT », « COUPS »): one-line rows of the same type, so the same pitch."""
    objects = [o for o in text_objects(build_ruleset_sheet("3d6", paper).pdf) if o.page == 0]
    left, right = _pitch(objects, ("Routine", "Facile")), _pitch(objects, ("ASSOMMANT", "COUPS"))
    assert abs(left - right) <= 0.5, (paper, left, right)
