"""The thirteenth session's print review of the books (review 13, MUST): two cross-references
side by side name each page once, read back from every book's PDF."""

from __future__ import annotations

import re

import pytest
from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from pdf_text import page_texts  # tests/support
from review_books import (
    BOOKS,  # tests/support
    book_pdf,  # tests/support
)

from kolaps_print.rulebook.inline import InlineContext, render_inline

TWICE = re.compile(r"voir p\. ?(\d+) et voir p\. ?(\d+)")


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("book", BOOKS)
def test_no_book_says_voir_twice_in_one_breath(book):
    """The A4 book printed « (voir p. 10 et voir p. 10) » where the two critical results' sections
    share a page; the Letter book « voir p. 10 et voir p. 11 ». One « voir », each page once."""
    found = [
        (i + 1, m.group(0)) for i, text in enumerate(page_texts(book_pdf(book))) for m in TWICE.finditer(_flat(text))
    ]
    assert not found, found


@pytest.mark.parametrize(("pages", "printed"), [((10, 10), "voir p. 10"), ((10, 11), "voir p. 10 et 11")])
def test_two_references_side_by_side_print_their_pages_once(pages, printed):
    ctx = InlineContext(pages={"a": pages[0], "b": pages[1]}, outside=frozenset())
    nodes = (
        SyntaxTreeNode(MarkdownIt("commonmark").parse("([voir](#a) et [voir](#b))")).children[0].children[0].children
    )
    markup = render_inline(nodes, ctx)
    text = _flat(re.sub(r"<[^>]+>", "", markup))
    assert text == f"({printed})", markup
    assert markup.count('href="#') == len(set(pages)), markup  # each page a link to its own section
