"""Validate army files (or the built-in data) and summarise them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kolaps_print import resources
from kolaps_print.diagnostics import Diagnostic, KolapsError, display_path
from kolaps_print.labels import check_labels
from kolaps_print.model.choices import KOLAPS
from kolaps_print.model.ruleset_choice import read_army_ruleset

# Each ruleset's models are imported for its armies only: the other rulesets' for theirs (a third
# of `check`), KOLAPS's game data and army book for KOLAPS's (some 50 ms of another's `check`).
if TYPE_CHECKING:
    from kolaps_print.load.yaml_source import SourceDocument
    from kolaps_print.model.army_book import ArmyBook
    from kolaps_print.model.gamedata import GameData
    from kolaps_print.model.ruleset_army import RulesetArmy
    from kolaps_print.model.ruleset_load import Ruleset


@dataclass
class CheckResult:
    file: str
    book: ArmyBook | RulesetArmy | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.book is not None

    def summary(self) -> str:
        if self.book is None:
            errors = sum(d.severity == "error" for d in self.diagnostics)
            return f"{self.file}: invalid ({errors} error(s))"
        b = self.book
        if hasattr(b, "summary"):  # another ruleset's army (RulesetArmy; KOLAPS's ArmyBook has none)
            return b.summary()
        weapons = ", ".join(w.name for w in b.weapons_used()) or "none"
        return (
            f"{self.file}: ok: {b.army.name} ({b.affiliation.name}), "
            f"{len(b.members)} character(s), {b.card_count} card(s); weapons: {weapons}"
        )


def bundled_armies() -> list[Path]:
    """The data folder's demo armies, named relative to the working folder where possible."""
    return [Path(display_path(p)) for p in sorted((resources.kolaps_dir() / "armies").glob("*.yaml"))]


def check_files(files: list[Path], strict: bool = False) -> list[CheckResult]:
    """Check each file on its own so one bad army does not hide the others' problems.
    What `cards` would refuse (text the fonts lack, a portrait that does not decode) is refused here too."""
    from kolaps_print.jobs.printable import check_printable

    read = [_read(path) for path in files]
    # KOLAPS's game data only for KOLAPS's armies (or a file whose ruleset is unread, as before):
    # another ruleset's army never reads it, as its `cards` does not (half a cold `check`).
    others = all(not isinstance(r, KolapsError) and r[1] != KOLAPS for r in read)
    data = None if others else _kolaps_game_data()
    results = []
    for path, found in zip(files, read, strict=True):
        try:
            if isinstance(found, KolapsError):
                raise found
            doc, ruleset = found
            if ruleset != KOLAPS:
                from kolaps_print.model.ruleset_army import load_ruleset_army
                from kolaps_print.model.ruleset_load import find_ruleset

                results.append(
                    CheckResult(str(path), army := load_ruleset_army(doc, find_ruleset(ruleset), strict), army.warnings)
                )
                continue
            from kolaps_print.model.army_book import load_army

            assert data is not None  # a KOLAPS army: read above
            book = load_army(path, data, strict=strict, doc=doc)
        except KolapsError as exc:
            results.append(CheckResult(str(path), None, exc.diagnostics))
            continue
        try:
            check_printable(book)
            results.append(CheckResult(str(path), book, list(book.warnings)))
        except KolapsError as exc:
            results.append(CheckResult(str(path), None, sorted(exc.diagnostics + book.warnings)))
    return results


def _kolaps_game_data() -> GameData:
    from kolaps_print.model.gamedata import builtin_game_data

    return builtin_game_data()


def _read(path: Path) -> tuple[SourceDocument, str] | KolapsError:
    """The army file's document and ruleset id, or why it cannot be read."""
    try:
        return read_army_ruleset(path)
    except KolapsError as exc:
        return exc


def check_builtin(strict: bool = False) -> tuple[GameData, list[CheckResult]]:
    """Validate data/ itself (rules, weapons, affiliations, labels, layouts), then every bundled army.

    Every file is checked even when an earlier one is wrong, so one run shows every problem.
    """
    from kolaps_print.model.gamedata import load_game_data

    problems: list[Diagnostic] = []
    try:
        data = load_game_data()
    except KolapsError as exc:
        problems += exc.diagnostics
    problems += check_labels() + check_layouts()
    if problems:
        raise KolapsError(problems)
    return data, check_files(bundled_armies(), strict)


def check_layouts() -> list[Diagnostic]:
    """The layout data files (data/layouts/*.yaml, and KOLAPS's card.yaml) the commands read."""
    from kolaps_print.layout.calibration import calibration_data
    from kolaps_print.layout.card_blocks.plan import card_plan
    from kolaps_print.layout.card_data import card_layout
    from kolaps_print.layout.reference.look import reference_look
    from kolaps_print.layout.ruleset.look import sheet_look
    from kolaps_print.layout.sheets import sheets, sizes
    from kolaps_print.rulebook.styles import check_every_paper, rulebook_layout

    files = _problems(
        card_layout, card_plan, sizes, sheets, calibration_data, rulebook_layout, reference_look, sheet_look
    )
    return files or _problems(check_every_paper)  # each file is right: does the book's frame fit every paper?


def _problems(*reads) -> list[Diagnostic]:
    """Every read's errors, each read run even when an earlier one failed."""
    problems: list[Diagnostic] = []
    for read in reads:
        try:
            read()
        except KolapsError as exc:
            problems += exc.diagnostics
    return problems


def check_ruleset(ruleset_id: str, strict: bool = False) -> tuple[Ruleset, list[CheckResult]]:
    """Validate a bundled ruleset's folder (data/rulesets/<id>/), then each of its demo armies."""
    from kolaps_print.model.ruleset_load import find_ruleset

    ruleset = find_ruleset(ruleset_id)
    armies = sorted((ruleset.folder / "armies").glob("*.yaml"))
    return ruleset, check_files([Path(display_path(p)) for p in armies], strict)


def ruleset_summary(ruleset: Ruleset) -> str:
    catalogues = ", ".join(f"{len(entries)} {name}" for name, entries in ruleset.catalogues.items())
    return (
        f"{display_path(ruleset.folder)}/: ok: ruleset {ruleset.id} ({ruleset.spec.name}), "
        f"{len(ruleset.tables)} tables, {len(ruleset.errata)} errata; {catalogues or 'no catalogue'}"
    )


def check_every_ruleset(strict: bool = False) -> list[tuple[str | None, list[CheckResult]]]:
    """Plain `check`: each bundled ruleset's folder and demo armies after KOLAPS's data, as
    (its summary line, its armies' results); a broken folder is one invalid result (no summary),
    so that it never hides the other rulesets' and KOLAPS's own."""
    from kolaps_print.model.ruleset_choice import ruleset_ids, rulesets_dir

    checked: list[tuple[str | None, list[CheckResult]]] = []
    for ruleset_id in ruleset_ids()[1:]:
        try:
            ruleset, results = check_ruleset(ruleset_id, strict)
        except KolapsError as exc:
            folder = f"{display_path(rulesets_dir() / ruleset_id)}/"
            checked.append((None, [CheckResult(folder, None, exc.diagnostics)]))
            continue
        checked.append((ruleset_summary(ruleset), results))
    return checked
