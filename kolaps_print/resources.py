"""Where the game data, templates and fonts are read from.

The game data and the rulebook templates are the designer's sources, so they are looked up in
this order: the --data / --templates options, the KOLAPS_DATA / KOLAPS_TEMPLATES variables, the
data/ and templates/ folders of the current folder when it is a kolaps-print project (a
checkout, or a copy of the bundled folders), and last the copies bundled with the package.
Editing data/ in a project folder therefore changes what is printed, even after a plain
`pip install .`.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
# name -> (environment variable, a file that marks a real folder of that kind)
_KINDS = {"data": ("KOLAPS_DATA", "rules/dice.yaml"), "templates": ("KOLAPS_TEMPLATES", "rulebook/book.yaml")}
_chosen: dict[str, Path] = {}


def use_folders(data: Path | None = None, templates: Path | None = None) -> None:
    """Read game data and templates from these folders (the CLI's --data and --templates)."""
    for name, folder in (("data", data), ("templates", templates)):
        if folder is not None:
            _chosen[name] = Path(folder).resolve()
        else:
            _chosen.pop(name, None)


@contextmanager
def data_folder(folder: Path | None):
    """Read every data file (labels and layouts too) from folder while the block runs; None: no change."""
    before = _chosen.get("data")
    if folder is not None:
        _chosen["data"] = Path(folder).resolve()
    try:
        yield
    finally:
        if before is None:
            _chosen.pop("data", None)
        else:
            _chosen["data"] = before


def bundled(name: str) -> Path:
    """The copy shipped with the package (inside it in a wheel, beside it in a checkout)."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if (candidate / _KINDS[name][1]).is_file():
            return candidate
    raise FileNotFoundError(f"bundled folder '{name}' is missing from the installation")


def _resolve(name: str) -> Path:
    if name in _chosen:
        return _chosen[name]
    return _lookup(name, os.getcwd(), os.environ.get(_KINDS[name][0], ""))


@cache  # renderers ask for every label: resolve each (folder, variable) once
def _lookup(name: str, cwd: str, variable: str) -> Path:
    if variable:
        return Path(variable).resolve()
    project = Path(cwd) / name
    if (project / _KINDS[name][1]).is_file():
        return project.resolve()
    return bundled(name)


def data_dir() -> Path:
    return _resolve("data")


def templates_dir() -> Path:
    return _resolve("templates")


def fonts_dir() -> Path:
    return _PACKAGE / "fonts"
