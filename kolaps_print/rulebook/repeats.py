"""No sentence printed twice in a book (issue 12): a table's note leaves out what the prose says.

A table's note is written once for every product that prints the table (the reference sheet, the
cards: no prose around it there). In a book the chapters may state one of its sentences word for
word in body type (« La case C marque… », a section of its own under « L'hémorragie », indexed):
the note then keeps its other sentences only. The prose is the one kept: it is set in body type,
where the text explains, and a section's heading sends the index there."""

from __future__ import annotations

import re
from dataclasses import replace

from kolaps_print.content.tables import TableContent
from kolaps_print.provenance import NBSP, mark_pattern
from kolaps_print.rulebook.markdown import Block, Chapter, ListBlock, Paragraph, Quote, plain_text

SENTENCE_WORDS = 6  # shorter sentences (« Voir la table. ») may say the same in two places


def notes_unrepeated(chapters: list[Chapter], tables: dict[str, TableContent]) -> dict[str, TableContent]:
    """The tables, each note (its rule, note and legend: the book sets them together under it)
    without the sentences the chapters' prose prints word for word."""
    prose = _flat(" ".join(_texts([b for c in chapters for b in c.blocks])))
    out = {}
    for name, table in tables.items():
        rule, note, legend = (_unsaid(t, prose) for t in (table.rule, table.note, table.legend))
        same = (rule, note, legend) == (table.rule, table.note, table.legend)
        out[name] = table if same else replace(table, rule=rule, note=note, legend=legend)
    return out


def _unsaid(text: str | None, prose: str) -> str | None:
    """text without its sentences that prose holds (None when none is left)."""
    if not text:
        return text
    kept = [s for s in _sentences(text) if len(s.split()) < SENTENCE_WORDS or _flat(s) not in prose]
    return " ".join(kept) or None


def _sentences(text: str) -> list[str]:
    """A text's sentences, each with the mark bound to its end (« combat. † E28 »: provenance)."""
    end = re.compile(rf"(?<=[.!?])(?:{NBSP}{mark_pattern().pattern})?(?= )")
    out, start = [], 0
    for m in end.finditer(text):
        out.append(text[start : m.end()].strip())
        start = m.end()
    return [s for s in out + [text[start:].strip()] if s]


def _texts(blocks: list[Block]) -> list[str]:
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            out.append(plain_text(block.inline))
        elif isinstance(block, ListBlock):
            out += [text for item in block.items for text in _texts(item)]
        elif isinstance(block, Quote):
            out += _texts(block.blocks)
    return out


def _flat(text: str) -> str:
    return " ".join(text.split())
