"""A checked book laid out: page furniture (cover, running title, proof stamp), the proof's
appendix, and the layout passes, on the paper asked for."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from kolaps_print import __version__
from kolaps_print.fonts import CREDITS
from kolaps_print.labels import label
from kolaps_print.numbers import date_words, version_line
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.balance_cache import kept_fits
from kolaps_print.rulebook.book import Furniture, LayoutResult, layout
from kolaps_print.rulebook.check import CheckedBook
from kolaps_print.rulebook.handout import (
    HANDOUT_PAGES,
    HandoutDoc,
    handout_story_factory,
    too_long,
)
from kolaps_print.rulebook.handout_balance import page_fits
from kolaps_print.rulebook.handout_look import handout_layout
from kolaps_print.rulebook.pages import Cover, HandoutBand, ProofStamp
from kolaps_print.rulebook.proof_pages import MarkedPage, OwnMarks, ProofAppendix
from kolaps_print.rulebook.repeats import notes_unrepeated
from kolaps_print.rulebook.story import StoryInput, make_story_factory
from kolaps_print.typography import french
from kolaps_print.write.pdf import PdfMeta

if TYPE_CHECKING:  # the pacing page is a proof's only: imported when one is made (start-up time)
    from kolaps_print.rulebook.pacing_page import DemoPacing


@dataclass(frozen=True)
class Printing:
    """How this copy of the book is printed (the job's options, checked)."""

    paper: str
    proof: bool  # stamp every page, add the consistency report and the appendix
    version: str | None  # default: book.yaml
    date: dt.date | None  # default: book.yaml
    bleed_mm: float = 0.0  # the cover painted past the trim, for a print shop


def lay_out_book(
    book: CheckedBook, printing: Printing, marks_elsewhere: list[MarkedPage], sources_key: str | None = None
) -> LayoutResult:
    """marks_elsewhere: the other products' marks « † En », listed by the proof's appendix.
    sources_key: a key for everything the book is made from (rulebook/balance_cache.py), under
    which a quick-start's balanced pages are kept between runs; None: searched every time."""
    book = replace(book, tables=notes_unrepeated(book.chapters, book.tables))  # no sentence printed twice
    if book.edition.form == "handout":
        return _lay_out_handout(book, printing, sources_key)
    furniture, meta = _furniture(book, printing)
    appendix = _proof_appendix(book, marks_elsewhere) if printing.proof else None
    shape = st.rulebook_layout()
    story = StoryInput(
        book.chapters,
        book.tables,
        book.unresolved,
        book.report if printing.proof else None,
        appendix,
        _credits(book, printing) if book.edition.credits else None,
        shape.pages_multiple_of if book.edition.credits else 1,
        book.edition.index,
        _pacing(book) if printing.proof else None,
    )
    geometry = st.page_geometry(printing.paper)
    return layout(
        make_story_factory(story, geometry), geometry, meta, furniture, appendix.own.observe if appendix else None
    )


def _pacing(book: CheckedBook) -> DemoPacing:
    """The demo's pacing, on a proof's report page (imported for a proof only: start-up time)."""
    from kolaps_print.rulebook.pacing_page import demo_pacing

    return demo_pacing(book.data, book.armies) if book.data is not None else None


def _furniture(book: CheckedBook, printing: Printing) -> tuple[Furniture, PdfMeta]:
    spec = book.sources.spec
    version = printing.version or spec.version
    day = printing.date or spec.date
    date, line = date_words(day), version_line(version, day)
    title = label("rulebook.book.running_title", title=spec.title, subtitle=spec.subtitle, edition=book.edition.title)
    stamp = ProofStamp(
        label("rulebook.proof.stamp", version=version, date=date, hash=book.digest), label("rulebook.proof.watermark")
    )
    cover = Cover(
        spec.title,
        spec.subtitle,
        label("rulebook.book.kicker"),
        book.edition.title,
        line,
        printing.bleed_mm,
        _byline() if book.edition.credits and book.ruleset is None else "",  # KOLAPS's own books
    )
    subject = (
        label("rulesets.book.subject", name=book.ruleset.spec.name)
        if book.ruleset is not None
        else label("rulebook.book.subject", game=label("common.game"))
    )
    meta = PdfMeta(title=title, subject=subject, keywords=line)
    return Furniture(title, cover, stamp if printing.proof else None), meta


def _author() -> str:
    """The game's designer, as the book names them (the draft gives no name to print)."""
    return label("rulebook.book.author", game=label("common.game"))


def _byline() -> str:
    return label("rulebook.book.byline", game=label("common.game"))


def _credits(book: CheckedBook, printing: Printing) -> list[str]:
    """The credits' paragraphs, title first, in French: KOLAPS's, or a ruleset booklet's."""
    spec = book.sources.spec
    edition = label(
        "rulebook.credits.edition",
        title=spec.title,
        subtitle=spec.subtitle,
        edition=book.edition.title,
        version=printing.version or spec.version,
        date=date_words(printing.date or spec.date),
    )
    if book.ruleset is not None:
        texts = [
            label("rulebook.credits.title"),
            edition,
            label("rulesets.book.credits.system", name=book.ruleset.spec.name),
            label("rulesets.book.credits.errata"),
            label("rulesets.book.credits.made", tool=__version__, hash=book.digest),
            _fonts(),
        ]
    else:
        texts = [
            label("rulebook.credits.title"),
            edition,
            label("rulebook.credits.author", author=_author()),
            label("rulebook.credits.copyright", year=(printing.date or spec.date).year, author=_author()),
            label("rulebook.credits.made", tool=__version__, hash=book.digest),
            _fonts(),
            label("rulebook.credits.errata"),
            label("rulebook.credits.rights", game=label("common.game")),
        ]
    return [french(text) for text in texts]


def _fonts() -> str:
    """The book's two faces, their makers and licences (the fonts ship with their licences)."""
    (serif, serif_by, serif_licence), (sans, sans_by, sans_licence) = CREDITS["KSerif"], CREDITS["KSans"]
    return label(
        "rulebook.credits.fonts",
        serif=serif,
        serif_by=serif_by,
        serif_licence=serif_licence,
        sans=sans,
        sans_by=sans_by,
        sans_licence=sans_licence,
    )


def _lay_out_handout(book: CheckedBook, printing: Printing, sources_key: str | None = None) -> LayoutResult:
    """The quick-start: one sheet folded to four pages; a proof only stamps it (no report pages)."""
    furniture, meta = _furniture(book, printing)
    look = handout_layout()
    spec = book.sources.spec
    band = HandoutBand(spec.title, spec.subtitle, book.edition.title, meta.keywords, look.band, look.margin)
    furniture = replace(furniture, cover=band)
    geometry = st.page_geometry(printing.paper)
    fits = kept_fits(sources_key, lambda: page_fits(book.chapters, book.tables, book.unresolved, geometry))
    balanced = type(HandoutDoc.__name__, (HandoutDoc,), {"fits": fits})  # its columns end level

    def lay_out(blank_pages: int) -> LayoutResult:
        story = handout_story_factory(book.chapters, book.tables, book.unresolved, geometry, blank_pages, fits)
        return layout(story, geometry, meta, furniture, doc_class=balanced)

    result = lay_out(0)
    if result.pages > HANDOUT_PAGES:
        raise too_long(result.pages, f"{book.sources.display}/book.yaml")
    return result if result.pages == HANDOUT_PAGES else lay_out(HANDOUT_PAGES - result.pages)


def _proof_appendix(book: CheckedBook, marks_elsewhere: list[MarkedPage]) -> ProofAppendix:
    return ProofAppendix(book.errata, book.readings, marks_elsewhere, OwnMarks(book.edition.title))
