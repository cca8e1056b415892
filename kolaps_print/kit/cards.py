"""The kit's card documents, made by the cards job with the kit file's `cards:` options: a
home-printing PDF per army, and a one-face-per-page (print-shop) PDF of each character once,
for the previews."""

from __future__ import annotations

from kolaps_print.diagnostics import Diagnostic
from kolaps_print.jobs.cards import CardOptions, build_cards, one_of_each
from kolaps_print.kit.kitfile import KitCards
from kolaps_print.kit.parts import Sides
from kolaps_print.kit.previews import slug
from kolaps_print.model.army_book import ArmyBook
from kolaps_print.model.choices import Edition


def home_cards_pdf(
    book: ArmyBook, paper: str, cards: KitCards, stamp: str, edition: Edition = "full"
) -> tuple[bytes, list[Diagnostic]]:
    """Every card of the army (copies included) as the kit file asks, on the kit's paper, the
    kit's card stamp in each footer, in the kit's rules edition; and the job's warnings."""
    result = build_cards(book, cards.options(paper, stamp=stamp, edition=edition))
    return result.pdf, result.warnings


def sides(cards: KitCards) -> Sides:
    """How the cards PDF prints: fold sheets are one-sided (folded, their back is hidden
    inside the card, but cutting would ruin anything printed there)."""
    return "simplex" if cards.layout == "fold" else cards.flip


def card_faces_pdf(
    book: ArmyBook, army_slug: str, size: str = "poker", stamp: str = "", edition: Edition = "full"
) -> tuple[bytes, list[str]]:
    """One page per face (front, back, front, ...) of each character at the kit's card size and
    rules edition, and each page's PNG name."""
    options = CardOptions(card=size, print_shop=True, press=False, stamp=stamp, edition=edition)
    result = build_cards(one_of_each(book), options)
    names = [
        f"{army_slug}-{i:02d}-{slug(m.character.name)}-{side}.png"
        for i, m in enumerate(book.members, 1)
        for side in ("recto", "verso")
    ]
    return result.pdf, names
