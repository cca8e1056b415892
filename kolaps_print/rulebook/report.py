"""The consistency report: what the data holds that the book does not explain, and the reverse.

Each finding is a located warning for the terminal (English) and a line on the proof's
report page (French). With --strict any finding fails the build.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kolaps_print.content.tables import TABLE_NAMES, base_table, build_table
from kolaps_print.diagnostics import Diagnostic, KolapsError, display_path
from kolaps_print.load import SourceDocument
from kolaps_print.model.army_book import ArmyBook, load_army
from kolaps_print.model.gamedata import GameData
from kolaps_print.rulebook.crossrefs import Unresolved
from kolaps_print.rulebook.usage import Usage

CATEGORIES = (
    "trait-unexplained",
    "trait-unused",
    "trait-page",
    "table-unshown",
    "army-weapon",
    "army-specialisation",
    "army-invalid",
    "reference",
)


@dataclass(frozen=True)
class ProofFinding:
    category: str  # one of CATEGORIES
    subject: str  # in French, for the proof page
    diagnostic: Diagnostic  # in English, located, for the terminal


@dataclass
class ConsistencyReport:
    findings: list[ProofFinding]
    checked_coverage: bool  # False for a selection (quick-start): only references are checked

    @property
    def warnings(self) -> list[Diagnostic]:
        return [f.diagnostic for f in self.findings]

    def by_category(self, category: str) -> list[ProofFinding]:
        return [f for f in self.findings if f.category == category]

    def raise_if_strict(self, strict: bool) -> None:
        if strict and self.findings:
            raise KolapsError([f.diagnostic.as_error(" (--strict)") for f in self.findings])


def _doc(data: GameData, name: str) -> SourceDocument | None:
    return next((d for d in data.documents if Path(d.file).name == name), None)


def _at(doc: SourceDocument | None, path: tuple, message: str, fallback: str) -> Diagnostic:
    if doc is None:
        return Diagnostic(fallback, 1, 1, "warning", message)
    return doc.diagnostic(path, message, "warning")


def _trait_users(data: GameData, armies: list[ArmyBook]) -> dict[str, list[tuple[str, Diagnostic | None]]]:
    """trait id -> where weapons use it (weapon name, a located pointer)."""
    users: dict[str, list] = {}
    for weapon in data.catalogue.weapons.values():
        origin = data.catalogue.origins.get(("weapon", weapon.id))
        for i, ref in enumerate(weapon.traits):
            where = origin.doc.diagnostic(origin.path + ("traits", i), "", "warning") if origin else None
            users.setdefault(ref.id, []).append((weapon.name, where))
    for book in armies:
        for weapon in book.army.weapons:
            origin = book.catalogue.origins.get(("weapon", weapon.id))
            for i, ref in enumerate(weapon.traits):
                where = origin.doc.diagnostic(origin.path + ("traits", i), "", "warning") if origin else None
                users.setdefault(ref.id, []).append((weapon.name, where))
    return users


def _trait_findings(data: GameData, armies: list[ArmyBook], usage: Usage) -> list[ProofFinding]:
    users = _trait_users(data, armies)
    traits_doc = _doc(data, "traits.yaml")
    out = []
    for i, trait in enumerate(data.rules.traits.traits):
        if trait.id not in users:
            out.append(
                ProofFinding(
                    "trait-unused",
                    trait.name,
                    _at(
                        traits_doc,
                        ("traits", i, "id"),
                        f"trait '{trait.id}' has a glossary entry but no weapon uses it",
                        TRAITS_FILE,
                    ),
                )
            )
        elif trait.id not in usage.explained["trait"]:
            weapon, where = users[trait.id][0]
            message = f"weapon '{weapon}' uses trait '{trait.id}', which the rulebook never explains"
            d = (
                Diagnostic(where.file, where.line, where.col, "warning", message, where.path)
                if where
                else Diagnostic("data/rulesets/kolaps/weapons.yaml", 1, 1, "warning", message)
            )
            out.append(ProofFinding("trait-unexplained", trait.name, d))
    return out


def trait_page_findings(data: GameData, paper: str, pages: dict[str, int]) -> list[ProofFinding]:
    """Traits whose page printed on the cards (traits.yaml book_pages, per paper) is not the page
    of their heading in the book just laid out on that paper (pages: anchor -> page)."""
    traits_doc = _doc(data, "traits.yaml")
    out = []
    for i, trait in enumerate(data.rules.traits.traits):
        page, printed = pages.get(f"faculte-{trait.id}"), trait.book_pages.get(paper)
        if page is not None and printed is not None and page != printed:
            message = f"trait '{trait.id}': the cards print p. {printed} on {paper}, the book explains it on p. {page}"
            where = ("traits", i, "book_pages", paper)
            out.append(ProofFinding("trait-page", trait.name, _at(traits_doc, where, message, TRAITS_FILE)))
    return out


TRAITS_FILE = "data/rulesets/kolaps/rules/traits.yaml"


def _table_findings(data: GameData, usage: Usage, book_file: str) -> list[ProofFinding]:
    return [
        ProofFinding(
            "table-unshown",
            build_table(name, data).title,
            Diagnostic(
                book_file,
                1,
                1,
                "warning",
                f"data table '{name}' is never shown in the rulebook (add {{{{ table(\"{name}\") }}}} to a chapter)",
            ),
        )
        for name in TABLE_NAMES
        if base_table(name) not in usage.tables  # a demo variant is shown when its table is
        and not _told_entry_by_entry(name, data, usage)
    ]


def _told_entry_by_entry(name: str, data: GameData, usage: Usage) -> bool:
    """A glossary (the traits, the affiliations' specialisations) is shown when the chapters
    print every entry's text: its table as well would repeat them word for word (issue 12)."""
    entries = {
        "traits": ("trait", set(data.catalogue.traits)),
        "affiliations": ("specialisation", data.catalogue.all_specialisations()),
    }
    if name not in entries:
        return False
    kind, ids = entries[name]
    return bool(ids) and ids <= usage.explained[kind]


# What the rulebook must explain of an army's members: each kind (its list is the plural), and
# the verbs of its finding's message.
_EXPLAINED = (("weapon", "carries weapon", "describes"), ("specialisation", "has specialisation", "explains"))


def _army_findings(book: ArmyBook, usage: Usage) -> list[ProofFinding]:
    out = []
    for member in book.members:
        name = member.character.name
        for kind, has, explains in _EXPLAINED:
            for j, item in enumerate(getattr(member, f"{kind}s")):
                if item.id not in usage.explained[kind]:
                    message = f"'{name}' {has} '{item.id}', which the rulebook never {explains}"
                    where = _at(book.doc, ("characters", member.index, f"{kind}s", j), message, book.file)
                    out.append(ProofFinding(f"army-{kind}", f"{name} : {item.name}", where))
    return out


def load_demo_armies(data: GameData, folder: Path) -> tuple[list[ArmyBook], list[ProofFinding]]:
    armies, findings = [], []
    for path in sorted(folder.glob("*.yaml")):
        try:
            armies.append(load_army(Path(display_path(path)), data))
        except KolapsError as exc:
            first = exc.diagnostics[0]
            d = Diagnostic(
                first.file,
                first.line,
                first.col,
                "warning",
                f"demo army not checked against the rulebook: {first.message}",
            )
            findings.append(ProofFinding("army-invalid", path.name, d))
    return armies, findings


def reference_findings(unresolved: list[Unresolved]) -> list[ProofFinding]:
    return [
        ProofFinding(
            "reference",
            f"#{u.anchor}",
            Diagnostic(
                u.file,
                u.line,
                1,
                "warning",
                f"reference to '#{u.anchor}' points outside this edition; printed without a page number",
            ),
        )
        for u in unresolved
    ]


def consistency_report(
    data: GameData, usage: Usage, unresolved: list[Unresolved], armies_folder: Path, book_file: str, coverage: bool
) -> ConsistencyReport:
    findings = reference_findings(unresolved)
    if coverage:
        armies, army_problems = load_demo_armies(data, armies_folder)
        findings = (
            _trait_findings(data, armies, usage)
            + _table_findings(data, usage, book_file)
            + [f for a in armies for f in _army_findings(a, usage)]
            + army_problems
            + findings
        )
    return ConsistencyReport(findings, coverage)
