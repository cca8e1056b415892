"""The book's pages read back from the PDFs (the twelfth issue's review, item 3): A4 p. 15 was
wholly blank (no folio, no text) before the credits, which reads as a printing fault. Since book12
that page is ruled for notes."""

import pytest
from pdf_tables import path_paints  # tests/support
from pdf_text import page_texts  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.labels import label
from kolaps_print.rulebook import styles as st


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", ["full", "quickstart"])
def test_no_page_of_the_book_is_wholly_blank(paper, edition):
    pdf = build_rulebook(RulebookOptions(paper=paper, edition=edition)).pdf
    assert [i + 1 for i, text in enumerate(page_texts(pdf)) if not text.strip()] == []


def test_the_a4_books_page_before_the_credits_is_ruled_for_notes():
    """Book12: p. 15, left over by the count (a multiple of four), was a blank page saying so; it is
    a « Notes » page: its title alone as text, and hairlines across the measure down the page."""
    pdf = build_rulebook(RulebookOptions(paper="a4")).pdf
    pages = page_texts(pdf)
    where = [i for i, text in enumerate(pages) if _flat(text) == _flat(label("rulebook.book.notes"))]
    assert where == [len(pages) - 2]  # p. 15, before the credits
    geometry = st.page_geometry("a4")
    x, y, w, h = geometry.frame
    lines = [
        p
        for p in path_paints(pdf, where[0])
        if p.stroke and p.box[3] - p.box[1] <= 2 and p.box[2] - p.box[0] >= w * 0.95 and y - 1 <= p.box[1] <= y + h
    ]
    assert len(lines) >= 20, len(lines)  # a page to write on, not a rule or two
    heights = sorted(p.box[1] for p in lines)
    assert heights[-1] - heights[0] > h * 0.7  # down the page
