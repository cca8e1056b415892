"""The book's index and contents, the proof reviewer's thirteenth round (S6, N9), read back from
the A4 and Letter PDFs: an entry gives every page that names it, the page of the section that
treats it in bold (« Échec 7, 10 » sent the reader to the fatigue test, p. 7, not to its section,
p. 10), a key under the index's title says so, and the contents fill their page's two columns."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

import pytest
from pdf_text import text_objects  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.labels import label, labels
from kolaps_print.rulebook.index import sort_key

HEADING_SIZE = 10.2  # pt: the smallest heading (h3, data/layouts/rulebook.yaml); captions and entries are smaller
SENSE = re.compile(r" \([^)]*\)$")  # « Automatique (faculté) »: the index's sense after a name


@pytest.fixture(scope="module", params=["a4", "letter"])
def book(request) -> list:
    return text_objects(build_rulebook(RulebookOptions(paper=request.param)).pdf)


@dataclass
class Entry:
    name: str
    page: int  # the index page it is printed on, from 0
    pages: list[tuple[int, bool]]  # (page, set in bold)


def _key(name: str) -> str:
    """An entry's or a heading's word, as a reader looks it up: without article, accents, sense or plural."""
    return re.sub(r"(?<=\w)[sx]\b", "", sort_key(SENSE.sub("", name)))


def _rows(objs: list, half: float) -> dict[tuple[int, bool, float], list]:
    """The text objects of each printed line: (page, right column, top of its lowest object) ->
    objects, left to right; objects whose bottoms are within LINE_TOLERANCE share a line (a
    descender lowers a bottom by a point or two)."""
    rows: dict[tuple[int, bool, float], list] = {}
    row: list = []
    for obj in sorted(objs, key=lambda o: (o.page, o.bounds[0] > half, -o.bounds[1])):
        column = (obj.page, obj.bounds[0] > half)
        if not row or (row[0].page, row[0].bounds[0] > half) != column:
            row = []
        elif row[0].bounds[1] - obj.bounds[1] >= LINE_TOLERANCE:
            row = []
        if not row:
            rows[(*column, round(obj.bounds[1], 1))] = row
        row.append(obj)
    for row in rows.values():
        row.sort(key=lambda o: o.bounds[0])
    return rows


LINE_TOLERANCE = 2.5  # points; an index line is 10 pt below the previous one


def _half(objs: list) -> float:
    """The measure's middle, between the columns: the body pages' text spans the measure (their
    running head, their two columns)."""
    body = [o for o in objs if o.page > 1]
    return (min(o.bounds[0] for o in body) + max(o.bounds[2] for o in body)) / 2


def _index_page(objs: list) -> int:
    """The page whose large bold « Index » is the index's title (not the contents' line)."""
    title = label("rulebook.book.index")
    return next(o.page for o in objs if o.text.strip() == title and "Bold" in o.font and o.size > 2 * HEADING_SIZE)


def _entries(objs: list) -> dict[str, Entry]:
    """Each entry of the index as printed: its name, then its pages, each in the weight it is set in."""
    start = _index_page(objs)
    out = {}
    for (page, _, _), row in sorted(
        _rows([o for o in objs if o.page >= start], _half(objs)).items(), key=lambda r: r[0]
    ):
        numerals = [o for o in row if re.fullmatch(r"[\d, ]+", o.text)]  # « 7 », « , », « 10 »: each drawn apart
        words = [o for o in row if o.text.strip(" .") and o not in numerals]
        numbers = [(int(n), "Bold" in o.font) for o in numerals for n in re.findall(r"\d+", o.text)]
        if numbers and words and "Regular" in words[0].font and words[0].size < HEADING_SIZE:
            name = " ".join(" ".join(o.text.split()) for o in words)
            out[name] = Entry(name, page, numbers)
    return out


def _headings(objs: list) -> dict[int, list[str]]:
    """The sections' and chapters' titles of the body, by page (from 0): bold sans set at a
    heading's size at least, before the index (the cover and the contents left out)."""
    start = _index_page(objs)
    out: dict[int, list[str]] = defaultdict(list)
    heads = [o for o in objs if 1 < o.page < start and "Bold" in o.font and o.size >= HEADING_SIZE]
    for (page, _, _), row in _rows(heads, _half(objs)).items():
        text = " ".join(" ".join(o.text.split()) for o in row)
        if not text.startswith("Chapitre"):  # the kicker over a chapter's title
            out[page].append(text)
    return out


def _filed(title: str) -> str:
    """The entry a section's title is filed under: itself, or the keyword glossary.yaml gives it."""
    under = {sort_key(name): head for name, head in labels("glossary.index").items()}
    return _key(under.get(sort_key(title), title))


def test_an_entry_s_bold_page_is_the_page_of_a_section_filed_under_it(book):
    """Every page set in bold is a page whose heading, read off the page, names the entry (or is
    filed under it by the glossary)."""
    entries, headings = _entries(book), _headings(book)
    bold = [(e.name, page) for e in entries.values() for page, strong in e.pages if strong]
    assert len(bold) > 40  # the index's sections
    wrong = [(name, page) for name, page in bold if _key(name) not in {_filed(h) for h in headings[page - 1]}]
    assert not wrong


def test_each_section_s_page_is_bold_under_its_entry(book):
    """The reverse: each heading of the body filed under an entry of the index gives that entry
    its page in bold (old code: « Échec 7 », « Fatigue 3 », « Tour de jeu 4 », no bold at all)."""
    entries, headings = _entries(book), _headings(book)
    by_key: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries.values():
        by_key[_key(entry.name)].append(entry)
    checked, missing = 0, []
    for page, titles in headings.items():
        for title in titles:
            for_it = by_key.get(_filed(title), [])
            if for_it:
                checked += 1
                if not any((page + 1, True) in e.pages for e in for_it):
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
    plain, and their section's page in bold, in page order (« Échec 7, 10 », « Tour de jeu 3, 4 »)."""
    entries, headings = _entries(book), _headings(book)
    section = [page + 1 for page, titles in headings.items() if heading in titles]
    pages = entries[entry].pages
    assert len(section) == 1 and (section[0], True) in pages
    assert [p for p, strong in pages if not strong and p != section[0]], pages  # the mention, kept plain
    assert [p for p, _ in pages] == sorted({p for p, _ in pages})  # in order, each once


def test_a_key_under_the_index_title_says_what_bold_means(book):
    start = _index_page(book)
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
    rows = _rows([o for o in book if o.page == page and o.text.strip(" .") and o.text.strip() != title], _half(book))
    left = sorted((-baseline, row) for (_, right, baseline), row in rows.items() if not right)
    right = sorted((-baseline, row) for (_, right, baseline), row in rows.items() if right)
    assert len(right) > 5 and len(left) > 5
    assert abs(left[0][0] - right[0][0]) < 1  # the two first lines on one baseline (glyph bottoms: 0.1 pt)
    assert "Bold" in right[0][1][0].font  # a chapter opens the right column
    assert abs(len(left) - len(right)) <= len(left) / 2  # about level at the foot
