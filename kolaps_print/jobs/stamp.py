"""The stamp a card carries in its footer, so a loose card finds its rulebook.

A standalone `cards` run prints the rules' version and the rules' fingerprint: the very
« empreinte » the rulebook prints on its credits page and its proofs (rulebook/sources.py's
source_hash over the chapters and data/), so the same number on a card and a book means the
same rules. A kit stamps its pages with its own date and hash (kit/stamp.py), which also covers
its army files and portraits: every page of one kit carries the same one; its cards carry its
date and, as a standalone run's, the rules' version and fingerprint.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from kolaps_print import __version__, resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.labels import label
from kolaps_print.load.source_tree import digest_files, digest_folder
from kolaps_print.rulebook.sources import load_sources, source_hash

HASH_LENGTH = 8


def data_hash(armies: Sequence[tuple[Path, Sequence[Path]]]) -> str:
    """sha256 of each (army file, its portraits), data/ and templates/, cut to 8 hex digits."""
    digest = hashlib.sha256()
    for i, (army, portraits) in enumerate(armies):
        digest_files(digest, [army, *sorted(set(portraits))], partial(_army_name, i))
    for root in _bundled_roots():
        digest_folder(digest, root, prefix=f"{root.name}/")
    return digest.hexdigest()[:HASH_LENGTH]


def cards_stamp(fingerprint: tuple[str, str] | None = None) -> str:
    """« v0.1 · 3fa2b9c1d0 »: the rules' version and fingerprint, in a standalone run's card footers.
    fingerprint: rules_fingerprint() when the caller has it (a kit: its four card builds and its
    own card stamp read the folders once, not five times)."""
    version, digest = fingerprint or rules_fingerprint()
    return label("cards.front.stamp", version=version, hash=digest)


def rules_fingerprint() -> tuple[str, str]:
    """(rules_version(), rules_hash()): what a card stamp names."""
    return rules_version(), rules_hash()


def ruleset_cards_stamp(ruleset_id: str, folder: Path) -> str:
    """« v0.1 · 3fa2b9c1d0 » for another ruleset's cards: its short book's version and the
    fingerprint its proofs print (templates/rulesets/ID and the ruleset's data folder)."""
    book = resources.ruleset_templates(ruleset_id)
    try:
        version, digest = load_sources(book).spec.version, source_hash(book, folder)
    except (FileNotFoundError, KolapsError):  # no templates installed: the tool's version, the data alone
        version, digest = __version__, source_hash(folder)
    return label("cards.front.stamp", version=version, hash=digest)


def ruleset_version_and_date(ruleset_id: str) -> tuple[str, dt.date | None]:
    """Another ruleset's version and date (templates/rulesets/ID/book.yaml), as its short book prints
    them; without templates, the tool's version alone."""
    return _book_version_and_date(lambda: resources.ruleset_templates(ruleset_id))


def rules_hash() -> str:
    """The rulebook's fingerprint of the rules in use (its chapters and data/), as its credits print it;
    without templates, of data/ alone."""
    try:
        return source_hash(resources.rulebook_dir(), resources.data_dir())
    except FileNotFoundError:
        return source_hash(resources.data_dir())


def rules_version() -> str:
    """The rules' version (templates/rulesets/kolaps/book.yaml), as the rulebook prints it."""
    return rules_version_and_date()[0]


def rules_version_and_date() -> tuple[str, dt.date | None]:
    """The rules' version and its date (templates/rulesets/kolaps/book.yaml; without templates: the tool's
    version alone), as the rulebook prints them."""
    return _book_version_and_date(resources.rulebook_dir)


def _book_version_and_date(book: Callable[[], Path]) -> tuple[str, dt.date | None]:
    """The version and date a book's book.yaml declares; the tool's version alone where the book
    folder is missing (an installation without templates) or unreadable."""
    try:
        spec = load_sources(book()).spec
    except (FileNotFoundError, KolapsError):
        return __version__, None
    return spec.version, spec.date


def _army_name(i: int, path: Path) -> str:
    return f"army{i}/{path.name}"


def _bundled_roots() -> list[Path]:
    roots = [resources.data_dir()]
    try:
        roots.append(resources.templates_dir())
    except FileNotFoundError:  # an installation without templates still gets a stable hash
        pass
    return roots
