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
itself, still reads as KOLAPS (kolaps_folder).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TypeVar

_PACKAGE = Path(__file__).resolve().parent
KOLAPS_FOLDER = "rulesets/kolaps"  # KOLAPS's own files, under the data folder (docs/rulesets.md)
_DICE = "rules/dice.yaml"
# name -> (environment variable, files of which one marks a real folder of that kind)
_KINDS = {
    "data": ("KOLAPS_DATA", (f"{KOLAPS_FOLDER}/{_DICE}", _DICE)),  # the layout of data/rulesets/, or the old one
    "templates": ("KOLAPS_TEMPLATES", ("rulebook/book.yaml",)),
}
# Folders chosen by option: data, templates, and rulebook (--templates of `rulebook` names the
# folder holding book.yaml, i.e. templates/rulebook).
# No shared mutable default: a run that chose nothing reads a fresh empty dict (_folders).
_chosen: ContextVar[dict[str, Path]] = ContextVar("kolaps_folders")
_read_caches: list = []  # functions decorated with cached_read
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
    cached = cache(function)
    _read_caches.append(cached)
    return cached  # type: ignore[return-value]


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


def moved_kolaps_file(path: Path | str) -> Path | None:
    """Where a missing file named by its place in the old layout now is, if it is there:
    data/armies/x.yaml -> data/rulesets/kolaps/armies/x.yaml (the first folder above it that
    holds rulesets/kolaps/ is taken for the data folder). For the message of a path that no
    longer exists, so users' scripts learn the new place."""
    absolute = Path(os.path.abspath(path))
    for folder in absolute.parents:
        own = folder / KOLAPS_FOLDER
        if own.is_dir():
            moved = own / absolute.relative_to(folder)
            return moved if moved.is_file() else None
    return None


def templates_dir() -> Path:
    return _resolve("templates")


def rulebook_dir() -> Path:
    """The folder with book.yaml and the chapters."""
    return _folders().get("rulebook") or templates_dir() / "rulebook"


def fonts_dir() -> Path:
    return _PACKAGE / "fonts"


def icc_dir() -> Path:
    """The bundled colour profile (kolaps_print/icc/, with its licence and how it was made)."""
    return _PACKAGE / "icc"
