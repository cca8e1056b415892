"""Character cards: an army file in, a recto-verso PDF out (library API; the CLI is a thin layer).

from kolaps_print.jobs.cards import CardOptions, build_cards, write_cards
result = build_cards(load_army("army.yaml"), CardOptions(paper="letter"))   # PDF in memory
written = write_cards("army.yaml", None, CardOptions(layout="fold"))        # output/army-cards.pdf
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from kolaps_print.diagnostics import Diagnostic, KolapsError, fail_on_warnings
from kolaps_print.impose import ImposeOptions, Side, impose
from kolaps_print.jobs.card_options import CardOptions, CardsResult, CardsWritten, default_output, for_print_shop
from kolaps_print.jobs.printable import check_printable, locate
from kolaps_print.jobs.stamp import cards_stamp
from kolaps_print.labels import label
from kolaps_print.layout import sheets as sheet_data
from kolaps_print.layout.card_back import BackBuilder
from kolaps_print.layout.card_blocks.front_band import prints_dated_stamp
from kolaps_print.layout.card_data import card_layout
from kolaps_print.layout.card_edition import shown_members
from kolaps_print.layout.card_face import Cut
from kolaps_print.layout.card_front import FrontBuilder, Identity, copy_numbers
from kolaps_print.load import SourceDocument
from kolaps_print.model.army_book import ArmyBook, load_army
from kolaps_print.write import PDF, PdfMeta, planned_output, source_inputs

if TYPE_CHECKING:  # beside reportlab's drawing code (kolaps_print.impose.__getattr__)
    from kolaps_print.impose import Imposed

Progress = Callable[[int, int], None]  # called with (cards drawn so far, cards in all)
DEFAULTS = CardOptions()


def build_cards(book: ArmyBook, options: CardOptions = DEFAULTS, progress: Progress | None = None) -> CardsResult:
    """The cards PDF in memory. KolapsError for text the font cannot print or an unreadable portrait."""
    return _imposed(book, options, (options.side,), progress)[0]


def build_card_sides(book: ArmyBook, options: CardOptions, sides: Sequence[Side | None]) -> list[CardsResult]:
    """The cards laid out once and imposed once per side (options.side aside): a kit's print-shop
    fronts and backs from one layout. The faces are all held in memory (a kit's one of each)."""
    return _imposed(book, options, sides)


def _imposed(
    book: ArmyBook, options: CardOptions, sides: Sequence[Side | None], progress: Progress | None = None
) -> list[CardsResult]:
    from kolaps_print.draw.card_face import CardSides, CharacterFace, Forms

    sheet = options.impose_options()
    check_printable(book)
    front = _front_builder(book, options, sheet)
    identity, layout = front.identity, front.layout
    members = shown_members(book.members, layout.shows)
    back = BackBuilder(identity, book.rules, layout, sheet.card)
    front.size_stats(members)
    front.size_body(members)
    front.size_names(members)
    back.size_names(members)
    shared = CardSides(front.furniture(), back.furniture(), Forms(_form_prefix(identity, sheet), layout.bleed_paint))
    cuts: list[Cut] = shared.front.cuts + shared.back.cuts
    keyed: dict = {}

    def faces() -> Iterator[CharacterFace]:
        """Laid out as the imposer draws them: a 10,000-card army is never all in memory."""
        for member in members:
            c = member.character
            key = f"{c.rank}-{c.mvt}-{c.cib}"  # what the stat tiles and the wound table depend on
            if key not in keyed:  # drawn once per stats as forms, not on every card
                keyed[key] = ((f"front-{key}", front.stat_tiles(member)), (f"back-{key}", back.wound_values(member)))
            if keyed[key][0][1].cuts:  # a value too wide: said at each character's own field
                cuts.extend(front.stat_tiles(member).cuts)
            for copy in copy_numbers(c.copies):
                face = CharacterFace(
                    shared, front.build(member, copy, stats=False), back.name(member, copy, values=False), *keyed[key]
                )
                cuts.extend(face.front.cuts + face.back.cuts)
                yield face

    count = book.card_count
    laid = faces() if len(sides) == 1 else list(faces())  # one imposition takes them as it draws
    imposed = [impose(laid, sheet, _meta(book), progress, count, side) for side in sides]
    _refuse_lost_rules(book, cuts)  # after drawing, before anything is written
    warnings = list(book.warnings) + _warnings(book, cuts) + _shrunk_back(book, back)
    return [_result(options, one, count, warnings) for one in imposed]


def _front_builder(book: ArmyBook, options: CardOptions, sheet: ImposeOptions) -> FrontBuilder:
    """The army's front builder at the card size options ask (the back's shares its identity and layout)."""
    layout = card_layout().for_edition(options.edition).for_card(sheet.card.width, sheet.card.height)
    stamp = cards_stamp() if options.stamp is None else options.stamp
    short = (options.short_stamp or cards_stamp()) if options.stamp else ""  # a kit's card stamp less its date
    affiliation = book.affiliation
    identity = Identity(book.army.name, affiliation.name, affiliation.color, stamp, short, affiliation.emblem)
    paper = sheet_data.paper_name(options.paper)
    return FrontBuilder(identity, book.rules, layout, sheet.card, options.min_ppi, paper=paper)


def prints_card_stamp(book: ArmyBook, options: CardOptions) -> bool:
    """Whether the army's cards print options.stamp itself (a kit's card stamp, with its date)
    rather than its short form (options.short_stamp) or none: without it, the cards are the same
    bytes whatever the stamp's date (layout/card_blocks/front_band.prints_dated_stamp). Nothing laid out."""
    return prints_dated_stamp(_front_builder(book, options, options.impose_options()))


def _result(options: CardOptions, imposed: Imposed, count: int, warnings: list[Diagnostic]) -> CardsResult:
    pdf = for_print_shop(imposed.pdf) if options.print_shop and options.press else imposed.pdf  # pages carry boxes
    return CardsResult(pdf, count, imposed.sheets, imposed.pages, list(warnings))


def write_cards(
    army_path: Path | str,
    output: Path | str | None = None,
    options: CardOptions = DEFAULTS,
    strict: bool = False,
    progress: Progress | None = None,
    doc: SourceDocument | None = None,
) -> CardsWritten:
    """Load, build and write atomically. With strict, any warning is an error and nothing is written.
    doc: the army file as already read (by read_army_ruleset), not read again."""
    book = load_army(army_path, strict=strict, doc=doc)
    inputs = source_inputs().plus([army_path], "the army file").plus(portraits(book), "a portrait")
    out = planned_output(output or default_output(army_path), PDF, inputs)  # refused before the slow part
    result = build_cards(book, options, progress)
    fail_on_warnings(result.warnings, strict)
    return CardsWritten(out.write(result.pdf), result)


def one_of_each(book: ArmyBook) -> ArmyBook:
    """The army with every character once (a picture per character, not per copy)."""
    members = [dataclasses.replace(m, character=m.character.model_copy(update={"copies": 1})) for m in book.members]
    return dataclasses.replace(book, members=members)


def portraits(book: ArmyBook) -> list[Path]:
    return [m.portrait for m in book.members if m.portrait is not None]


# ---- checks and messages -------------------------------------------------------------------
def _refuse_lost_rules(book: ArmyBook, cuts: list[Cut]) -> None:
    """A card that would print with a rule left out or cut short is an error: no card is better."""
    lost = _unique(cut for cut in cuts if cut.lost)
    if lost:
        advice = (
            "; a larger card (--card poker or tarot) has room, or give the character fewer weapons or specialisations"
        )
        raise KolapsError([locate(book, cut.path, cut.message + advice, "error") for cut in lost])


def _unique(cuts) -> list[Cut]:
    """One per field (several copies of a card, or a name cut on both faces, say it once)."""
    seen, out = set(), []
    for cut in cuts:
        key = cut.path or cut.message  # () is the army as a whole: keep each distinct message
        if key not in seen:
            seen.add(key)
            out.append(cut)
    return out


def _warnings(book: ArmyBook, cuts: list[Cut]) -> list[Diagnostic]:
    """One warning per field (a name cut on the front is usually cut on the back too)."""
    return [locate(book, cut.path, cut.message, "warning") for cut in _unique(cuts)]


def _shrunk_back(book: ArmyBook, back: BackBuilder) -> list[Diagnostic]:
    if not back.shrunk:
        return []
    box = back.layout.back.box * back.scale
    message = (
        f"this card size is too small for the back's tracks: they are printed at {back.scale:.0%} "
        f"(tick boxes {box:.1f} mm); a larger card (--card poker) keeps them pencil-sized"
    )
    return [locate(book, (), message, "warning")]


def _form_prefix(identity: Identity, sheet: ImposeOptions) -> str:
    """Stable and distinct per army and card size, so several armies can share one PDF."""
    from kolaps_print.draw.card_face import form_prefix

    key = f"{identity.army}|{identity.affiliation}|{identity.colour}|{sheet.card.width}x{sheet.card.height}"
    return form_prefix("Card", key)


def _meta(book: ArmyBook) -> PdfMeta:
    army, affiliation = book.army.name, book.affiliation.name
    return PdfMeta(
        title=label("cards.meta.title", army=army),
        subject=label("cards.meta.subject", army=army, affiliation=affiliation),
        author=label("common.author"),
        keywords=label("cards.meta.keywords", affiliation=affiliation),
    )
