"""Every rulebook the twelfth session's book reviews read back, each built once per test run."""

from __future__ import annotations

from functools import cache

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook

BOOKS = {
    "kolaps-a4": RulebookOptions(paper="a4"),
    "kolaps-letter": RulebookOptions(paper="letter"),
    "quickstart": RulebookOptions(edition="quickstart"),
    "d100": RulebookOptions(ruleset="d100"),
    "3d6": RulebookOptions(ruleset="3d6"),
    "d12": RulebookOptions(ruleset="d12"),
}


@cache
def book_pdf(book: str) -> bytes:
    return build_rulebook(BOOKS[book]).pdf
