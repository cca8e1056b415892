"""The book's index, the print designer's eleventh review (item 2), read back from the PDFs: the
A4 index no longer leaves a tail alone on p. 15, and a section's title is filed under the keyword
it treats (glossary.yaml `index`), not printed as an entry of its own."""

import re

import pytest
from pdf_text import page_texts  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.labels import label, labels
from kolaps_print.rulebook.index import entry_name, sort_key

PAGES = r"\d+(?:\u2013\d+)?"  # a page, or a section's range (« 11–12 », review 14)
ENTRY = re.compile(rf"^(?P<name>.+?) (?:\. ?){{3,}}(?P<pages>{PAGES}(?:, {PAGES})*)$")


@pytest.fixture(scope="module", params=["a4", "letter"])
def book(request):
    return request.param, page_texts(build_rulebook(RulebookOptions(paper=request.param)).pdf)


def _lines(text: str) -> list[str]:
    return [" ".join(line.replace("\u00a0", " ").split()) for line in text.splitlines()]


def _pages(printed: str) -> list[int]:
    """« 3, 7–8 » -> [3, 7, 8]: every page a range holds."""
    out = []
    for part in printed.split(", "):
        first, _, last = part.partition("\u2013")
        out += range(int(first), int(last or first) + 1)
    return out


def index_entries(pages: list[str]) -> dict[str, tuple[int, list[int]]]:
    """Each printed entry: (the page it is printed on, from 1; the pages it gives), from the page
    whose line « Index » opens it (the contents' « Index . . . 14 » is not that line)."""
    start = next(i for i, text in enumerate(pages) if i > 1 and "Index" in _lines(text))
    out = {}
    for number, text in enumerate(pages[start:], start=start + 1):
        for line in _lines(text):
            if found := ENTRY.match(line):
                out[found["name"]] = (number, _pages(found["pages"]))
    return out


def test_the_a4_index_ends_on_page_15_with_the_credits_on_16(book):
    """A4 ended on a 9-line tail alone on p. 15 (Letter was fine); the count stays a multiple of
    four with the credits last, a page between them ruled for notes (book12). Since flow21 the
    index opens at a column's top (p. 14's right one), and ends on p. 15, by the credits."""
    paper, pages = book
    last = max(page for page, _ in index_entries(pages).values())
    assert len(pages) % 4 == 0 and pages[-1].lstrip().startswith("Crédits")
    blank = " ".join(label("rulebook.book.notes").split())
    # the notes page: its title and its folio (book12b)
    assert all(re.sub(r" \d+$", "", " ".join(text.split())) == blank for text in pages[last:-1])
    if paper == "a4":
        assert last == 15


def test_a_section_title_is_indexed_under_its_keyword(book):
    """« Ce que permet le moral », « Vos chances »… are not entries: their sections' pages are
    given under « Moral », « Chances de réussite »… (glossary.yaml `index`)."""
    _, pages = book
    entries = index_entries(pages)
    body = pages[: min(page for page, _ in entries.values()) - 1]
    for title, keyword in (("Ce que permet le moral", "Moral"), ("Vos chances", "Chances de réussite")):
        assert title not in entries
        where = [i + 1 for i, text in enumerate(body) if title in _lines(text)]
        assert where and where[0] in entries[keyword][1], (title, where, entries.get(keyword))
    filed = {entry_name(name): entry_name(head) for name, head in labels("glossary.index").items()}
    printed = {sort_key(name) for name in entries}
    assert not [name for name, head in filed.items() if sort_key(name) in printed and sort_key(head) != sort_key(name)]
