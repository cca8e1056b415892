"""Anchors and cross-references: every `[voir](#id)` must name a `{#id}` heading.

An anchor no chapter of any edition defines is a typo: a KolapsError located in the
template source (FILE:LINE:COL). An anchor defined only in chapters this edition leaves
out (the quick-start points into the full rules) is printed without a page number and
listed in the consistency report.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from kolaps_print.diagnostics import Diagnostic, Report, did_you_mean
from kolaps_print.load.input_file import read_text
from kolaps_print.rulebook.markdown import Chapter, XRef

LINK_RE = re.compile(r"\]\(#([^)\s]*)\)")
ANCHOR_DEF_RE = re.compile(r"\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}")


@dataclass(frozen=True)
class Unresolved:
    """A reference to an anchor this edition leaves out."""

    anchor: str
    file: str
    line: int


def _position(source: str, pattern: re.Pattern[str], anchor: str) -> tuple[int, int] | None:
    for match in pattern.finditer(source):
        if match.group(1) == anchor:
            line = source.count("\n", 0, match.start()) + 1
            col = match.start() - (source.rfind("\n", 0, match.start()) + 1) + 1
            return line, col
    return None


def _locate(xref: XRef, pattern: re.Pattern[str], source_of: dict[str, str]) -> tuple[str, int, int]:
    """Where the reference is written in its template; the rendered line when a loop wrote it."""
    found = _position(source_of.get(xref.file, ""), pattern, xref.anchor)
    if found:
        return xref.file, found[0], found[1] + 2  # point at the '#'
    return xref.file, xref.line, 1


def check_anchors(chapters: list[Chapter], source_of: dict[str, str]) -> dict[str, Chapter]:
    """anchor -> chapter over every chapter (each once); a duplicate anchor is an error."""
    owner: dict[str, Chapter] = {}
    report = Report()
    for chapter in chapters:
        for heading in chapter.headings:
            if not heading.explicit:
                continue
            first = owner.get(heading.anchor)
            if first is not None:
                file, line, col = _locate(XRef(heading.anchor, chapter.file, heading.line), ANCHOR_DEF_RE, source_of)
                report.add(
                    Diagnostic(
                        file, line, col, "error", f"anchor '{heading.anchor}' is defined twice (also in {first.file})"
                    )
                )
            owner.setdefault(heading.anchor, chapter)
    report.raise_if_errors()
    return owner


def check_references(
    edition_chapters: list[Chapter], every_anchor: dict[str, Chapter], source_of: dict[str, str]
) -> list[Unresolved]:
    """Raise on unknown anchors; return the references pointing outside this edition."""
    in_edition = {h.anchor for c in edition_chapters for h in c.headings if h.explicit}
    report = Report()
    unresolved = []
    for chapter in edition_chapters:
        for xref in chapter.xrefs:
            if xref.anchor in in_edition:
                continue
            if xref.anchor in every_anchor:
                unresolved.append(Unresolved(xref.anchor, xref.file, xref.line))
                continue
            file, line, col = _locate(xref, LINK_RE, source_of)
            hint = did_you_mean(xref.anchor, every_anchor)
            report.add(
                Diagnostic(
                    file,
                    line,
                    col,
                    "error",
                    f"reference to unknown anchor '#{xref.anchor}'{hint}; anchors are written on headings as {{#name}}",
                )
            )
    report.raise_if_errors()
    return unresolved


def read_sources(folder: Path, display: str, names: list[str]) -> dict[str, str]:
    """Template sources by displayed file name (for locating references)."""
    return {f"{display}/{n}": read_text(folder / n, f"{display}/{n}") for n in names}
