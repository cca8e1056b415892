"""Every character a data or labels file holds must exist in the embedded fonts.

A character the fonts lack prints as a blank box, in every document. Text made only of the
characters below (checked against every face of both families by the tests) costs a set
look-up; anything else is looked up in the fonts themselves, which are read only then.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kolaps_print.diagnostics import Diagnostic, shown
from kolaps_print.fonts import COMMON, missing_glyphs
from kolaps_print.load import SourceDocument

FACES = tuple(f"{family}{style}" for family in ("KSans", "KSerif") for style in ("", "-Bold", "-Italic", "-BoldItalic"))


def unprintable(text: str) -> list[str]:
    """The characters of text some face of the embedded fonts cannot draw."""
    rare = set(text).difference(COMMON)  # a set operation, not a loop: every text of every file goes through here
    if not rare:
        return []
    # missing_glyphs reads the font files: only for rare characters
    return sorted({ch for face in FACES for ch in missing_glyphs("".join(rare), face)})


def named_characters(chars: list[str]) -> str:
    """'中' (U+4E2D), '\\x01' (U+0001): how a message lists characters (escaped when invisible)."""
    return ", ".join(f"'{shown(ch)}' (U+{ord(ch):04X})" for ch in chars)


def _strings(value: Any, path: tuple) -> Iterator[tuple[tuple, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, path + (i,))


def unprintable_message(text: str) -> str | None:
    """Why text cannot be printed, or None when every face of the fonts has its characters."""
    missing = unprintable(text)
    return f"the fonts cannot print {named_characters(missing)}: it would print as a blank box" if missing else None


def _all_characters(value: Any, seen: set[str]) -> set[str]:
    """seen with every character of value's texts (keys aside, as _strings), without their paths."""
    if isinstance(value, str):
        seen.update(value)
    elif isinstance(value, dict):
        for item in value.values():
            _all_characters(item, seen)
    elif isinstance(value, list):
        for item in value:
            _all_characters(item, seen)
    return seen


def unprintable_text(doc: SourceDocument) -> list[Diagnostic]:
    """A located error for each text of doc with characters the fonts cannot print. A file
    made only of COMMON characters (nearly all) is told from its characters alone: the texts
    are walked with their paths only when one may not print (1000 characters: 20 → 6 ms)."""
    if _all_characters(doc.data, set()).issubset(COMMON):
        return []
    problems = []
    for path, text in _strings(doc.data, ()):
        message = unprintable_message(text)
        if message:
            problems.append(doc.diagnostic(path, message))
    return problems
