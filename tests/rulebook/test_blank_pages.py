"""The book's pages read back from the PDFs (the twelfth issue's review, item 3): A4 p. 15 was
wholly blank (no folio, no text) before the credits, which reads as a printing fault. A page the
book leaves blank says so in its middle, as the kit's blank pages do."""

import pytest
from pdf_text import page_texts, text_objects  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.labels import label


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", ["full", "quickstart"])
def test_no_page_of_the_book_is_wholly_blank(paper, edition):
    pdf = build_rulebook(RulebookOptions(paper=paper, edition=edition)).pdf
    assert [i + 1 for i, text in enumerate(page_texts(pdf)) if not text.strip()] == []


def test_the_a4_books_blank_page_says_so_in_its_middle():
    pdf = build_rulebook(RulebookOptions(paper="a4")).pdf
    pages = page_texts(pdf)
    blank = _flat(label("rulebook.book.blank_page"))
    where = [i for i, text in enumerate(pages) if _flat(text) == blank]
    assert where == [len(pages) - 2]  # p. 15, before the credits
    (line,) = [o for o in text_objects(pdf) if o.page == where[0]]
    height = 297 * 72 / 25.4
    middle = (line.bounds[1] + line.bounds[3]) / 2
    assert abs(middle - height / 2) < height * 0.1, middle
