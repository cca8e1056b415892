"""The quick-start's level columns (issue 12), measured cheaply (issue 15): the trial layouts of
handout_balance reuse each chapter's flowables, draw nothing and stop at a second page. Their
answers are checked against what they stand for: the chapter made afresh and laid out in full
on a real document, its pages counted."""

from __future__ import annotations

from io import BytesIO

import pytest
from reportlab.platypus import BaseDocTemplate, LayoutError

from kolaps_print import resources
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.check import check_book
from kolaps_print.rulebook.flowables import Registry
from kolaps_print.rulebook.handout import _chapter_flow, _context, _template, page_columns
from kolaps_print.rulebook.handout_balance import BALANCE_STEP, ChapterTrials, page_fits
from kolaps_print.rulebook.handout_look import Columns


@pytest.fixture(scope="module", params=["a4", "letter"])
def quickstart(request):
    with resources.folders():
        book = check_book(resources.rulebook_dir(), resources.data_dir(), "quickstart", strict=False)
    geometry = st.page_geometry(request.param)
    return book, geometry, page_fits(book.chapters, book.tables, book.unresolved, geometry)


def _context_of(book, geometry, page: int = -1):
    """The chapter's context, in page `page`'s running text (quickstart.yaml pages; -1: the default)."""
    return lambda scale: _context({}, Registry(), book.tables, book.unresolved, geometry, scale, page)


def _pages_in_full(book, geometry, chapter, height: float, scale: float, page: int = -1) -> int:
    """The chapter made afresh and laid out alone in two columns of this height, drawn and
    written as a document is: how many pages it takes (0: a block taller than a column)."""
    ctx = _context_of(book, geometry, page)(scale)
    doc = BaseDocTemplate(BytesIO(), leftMargin=0, rightMargin=0, topMargin=0, bottomMargin=0)
    doc.addPageTemplates([_template("full", Columns((0.0, ctx.width + 10), 0.0, ctx.width, height), lambda c, d: None)])
    try:
        doc.build(_chapter_flow(chapter, ctx))
    except LayoutError:
        return 0
    return doc.page


def test_the_balanced_pages_are_those_full_layouts_give(quickstart, monkeypatch):
    """The whole search run again with every trial a fresh full layout: the same heights and
    table scales, and each page set below full height holds its chapter."""
    book, geometry, fits = quickstart

    def in_full(trials, height: float, scale: float) -> bool:
        return _pages_in_full(book, geometry, trials.chapter, height, scale, trials.page) == 1

    monkeypatch.setattr(ChapterTrials, "fits", in_full)
    assert page_fits(book.chapters, book.tables, book.unresolved, geometry) == fits
    front, inside = page_columns(geometry)
    balanced = [
        (c, f)
        for i, (c, f) in enumerate(zip(book.chapters, fits, strict=True))
        if f.height < (inside if i else front).height
    ]
    assert balanced  # the demo's pages of rules end level, below full height
    assert all(_pages_in_full(book, geometry, c, f.height, f.table_scale, f.page_type) == 1 for c, f in balanced)


def test_the_quick_trials_answer_as_full_layouts_do_in_any_order(quickstart):
    """Heights around each answer, asked in an order that makes every trial follow another at a
    different height on the same (reused) flowables: the same answers as fresh full layouts."""
    book, geometry, fits = quickstart
    for chapter, fit in zip(book.chapters, fits, strict=True):
        trials = ChapterTrials(chapter, _context_of(book, geometry, fit.page_type), fit.page_type)
        heights = [fit.height + d for d in (0.0, -40.0, 0.4, -BALANCE_STEP, -0.7, 25.0, -120.0, -1.3)]
        answers = [trials.fits(h, fit.table_scale) for h in heights]
        full = [_pages_in_full(book, geometry, chapter, h, fit.table_scale, fit.page_type) == 1 for h in heights]
        assert answers == full
        assert True in answers and False in answers  # both sides of the answer were asked
