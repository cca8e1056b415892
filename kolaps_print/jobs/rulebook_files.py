"""The rulebook's file names, apart from its job (the kit names its book without importing it)."""

from __future__ import annotations

import re


def edition_file(edition: str) -> str:
    """An edition's file name: rulebook.pdf for the full rules, <edition>.pdf for another
    (quickstart.pdf), so building one never replaces the other."""
    if edition == "full":
        return "rulebook.pdf"
    return (re.sub(r"[^A-Za-z0-9_-]+", "-", edition).strip("-") or "edition") + ".pdf"  # book.yaml is not trusted
