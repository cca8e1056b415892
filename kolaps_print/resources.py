"""Where the game data, templates and fonts are read from.

The game data and the rulebook templates are the designer's sources, so they are looked up in
this order: the --data / --templates options, the KOLAPS_DATA / KOLAPS_TEMPLATES variables, the
data/ and templates/ folders of the current folder when it is a kolaps-print project (a
checkout, or a copy of the bundled folders), and last the copies bundled with the package.
Editing data/ in a project folder therefore changes what is printed, even after a plain
`pip install .`.

KOLAPS's own files (rules/, weapons, affiliations, errata, readings, armies/, scenarios/,
kits/) sit in data/rulesets/kolaps/, beside the other systems; the files every system shares
(layouts/, labels/) stay in data/. A data folder of the old layout, with KOLAPS's files in data/
itself, still reads as KOLAPS (kolaps_folder). Likewise KOLAPS's book.yaml and chapters sit in
templates/rulesets/kolaps/, beside the other systems' books; a templates folder of the old
layout, with them in templates/rulebook/, still reads as KOLAPS's (kolaps_templates).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from functools import cache
from pathlib import Path, PurePosixPath
from typing import NamedTuple, TypeVar

_PACKAGE = Path(__file__).resolve().parent
RULESETS = "rulesets"  # each game system's own folder, under data/ and templates/ (docs/rulesets.md)
KOLAPS_FOLDER = f"{RULESETS}/kolaps"  # KOLAPS's own files, under the data and templates folders
OLD_KOLAPS_BOOK = "rulebook"  # where KOLAPS's book sat in a templates folder of the old layout
_DICE = "rules/dice.yaml"
_BOOK = "book.yaml"
# name -> (environment variable, files of which one marks a real folder of that kind), each
# in the layout of rulesets/ or in the old one
_KINDS = {
    "data": ("KOLAPS_DATA", (f"{KOLAPS_FOLDER}/{_DICE}", _DICE)),
    "templates": ("KOLAPS_TEMPLATES", (f"{KOLAPS_FOLDER}/{_BOOK}", f"{OLD_KOLAPS_BOOK}/{_BOOK}")),
}
# Folders chosen by option: data, templates, and rulebook (--templates of `rulebook` names the
# folder holding book.yaml, i.e. templates/rulesets/kolaps).
# No shared mutable default: a run that chose nothing reads a fresh empty dict (_folders).
_chosen: ContextVar[dict[str, Path]] = ContextVar("kolaps_folders")
_read_caches: list = []  # functions decorated with cached_read or cleared_with_reads
F = TypeVar("F", bound=Callable)


def _folders() -> dict[str, Path]:
    return _chosen.get({})


def _choose(data: Path | None, templates: Path | None, rulebook: Path | None) -> dict[str, Path]:
    named = {"data": data, "templates": templates, "rulebook": rulebook}
    return {name: Path(folder).resolve() for name, folder in named.items() if folder is not None}


@contextlib.contextmanager
def folders(data: Path | None = None, templates: Path | None = None, rulebook: Path | None = None) -> Iterator[None]:
    """Within the block, every reader (rules, labels, layouts, chapters) uses these folders;
    a None keeps the folder already in use."""
    token = _chosen.set(_folders() | _choose(data, templates, rulebook))
    try:
        yield
    finally:
        _chosen.reset(token)


@contextlib.contextmanager
def data_folder_found_once() -> Iterator[None]:
    """Within the block, the data folder is the one found on entering it (option, variable,
    project or bundled copy), not looked up again on each read: a card job reads some 4000
    labels, and each lookup asked the system for the working folder and the environment.
    For a command line run, whose working folder and environment do not change."""
    try:
        found = data_dir()
    except FileNotFoundError:  # a broken install: each read says so where it happens, as before
        found = None
    with folders(data=found):
        yield


def cached_read(function: F) -> F:
    """functools.cache for a reader of data files; clear_cached_reads() empties them all."""
    return cleared_with_reads(cache(function))  # type: ignore[return-value]


def cleared_with_reads(cached: F) -> F:
    """Let clear_cached_reads() empty cached, a cache of what data files decide (typography.french)."""
    _read_caches.append(cached)
    return cached


def clear_cached_reads() -> None:
    """Forget every file read so far (--watch: the next build sees the designer's edits)."""
    for cached in _read_caches:
        cached.cache_clear()


def bundled(name: str) -> Path:
    """The copy shipped with the package (inside it in a wheel, beside it in a checkout)."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if _is_folder_of(name, candidate):
            return candidate
    raise FileNotFoundError(f"bundled folder '{name}' is missing from the installation")


def _resolve(name: str) -> Path:
    chosen = _folders()
    if name in chosen:
        return chosen[name]
    return _lookup(name, os.getcwd(), os.environ.get(_KINDS[name][0], ""))


@cache  # renderers ask for every label: resolve each (folder, variable) once
def _lookup(name: str, cwd: str, variable: str) -> Path:
    if variable:
        return Path(variable).resolve()
    project = Path(cwd) / name
    if _is_folder_of(name, project):
        return project.resolve()
    return bundled(name)


def _is_folder_of(name: str, folder: Path) -> bool:
    return any((folder / marker).is_file() for marker in _KINDS[name][1])


def data_dir() -> Path:
    return _resolve("data")


def kolaps_folder(data: Path) -> Path:
    """The folder of KOLAPS's own files in a data folder: data/rulesets/kolaps/, or, in a data
    folder of the old layout (no such folder), the data folder itself."""
    own = data / KOLAPS_FOLDER
    return own if own.is_dir() else data


def kolaps_dir() -> Path:
    """KOLAPS's own files in the data folder in use (kolaps_folder)."""
    return kolaps_folder(data_dir())


def kolaps_templates(templates: Path) -> Path:
    """The folder of KOLAPS's book.yaml and chapters in a templates folder:
    templates/rulesets/kolaps/, or, in a templates folder of the old layout (no such folder, a
    templates/rulebook/ instead), templates/rulebook/. In a folder of neither, the new place,
    so that messages name where the book should be."""
    own, old = templates / KOLAPS_FOLDER, templates / OLD_KOLAPS_BOOK
    return old if old.is_dir() and not own.is_dir() else own


class OldPlace(NamedTuple):
    """KOLAPS's folder in a data or templates folder of the new layout, and where its files sat
    in the old one, relative to that data or templates folder ("" for the data folder itself)."""

    folder: Path
    old: str
    kind: str  # "data" or "templates", as messages name the folder


def kolaps_old_place(root: Path) -> OldPlace | None:
    """OldPlace for a data or templates folder holding rulesets/kolaps/; None for any other
    folder (a folder of the old layout, a ruleset's, a book's)."""
    own = root / KOLAPS_FOLDER
    if not own.is_dir():
        return None
    if (own / _BOOK).is_file():  # a book.yaml: KOLAPS's chapters, which sat in templates/rulebook/
        return OldPlace(own, OLD_KOLAPS_BOOK, "templates")
    return OldPlace(own, "", "data")


def old_layout_name(root: Path, path: Path) -> PurePosixPath:
    """A file's name under root as in the old layout: KOLAPS's files under rulesets/kolaps/ by
    their old place (data/rulesets/kolaps/weapons.yaml -> weapons.yaml,
    templates/rulesets/kolaps/03-des.md.j2 -> rulebook/03-des.md.j2), any other by its path."""
    place = kolaps_old_place(root)
    if place is not None and path.is_relative_to(place.folder):
        return PurePosixPath(place.old, path.relative_to(place.folder).as_posix())
    return PurePosixPath(path.relative_to(root).as_posix())


class MovedFile(NamedTuple):
    path: Path  # where the file now is
    kind: str  # the folder it moved in: "data" or "templates"


def moved_kolaps_file(path: Path | str) -> MovedFile | None:
    """Where a missing file named by its place in the old layout now is, if it is there:
    data/armies/x.yaml -> data/rulesets/kolaps/armies/x.yaml, templates/rulebook/book.yaml ->
    templates/rulesets/kolaps/book.yaml (the first folder above it that holds rulesets/kolaps/
    is taken for the data or templates folder). For the message of a path that no longer
    exists, so users' scripts learn the new place."""
    absolute = Path(os.path.abspath(path))
    for folder in absolute.parents:
        place = kolaps_old_place(folder)
        if place is not None:
            old = PurePosixPath(absolute.relative_to(folder).as_posix())
            if not old.is_relative_to(place.old):
                return None
            moved = place.folder / old.relative_to(place.old)
            return MovedFile(moved, place.kind) if moved.is_file() else None
    return None


def templates_dir() -> Path:
    return _resolve("templates")


def rulebook_dir() -> Path:
    """The folder with KOLAPS's book.yaml and chapters (--templates, or kolaps_templates)."""
    return _folders().get("rulebook") or kolaps_templates(templates_dir())


def ruleset_templates(ruleset_id: str) -> Path:
    """Another game system's book.yaml and chapters: templates/rulesets/<id>/."""
    return templates_dir() / RULESETS / ruleset_id


def fonts_dir() -> Path:
    return _PACKAGE / "fonts"


def icc_dir() -> Path:
    """The bundled colour profile (kolaps_print/icc/, with its licence and how it was made)."""
    return _PACKAGE / "icc"
