"""What the quick-reference material holds: pages, their coloured sections, the tables in each.

Shared by the two-sided sheet and the reference cards (one card per topic). The sheet follows
the turn: the turn and its actions, a test, an attack step by step, then what the attack
leaves (wounds, criticals, morale at the Bilan) and the weapons' traits. The quick-start
edition (the demo) holds only the rules the demo plays (content/reference_tables.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kolaps_print.content.reference_tables import DEMO_BUILDERS, SHEET_BUILDERS
from kolaps_print.content.tables import TableContent, attaque, build_table, tied_ends
from kolaps_print.labels import label
from kolaps_print.model.gamedata import GameData
from kolaps_print.model.rules import Edition

Plan = tuple[tuple[str, tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]], ...]

# page id -> sections; section id -> rows of tables (tables in one row sit side by side).
PLANS: dict[Edition, Plan] = {
    "full": (
        (
            "recto",
            (
                ("tour", (("phases",), ("actions",))),
                ("test", (("seuils", "difficultes"), ("jets",), ("modificateurs",))),
                ("chances", (("chances",),)),
                ("attaque", (("attaque",),)),
            ),
        ),
        (
            "verso",
            (
                ("blessures", (("gravite",), ("localisations", "cumul"), ("effets-secondaires",))),
                ("moral", (("moral",),)),
                ("critiques", (("blessures-critiques",), ("echecs-critiques",))),
                ("armes", (("traits",),)),
            ),
        ),
    ),
    "quickstart": (
        (
            "recto",
            (
                ("tour", (("phases",), ("actions",))),
                ("test", (("seuils", "difficultes"), ("jets",), ("modificateurs",))),
            ),
        ),
        (
            "verso",
            (
                ("chances", (("chances",),)),
                ("attaque", (("attaque",),)),
                ("blessures", (("gravite",), ("localisations", "cumul"), ("effets-secondaires",))),
            ),
        ),
    ),
}
PLAN = PLANS["full"]

# The full sheet's two sides, where they part from the plan's pages (the cards keep the plan's
# order): the turn, a test, its chances and the weapons' traits on the recto; the attack step by
# step heading the verso, then the tables its steps call, in their order (wounds, morale,
# criticals). So the walk-through is set as on the kit's sheet, each step over its text, at 7 pt
# (docs/style.md, kolaps17); in the plan's pages it held that only at 6.75.
SIDES: dict[Edition, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "full": (
        ("recto", ("tour", "test", "chances", "armes")),
        ("verso", ("attaque", "blessures", "moral", "critiques")),
    ),
    "quickstart": (
        ("recto", ("tour", "test")),
        ("verso", ("attaque", "chances", "blessures")),
    ),
}


def _sides(edition: Edition) -> Plan:
    """The sheet's pages: the plan's sections dealt to SIDES' pages, or the plan's own pages."""
    if edition not in SIDES:
        return PLANS[edition]
    sections = {sid: rows for _, page in PLANS[edition] for sid, rows in page}
    return tuple((page_id, tuple((sid, sections[sid]) for sid in ids)) for page_id, ids in SIDES[edition])


@dataclass(frozen=True)
class ReferenceSection:
    id: str
    title: str
    rows: tuple[tuple[TableContent, ...], ...]

    @property
    def tables(self) -> tuple[TableContent, ...]:
        return tuple(t for row in self.rows for t in row)


@dataclass(frozen=True)
class ReferencePage:
    id: str
    title: str
    sections: tuple[ReferenceSection, ...]


def _builder(name: str, edition: Edition) -> Callable[[GameData], TableContent]:
    if name == "attaque":
        return lambda data: attaque(data, edition)
    if edition == "quickstart" and name in DEMO_BUILDERS:
        return DEMO_BUILDERS[name]
    if name in SHEET_BUILDERS:
        return SHEET_BUILDERS[name]
    return lambda data: build_table(name, data)


def build_section(
    section_id: str, rows: tuple[tuple[str, ...], ...], data: GameData, edition: Edition = "full"
) -> ReferenceSection:
    return ReferenceSection(
        id=section_id,
        title=label(f"tables.sheet.sections.{section_id}"),
        rows=tuple(tuple(tied_ends(_builder(name, edition)(data)) for name in row) for row in rows),
    )


def reference_pages(data: GameData, edition: Edition = "full") -> tuple[ReferencePage, ...]:
    """The two sides of the sheet, in order (recto, verso)."""
    return _pages(data, edition, _sides(edition))


def _pages(data: GameData, edition: Edition, plan: Plan) -> tuple[ReferencePage, ...]:
    return tuple(
        ReferencePage(
            id=page_id,
            title=label(f"tables.sheet.pages.{page_id}"),
            sections=tuple(build_section(sid, rows, data, edition) for sid, rows in sections),
        )
        for page_id, sections in plan
    )


def reference_sections(data: GameData, edition: Edition = "full") -> tuple[ReferenceSection, ...]:
    """Every section in the plan's order (the reference cards': the turn's)."""
    return tuple(s for page in _pages(data, edition, PLANS[edition]) for s in page.sections)
