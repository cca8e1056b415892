"""A ruleset table as printed text (content/ruleset_sheet.py makes them). A module of its own so
that what only measures one (layout/ruleset/columns.py, the rulebook's tables) does not import
the rulesets' models and engines with the sheet's content: a KOLAPS quick-start never needs them
(issue 15: start-up time)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RulesetTable:
    """A table of a ruleset as printed: its title, head, rows and what goes under it."""

    title: str  # with its « † ID » when the table is our ruling
    header: list[str]
    rows: list[list[str]]
    note: str | None = None
    strong: int | None = None  # a column set large and bold: what is rolled at the table
    key: str | None = None  # what the column heads stand for, printed right under the table, before the note
    folded: bool = False  # (value, chance) pairs laid side by side (_folded): a narrow card may lay fewer
