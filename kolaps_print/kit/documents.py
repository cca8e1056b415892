"""The kit's documents, each made by its own job (cards, tables, rulebook) or by the kit
(tokens), stamped, and described for the packing list."""

from __future__ import annotations

from kolaps_print.diagnostics import Diagnostic
from kolaps_print.jobs.rulebook_files import edition_file
from kolaps_print.kit import cards as kit_cards
from kolaps_print.kit.kept_documents import kept_cards, kept_document, kept_from_files, kept_undated_cards
from kolaps_print.kit.kept_pdfs import pdf_and_pages
from kolaps_print.kit.kitfile import Kit
from kolaps_print.kit.parts import TOKENS_STOCK, KitPart
from kolaps_print.kit.stamp import Stamper
from kolaps_print.labels import label

# The paper twice the kit's, that the quick-start's four pages fold out of: the file's suffix
# (kit.packing.papers.folded_sheet names it in the packing list).
FOLDED_SHEET = {"a4": "a3", "letter": "tabloid"}


def _part(
    kind: str,
    title: str,
    filename: str,
    pdf: bytes,
    per_table: int,
    sides,
    stock,
    stamper: Stamper,
    folded: bool = False,
) -> KitPart:
    stamped, pages = stamper.stamped(pdf)
    return KitPart(kind, title, filename, stamped, pages, per_table, sides, stock, folded)


def _cards_filename(kit: Kit, index: int) -> str:
    """cards-<army file>.pdf; an army listed twice (a mirror match) gets -2, -3..."""
    stems = [p.stem for p in kit.army_paths]
    stem, seen = stems[index], stems[:index].count(stems[index])
    return f"cards-{stem}.pdf" if seen == 0 else f"cards-{stem}-{seen + 1}.pdf"


def cards_part(kit: Kit, index: int, book: kit_cards.Army, stamper: Stamper) -> tuple[KitPart, list[Diagnostic]]:
    cards, paper = kit.spec.cards, kit.spec.paper
    path, portraits, short = kit.army_paths[index], kit_cards.army_portraits(book), stamper.card_short
    options = kit_cards.home_options(paper, cards, stamper.card, kit.edition, short)

    def made() -> tuple[bytes, list[Diagnostic]]:
        return kept_undated_cards(
            stamper.kept,
            "home",
            path,
            portraits,
            short,
            (paper, repr(cards), kit.edition),
            lambda: kit_cards.prints_date(book, options),
            lambda: kit_cards.home_cards_pdf(book, paper, cards, stamper.card, kit.edition, short),
        )

    pdf, warnings = kept_cards(
        stamper.kept, "home", path, portraits, (paper, repr(cards), stamper.card, kit.edition), made
    )
    title = label("kit.packing.documents.cards", army=kit_cards.army_name(book))
    part = _part(
        "cards",
        title,
        _cards_filename(kit, index),
        pdf,
        1,
        kit_cards.sides(cards),
        "card_stock",
        stamper,
        folded=cards.layout == "fold",
    )
    return part, warnings


def reference_part(kit: Kit, stamper: Stamper) -> KitPart:
    if kit.ruleset is not None:  # another game system: its own sheet, portrait, page after page
        ruleset = kit.ruleset.id
        sheet = kept_document(stamper.kept, "ruleset-sheet", (ruleset, kit.spec.paper), lambda: _ruleset_sheet(kit))
        title = label("kit.packing.documents.reference")
        return _part("reference", title, "reference.pdf", sheet, kit.spec.players, "long", "plain", stamper)
    # A quick-start kit prints the demo's sheet: only the rules its tables play. Its header keeps the
    # rules' version and date, as the quick-start beside it; the kit's date is in the stamp (slug).
    reference = kept_document(stamper.kept, "reference", (kit.spec.paper, kit.edition), lambda: _reference(kit))
    # A landscape two-sided sheet: its back reads upright when flipped on the short edge.
    return _part(
        "reference",
        label("kit.packing.documents.reference"),
        "reference.pdf",
        reference,
        kit.spec.players,
        "short",
        "plain",
        stamper,
    )


def _ruleset_sheet(kit: Kit) -> bytes:
    from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet

    assert kit.ruleset is not None
    return build_ruleset_sheet(kit.ruleset.id, kit.spec.paper).pdf


def _reference(kit: Kit) -> bytes:
    from kolaps_print.jobs.tables import TablesOptions, build_reference  # not imported when kept

    return build_reference(TablesOptions(paper=kit.spec.paper, edition=kit.edition)).pdf


def rulebook_parts(kit: Kit, stamper: Stamper) -> list[KitPart]:
    """The rules the kit asks for; the quick-start twice: its four pages in reading order (in
    the paper run, on the kit's paper) and imposed on one sheet of twice the size, to fold (its own file)."""
    edition = kit.spec.rulebook
    if edition == "none":
        return []
    if kit.ruleset is not None:  # another game system: its short book, whichever edition is asked
        ruleset = kit.ruleset.id
        book = kept_document(stamper.kept, "ruleset-book", (ruleset, kit.spec.paper), lambda: _rulebook(kit, None))
        title = label("kit.packing.documents.ruleset_book", name=kit.ruleset.spec.name)
        return [_part("full", title, f"rulebook-{ruleset}.pdf", book, 1, "long", "plain", stamper)]
    inputs = (edition, kit.spec.paper, repr(kit.spec.scenario))
    book = kept_document(stamper.kept, "rulebook", inputs, lambda: _rulebook(kit, edition))
    title = label(f"kit.packing.documents.{edition}")
    filename = edition_file(edition)
    parts = [_part(edition, title, filename, book, 1, "long", "plain", stamper)]
    sheet = FOLDED_SHEET.get(kit.spec.paper)
    if edition == "quickstart" and sheet:
        parts.append(_folded_sheet_part(parts[0], sheet, kit.spec.paper, stamper))
    return parts


def _rulebook(kit: Kit, edition: str | None) -> bytes:
    """The kit's KOLAPS book (that edition), or its ruleset's short book (edition None)."""
    from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook  # not imported when kept

    if edition is None:
        assert kit.ruleset is not None
        return build_rulebook(RulebookOptions(paper=kit.spec.paper, ruleset=kit.ruleset.id)).pdf
    options = RulebookOptions(edition=edition, paper=kit.spec.paper, scenario=kit.spec.scenario)
    return build_rulebook(options, kit.data).pdf  # the game data its armies were checked with: read once


def _folded_sheet_part(pages: KitPart, sheet: str, paper_of: str, stamper: Stamper) -> KitPart:
    """The quick-start's four stamped pages imposed on one sheet, each half keeping its stamp.
    A landscape sheet: its inside reads upright when flipped on the short edge."""
    pdf, count = stamper.kept.get("fold", (pages.pdf,), lambda: _folded(pages.pdf), lambda made: made, pdf_and_pages)
    filename = pages.filename.replace(".pdf", f"-{sheet}.pdf")
    title = label("kit.packing.documents.quickstart_sheet")
    paper = label(f"kit.packing.papers.folded_sheet.{paper_of}")
    return KitPart("quickstart-sheet", title, filename, pdf, count, 1, "short", "plain", paper=paper)


def _folded(pdf: bytes) -> tuple[bytes, int]:
    from kolaps_print.impose.folded_sheet import SIDES, impose_folded_sheet  # pypdf: not needed when kept

    return impose_folded_sheet(pdf), len(SIDES)  # one sheet's sides (not read again to count them)


def tokens_part(kit: Kit, stamper: Stamper) -> KitPart | None:
    if not kit.spec.tokens:
        return None
    # The sheet prints no date (the page stamp is added after): keyed by every other choice of the
    # kit file, so that a re-dated kit does not draw it again.
    files = [*kit.army_paths, *(p for b in kit.books for p in kit_cards.army_portraits(b))]
    undated = repr(kit.spec.model_copy(update={"date": None}))
    pdf = kept_from_files(stamper.kept, "tokens", files, (undated,), lambda: _tokens(kit))
    return _part(
        "tokens", label("kit.packing.documents.tokens"), "tokens.pdf", pdf, 1, "simplex", TOKENS_STOCK, stamper
    )


def _tokens(kit: Kit) -> bytes:
    from kolaps_print.kit.tokens import tokens_pdf  # not imported when kept

    return tokens_pdf(kit)[0]


def kit_parts(kit: Kit, stamper: Stamper) -> tuple[list[KitPart], list[Diagnostic]]:
    """Every document of one table, in print order (cards, reference sheets, rules, tokens),
    and the warnings of the armies and their cards, each once."""
    parts, warnings = [], list(kit.warnings)
    for i, book in enumerate(kit.books):
        part, found = cards_part(kit, i, book, stamper)
        parts.append(part)
        warnings += [w for w in found if w not in warnings]
    parts.append(reference_part(kit, stamper))
    parts += rulebook_parts(kit, stamper)
    parts += [p for p in (tokens_part(kit, stamper),) if p is not None]
    return parts, warnings
