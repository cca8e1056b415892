"""The book's index: every term the text defines in bold and every section, in French
alphabetical order, each with the page of the previous layout pass (as the contents)."""

from __future__ import annotations

import re
import unicodedata

from reportlab.platypus import CondPageBreak, Flowable, Paragraph

from kolaps_print.labels import label
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.flowables import HeadingFlowable, Registry, TocLine, title_rule
from kolaps_print.rulebook.markdown import Chapter
from kolaps_print.typography import escape, french

INDEX_ANCHOR = "index"
ARTICLE = re.compile(r"^(?:l’|le |la |les |un |une |des )", re.IGNORECASE)  # not sorted on
OPENING_ROOM = 0.2  # of a column: the title, its rule and a first group of entries


def sort_key(name: str) -> str:
    """French order: without its article, accents, case or punctuation (« L’Avatar » among the A)."""
    bare = unicodedata.normalize("NFD", ARTICLE.sub("", name)).lower()
    letters = "".join(c for c in bare if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w]+", " ", letters).split())


def _same_entry(name: str) -> str:
    """A plural and its singular are one entry (« Tests », « Test »)."""
    return re.sub(r"(?<=\w)[sx]\b", "", sort_key(name))


def entry_name(name: str) -> str:
    """As the index prints it: the article dropped, a capital first (« Avatar », « Seuil »)."""
    bare = ARTICLE.sub("", name)
    return bare[:1].upper() + bare[1:]


def index_entries(chapters: list[Chapter], terms: dict[str, str], pages: dict[str, int]) -> list[tuple[str, str]]:
    """(name, anchor) of each section (levels 2 and 3) and defined term, in order, once each: a
    term that is also a section's title points at the earlier of the two."""
    found: dict[str, tuple[str, str]] = {}
    named = [(h.title, h.anchor) for c in chapters for h in c.headings if h.level in (2, 3)] + list(terms.items())
    for name, anchor in named:
        key = _same_entry(name)
        if key not in found or pages.get(anchor, 0) < pages.get(found[key][1], 0):
            found[key] = (entry_name(name), anchor)
    return sorted(found.values(), key=lambda entry: sort_key(entry[0]))


def index_flowables(
    chapters: list[Chapter], terms: dict[str, str], pages: dict[str, int], registry: Registry, height: float
) -> list[Flowable]:
    s = st.styles()
    title = french(label("rulebook.book.index"))
    flow: list[Flowable] = [
        CondPageBreak(height * OPENING_ROOM),
        HeadingFlowable(escape(title), s["h1"], 1, title, INDEX_ANCHOR, registry),
        title_rule(),
    ]
    letter = ""
    for name, anchor in index_entries(chapters, terms, pages):
        if sort_key(name)[:1] != letter:
            letter = sort_key(name)[:1]
            head = Paragraph(escape(letter.upper()), s["toc1"])
            head.keepWithNext = 1  # a letter never ends a column alone
            flow.append(head)
        flow.append(TocLine(french(name), str(pages.get(anchor, "00")), anchor, s["toc2"], 0))
    return flow
