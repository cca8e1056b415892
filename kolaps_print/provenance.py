"""Provenance marks: « † E27 » after every text that is our ruling, not the draft's.

One label (common.ruling) makes the mark; cards, reference material and book all call mark()
or marked(), and find_marks() reads the marks back (proof report, tests).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Optional

from kolaps_print.labels import label

_ID = "E0"


def mark(ruling: str) -> str:
    """'E27' -> '† E27' (a no-break space keeps the mark on one line)."""
    return label("common.ruling", id=ruling)


def marked(text: str, ruling: Optional[str]) -> str:
    """The text with its mark at the end, or the text alone when it is the draft's."""
    return f"{text} {mark(ruling)}" if ruling else text


@cache
def _pattern(template: str) -> re.Pattern:
    before, _, after = template.partition(_ID)
    return re.compile(re.escape(before) + r"(E\d+)" + re.escape(after))


def mark_pattern() -> re.Pattern:
    """A regex matching one mark, its erratum id as group 1."""
    return _pattern(mark(_ID))


def find_marks(text: str) -> list[str]:
    """The erratum ids marked in text, in order (spaces of any kind between † and the id)."""
    loose = text.replace("\u00a0", " ").replace("\u202f", " ")
    pattern = _pattern(mark(_ID).replace("\u00a0", " "))
    return pattern.findall(loose)


def marked_pages(pdf: bytes) -> list[tuple[int, list[str]]]:
    """(page number from 1, the errata it marks, each once in order) for each page of pdf with marks."""
    import pypdfium2 as pdfium  # only the proof reads PDFs back

    document = pdfium.PdfDocument(pdf)
    try:
        texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()
    pages = [(i + 1, list(dict.fromkeys(find_marks(text)))) for i, text in enumerate(texts)]
    return [(page, ids) for page, ids in pages if ids]
