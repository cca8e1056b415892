"""The kit's card documents, made by the cards job with the kit file's `cards:` options: a
home-printing PDF per army, and a one-face-per-page (print-shop) PDF of each character once,
for the previews."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from kolaps_print.diagnostics import Diagnostic
from kolaps_print.impose import Side
from kolaps_print.jobs.card_options import CardOptions, CardsResult
from kolaps_print.kit.kitfile import KitCards
from kolaps_print.kit.parts import Sides
from kolaps_print.kit.previews import slug
from kolaps_print.model.army_book import ArmyBook
from kolaps_print.model.choices import Edition

if TYPE_CHECKING:  # the other rulesets' cards are imported for their kits only (start-up time)
    from kolaps_print.model.ruleset_army import RulesetArmy

Army: TypeAlias = "ArmyBook | RulesetArmy"  # a KOLAPS army, or another ruleset's


def army_name(book: Army) -> str:
    return book.army.name if isinstance(book, ArmyBook) else book.name


def army_portraits(book: Army) -> list[Path]:
    """The pictures an army's cards print (another ruleset's cards have none)."""
    return [m.portrait for m in book.members if m.portrait is not None] if isinstance(book, ArmyBook) else []


def _build(book: Army, options: CardOptions) -> CardsResult:
    """The cards job of the army's ruleset: KOLAPS's cards, or the ruleset's card blocks."""
    if isinstance(book, ArmyBook):
        from kolaps_print.jobs.cards import build_cards  # not imported when the kit's cards are kept

        return build_cards(book, options)
    from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

    return build_ruleset_cards(book, options)


def home_cards_pdf(
    book: Army, paper: str, cards: KitCards, stamp: str, edition: Edition = "full", short: str = ""
) -> tuple[bytes, list[Diagnostic]]:
    """Every card of the army (copies included) as the kit file asks, on the kit's paper, the
    kit's card stamp in each footer (KOLAPS's cards; another ruleset's carry the page stamp
    only), in the kit's rules edition; and the job's warnings. short: the stamp without the
    date (kit/stamp.card_stamps), "": the cards job finds it."""
    result = _build(book, home_options(paper, cards, stamp, edition, short))
    return result.pdf, result.warnings


def home_options(paper: str, cards: KitCards, stamp: str, edition: Edition, short: str) -> CardOptions:
    """home_cards_pdf's options."""
    return cards.options(paper, stamp=stamp, edition=edition, short_stamp=short or None)


def prints_date(book: Army, options: CardOptions) -> bool:
    """Whether the army's cards, made with options, print the kit's dated card stamp (options.stamp)
    rather than its short form (options.short_stamp): False only for a KOLAPS army whose footer
    line has no room for the dated one (jobs/cards.prints_card_stamp); another ruleset's are
    taken to print it (made again on each date, as before)."""
    if not isinstance(book, ArmyBook) or not options.stamp or not options.short_stamp:
        return True
    from kolaps_print.jobs.cards import prints_card_stamp  # not imported when the kit's cards are kept

    return prints_card_stamp(book, options)


def _one_of_each(book: Army) -> Army:
    if not isinstance(book, ArmyBook):
        members = [replace(m, character=m.character.model_copy(update={"copies": 1})) for m in book.members]
        return replace(book, members=members)
    from kolaps_print.jobs.cards import one_of_each

    return one_of_each(book)


def sides(cards: KitCards) -> Sides:
    """How the cards PDF prints: fold sheets are one-sided (folded, their back is hidden
    inside the card, but cutting would ruin anything printed there)."""
    return "simplex" if cards.layout == "fold" else cards.flip


def card_faces_pdf(
    book: Army, army_slug: str, size: str = "poker", stamp: str = "", edition: Edition = "full"
) -> tuple[bytes, list[str]]:
    """One page per face (front, back, front, ...) of each character at the kit's card size and
    rules edition, and each page's PNG name."""
    return card_faces(book, size, stamp, edition), face_names(book, army_slug)


def card_faces(
    book: Army,
    size: str = "poker",
    stamp: str = "",
    edition: Edition = "full",
    short: str = "",
    side: Side | None = None,
) -> bytes:
    """card_faces_pdf's PDF (short: as home_cards_pdf's); side: its fronts' pages alone, or its backs'."""
    return _build(_one_of_each(book), face_options(size, stamp, edition, short, side)).pdf


def face_options(size: str, stamp: str, edition: Edition, short: str, side: Side | None = None) -> CardOptions:
    """The print-shop faces' options: one card a page, no press marks."""
    return CardOptions(
        card=size, print_shop=True, press=False, stamp=stamp, edition=edition, short_stamp=short or None, side=side
    )


def card_face_sides(
    book: Army, size: str, stamp: str, edition: Edition, short: str, sides: tuple[Side, ...]
) -> list[bytes]:
    """card_faces of each side: a KOLAPS army's laid out once (another ruleset's, side by side)."""
    if not isinstance(book, ArmyBook):
        return [card_faces(book, size, stamp, edition, short, side) for side in sides]
    from kolaps_print.jobs.cards import build_card_sides, one_of_each  # not imported when the kit's cards are kept

    options = face_options(size, stamp, edition, short)
    return [result.pdf for result in build_card_sides(one_of_each(book), options, sides)]


PNG_SIDES: dict[Side, str] = {"front": "recto", "back": "verso"}


def face_names(book: Army, army_slug: str, side: Side | None = None) -> list[str]:
    """card_faces_pdf's PNG names, two per character (one with side: card_faces' pages of that side)."""
    characters = [str(m.character.name) for m in book.members]
    return [
        f"{army_slug}-{i:02d}-{slug(name)}-{PNG_SIDES[face]}.png"
        for i, name in enumerate(characters, 1)
        for face in ((side,) if side else PNG_SIDES)
    ]
