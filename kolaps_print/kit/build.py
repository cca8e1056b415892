"""Demo-day kits: `kolaps-print kit demo.yaml` makes everything a convention table needs.

The kit's library API (in kolaps_print.api with the jobs'). It sits above jobs/: a kit is a
job made of jobs (cards, tables, rulebook), and no job imports the kit.

build_kit(kit_file, output) validates the kit file and every army (all problems in one
KolapsError, nothing written), makes every document in memory, then writes the folder
atomically: each army's cards, the reference sheet, the rulebook or quick-start, the
tokens sheet, the print runs (kit-carton.pdf and kit-papier.pdf: every document of every
table on that stock, in print order, with copies), previews/ (a 300 dpi PNG of every card
face), packing-list.md and <stem>.zip. Every page carries the kit's stamp.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from kolaps_print import resources
from kolaps_print.diagnostics import Diagnostic, fail_on_warnings
from kolaps_print.impose import Side
from kolaps_print.kit import cards as kit_cards
from kolaps_print.kit.archive import write_zip
from kolaps_print.kit.assemble import KitSection, kept_assemble
from kolaps_print.kit.documents import kit_parts
from kolaps_print.kit.kept_documents import kept_cards, kept_undated_cards
from kolaps_print.kit.kept_pdfs import KeptPdfs, pdf_and_pages
from kolaps_print.kit.kitfile import Kit, load_kit
from kolaps_print.kit.packing import PackingList, packing_list, to_markdown
from kolaps_print.kit.parts import RUN_FILES, KitPart, Stock
from kolaps_print.kit.previews import render_pages
from kolaps_print.kit.stamp import Stamper, card_stamps, data_hash, stamp_text
from kolaps_print.labels import label
from kolaps_print.write import Inputs, build_atomically, check_folder, source_inputs, write_atomically
from kolaps_print.write.folder import written_files

OUTPUT_ROOT = Path("output")
PACKING_MD = "packing-list.md"
PREVIEWS = "previews"


@dataclass(frozen=True)
class PrintRun:
    """One stock's file: every document printed on it, for every table."""

    filename: str
    stock: Stock
    pdf: bytes
    sections: list[KitSection]  # where each document landed

    @property
    def pages(self) -> int:
        return sum(s.pages for s in self.sections)


@dataclass
class KitResult:
    folder: Path
    files: list[str]  # relative to folder, sorted, the zip included
    runs: list[PrintRun]  # kit-carton.pdf, kit-papier.pdf
    parts: list[KitPart]
    previews: list[str]
    stamp: str
    warnings: list[Diagnostic] = field(default_factory=list)

    zip_name: str = ""


def default_folder(kit_file: Path | str) -> Path:
    return OUTPUT_ROOT / Path(kit_file).stem


def _run_parts(parts: list[KitPart]) -> dict[Stock, list[KitPart]]:
    """Each stock's documents in print order; the paper run always (the packing list is on it)."""
    runs = {stock: [p for p in parts if p.in_run and p.stock == stock] for stock in RUN_FILES}
    return {stock: found for stock, found in runs.items() if found or stock == "plain"}


def _run_pages(stock: Stock, parts: list[KitPart], tables: int, packing_pages: int) -> int:
    lead = packing_pages + packing_pages % 2 if stock == "plain" else 0
    return lead + tables * sum(p.printed_pages() * p.per_table for p in parts)


def _packing_part(kit: Kit, parts: list[KitPart], stamp: str, stamper: Stamper) -> tuple[PackingList, KitPart]:
    """The packing list states the paper run's page count, which includes the list itself:
    lay it out until the count it states is the count it produces (one round in practice)."""
    pages, runs = 1, _run_parts(parts)
    for _ in range(4):
        counts = {RUN_FILES[s]: _run_pages(s, found, kit.spec.tables, pages) for s, found in runs.items()}
        pl = packing_list(kit, parts, stamp, counts)
        pdf, produced = _packing_pdf(pl, kit.spec.paper, stamper)
        if produced == pages:
            break
        pages = produced
    part = KitPart(
        "packing",
        label("kit.packing.documents.packing"),
        PACKING_MD,
        stamper.stamped(pdf)[0],
        produced,
        1,
        "long",
        "plain",
    )
    return pl, part


def _packing_pdf(pl: PackingList, paper: str, stamper: Stamper) -> tuple[bytes, int]:
    """The packing list's pages, or those an earlier run made from the same list (its texts)."""

    def made() -> tuple[bytes, int]:
        from kolaps_print.kit.packing_page import packing_pdf  # platypus: not imported when kept

        return packing_pdf(pl, paper)

    return stamper.kept.get("packing", (repr(pl), paper), made, lambda made: made, pdf_and_pages)


def _print_runs(kit: Kit, packing: KitPart, parts: list[KitPart], stamper: Stamper) -> list[PrintRun]:
    runs = []
    for stock, found in _run_parts(parts).items():
        title = f"{kit.spec.name} — {label(f'kit.packing.stocks.{stock}')}"
        lead = packing if stock == "plain" else None
        pdf, sections = kept_assemble(
            lead, found, kit.spec.tables, stamper, title, lambda n: label("kit.table", number=n)
        )
        runs.append(PrintRun(RUN_FILES[stock], stock, pdf, sections))
    return runs


def _army_files(kit: Kit) -> list[tuple[Path, int]]:
    """Each army file once (a mirror match lists one twice), with its first index, in kit order."""
    first = {path: i for i, path in reversed(list(enumerate(kit.army_paths)))}
    return sorted(first.items(), key=lambda item: item[1])


def _preview_jobs(kit: Kit, stamper: Stamper) -> list[tuple[bytes, list[str]]]:
    """Per army file: its backs, then its fronts, each a one-face-per-page PDF with the PNG name
    of each page (_army_faces)."""
    return [job for path, i in _army_files(kit) for job in _army_faces(kit, kit.books[i], path, stamper)]


def _preview_names(kit: Kit) -> list[str]:
    """The previews as the folder lists them: each army's cards in turn, recto then verso."""
    return [
        f"{PREVIEWS}/{name}" for path, i in _army_files(kit) for name in kit_cards.face_names(kit.books[i], path.stem)
    ]


FACES_IN_TURN: tuple[Side, ...] = ("back", "front")


def _army_faces(kit: Kit, book: kit_cards.Army, path: Path, stamper: Stamper) -> list[tuple[bytes, list[str]]]:
    """The army's backs, then its fronts, each kept from an earlier run when its army, portraits
    and options are the same. Only the fronts carry the kit's date (in their footer): a re-dated
    kit keeps the backs' PDF and their pictures (write/png_cache.py), and makes its fronts alone.
    The backs print no stamp and are kept without it (tests/kit/test_kept_faces.py); when they
    are made, the fronts are made from the same layout."""
    size, portraits = kit.spec.cards.size, kit_cards.army_portraits(book)
    pending: dict[Side, bytes] = {}

    def made(side: Side) -> tuple[bytes, list[Diagnostic]]:
        if side not in pending:
            later = FACES_IN_TURN[FACES_IN_TURN.index(side) :]
            pdfs = kit_cards.card_face_sides(book, size, stamper.card, kit.edition, stamper.card_short, later)
            pending.update(zip(later, pdfs, strict=True))
        return pending.pop(side), []

    def made_fronts() -> tuple[bytes, list[Diagnostic]]:
        """An army whose footer has no room for the date prints the same fronts on every date."""
        options = kit_cards.face_options(size, stamper.card, kit.edition, stamper.card_short)
        short, dated = stamper.card_short, lambda: kit_cards.prints_date(book, options)
        return kept_undated_cards(
            stamper.kept, "faces:front", path, portraits, short, (size, kit.edition), dated, lambda: made("front")
        )

    return [
        (
            kept_cards(
                stamper.kept,
                f"faces:{side}",
                path,
                portraits,
                (size, stamper.card if side == "front" else "", kit.edition),
                made_fronts if side == "front" else functools.partial(made, side),
            )[0],
            kit_cards.face_names(book, path.stem, side),
        )
        for side in FACES_IN_TURN
    ]


def _write_folder(
    folder: Path,
    kit: Kit,
    parts: list[KitPart],
    runs: list[PrintRun],
    markdown: str,
    previews: list[tuple[bytes, list[str]]],
) -> list[str]:
    for part in parts:
        write_atomically(folder / part.filename, part.pdf)
    for run in runs:
        write_atomically(folder / run.filename, run.pdf)
    write_atomically(folder / PACKING_MD, markdown.encode("utf-8"))
    for pdf, pngs in previews:
        render_pages(pdf, pngs, folder / PREVIEWS)
    write_zip(folder, folder / f"{kit.stem}.zip", kit.stem)
    return _preview_names(kit)


def _sources(kit: Kit) -> Inputs:
    """What the kit reads: a folder holding one of them is never replaced."""
    inputs = source_inputs(templates=resources.templates_dir()).plus([kit.file], "the kit file")
    pictures = [p for b in kit.books for p in kit_cards.army_portraits(b)]
    return inputs.plus(kit.army_paths, "an army file").plus(pictures, "a portrait")


def build_kit(kit_file: Path | str, output: Path | str | None = None, strict: bool = False) -> KitResult:
    """Validate, make every document in memory, then write the kit folder atomically."""
    kit = load_kit(kit_file)
    fail_on_warnings(kit.warnings, strict)  # before the slow part
    target = Path(output) if output is not None else default_folder(kit_file)
    sources = _sources(kit)
    check_folder(target, sources)  # before the slow part
    hash_ = data_hash(kit)
    stamp = stamp_text(kit, hash_)
    card, card_short = card_stamps(kit)
    stamper = Stamper(stamp, card, KeptPdfs(resources.data_dir()), card_short)
    parts, warnings = kit_parts(kit, stamper)
    fail_on_warnings(warnings, strict)
    pl, packing = _packing_part(kit, parts, stamp, stamper)
    runs = _print_runs(kit, packing, parts, stamper)
    previews = _preview_jobs(kit, stamper)
    preview_names = build_atomically(
        target, lambda tmp: _write_folder(tmp, kit, parts, runs, to_markdown(pl), previews), sources
    )
    files = written_files(target)
    return KitResult(
        target,
        files,
        runs,
        parts,
        preview_names,
        stamp,
        warnings,
        f"{kit.stem}.zip",
    )
