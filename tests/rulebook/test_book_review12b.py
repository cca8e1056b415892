"""The twelfth session's second print review of the books (book12b), read back from the PDFs: no
sentence printed twice (a table's note repeating the prose), a table that fits a column whole not
cut with under half of it in the first column, and the key columns of a table whose texts go under
its rows set close together. (The « Notes » page's folio: tests/rulebook/test_blank_pages.py.)"""

from __future__ import annotations

import io
import re
from functools import cache

import pypdf
import pytest
from pdf_lines import body_lines  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook

BOOKS = {
    "kolaps-a4": RulebookOptions(paper="a4"),
    "kolaps-letter": RulebookOptions(paper="letter"),
    "quickstart": RulebookOptions(edition="quickstart"),
    "d100": RulebookOptions(ruleset="d100"),
    "3d6": RulebookOptions(ruleset="3d6"),
    "d12": RulebookOptions(ruleset="d12"),
}
PROSE_FACE = "GentiumBookPlus"  # the running text, its bold and italic
NOTE_FACE = "RobotoCondensed-Italic"  # a table's note
SENTENCE_WORDS = 8  # shorter ones (« Difficulté +2, et 1 point de fatigue. ») may well recur


@cache
def _pdf(book: str) -> bytes:
    return build_rulebook(BOOKS[book]).pdf


def _sentences(pdf: bytes, face: str) -> list[str]:
    """The sentences (and their parts after « : » or « ; ») of the lines set in this face, hyphens joined."""
    split = float(pypdf.PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width) / 2
    text = re.sub(r"-\ufffe?\s", "", " ".join(line.text for line in body_lines(pdf, face, split)))
    text = " ".join(text.replace("\ufffe", "").replace("\u00a0", " ").replace("\u202f", " ").split())
    return [s for s in re.split(r"(?<=[.;:!?])\s", text) if len(s.split()) >= SENTENCE_WORDS]


@pytest.mark.parametrize("book", BOOKS)
def test_no_sentence_of_the_prose_or_of_a_table_s_note_is_printed_twice(book):
    """Review 12, N6: under « Blessures critiques » the note said « La case C marque une blessure
    critique aux effets permanents… » word for word as the section « La case C » beside it. The
    prose and the tables' notes read together (the tables' cells may recur: the aide-mémoire
    gathers tables on purpose); book12's test read the prose only."""
    pdf = _pdf(book)
    sentences = _sentences(pdf, PROSE_FACE) + _sentences(pdf, NOTE_FACE)
    assert len(sentences) > 50  # the text was read
    repeated = sorted({s for s in sentences if sentences.count(s) > 1})
    assert not repeated, repeated
