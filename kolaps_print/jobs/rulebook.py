"""The rulebook PDF: chapters (Markdown + Jinja) and game data in, a finished book out.

build_rulebook(options) -> RulebookResult(pdf, pages, report); write_rulebook(output, options)
writes it atomically. Bad input raises KolapsError (located); nothing is written.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from kolaps_print import resources
from kolaps_print.diagnostics import Diagnostic, KolapsError, Report, did_you_mean
from kolaps_print.content.tables import TABLE_NAMES, TableContent, build_table
from kolaps_print.labels import label
from kolaps_print.jobs.cards import build_cards
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.model.army_book import ArmyBook
from kolaps_print.layout.sheets import paper_name
from kolaps_print.model.gamedata import GameData, load_game_data
from kolaps_print.fonts.printable import unprintable_message
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.book import Furniture, layout
from kolaps_print.rulebook.crossrefs import check_anchors, check_references, read_sources
from kolaps_print.rulebook.flowables import Placed
from kolaps_print.rulebook.markdown import Chapter, ListBlock, Quote, TableBlock, parse_chapter
from kolaps_print.rulebook.pages import Cover, ProofStamp, french_date
from kolaps_print.rulebook.report import ConsistencyReport, consistency_report, load_demo_armies
from kolaps_print.rulebook.sources import BookSources, Edition, edition_of, read_book, source_hash
from kolaps_print.rulebook.proof_pages import MarkedPage, OwnMarks, ProofAppendix, product_marks
from kolaps_print.rulebook.story import StoryInput, make_story_factory
from kolaps_print.rulebook.templating import check_syntax, make_environment, render_chapter
from kolaps_print.rulebook.usage import Usage
from kolaps_print.write import PDF, PdfMeta, planned_output, source_inputs

OUTPUT_ROOT = Path("output")
T = TypeVar("T")


@dataclass(frozen=True)
class RulebookOptions:
    edition: str = "full"  # an edition of book.yaml: full, quickstart
    paper: str = "a4"  # a paper of data/layouts/sizes.yaml
    proof: bool = False  # stamp every page, add the consistency report page
    strict: bool = False  # any consistency finding is an error
    version: str | None = None  # default: book.yaml
    date: dt.date | None = None  # default: book.yaml (never the clock: reruns stay identical)
    templates: Path | None = None  # folder with book.yaml; default: resources.rulebook_dir()
    data: Path | None = None  # game data folder; default: resources.data_dir()


@dataclass
class RulebookResult:
    pdf: bytes
    pages: int
    report: ConsistencyReport
    headings: list[Placed] = field(default_factory=list)  # where each heading landed
    source_hash: str = ""
    passes: int = 1
    path: Path | None = None  # where write_rulebook wrote it


@contextlib.contextmanager
def _folders_of(options: RulebookOptions) -> Iterator[tuple[Path, Path]]:
    """--templates and --data chosen for every reader (rules, labels, layouts) in the block:
    yields the rulebook folder (with book.yaml) and the data folder."""
    with resources.folders(data=options.data, rulebook=options.templates):
        yield resources.rulebook_dir(), resources.data_dir()


def source_folders(options: RulebookOptions) -> list[Path]:
    """What --watch watches: the chapters and the game data."""
    with _folders_of(options) as folders:
        return list(folders)


def editions(options: RulebookOptions) -> tuple[str, ...]:
    """The editions the book.yaml in use defines (KolapsError if it cannot be read)."""
    with _folders_of(options) as (templates, _):
        return tuple(read_book(templates)[0].spec.editions)


def edition_file(edition: str) -> str:
    """An edition's file name: rulebook.pdf for the full rules, <edition>.pdf for another
    (quickstart.pdf), so building one never replaces the other."""
    if edition == "full":
        return "rulebook.pdf"
    return (re.sub(r"[^A-Za-z0-9_-]+", "-", edition).strip("-") or "edition") + ".pdf"  # book.yaml is not trusted


def default_output(options: RulebookOptions) -> Path:
    return OUTPUT_ROOT / edition_file(options.edition)


def _check_paper(paper: str) -> None:
    try:
        paper_name(paper)
    except ValueError as exc:
        raise KolapsError([Diagnostic("<options>", 1, 1, "error", str(exc))]) from None


def _check_version(version: str | None) -> None:
    """--book-version is printed on the cover and every proof page: the fonts must have its characters."""
    unprintable = unprintable_message(version) if version is not None else None
    if unprintable:
        raise KolapsError([Diagnostic("<options>", 1, 1, "error", unprintable, "--book-version")])


def _every_chapter(sources: BookSources, edition: Edition) -> list[str]:
    """The edition's chapters first, then the other editions' (for anchor checks), each once."""
    names = list(edition.chapters)
    for other in sources.spec.editions.values():
        names += [n for n in other.chapters if n not in names]
    return names


def _parse_chapters(sources: BookSources, names: list[str], data: GameData | None, edition_id: str,
                    army_weapons: list, report: Report) -> list[tuple[Chapter, Usage]]:
    """Render and parse every chapter; each one's errors go to report, so one run shows every
    broken chapter. Without game data (it is broken) the chapters are only syntax-checked."""
    env = make_environment(sources.folder)
    out = []
    for name in names:
        if data is None:
            report.extend(check_syntax(env, sources, name))
            continue
        try:
            rendered = render_chapter(env, sources, name, data, edition_id, army_weapons)
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
                report.add(Diagnostic(chapter.file, block.line, 1, "error", f"unknown table '{block.name}'{did_you_mean(block.name, TABLE_NAMES)}"))
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
    data: GameData
    armies: list[ArmyBook]  # the demo armies (data/armies), for the proof's list of marks


def check_book(options: RulebookOptions) -> CheckedBook:
    """Everything up to the layout: located errors for bad sources, the consistency report."""
    _check_paper(options.paper)
    _check_version(options.version)
    with _folders_of(options) as (templates, data_dir):
        return _check_sources(options, templates, data_dir)


def _read_sources(options: RulebookOptions, templates: Path, data_dir: Path
                  ) -> tuple[BookSources, Edition, list[str], GameData, list[ArmyBook], list[tuple[Chapter, Usage]]]:
    """book.yaml, the game data and every chapter, all checked before stopping on an error:
    (sources, edition, chapter names, game data, demo armies, parsed chapters)."""
    report = Report()
    book = _gather(report, lambda: read_book(templates))
    data = _gather(report, lambda: load_game_data(data_dir))
    edition = _gather(report, lambda: edition_of(book[0], options.edition)) if book else None
    if book is None or edition is None:
        report.raise_if_errors()
    sources, unreadable = book
    report.extend(unreadable.values())
    names = [n for n in _every_chapter(sources, edition) if n not in unreadable]
    armies = load_demo_armies(data, data_dir / "armies")[0] if data else []
    parsed = _parse_chapters(sources, names, data, options.edition, [w for a in armies for w in a.army.weapons], report)
    report.raise_if_errors()
    return sources, edition, names, data, armies, parsed


def _check_sources(options: RulebookOptions, templates: Path, data_dir: Path) -> CheckedBook:
    sources, edition, names, data, armies, parsed = _read_sources(options, templates, data_dir)
    chapters = [c for c, _ in parsed]
    in_edition = chapters[: len(edition.chapters)]
    usage = Usage()
    for _, u in parsed[: len(edition.chapters)]:
        usage.merge(u)
    source_of = read_sources(sources.folder, sources.display, names)
    unresolved = check_references(in_edition, check_anchors(chapters, source_of), source_of)
    tables = _tables(in_edition, data)
    report = consistency_report(data, usage, unresolved, data_dir / "armies", f"{sources.display}/book.yaml", edition.coverage)
    report.raise_if_strict(options.strict)
    return CheckedBook(sources, edition, in_edition, tables, report, frozenset(u.anchor for u in unresolved),
                       source_hash(templates, data_dir), data, armies)


def _furniture(book: CheckedBook, options: RulebookOptions) -> tuple[Furniture, PdfMeta]:
    spec = book.sources.spec
    version = options.version or spec.version
    date = french_date(options.date or spec.date)
    title = label("rulebook.book.running_title", title=spec.title, subtitle=spec.subtitle, edition=book.edition.title)
    stamp = ProofStamp(label("rulebook.proof.stamp", version=version, date=date, hash=book.digest), label("rulebook.proof.watermark"))
    cover = Cover(spec.title, spec.subtitle, label("rulebook.book.kicker"), book.edition.title,
                  label("rulebook.book.version_line", version=version, date=date))
    meta = PdfMeta(title=title, subject=label("rulebook.book.subject", game=label("common.game")),
                   keywords=label("rulebook.book.version_line", version=version, date=date))
    return Furniture(title, cover, stamp if options.proof else None), meta


def build_rulebook(options: RulebookOptions = RulebookOptions()) -> RulebookResult:
    """Render, check and lay out the book; raise KolapsError on bad sources or (strict) findings."""
    with _folders_of(options):  # --data: its labels and layouts too, not only its rules
        book = check_book(options)
        furniture, meta = _furniture(book, options)
        appendix = _proof_appendix(book) if options.proof else None
        story = StoryInput(book.chapters, book.tables, book.unresolved, book.report if options.proof else None, appendix)
        geometry = st.geometry(options.paper)
        result = layout(make_story_factory(story, geometry), geometry, meta, furniture,
                        appendix.own.observe if appendix else None)
    return RulebookResult(result.pdf, result.pages, book.report, result.registry.headings, book.digest, result.passes)


def _proof_appendix(book: CheckedBook) -> ProofAppendix:
    data = book.data
    return ProofAppendix(data.errata, data.readings, marks_elsewhere(data, book.armies), OwnMarks(book.edition.title))


def marks_elsewhere(data: GameData, armies: list[ArmyBook]) -> list[MarkedPage]:
    """The marks « † En » of the other products: the sheet, the reference cards, the demo armies' cards.

    A product that cannot be printed from this data (a sheet that overflows) has its own command
    to say why; here it simply lists nothing.
    """
    builds = [(label("rulebook.marks.sheet"), lambda: build_reference(TablesOptions(), data).pdf),
              (label("rulebook.marks.reference_cards"), lambda: build_reference(TablesOptions(format="cards"), data).pdf)]
    builds += [(label("rulebook.marks.army_cards", army=a.army.name), lambda a=a: build_cards(a).pdf) for a in armies]
    found: list[MarkedPage] = []
    for product, build in builds:
        try:
            found += product_marks(product, build())
        except KolapsError:
            continue
    return found


def write_rulebook(output: Path | str | None = None, options: RulebookOptions = RulebookOptions()) -> RulebookResult:
    """Build, then write atomically to output (default: output/<edition file>)."""
    with _folders_of(options) as (templates, data):
        out = planned_output(output or default_output(options), PDF, source_inputs(data, templates))  # before the slow part
    result = build_rulebook(options)
    result.path = out.write(result.pdf)
    return result
