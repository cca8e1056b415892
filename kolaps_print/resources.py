"""Where the bundled data, templates and fonts live, installed or in a checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    # A wheel carries data/ and templates/ inside the package; a checkout has them beside it.
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled folder '{name}' is missing from the installation")


@cache
def data_dir() -> Path:
    return _find("data")


@cache
def templates_dir() -> Path:
    return _find("templates")


def fonts_dir() -> Path:
    return _PACKAGE / "fonts"
