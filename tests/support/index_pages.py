"""The rulebook's index and headings read back from a PDF's text objects (pdf_text.text_objects):
each entry with its pages, each in its weight, and the body's headings by page."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from kolaps_print.labels import label, labels
from kolaps_print.rulebook.index import sort_key

HEADING_SIZE = 10.2  # pt: the smallest heading (h3, data/layouts/rulebook.yaml); captions and entries are smaller
CAPTION_SIZE = 8.2  # pt: a table's caption (table_title, data/layouts/rulebook.yaml), bold
SENSE = re.compile(r" \([^)]*\)$")  # « Automatique (faculté) »: the index's sense after a name


@dataclass
class Entry:
    name: str
    page: int  # the index page it is printed on, from 0
    pages: list[tuple[int, bool]]  # (page, set in bold): a range's first page
    spans: list[tuple[int, int, bool]] = field(default_factory=list)  # (first, last, bold): « 11–12 » too


def entry_key(name: str) -> str:
    """An entry's or a heading's word, as a reader looks it up: without article, accents, sense or plural."""
    return re.sub(r"(?<=\w)[sx]\b", "", sort_key(SENSE.sub("", name)))


def printed_rows(objs: list, half: float) -> dict[tuple[int, bool, float], list]:
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


def measure_middle(objs: list) -> float:
    """The measure's middle, between the columns: the body pages' text spans the measure (their
    running head, their two columns)."""
    body = [o for o in objs if o.page > 1]
    return (min(o.bounds[0] for o in body) + max(o.bounds[2] for o in body)) / 2


def index_page(objs: list) -> int:
    """The page whose large bold « Index » is the index's title (not the contents' line)."""
    title = label("rulebook.book.index")
    return next(o.page for o in objs if o.text.strip() == title and "Bold" in o.font and o.size > 2 * HEADING_SIZE)


def read_entries(objs: list) -> dict[str, Entry]:
    """Each entry of the index as printed: its name, then its pages, each in the weight it is set in."""
    start = index_page(objs)
    out = {}
    for (page, _, _), row in sorted(
        printed_rows([o for o in objs if o.page >= start], measure_middle(objs)).items(), key=lambda r: r[0]
    ):
        numerals = [o for o in row if re.fullmatch(r"[\d,\u2013 ]+", o.text)]  # « 7 », « , », « 11–12 »: drawn apart
        words = [o for o in row if o.text.strip(" .") and o not in numerals]
        spans = [
            (int(first), int(last or first), "Bold" in o.font)
            for o in numerals
            for first, last in re.findall(r"(\d+)(?:\u2013(\d+))?", o.text)
        ]
        # an entry's pages follow its name: a table's numbered row (« 1 En déroute », the Moral table
        # on a page the index shares since the eighteenth session's reflow) is no entry
        after = words and all(n.bounds[0] > words[0].bounds[0] for n in numerals)
        if spans and words and after and "Regular" in words[0].font and words[0].size < HEADING_SIZE:
            name = " ".join(" ".join(o.text.split()) for o in words)
            out[name] = Entry(name, page, [(first, bold) for first, _, bold in spans], spans)
    return out


def read_headings(objs: list) -> dict[int, list[str]]:
    """The sections' and chapters' titles of the body, by page (from 0): bold sans set at a
    heading's size at least, before the index (the cover and the contents left out)."""
    start = index_page(objs)
    out: dict[int, list[str]] = defaultdict(list)
    heads = [o for o in objs if 1 < o.page < start and "Bold" in o.font and o.size >= HEADING_SIZE]
    for (page, _, _), row in printed_rows(heads, measure_middle(objs)).items():
        text = " ".join(" ".join(o.text.split()) for o in row)
        if not text.startswith("Chapitre"):  # the kicker over a chapter's title
            out[page].append(text)
    return out


def filed_under(title: str) -> str:
    """The entry a section's title is filed under: itself, or the keyword glossary.yaml gives it."""
    under = {sort_key(name): head for name, head in labels("glossary.index").items()}
    return entry_key(under.get(sort_key(title), title))


def read_captions(objs: list) -> dict[int, list[str]]:
    """The tables' captions of the body, by page (from 0): bold sans at the caption's size, before
    the index; a caption carried over (« … (suite) ») read without its suffix."""
    start = index_page(objs)
    out: dict[int, list[str]] = defaultdict(list)
    caps = [o for o in objs if 1 < o.page < start and "Bold" in o.font and abs(o.size - CAPTION_SIZE) < 0.05]
    for (page, _, _), row in printed_rows(caps, measure_middle(objs)).items():
        out[page].append(" ".join(" ".join(o.text.split()) for o in row).removesuffix(" (suite)"))
    return out
