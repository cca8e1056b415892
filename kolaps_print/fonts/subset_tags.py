"""Font subset tags derived from each subset's content: 'QHZKMB+RobotoCondensed-Bold'.

reportlab numbers the subsets of a document 0, 1, 2... and tags them AAAAAA+, AAAAAB+...: two
PDFs joined into one (the kit) then hold different subsets under the same name, and a RIP that
caches fonts by name prints wrong glyphs. Here the tag is a hash of the font file and the
characters of the subset, so equal names mean equal programs, and reruns stay byte-identical.

reportlab has no public hook for the tag: it builds every name in TTFont.addObjects from the
module function ttfonts.SUBSETN(n). TaggedTTFont swaps that function while its own objects are
added (one document at a time per process, as reportlab's font state already assumes). This is
the one place that patches reportlab's fonts: it fails loudly (RuntimeError) if a release drops
SUBSETN, and tests/fonts/test_subset_tags.py fails if the tags stop reaching the PDF
(docs/libraries.md).
"""

from __future__ import annotations

import hashlib
import string
from functools import cache
from pathlib import Path

from reportlab.pdfbase import ttfonts

TAG_LETTERS = 6  # ISO 32000: six uppercase letters, then '+'


def subset_tag(font_digest: bytes, codes: list[int]) -> str:
    """Six uppercase letters from the font file's digest and the subset's characters, in order."""
    h = hashlib.sha256(font_digest)
    h.update(",".join(map(str, codes)).encode("ascii"))
    return "".join(string.ascii_uppercase[b % 26] for b in h.digest()[:TAG_LETTERS])


def _face_digest(face: ttfonts.TTFontFace) -> bytes:
    """The SHA-256 of the face's file: of the bytes it was read from, when fonts/tables.py's face
    kept it (0.9 MB for the cards' three faces: hashed once a run, not twice), else of the file."""
    kept = getattr(face, "file_sha256", None)
    return kept if type(kept) is bytes else _file_digest(face.filename)


@cache
def _file_digest(path: str) -> bytes:
    return hashlib.sha256(Path(path).read_bytes()).digest()


class TaggedTTFont(ttfonts.TTFont):
    """A TrueType font whose subsets are tagged by content (see the module's docstring)."""

    def addObjects(self, doc) -> None:  # noqa: N802 - reportlab's name
        state = self._assignState(doc)  # reportlab's documented way to reach a document's subsets
        digest = _face_digest(self.face)
        tags = [subset_tag(digest, codes).encode("ascii") for codes in state.subsets]
        numbered = getattr(ttfonts, "SUBSETN", None)
        if numbered is None:
            raise RuntimeError(
                "reportlab.pdfbase.ttfonts.SUBSETN is gone: kolaps_print/fonts/subset_tags.py must find "
                "this reportlab's way of naming font subsets"
            )
        ttfonts.SUBSETN = lambda n, *_: tags[n]
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = numbered
