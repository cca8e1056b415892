"""The book's index and contents, the proof reviewer's thirteenth round (S6, N9), read back from
the A4 and Letter PDFs: an entry gives every page that names it, the page of the section that
treats it in bold (« Échec 7, 10 » sent the reader to the fatigue test, p. 7, not to its section,
p. 10), a key under the index's title says so, and the contents fill their page's two columns."""

from __future__ import annotations

from collections import defaultdict

import pytest
from index_pages import (  # tests/support
    HEADING_SIZE,
    Entry,
    entry_key,
    filed_under,
    index_page,
    measure_middle,
    printed_rows,
    read_captions,
    read_entries,
    read_headings,
)
from pdf_text import text_objects  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.labels import label


@pytest.fixture(scope="module", params=["a4", "letter"])
def book(request) -> list:
    return text_objects(build_rulebook(RulebookOptions(paper=request.param)).pdf)


def test_an_entry_s_bold_page_is_the_page_of_a_section_filed_under_it(book):
    """Every page set in bold is a page whose heading, read off the page, names the entry (or is
    filed under it by the glossary), or whose table's caption does (review 14b, N1: a table
    treats its subject as a section does)."""
    entries, headings, captions = read_entries(book), read_headings(book), read_captions(book)
    bold = [(e.name, page) for e in entries.values() for page, strong in e.pages if strong]
    assert len(bold) > 40  # the index's sections
    wrong = [
        (name, page)
        for name, page in bold
        if entry_key(name)
        not in {filed_under(h) for h in headings[page - 1]} | {entry_key(c) for c in captions[page - 1]}
    ]
    assert not wrong


def test_each_section_s_page_is_bold_under_its_entry(book):
    """The reverse: each heading of the body filed under an entry of the index gives that entry
    its page in bold (old code: « Échec 7 », « Fatigue 3 », « Tour de jeu 4 », no bold at all),
    or a bold range that holds it (review 14: a section that turns a page, « Moral 7–8 »)."""
    entries, headings = read_entries(book), read_headings(book)
    by_key: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries.values():
        by_key[entry_key(entry.name)].append(entry)
    checked, missing = 0, []
    for page, titles in headings.items():
        for title in titles:
            for_it = by_key.get(filed_under(title), [])
            if for_it:
                checked += 1
                if not any(strong and f <= page + 1 <= last for e in for_it for f, last, strong in e.spans):
                    missing.append((title, page + 1, [(e.name, e.pages) for e in for_it]))
    assert checked > 40 and not missing


@pytest.mark.parametrize(
    "entry, heading",
    [
        ("Échec", "Échec"),
        ("Fatigue", "La fatigue"),
        ("Tour de jeu", "Le tour de jeu"),
        ("Mode offensif", "Le mode offensif"),
    ],
)
def test_the_reviewed_entries_give_the_mention_then_the_section_in_bold(book, entry, heading):
    """Review 13, S6: the four entries that sent the reader to a passing mention give it still,
    plain, and their section's page in bold, in page order (« Échec 7, 10 »), unless the section
    runs over the mention's page (review 14: « Tour de jeu 3–4 », the chapter's two pages in bold)."""
    entries, headings = read_entries(book), read_headings(book)
    section = [page + 1 for page, titles in headings.items() if heading in titles]
    pages = entries[entry].pages
    assert len(section) == 1 and (section[0], True) in pages
    spans = entries[entry].spans
    held = [(first, last) for first, last, strong in spans if strong and first < last]
    assert [p for p, strong in pages if not strong and p != section[0]] or held, spans  # the mention: plain, or held
    assert [p for p, _ in pages] == sorted({p for p, _ in pages})  # in order, each once


def test_a_key_under_the_index_title_says_what_bold_means(book):
    start = index_page(book)
    words = " ".join(o.text for o in book if o.page == start and o.size < HEADING_SIZE)
    flat = " ".join(words.replace("\u202f", " ").replace("\u00a0", " ").split())
    bold = label("rulebook.book.index_key_bold")
    assert any(o.text.strip() == bold and "Bold" in o.font for o in book if o.page == start)
    rest = label("rulebook.book.index_key", bold=bold).split(":")[1]
    assert " ".join(rest.split()).split(";")[0] in flat


def test_the_contents_fill_both_columns_of_their_page_level_at_the_top(book):
    """Review 13, N9: the contents took the left half of their page only. Their lines now run in
    both columns, the right one opening on a chapter's line level with the left's first."""
    title = label("rulebook.book.toc")
    page = next(o.page for o in book if o.text.strip() == title and o.size > 2 * HEADING_SIZE)
    rows = printed_rows(
        [o for o in book if o.page == page and o.text.strip(" .") and o.text.strip() != title], measure_middle(book)
    )
    left = sorted((-baseline, row) for (_, right, baseline), row in rows.items() if not right)
    right = sorted((-baseline, row) for (_, right, baseline), row in rows.items() if right)
    assert len(right) > 5 and len(left) > 5
    assert abs(left[0][0] - right[0][0]) < 1  # the two first lines on one baseline (glyph bottoms: 0.1 pt)
    assert "Bold" in right[0][1][0].font  # a chapter opens the right column
    assert abs(len(left) - len(right)) <= len(left) / 2  # about level at the foot
