"""The rulebook's sources: templates/rulesets/kolaps/book.yaml (title, version, date, editions) and
the files whose content a proof's hash covers.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from kolaps_print.diagnostics import (
    Diagnostic,
    KolapsError,
    Report,
    display_path,
    shown,  # a file name as written, safe to print
)
from kolaps_print.load import SourceDocument, load_yaml
from kolaps_print.load.source_tree import digest_folder_kept, leaves_folder
from kolaps_print.model import data_cache
from kolaps_print.model.common import Id, Model, Name
from kolaps_print.model.validated import validate_model

BOOK_FILE = "book.yaml"
EDITIONS = ("full", "quickstart")


class Edition(Model):
    title: Name  # printed on the title page, e.g. "Règles complètes"
    chapters: list[str] = Field(min_length=1)  # template files, in order
    coverage: bool = True  # report data the book never explains (off for a selection)
    credits: bool = False  # a bound book: a credits page last, the page count made up (rulebook.yaml)
    index: bool = False  # an index after the chapters: the terms the text defines in bold, and its sections
    # book: title page, contents, numbered chapters; handout: one sheet folded to four pages,
    # each chapter starting a page, no contents and no chapter numbers (the quick-start)
    form: Literal["book", "handout"] = "book"


class BookSpec(Model):
    title: Name
    subtitle: Name
    version: Name
    date: dt.date
    editions: dict[Id, Edition]


@dataclass(frozen=True)
class BookSources:
    """A rulebook's folder and book.yaml."""

    folder: Path  # templates/rulesets/kolaps (or templates/rulesets/<id>)
    display: str  # how messages name the folder
    spec: BookSpec

    def chapter_path(self, name: str) -> Path:
        return self.folder / name

    def display_path(self, name: str) -> str:
        return f"{self.display}/{name}"


def load_sources(folder: Path) -> BookSources:
    """Read and check book.yaml: every chapter it names must exist."""
    sources, unreadable = read_book(folder)
    if unreadable:
        raise KolapsError(unreadable.values())
    return sources


def read_book(folder: Path) -> tuple[BookSources, dict[str, Diagnostic]]:
    """book.yaml read and validated (KolapsError if it is not), and an error for every chapter
    it names that cannot be read (by name), so that a build can check the others too."""
    display = display_path(folder)
    doc, spec = data_cache.cached(
        f"book {display}",
        lambda: [folder / BOOK_FILE],
        lambda: _valid_spec(folder / BOOK_FILE, f"{display}/{BOOK_FILE}"),
    )
    unreadable = {}
    for edition_id, edition in spec.editions.items():
        for i, chapter in enumerate(edition.chapters):
            where = ("editions", edition_id, "chapters", i)
            if leaves_folder(folder, chapter):
                unreadable[chapter] = doc.diagnostic(
                    where, f"chapter file '{shown(chapter)}' is outside {display}: chapters must be inside it"
                )
            elif not (folder / chapter).is_file():
                unreadable[chapter] = doc.diagnostic(where, f"chapter file '{shown(chapter)}' not found in {display}")
    return BookSources(folder, display, spec), unreadable


def _valid_spec(path: Path, display: str) -> tuple[SourceDocument, BookSpec]:
    doc = load_yaml(path, display)
    report = Report()
    spec = validate_model(BookSpec, doc, doc.data, (), report)
    report.raise_if_errors()
    assert spec is not None
    return doc, spec


def edition_of(sources: BookSources, edition: str) -> Edition:
    try:
        return sources.spec.editions[edition]
    except KeyError:
        known = ", ".join(sources.spec.editions)
        raise KolapsError(
            [Diagnostic(f"{sources.display}/{BOOK_FILE}", 1, 1, "error", f"no edition '{edition}' (known: {known})")]
        ) from None


def source_hash(*folders: Path) -> str:
    """A short hash of every source file's name and content: tells two proofs apart."""
    digest = hashlib.sha256()
    for folder in folders:
        digest_folder_kept(digest, folder)  # each folder's own digest kept for the build's caches (flowables)
    return digest.hexdigest()[:10]
