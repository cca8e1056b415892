"""The rulebook PDF: chapters (Markdown + Jinja) and game data in, a finished book out.

build_rulebook(options) -> RulebookResult(pdf, pages, report); write_rulebook(output, options)
writes it atomically. Bad input raises KolapsError (located); nothing is written.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from kolaps_print import resources
from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.fonts.printable import unprintable_message
from kolaps_print.jobs.cards import build_cards
from kolaps_print.jobs.rulebook_files import edition_file
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label, overriding_labels
from kolaps_print.layout.sheets import paper_name, sheets
from kolaps_print.model.army_book import ArmyBook
from kolaps_print.model.choices import KOLAPS
from kolaps_print.model.gamedata import GameData
from kolaps_print.rulebook.balance_cache import sources_key
from kolaps_print.rulebook.build import Printing, lay_out_book
from kolaps_print.rulebook.check import CheckedBook, check_book
from kolaps_print.rulebook.flowables import HeadingPlace
from kolaps_print.rulebook.proof_pages import MarkedPage, face_marks, failed_product, product_marks
from kolaps_print.rulebook.report import ConsistencyReport, trait_page_findings
from kolaps_print.rulebook.sources import read_book
from kolaps_print.write import PDF, planned_output, source_inputs

if TYPE_CHECKING:  # the other rulesets' models are imported for their books only (start-up time)
    from kolaps_print.model.ruleset_load import Ruleset

OUTPUT_ROOT = Path("output")


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
    scenario: str | None = (
        None  # a scenario of data/rulesets/kolaps/scenarios, printed by the quick-start; default: the first
    )
    print_shop: bool = False  # PDF/X-4, trim and bleed boxes, the cover bled (data/layouts/sheets.yaml's bleed)
    ruleset: str | None = None  # another game system's short book (data/rulesets/ID, templates/rulesets/ID)


@dataclass
class RulebookResult:
    pdf: bytes
    pages: int
    report: ConsistencyReport
    headings: list[HeadingPlace] = field(default_factory=list)  # where each heading landed
    source_hash: str = ""
    passes: int = 1
    path: Path | None = None  # where write_rulebook wrote it


def _ruleset(options: RulebookOptions) -> str | None:
    """The other game system this book is for; None for KOLAPS."""
    return options.ruleset if options.ruleset not in (None, KOLAPS) else None


@contextlib.contextmanager
def _folders_of(options: RulebookOptions) -> Iterator[tuple[Path, Path]]:
    """--templates and --data chosen for every reader (rules, labels, layouts) in the block:
    yields the rulebook folder (with book.yaml) and the data folder. A ruleset's book reads
    templates/rulesets/<id>/ unless --templates names its folder."""
    with resources.folders(data=options.data, rulebook=options.templates):
        ruleset = _ruleset(options)
        if ruleset is not None and options.templates is None:
            yield resources.ruleset_templates(ruleset), resources.data_dir()
        else:
            yield resources.rulebook_dir(), resources.data_dir()


def source_folders(options: RulebookOptions) -> list[Path]:
    """What --watch watches: the chapters and the game data."""
    with _folders_of(options) as folders:
        return list(folders)


def editions(options: RulebookOptions) -> tuple[str, ...]:
    """The editions the book.yaml in use defines (KolapsError if it cannot be read)."""
    with _folders_of(options) as (templates, _):
        return tuple(read_book(templates)[0].spec.editions)


def unknown_scenario(options: RulebookOptions) -> str | None:
    """The message for a --scenario the data folder in use does not hold (None: it holds it, or
    none was asked); KolapsError if the data cannot be read."""
    from kolaps_print.model.gamedata import load_game_data

    if options.scenario is None:
        return None
    with _folders_of(options) as (_, data_dir):
        data = load_game_data(data_dir)
    return None if data.scenario(options.scenario) else data.unknown_scenario(options.scenario)


def default_output(options: RulebookOptions) -> Path:
    """output/rulebook.pdf, output/quickstart.pdf; a ruleset's: output/rulebook-<id>.pdf."""
    ruleset = _ruleset(options)
    if ruleset is not None:
        name = edition_file(options.edition)
        return OUTPUT_ROOT / f"{Path(name).stem}-{ruleset}.pdf"
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


def build_rulebook(options: RulebookOptions = RulebookOptions(), data: GameData | None = None) -> RulebookResult:
    """Render, check and lay out the book; raise KolapsError on bad sources or (strict) findings.
    data: the game data of the data folder options name, when the caller loaded it already (the
    kit, for its armies and sheet: the same build, so not read twice); None: read afresh."""
    with _folders_of(options) as (templates, data_dir):  # --data: its labels and layouts too, not only its rules
        _check_paper(options.paper)  # a paper of the data folder in use
        _check_version(options.version)
        book, marks = _checked(options, templates, data_dir, data)
        bleed = sheets().print_shop.bleed if options.print_shop else 0.0
        printing = Printing(options.paper, options.proof, options.version, options.date, bleed)
        key = _handout_key(options, templates, data_dir) if book.edition.form == "handout" else None
        with overriding_labels(book.ruleset.labels_file if book.ruleset else None):
            result = lay_out_book(book, printing, marks, key)
        _check_trait_pages(options, book, result.registry.headings)
    pdf = _press_ready(result.pdf, bleed) if options.print_shop else result.pdf
    return RulebookResult(pdf, result.pages, book.report, result.registry.headings, book.digest, result.passes)


def _press_ready(pdf: bytes, bleed: float) -> bytes:
    from kolaps_print.write.pdfx import press_ready  # pypdf: imported for a print shop's copy only

    return press_ready(pdf, bleed)


def _handout_key(options: RulebookOptions, templates: Path, data_dir: Path) -> str | None:
    """What a quick-start is made from, for its balanced pages kept between runs: every file it
    may read (its templates, the templates folder, the data folder) and the options."""
    return sources_key((templates, resources.templates_dir(), data_dir), options)


def _check_trait_pages(options: RulebookOptions, book: CheckedBook, headings: list[HeadingPlace]) -> None:
    """The full book, laid out, says where each trait is explained: a page the cards print
    otherwise (traits.yaml book_pages) is a finding, known only now (an error with --strict)."""
    if book.data is None or options.edition != "full":
        return
    found = trait_page_findings(book.data, paper_name(options.paper), {h.anchor: h.page for h in headings})
    book.report.findings.extend(found)
    if options.strict and found:
        raise KolapsError([f.diagnostic.as_error(" (--strict)") for f in found])


def _checked(
    options: RulebookOptions, templates: Path, data_dir: Path, data: GameData | None = None
) -> tuple[CheckedBook, list[MarkedPage]]:
    """The book checked, and for a proof the other products' marks."""
    ruleset = _ruleset(options)
    if ruleset is not None:
        from kolaps_print.rulebook.ruleset_book import check_ruleset_book

        rules = _find_ruleset(ruleset)
        with overriding_labels(rules.labels_file):
            book = check_ruleset_book(templates, rules, options.edition, options.strict)
        return book, ruleset_marks_elsewhere(rules) if options.proof else []
    book = check_book(templates, data_dir, options.edition, options.strict, options.scenario, data)
    assert book.data is not None  # KOLAPS's book reads its game data
    return book, marks_elsewhere(book.data, book.armies, _quickstart(options, book)) if options.proof else []


def _find_ruleset(ruleset_id: str) -> Ruleset:
    from kolaps_print.model.ruleset_load import find_ruleset

    try:
        return find_ruleset(ruleset_id)
    except ValueError as exc:  # a library caller's typo (the command line checks it first)
        raise KolapsError([Diagnostic("<options>", 1, 1, "error", str(exc))]) from None


def ruleset_marks_elsewhere(ruleset: Ruleset) -> list[MarkedPage]:
    """A ruleset's other products' marks « † D100-En »: its sheet, its reference cards (by face)
    and its demo armies' cards."""
    from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards, build_ruleset_sheet
    from kolaps_print.model.ruleset_army import load_ruleset_army
    from kolaps_print.model.ruleset_choice import read_army_ruleset

    builds: list[tuple[str, Callable[[], bytes], Callable[[str, bytes], list[MarkedPage]]]] = [
        (label("rulebook.marks.sheet"), lambda: build_ruleset_sheet(ruleset.id).pdf, product_marks),
        (
            label("rulebook.marks.reference_cards"),
            lambda: build_ruleset_reference_cards(ruleset.id).pdf,
            face_marks,
        ),
    ]
    for path in sorted((ruleset.folder / "armies").glob("*.yaml")):
        try:
            army = load_ruleset_army(read_army_ruleset(path)[0], ruleset)
        except KolapsError:  # `check --ruleset` says why; the proof lists it as not printable
            builds.append((label("rulebook.marks.army_cards", army=path.stem), _unprintable, product_marks))
            continue
        builds.append(
            (label("rulebook.marks.army_cards", army=army.name), partial(_ruleset_cards_pdf, army), product_marks)
        )
    return _read_marks(builds)


def _unprintable() -> bytes:
    raise KolapsError([])


def _ruleset_cards_pdf(army) -> bytes:
    from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

    return build_ruleset_cards(army).pdf


QUICKSTART = "quickstart"


def _quickstart(options: RulebookOptions, book) -> Callable[[], bytes] | None:
    """How to build the quick-start from the same sources, for the proof's marks page (None: no such edition)."""
    if options.edition == QUICKSTART or QUICKSTART not in book.sources.spec.editions:
        return None
    return lambda: build_rulebook(replace(options, edition=QUICKSTART, proof=False, strict=False, print_shop=False)).pdf


def _cards_pdf(army: ArmyBook) -> Callable[[], bytes]:
    return lambda: build_cards(army).pdf


def marks_elsewhere(
    data: GameData, armies: list[ArmyBook], quickstart: Callable[[], bytes] | None = None
) -> list[MarkedPage]:
    """The marks « † En » of the other products: quick-start, sheet, reference cards (by face), demo armies' cards.

    A product that cannot be printed from this data (a sheet that overflows) has its own command
    to say why; here it is listed as impossible to print, never as a product without marks.
    """
    builds: list[tuple[str, Callable[[], bytes], Callable[[str, bytes], list[MarkedPage]]]] = []
    if quickstart:
        builds.append((label("rulebook.marks.quickstart"), quickstart, product_marks))
    builds += [
        (label("rulebook.marks.sheet"), lambda: build_reference(TablesOptions(), data).pdf, product_marks),
        (
            label("rulebook.marks.reference_cards"),
            lambda: build_reference(TablesOptions(format="cards"), data).pdf,
            face_marks,
        ),
    ]
    builds += [(label("rulebook.marks.army_cards", army=a.army.name), _cards_pdf(a), product_marks) for a in armies]
    return _read_marks(builds)


def _read_marks(
    builds: list[tuple[str, Callable[[], bytes], Callable[[str, bytes], list[MarkedPage]]]],
) -> list[MarkedPage]:
    found: list[MarkedPage] = []
    for product, build, read in builds:
        try:
            found += read(product, build())
        except KolapsError:  # its own command says why, in English; the proof says it in French
            found.append(failed_product(product))
    return found


def write_rulebook(output: Path | str | None = None, options: RulebookOptions = RulebookOptions()) -> RulebookResult:
    """Build, then write atomically to output (default: output/<edition file>)."""
    with _folders_of(options) as (templates, data):
        out = planned_output(
            output or default_output(options), PDF, source_inputs(data, templates)
        )  # before the slow part
    result = build_rulebook(options)
    result.path = out.write(result.pdf)
    return result
