"""The book's index: every term the text defines in bold and every section, in French
alphabetical order, each with the page of the previous layout pass (as the contents)."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from reportlab.platypus import CondPageBreak, Flowable, FrameBreak, Paragraph

from kolaps_print import numbers
from kolaps_print.labels import label, labels
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.flowables import (
    LAST_PAGE,
    TABLE_ANCHOR,
    HeadingFlowable,
    IndexLine,
    Registry,
    defined_terms,
    title_rule,
)
from kolaps_print.rulebook.markdown import Block, Chapter, Heading, ListBlock, Quote
from kolaps_print.rulebook.markdown import Paragraph as MdParagraph
from kolaps_print.typography import escape, french

INDEX_ANCHOR = "index"
TRAIT_ANCHOR = "faculte-"  # a weapon trait's section, one per trait of the data (07-armes.md.j2)


def _without_article(name: str) -> str:
    """name without the article it starts with (labels rulebook.book.index_articles), not sorted on."""
    return _article(tuple(labels("rulebook.book.index_articles"))).sub("", name)


@cache
def _article(articles: tuple[str, ...]) -> re.Pattern[str]:
    # « le Seuil », but « l’Avatar »: an elided article runs into its word
    spelled = (re.escape(a) if a.endswith("’") else re.escape(a) + " " for a in articles)
    return re.compile("^(?:" + "|".join(spelled) + ")", re.IGNORECASE)


def sort_key(name: str) -> str:
    """French order: without its article, accents, case or punctuation (« L’Avatar » among the A)."""
    bare = unicodedata.normalize("NFD", _without_article(name)).lower()
    letters = "".join(c for c in bare if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w]+", " ", letters).split())


def _same_entry(name: str) -> str:
    """A plural and its singular are one entry (« Tests », « Test »)."""
    return re.sub(r"(?<=\w)[sx]\b", "", sort_key(name))


def entry_name(name: str) -> str:
    """As the index prints it: the article dropped, a capital first (« Avatar », « Seuil »)."""
    bare = _without_article(name)
    return bare[:1].upper() + bare[1:]


def index_entries(chapters: list[Chapter], terms: dict[str, str], pages: dict[str, int]) -> list[tuple[str, list[str]]]:
    """(name, anchors) of each section (levels 2 and 3) and defined term, in order, once each with
    every place that names it, earliest first: a term that is also a section's title is one entry,
    named as where it first appears, with the section's page and the term's. A chapter whose title
    is an entry (« Le tour de jeu ») is one of its places; other chapters are not entries. A weapon
    trait named as another entry (« Automatique ») is a second sense: each is listed, named with
    its sense (« Automatique (faculté) », « Automatique (difficulté) », the section defining the term)."""
    found: dict[object, tuple[str, list[str]]] = {}
    named = [(h.title, h.anchor) for c in chapters for h in c.headings if h.level in (2, 3)] + list(terms.items())
    keys = [_same_entry(name) for name, _ in named]
    shared = {key for key, (_, anchor) in zip(keys, named, strict=True) if anchor.startswith(TRAIT_ANCHOR)}
    shared = {key for key in shared if keys.count(key) > 1}
    sections = _term_sections(chapters) if shared else {}
    placed = sorted(zip(keys, named, strict=True), key=lambda item: pages.get(item[1][1], 0))  # stable: ties in order
    for key, (name, anchor) in placed:
        sense: object = key
        if key in shared:
            name, sense = _with_sense(name, anchor, sections), (key, anchor.startswith(TRAIT_ANCHOR))
        found.setdefault(sense, (entry_name(name), []))[1].append(anchor)
    for chapter in (h for c in chapters for h in c.headings if h.level == 1):
        if _same_entry(chapter.title) in found:
            found[_same_entry(chapter.title)][1].insert(0, chapter.anchor)  # a chapter opens before its text
    return sorted(found.values(), key=lambda entry: sort_key(entry[0]))


def section_anchors(chapters: list[Chapter]) -> frozenset[str]:
    """The anchors of the book's headings: an entry's page that is one of them is the section
    that treats it, set in bold (the others define or name it in the text)."""
    return frozenset(h.anchor for c in chapters for h in c.headings)


def _treats(anchor: str, sections: frozenset[str]) -> bool:
    """A place that treats its entry, its page in bold: a section, or a data table (its title),
    which gives the whole of its subject as a section does. « Blessures critiques (réussite
    critique) » and « Réussite critique » send to one page, set alike (review 14b, N1)."""
    return anchor in sections or anchor.startswith(TABLE_ANCHOR)


def headwords(entries: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    """(headword, anchors) of the entries in order: a term the glossary files under another
    (glossary.yaml `index`: « réussi » under « réussite ») is one entry with that one, its pages
    together (« Réussite 4, 5 »), rather than two near-twins side by side."""
    under = {sort_key(term): head for term, head in labels("glossary.index").items()}
    out: dict[str, tuple[str, list[str]]] = {}
    for name, anchors in entries:
        head = entry_name(under.get(sort_key(name), name))
        out.setdefault(sort_key(head), (head, []))[1].extend(anchors)
    return sorted(out.values(), key=lambda entry: sort_key(entry[0]))


def entry_pages(anchors: list[str], pages: dict[str, int], sections: frozenset[str]) -> list[tuple[str, bool]]:
    """(pages, bold) of an entry, in order: the pages of the sections and tables that treat it in bold, a
    section that turns a page as a range (« 7, **11–12** »), two that share a page as one; a
    term's page plain, unless a bold range holds it already. « 00 » until a pass has laid the
    entry out."""
    if not all(a in pages for a in anchors):
        return [("00", False)]
    spans = sorted((pages[a], pages.get(a + LAST_PAGE, pages[a])) for a in anchors if _treats(a, sections))
    bold: list[tuple[int, int]] = []
    for first, last in spans:  # in order of their first page: one that shares a page with the last joins it
        if bold and first <= bold[-1][1]:
            bold[-1] = (bold[-1][0], max(last, bold[-1][1]))
        else:
            bold.append((first, max(first, last)))
    held = {page for first, last in bold for page in range(first, last + 1)}
    plain = sorted({pages[a] for a in anchors if not _treats(a, sections)} - held)
    places = sorted([(first, last, True) for first, last in bold] + [(page, page, False) for page in plain])
    return [(numbers.page_span(first, last), strong) for first, last, strong in places]


def _with_sense(name: str, anchor: str, sections: dict[str, str]) -> str:
    """The name with its sense: a trait's, or the title of the section that defines the term."""
    if anchor.startswith(TRAIT_ANCHOR):
        sense = label("rulebook.book.trait")
    elif name in sections:
        sense = _without_article(sections[name]).lower()
    else:
        return name
    return label("rulebook.book.index_sense", name=name, sense=sense)


def _term_sections(chapters: list[Chapter]) -> dict[str, str]:
    """Each term set in bold, with the title of the section (level 2) where it first is."""
    out: dict[str, str] = {}
    for chapter in chapters:
        section = ""
        for block in _blocks(chapter.blocks):
            if isinstance(block, Heading) and block.level == 2:
                section = block.title
            elif isinstance(block, MdParagraph):
                for term in defined_terms(block.inline):
                    out.setdefault(term, section)
    return out


def _blocks(blocks: list[Block]):
    """The blocks in reading order, those of lists and boxes included."""
    for block in blocks:
        yield block
        if isinstance(block, ListBlock):
            for item in block.items:
                yield from _blocks(item)
        elif isinstance(block, Quote):
            yield from _blocks(block.blocks)


class IndexOpening(CondPageBreak):
    """Where the index opens: at a column's top, never under the text's end (review 21b, 8: it
    opened halfway down page 14, under the aide-mémoire's last table, the running head still
    « Aide-mémoire »); the running head names it over the column it opens (RulebookDoc). A page's
    top would leave the right column of the text's last page empty when the text ends in the left."""

    def __init__(self) -> None:
        super().__init__(0)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        frame = self._doctemplateAttr("frame")
        if frame is not None and not frame._atTop:
            frame.add_generated_content(FrameBreak)
        return 0, 0


def index_flowables(
    chapters: list[Chapter],
    terms: dict[str, str],
    pages: dict[str, int],
    registry: Registry,
) -> list[Flowable]:
    """The index: its title, its rule and its entries under their letters, at a column's top."""
    s = st.styles()
    title = french(label("rulebook.book.index"))
    head = HeadingFlowable(escape(title), s["h1"], 1, title, INDEX_ANCHOR, registry)
    head.names_its_column = True  # the running head says « Index » over a right column it opens
    flow: list[Flowable] = [head, title_rule()]
    key = Paragraph(_key_line(), s["index"])
    key.keepWithNext = 1  # the key stays with the entries it explains
    flow.append(key)
    sections = section_anchors(chapters)
    letter = ""
    for name, anchors in headwords(index_entries(chapters, terms, pages)):
        if sort_key(name)[:1] != letter:
            letter = sort_key(name)[:1]
            head = Paragraph(escape(letter.upper()), s["index_letter"])
            head.keepWithNext = 1  # a letter never ends a column alone
            flow.append(head)
        flow.append(IndexLine(french(name), entry_pages(anchors, pages, sections), anchors[0], s["index"]))
    return [IndexOpening(), *flow]


def _key_line() -> str:
    """What bold means, under the index's title: « En gras : … », its first words in bold."""
    bold = f"<b>{escape(french(label('rulebook.book.index_key_bold')))}</b>"
    return escape(french(label("rulebook.book.index_key", bold="\x00"))).replace("\x00", bold)
