"""Everything before the layout: book.yaml, the game data and every chapter read, rendered,
parsed and cross-checked, with every broken source reported at once (KolapsError, located)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from kolaps_print import resources
from kolaps_print.content.attack_example import ExampleError, worked_attack
from kolaps_print.content.tables import TABLE_NAMES, TableContent, build_table
from kolaps_print.diagnostics import Diagnostic, KolapsError, Report, did_you_mean
from kolaps_print.model.army_book import ArmyBook
from kolaps_print.model.errata import Erratum
from kolaps_print.model.gamedata import GameData, load_game_data
from kolaps_print.rulebook.crossrefs import check_anchors, check_references, read_sources
from kolaps_print.rulebook.markdown import Chapter, ListBlock, Quote, TableBlock, parse_chapter
from kolaps_print.rulebook.report import ConsistencyReport, consistency_report, load_demo_armies
from kolaps_print.rulebook.sources import BookSources, Edition, edition_of, read_book, source_hash
from kolaps_print.rulebook.templating import NO_DEMO, Demo, check_syntax, make_environment, render_chapter
from kolaps_print.rulebook.usage import Usage

if TYPE_CHECKING:  # the other rulesets' models are imported for their books only (start-up time)
    from kolaps_print.model.ruleset_load import Ruleset

T = TypeVar("T")


@dataclass
class CheckedBook:
    """The sources read, rendered, parsed and cross-checked: everything but the layout."""

    sources: BookSources
    edition: Edition
    chapters: list[Chapter]  # this edition's, in order
    tables: dict[str, TableContent]
    report: ConsistencyReport
    unresolved: frozenset[str]  # anchors this edition leaves out
    digest: str  # short hash of templates and data
    data: GameData | None  # KOLAPS's game data; None for another ruleset's book
    armies: list[ArmyBook]  # the demo armies (data/rulesets/kolaps/armies), for the proof's list of marks
    ruleset: Ruleset | None = None  # the ruleset a book of data/rulesets/<id>/ prints (issue 13)

    @property
    def errata(self) -> list[Erratum]:
        """The errata this book's rulings mark: KOLAPS's data/rulesets/kolaps/errata.yaml, or the ruleset's own."""
        if self.ruleset is not None:
            return list(self.ruleset.errata)
        assert self.data is not None
        return self.data.errata

    @property
    def readings(self) -> dict[str, str]:
        return self.data.readings if self.data is not None else {}


def check_book(
    templates: Path,
    data_dir: Path,
    edition: str,
    strict: bool,
    scenario_id: str | None = None,
    data: GameData | None = None,
) -> CheckedBook:
    """Located errors for bad sources, then the consistency report (strict: findings are errors).
    data: data_dir's game data when the caller has it loaded already (the kit, within one build);
    otherwise read here, afresh (--watch must see an edit)."""
    digest = source_hash(templates, data_dir)  # first: the renders kept are keyed by the data folder's (kept_renders)
    sources, edition_spec, names, data, armies, parsed = _read_sources(templates, data_dir, edition, scenario_id, data)
    chapters = [c for c, _ in parsed]
    in_edition = chapters[: len(edition_spec.chapters)]
    usage = Usage()
    for _, u in parsed[: len(edition_spec.chapters)]:
        usage.merge(u)
    source_of = read_sources(sources.folder, sources.display, names)
    unresolved = check_references(in_edition, check_anchors(chapters, source_of), source_of)
    tables = _tables(in_edition, data)
    report = consistency_report(
        data,
        usage,
        unresolved,
        resources.kolaps_folder(data_dir) / "armies",
        f"{sources.display}/book.yaml",
        edition_spec.coverage,
    )
    report.raise_if_strict(strict)
    return CheckedBook(
        sources,
        edition_spec,
        in_edition,
        tables,
        report,
        frozenset(u.anchor for u in unresolved),
        digest,
        data,
        armies,
    )


def _every_chapter(sources: BookSources, edition: Edition) -> list[str]:
    """The edition's chapters first, then the other editions' (for anchor checks), each once."""
    names = list(edition.chapters)
    for other in sources.spec.editions.values():
        names += [n for n in other.chapters if n not in names]
    return names


def _parse_chapters(
    sources: BookSources,
    names: list[str],
    data: GameData | None,
    edition_id: str,
    army_weapons: list,
    report: Report,
    demo: Demo = NO_DEMO,
) -> list[tuple[Chapter, Usage]]:
    """Render and parse every chapter; each one's errors go to report, so one run shows every
    broken chapter. Without game data (it is broken) the chapters are only syntax-checked."""
    env = make_environment(sources.folder)
    out = []
    for name in names:
        if data is None:
            report.extend(check_syntax(env, sources, name))
            continue
        try:
            rendered = render_chapter(env, sources, name, data, edition_id, army_weapons, demo)
            out.append((parse_chapter(rendered, Path(name).name.split(".")[0]), rendered.usage))
        except KolapsError as exc:
            report.extend(exc.diagnostics)
    return out


def _gather(report: Report, read: Callable[[], T]) -> T | None:
    """read()'s result, or None with its errors added to report (the build goes on checking)."""
    try:
        return read()
    except KolapsError as exc:
        report.extend(exc.diagnostics)
        return None


def _tables(chapters: list[Chapter], data: GameData) -> dict[str, TableContent]:
    report = Report()
    names = []
    for chapter in chapters:
        for block in _table_blocks(chapter.blocks):
            if block.name not in TABLE_NAMES:
                report.add(
                    Diagnostic(
                        chapter.file,
                        block.line,
                        1,
                        "error",
                        f"unknown table '{block.name}'{did_you_mean(block.name, TABLE_NAMES)}",
                    )
                )
            elif block.name not in names:
                names.append(block.name)
    report.raise_if_errors()
    return {n: build_table(n, data) for n in names}


def _table_blocks(blocks: list) -> list[TableBlock]:
    found = []
    for b in blocks:
        if isinstance(b, TableBlock):
            found.append(b)
        elif isinstance(b, Quote):
            found += _table_blocks(b.blocks)
        elif isinstance(b, ListBlock):
            for item in b.items:
                found += _table_blocks(item)
    return found


def _demo(data: GameData, armies: list[ArmyBook], scenario_id: str | None, report: Report) -> Demo:
    """The scenario, its two armies and its worked attack; an example naming what is not there
    is reported in the scenario's file."""
    scenario = data.scenario(scenario_id)
    if scenario is None:
        return NO_DEMO
    by_file = {Path(a.file).stem: a for a in armies}
    try:
        example = worked_attack(scenario, by_file, data.rules, data.readings.get("full_location_test", "on_fill"))
    except ExampleError as exc:
        where, message = exc.args
        doc = next(d for d in data.documents if Path(d.file).as_posix().endswith(f"scenarios/{scenario.id}.yaml"))
        report.add(doc.diagnostic(where, message))
        return Demo(scenario, [], None)
    return Demo(scenario, [by_file[s] for s in scenario.sides], example)


def _read_sources(
    templates: Path, data_dir: Path, edition_id: str, scenario_id: str | None = None, given: GameData | None = None
) -> tuple[BookSources, Edition, list[str], GameData, list[ArmyBook], list[tuple[Chapter, Usage]]]:
    """book.yaml, the game data and every chapter, all checked before stopping on an error:
    (sources, edition, chapter names, game data, demo armies, parsed chapters)."""
    report = Report()
    book = _gather(report, lambda: read_book(templates))
    data = given if given is not None else _gather(report, lambda: load_game_data(data_dir))
    edition = _gather(report, lambda: edition_of(book[0], edition_id)) if book else None
    if book is None or edition is None:
        report.raise_if_errors()
    assert book is not None and edition is not None  # else _gather reported an error, raised just above
    sources, unreadable = book
    report.extend(unreadable.values())
    names = [n for n in _every_chapter(sources, edition) if n not in unreadable]
    if data and scenario_id is not None and data.scenario(scenario_id) is None:
        report.add(Diagnostic("<options>", 1, 1, "error", data.unknown_scenario(scenario_id)))
    armies = load_demo_armies(data, resources.kolaps_folder(data_dir) / "armies")[0] if data else []
    demo = _demo(data, armies, scenario_id, report) if data else NO_DEMO
    parsed = _parse_chapters(
        sources, names, data, edition_id, [w for a in armies for w in a.army.weapons], report, demo
    )
    report.raise_if_errors()
    assert data is not None  # else its errors were raised just above
    return sources, edition, names, data, armies, parsed
