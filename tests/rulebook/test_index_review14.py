"""The book's index, the proof reviewer's fourteenth round (S4), read back from the A4 and Letter
PDFs: a section whose text turns a page prints as a bold range with an en dash (« Armes
11–12 », not « 11, 12 »), and the key under the index's title promises only what the index
lists (it said « les autres pages le définissent ou le citent », yet « Hémorragie » gave p. 10
alone though pp. 3, 9 and 11 name it)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from index_pages import (  # tests/support
    HEADING_SIZE,
    entry_key,
    filed_under,
    index_page,
    measure_middle,
    printed_rows,
    read_entries,
)
from pdf_text import flat, text_objects  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.labels import label
from kolaps_print.rulebook import styles as st

KICKER = "Chapitre"  # the « Chapitre N » over a chapter's title: it ends the previous chapter


@pytest.fixture(scope="module", params=["a4", "letter"])
def book(request) -> tuple[list, st.PageGeometry]:
    return text_objects(build_rulebook(RulebookOptions(paper=request.param)).pdf), st.page_geometry(request.param)


@dataclass
class Section:
    title: str
    size: float  # its heading's size: a heading as large or larger ends it
    first: int  # pages from 1
    last: int


def _reading_order(objs: list, geometry: st.PageGeometry) -> list[tuple[str, float, bool]]:
    """The body's printed lines between the contents and the index, in reading order (page,
    column, top to bottom), the running heads and folios left out: (text, size, heading) with
    the page. A heading set on two lines is one."""
    _, y, _, h = geometry.frame
    start = index_page(objs)
    body = [o for o in objs if 1 < o.page < start and o.text.strip() and y - 1 <= o.bounds[1] <= y + h]
    lines = []
    for (page, _, _), row in sorted(
        printed_rows(body, measure_middle(objs)).items(), key=lambda r: (r[0][0], r[0][1], -r[0][2])
    ):
        text = flat(" ".join(o.text for o in row))
        size = max(o.size for o in row)
        heading = all("Bold" in o.font for o in row) and size >= HEADING_SIZE
        if heading and lines and lines[-1][3] and abs(lines[-1][1] - size) < 0.1 and lines[-1][0] == page:
            lines[-1] = (page, size, f"{lines[-1][2]} {text}", True)  # its second line
        else:
            lines.append((page, size, text, heading))
    return lines


def _sections(objs: list, geometry: st.PageGeometry) -> list[Section]:
    """Each heading's section as printed: from its page to the page of the last line before the
    next heading as large or larger (a chapter's kicker ends every section)."""
    lines = _reading_order(objs, geometry)
    out = []
    for i, (page, size, text, heading) in enumerate(lines):
        if not heading or text.startswith(KICKER):
            continue
        last = page
        for later_page, later_size, later_text, later_heading in lines[i + 1 :]:
            if later_heading and (later_size >= size - 0.1 or later_text.startswith(KICKER)):
                break
            last = later_page
        out.append(Section(text, size, page + 1, last + 1))
    return out


def _ranges(objs: list) -> dict[str, list[tuple[int, int, bool]]]:
    """The ranges each entry prints, read off the index: (first, last, bold)."""
    return {
        name: [s for s in e.spans if s[1] > s[0]]
        for name, e in read_entries(objs).items()
        if any(s[1] > s[0] for s in e.spans)
    }


def _by_key(names) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name in names:
        out.setdefault(entry_key(name), []).append(name)
    return out


def test_a_section_that_turns_a_page_prints_as_a_bold_range(book):
    """Every section whose text, read off the PDF, runs from page p to page q > p prints, under
    its entry, a bold range holding p to q (old code: « Armes 11, 12 », each page apart)."""
    objs, geometry = book
    ranges, by_key = _ranges(objs), _by_key(read_entries(objs))
    turning = [s for s in _sections(objs, geometry) if s.last > s.first and filed_under(s.title) in by_key]
    assert turning  # there are such sections in both papers
    missing = [
        (s.title, s.first, s.last)
        for s in turning
        if not any(
            strong and first <= s.first and s.last <= last
            for name in by_key[filed_under(s.title)]
            for first, last, strong in ranges.get(name, [])
        )
    ]
    assert not missing


def test_each_range_is_a_section_s_pages(book):
    """The reverse: a range is bold, its first page a page with a heading filed under the entry,
    and the entry's sections (one, or two sharing a page) run exactly over it."""
    objs, geometry = book
    sections = _sections(objs, geometry)
    ranges = _ranges(objs)
    assert ranges
    for name, spans in ranges.items():
        mine = [s for s in sections if filed_under(s.title) == entry_key(name)]
        for first, last, strong in spans:
            assert strong and last > first, (name, first, last)
            inside = [s for s in mine if first <= s.first <= last]
            assert inside and min(s.first for s in inside) == first, (name, first, last)
            assert max(s.last for s in inside) == last, (name, first, last, inside)


def _printed_key(objs: list) -> str:
    """The key under the index's title, read in order, from its bold head's end to its full stop."""
    start = index_page(objs)
    page = [o for o in objs if o.page == start and o.size < HEADING_SIZE]
    rows = sorted(printed_rows(page, measure_middle(objs)).items(), key=lambda r: (r[0][1], -r[0][2]))
    text = flat(" ".join(" ".join(o.text for o in row) for _, row in rows)).replace("\u202f", " ")
    head = label("rulebook.book.index_key_bold")
    assert head in text
    return text.split(head, 1)[1].split(".", 1)[0].strip() + "."


def test_the_key_prints_its_label_and_promises_only_what_the_index_lists(book):
    """The key, read back, is its label (rulebook.book.index_key). Its other pages are the pages
    where the text sets the word in bold (a rule that introduces it), not every mention: each
    plain page of an entry shows the word in bold there. A key that says the other pages cite
    the word (old code: « le définissent ou le citent ») would have to list every page naming
    it; « Hémorragie », « Pistolet », « Embuscade » and « Deux mains » do not."""
    objs, _ = book
    bold = label("rulebook.book.index_key_bold")
    printed, expected = _printed_key(objs), flat(label("rulebook.book.index_key", bold=bold)).split(bold, 1)[1]
    assert printed == flat(expected.replace("\u202f", " ")).strip()
    start = index_page(objs)
    entries = read_entries(objs)
    plain = [(name, page) for name, e in entries.items() for page, strong in e.pages if not strong]
    assert len(plain) > 5
    for name, page in plain:
        words = entry_key(
            " ".join(o.text for o in objs if o.page == page - 1 and "Bold" in o.font and o.size < HEADING_SIZE)
        )
        assert entry_key(name).split()[0] in words.split(), (name, page)
    if re.search(r"\bcit|mention", printed):
        for name in ("Hémorragie", "Pistolet", "Embuscade"):
            pages = {page for first, last, _ in entries[name].spans for page in range(first, last + 1)}
            naming = {o.page + 1 for o in objs if 1 < o.page < start and re.search(rf"\b{name}\b", o.text, re.I)}
            assert naming <= pages, (name, sorted(naming - pages))
