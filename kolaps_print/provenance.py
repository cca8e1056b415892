"""Provenance marks: « † E27 » after every text that is our ruling, not the draft's.

One label (common.ruling) makes the mark; cards, reference material and book all call mark()
or marked(), and find_marks() reads the marks back (proof report, tests).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Protocol

from kolaps_print import resources
from kolaps_print.labels import label, overriding_file

_ID = "E0"
# KOLAPS's E27, or a ruleset's own, behind its prefix (ruleset.yaml's errata_prefix): D100-E1, 3D6-E2
ERRATUM_ID = r"((?:[A-Z0-9]{1,8}-)?E\d+)"


def mark(ruling: str) -> str:
    """'E27' -> '† E27' (a no-break space keeps the mark on one line)."""
    return _mark(ruling, resources.data_dir(), overriding_file())


@resources.cleared_with_reads  # emptied before each --watch rebuild, as the labels it reads
@lru_cache(maxsize=1024)  # a book asks some 1800 times (mark_pattern for each text it marks up)
def _mark(ruling: str, data_dir: object, overrides: object) -> str:
    return label("common.ruling", id=ruling)


NBSP = "\u00a0"
_SPACE = "[ \t\u00a0\u202f]"
_CLOSING = "[.;:!?…)\\]»]"  # what ends a sentence or its part; a comma does not


def marked(text: str, ruling: str | None) -> str:
    """The text with its mark at the end, or the text alone when it is the draft's."""
    return place_marks(f"{text} {mark(ruling)}") if ruling else text


def place_marks(text: str) -> str:
    """Every mark moved after the closing punctuation that follows it, bound to it by a no-break space.

    The one placement rule of every product: « dans cet ordre † E37 : » prints « dans cet
    ordre : † E37 », never a mark alone at the start of a line nor between a word and its « . ».
    """
    return _placement(mark_pattern().pattern).sub(lambda m: f"{m.group('closing')}{NBSP}{m.group('mark')}", text)


@cache
def _placement(one_mark: str) -> re.Pattern:
    return re.compile(f"{_SPACE}*(?P<mark>{one_mark})(?P<closing>(?:{_SPACE}*{_CLOSING})*)")


@cache
def _pattern(template: str) -> re.Pattern:
    before, _, after = template.partition(_ID)
    return re.compile(re.escape(before) + ERRATUM_ID + re.escape(after))


def mark_pattern() -> re.Pattern:
    """A regex matching one mark, its erratum id as group 1."""
    return _pattern(mark(_ID))


def erratum_order(id_: str) -> tuple[str, int]:
    """Sort key of an erratum id: by prefix, then by number (E2 before E10, D100-E1 after E99)."""
    prefix, _, number = id_.rpartition("E")
    return prefix, int(number)


def find_marks(text: str) -> list[str]:
    """The erratum ids marked in text, in order (spaces of any kind between † and the id)."""
    loose = text.replace("\u00a0", " ").replace("\u202f", " ")
    pattern = _pattern(mark(_ID).replace("\u00a0", " "))
    return pattern.findall(loose)


class _TextPage(Protocol):
    """What is read of a pypdfium2 text page (the library has no type hints)."""

    def get_charbox(self, index: int) -> tuple[float, float, float, float]: ...


class _Document(Protocol):
    def close(self) -> None: ...


def _page_texts(pdf: bytes) -> tuple[list[tuple[str, _TextPage]], _Document]:
    """Each page's text and text page (for character boxes), and the document to close."""
    import pypdfium2 as pdfium  # only the proof reads PDFs back

    document = pdfium.PdfDocument(pdf)
    pages = [document[i].get_textpage() for i in range(len(document))]
    return [(page.get_text_range(), page) for page in pages], document


def marked_pages(pdf: bytes) -> list[tuple[int, list[str]]]:
    """(page number from 1, the errata it marks, each once in order) for each page of pdf with marks."""
    texts, document = _page_texts(pdf)
    try:
        pages = [(i + 1, list(dict.fromkeys(find_marks(text)))) for i, (text, _) in enumerate(texts)]
    finally:
        document.close()
    return [(page, ids) for page, ids in pages if ids]


def marked_faces(pdf: bytes, face_number: re.Pattern) -> list[tuple[int, list[str]]]:
    """(face number, the errata it marks) for card faces imposed on sheets.

    face_number matches the number each face prints in its top strip (group 1, right-aligned
    at the face's right edge); a mark belongs to the nearest such number above it in its column.
    """
    texts, document = _page_texts(pdf)
    faces: dict[int, list[str]] = {}
    try:
        for text, page in texts:
            strips = [
                (page.get_charbox(m.end() - 1)[2], page.get_charbox(m.start())[1], int(m.group(1)))
                for m in face_number.finditer(text)
            ]
            loose = text.replace("\u00a0", " ").replace("\u202f", " ")
            for m in _pattern(mark(_ID).replace("\u00a0", " ")).finditer(loose):
                left, bottom = page.get_charbox(m.start())[:2]
                above = [s for s in strips if s[0] >= left and s[1] >= bottom]
                if above:
                    face = min(above, key=lambda s: (s[0], s[1]))[2]
                    faces.setdefault(face, []).append(m.group(1))
    finally:
        document.close()
    return [(face, list(dict.fromkeys(ids))) for face, ids in sorted(faces.items())]
