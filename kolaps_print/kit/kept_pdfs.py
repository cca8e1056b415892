"""The kit's PDF steps kept between runs (issue 15): stamping a document, folding the
quick-start onto its sheet, assembling a print run.

Each step is pypdf reading PDFs the kit has just made and writing them again: a function of
those PDFs' exact bytes, the stamp, the titles, the data folder (the stamp's look, the blank
page's words) and the code of this package, pypdf and reportlab (the stamp's overlay). They
were about a sixth of a warm kit's CPU, with pypdf's import, for the same bytes as the last run
whenever the documents did not change. Each result is an entry of the user's cache folder
(kolaps_print/disk_cache.py, ".kitpdf") under the SHA-256 of all of these; a missing, corrupt
or foreign entry is computed again, the same bytes (tests). docs/trust.md says why an entry is
believed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from kolaps_print import disk_cache
from kolaps_print.load.source_tree import digest_folder

V = TypeVar("V")

FORMAT = b"kolaps-kitpdf 1\n"  # then the key and a newline, then the marshalled result
SUFFIX = "kitpdf"
# A kit keeps 15 (6 stamped documents, the folded sheet, 2 print runs, kit/kept_documents.py's 6),
# and 2 more per army whose cards print no date (kept_undated_cards: a re-dated kit's).
KEPT = 96
LIBRARIES = ("pypdf", "reportlab")  # what reads and writes the PDFs, and draws the stamp


class KeptPdfs:
    """The steps of one kit build; every key covers the data folder as it was at the start."""

    def __init__(self, data_folder: Path | None):
        self._base = _base(data_folder) if data_folder is not None else None
        self.states: dict[str, str | None] = {}  # other folders' states, found once per kit (kept_documents)

    @property
    def active(self) -> bool:
        """Whether anything is kept (not when the cache is off)."""
        return self._base is not None

    def get(
        self,
        step: str,
        inputs: Sequence[bytes | str | int],
        compute: Callable[[], V],
        plain: Callable[[V], object],
        made: Callable[[object], V | None],
    ) -> V:
        """compute(), or what it made for the same step and inputs in an earlier run. plain turns
        a result into values marshal keeps; made turns them back, None when they are not such a
        result (then computed again)."""
        if self._base is None:
            return compute()
        digest = hashlib.sha256(self._base.encode())
        digest.update(f"{step}\0".encode())
        for value in inputs:
            data = value if isinstance(value, bytes) else f"{type(value).__name__}:{value}".encode()
            digest.update(f"{len(data)}\0".encode() + hashlib.sha256(data).digest())
        return disk_cache.kept_or_computed((FORMAT, SUFFIX, KEPT), digest.hexdigest(), compute, plain, made)


def _base(data_folder: Path) -> str | None:
    """What every step depends on beside its inputs; None when the cache is off or a library's
    files cannot be found (every step computed)."""
    digest = disk_cache.started_key(FORMAT, LIBRARIES)
    if digest is None:
        return None
    digest_folder(digest, data_folder)
    return digest.hexdigest()


def pdf_and_pages(found: object) -> tuple[bytes, int] | None:
    """A (PDF, page count) result read back (made for KeptPdfs.get)."""
    if type(found) is not tuple or len(found) != 2:
        return None
    pdf, pages = found
    return (pdf, pages) if type(pdf) is bytes and pdf.startswith(b"%PDF-") and type(pages) is int else None
