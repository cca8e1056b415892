"""walk17 (review 17, S1, S2, S6, S9, S10), read back from the PDFs: the attack walk-through's steps
say which modifiers and where « Les trois jets » are, each a sentence; « difficulté » holds its
number on the line; Fragmentation's range reads « portée extrême »; the kit's sheet sets the
walk-through whole, heading its verso, as the full sheets do."""

from __future__ import annotations

import re
from functools import cache

import pytest
from pdf_text import flat, page_texts, text_objects  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label


@cache
def _sheet(paper: str, edition: str = "full") -> bytes:
    return build_reference(TablesOptions(paper=paper, edition=edition)).pdf  # type: ignore[arg-type]


@cache
def _book() -> bytes:
    return build_rulebook(RulebookOptions()).pdf


def _body_pt(pdf: bytes) -> float:
    sizes = [round(o.size, 2) for o in text_objects(pdf)]
    return max(set(sizes), key=sizes.count)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "words",
    [
        "CIB de la cible, plus les modificateurs de difficulté.",  # step 1: which modifiers
        "(voir « Les trois jets »)",  # step 4: where, by its section (the sheet and the reference cards print it)
        "La gravité vaut le dé de gravité plus le modificateur de la dernière case cochée",  # step 5: « gravité » once a clause (words19)
        "de difficulté égale à la gravité − 1",  # step 10: not « difficulté gravité − 1 »
        "La cible perd du moral selon son rang initial",  # step 11: its subject
    ],
)
def test_the_walk_through_says_which_and_where_in_sentences(paper, words):
    """Main printed « plus les modificateurs », « (voir les trois jets) », « Dé de gravité, plus … »,
    « difficulté gravité − 1 » and a subject-less « Perd du moral »; the sheet stays at 7 pt."""
    pdf = _sheet(paper)
    assert words in flat(page_texts(pdf)[1])
    assert _body_pt(pdf) >= 7


def test_difficulty_holds_its_number_on_the_line():
    """Main broke « test de difficulté / 1 : » in the book's « La fatigue » (p. 7): no line of the
    book ends on « difficulté » with its number on the next."""
    broken = [
        (page, m.group(0))
        for page, text in enumerate(page_texts(_book()), start=1)
        for m in re.finditer(r"difficulté\r?\n[+\u2212-]?\d", text, re.IGNORECASE)
    ]
    assert not broken


def test_fragmentation_names_the_extreme_range():
    """Main printed « l’extrême va jusqu’au double de la portée » (a shortened trait text) in the
    book, on the sheet and on the cards: now « portée extrême jusqu’au double »."""
    for pdf in (_book(), _sheet("a4")):
        text = flat(" ".join(page_texts(pdf))).replace("\u2019", "'")
        assert "l'extrême va" not in text
        assert "portée extrême jusqu'au double, à +1" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_sheet_sets_the_walk_through_whole_heading_its_verso(paper):
    """Main's kit sheet split the walk-through 1–7 | 8–10 under « (suite) », after « Chances de
    réussite » on the verso: now the verso opens on it, all its steps in one column."""
    pdf = _sheet(paper, "quickstart")
    title = label("tables.sheet.sections.attaque")
    objs = text_objects(pdf)
    assert not any("suite" in flat(o.text) and title in flat(o.text) for o in objs)
    band = _body_pt(pdf) + 3.5  # a section's band title
    bands = [o for o in objs if o.page == 1 and abs(o.size - band) < 0.01]
    assert flat(min(bands, key=lambda o: (o.bounds[0], -o.bounds[3])).text) == title
    steps = [o for o in objs if o.page == 1 and re.fullmatch(r"\d{1,2}", flat(o.text)) and o.bounds[0] < 200]
    assert len({round(o.bounds[0]) // 20 for o in steps}) == 1  # one column
