"""The twelfth session's print review of the books (book12), read back from the PDFs: no table cell
over three lines in any book (the long texts go under their row, as on the reference cards), no
table of ten rows or fewer cut in the aide-mémoire, and a ruleset booklet's « Sommaire » sharing
its page with the first chapter. (The « Notes » page: tests/rulebook/test_blank_pages.py.)"""

from __future__ import annotations

import re

import pytest
from pdf_text import page_texts  # tests/support
from review_books import BOOKS  # tests/support
from review_books import book_pdf as _pdf  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print.labels import label
from kolaps_print.typography import french

MAX_LINES = 3  # the review's limit, not read from rulebook.yaml: the data must keep to it


@pytest.mark.parametrize("book", BOOKS)
def test_no_table_cell_takes_more_than_three_lines(book):
    """A row of one text across the table is running text set under its row, not a cell."""
    cells = grid_cells(_pdf(book))
    assert len(cells) > 50, len(cells)  # the tables were found
    over = [(c.page, c.text[:40], c.lines) for c in cells if c.lines > MAX_LINES]
    assert not over, over


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("book", ["kolaps-a4", "kolaps-letter"])
def test_no_aide_memoire_table_is_cut_across_a_page_turn(book):
    """The Letter book cut « Difficultés » (10 rows) 6 + 4 from p. 13 to p. 14: a table continued
    (« … (suite) ») in the aide-mémoire continues on the page it starts on."""
    pages = [_flat(t) for t in page_texts(_pdf(book))]
    opening = next(i for i, t in enumerate(pages) if "Chapitre 9 Aide-mémoire" in t)
    pages[opening] = pages[opening].split("Chapitre 9 Aide-mémoire", 1)[1]  # a chapter's table above is not its
    continued = _flat(french(label("tables.format.continued", title="TITLE")))
    pattern = re.escape(continued).replace("TITLE", "([^()]+?)")
    cut = []
    for page in range(opening, len(pages)):
        for title in re.findall(pattern, pages[page]):
            title = title.split(" ")[-3:]  # the title's last words: what precedes it on the line varies
            if " ".join(title) not in pages[page].split(continued.replace("TITLE", " ".join(title)))[0]:
                cut.append((page + 1, " ".join(title)))
    assert not cut, cut


@pytest.mark.parametrize("book", ["d100", "3d6", "d12"])
def test_a_booklet_s_contents_share_their_page_with_the_first_chapter(book):
    """The « Sommaire » (10-15 lines) took p. 2 of a five-page booklet alone."""
    pages = [_flat(t) for t in page_texts(_pdf(book))]
    contents = _flat(label("rulebook.book.toc"))
    assert pages[1].startswith(contents)
    after = pages[1].split(contents, 1)[1]
    assert re.search(r"Chapitre 1 \S", after), after[:200]  # the first chapter opens on the page
    body = after.split("Chapitre 1", 1)[1]
    assert len(body.split()) > 150  # and runs on there: its text, not its title alone
