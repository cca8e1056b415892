"""What the quick-reference material holds: pages, their coloured sections, the tables in each.

Shared by the two-sided sheet and the reference cards (one card run per section).
"""

from __future__ import annotations

from dataclasses import dataclass

from kolaps_print.content.tables import TableContent, build_table
from kolaps_print.labels import label
from kolaps_print.model.gamedata import GameData

# page id -> sections; section id -> rows of tables (tables in one row sit side by side).
PLAN: tuple[tuple[str, tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]], ...] = (
    (
        "recto",
        (
            ("test", (("seuils", "difficultes"), ("jets",), ("modificateurs",))),
            ("chances", (("chances",),)),
            ("tour", (("phases",), ("actions",), ("moral",))),
        ),
    ),
    (
        "verso",
        (
            ("blessures", (("gravite",), ("localisations", "cumul"), ("effets-secondaires",))),
            ("critiques", (("blessures-critiques",), ("echecs-critiques",))),
            ("armes", (("traits",),)),
        ),
    ),
)


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


def build_section(section_id: str, rows: tuple[tuple[str, ...], ...], data: GameData) -> ReferenceSection:
    return ReferenceSection(
        id=section_id,
        title=label(f"tables.sheet.sections.{section_id}"),
        rows=tuple(tuple(build_table(name, data) for name in row) for row in rows),
    )


def reference_pages(data: GameData) -> tuple[ReferencePage, ...]:
    """The two sides of the sheet, in order (recto, verso)."""
    return tuple(
        ReferencePage(
            id=page_id,
            title=label(f"tables.sheet.pages.{page_id}"),
            sections=tuple(build_section(sid, rows, data) for sid, rows in sections),
        )
        for page_id, sections in PLAN
    )


def reference_sections(data: GameData) -> tuple[ReferenceSection, ...]:
    return tuple(s for page in reference_pages(data) for s in page.sections)
