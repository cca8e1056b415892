"""The kit's card documents, made by the cards job: a home-printing PDF per army, and a
one-face-per-page (print-shop) PDF of each character once, for the previews."""

from __future__ import annotations

import dataclasses

from kolaps_print.diagnostics import Diagnostic
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.kit.previews import slug
from kolaps_print.model.army_check import ArmyBook

FLIP = "long"  # kit.pdf is printed duplex, flipped on the long edge


def home_cards_pdf(book: ArmyBook, paper: str) -> tuple[bytes, list[Diagnostic]]:
    """Every card of the army (copies included), duplex on the kit's paper; and the job's warnings."""
    result = build_cards(book, CardOptions(paper=paper, layout="duplex", flip=FLIP))
    return result.pdf, result.warnings


def _one_of_each(book: ArmyBook) -> ArmyBook:
    """The army with every character once: a preview per character, not per copy."""
    members = [dataclasses.replace(m, character=m.character.model_copy(update={"copies": 1})) for m in book.members]
    return dataclasses.replace(book, members=members)


def card_faces_pdf(book: ArmyBook, army_slug: str) -> tuple[bytes, list[str]]:
    """One page per face (front, back, front, ...) of each character, and each page's PNG name."""
    result = build_cards(_one_of_each(book), CardOptions(print_shop=True))
    names = [f"{army_slug}-{i:02d}-{slug(m.character.name)}-{side}.png"
             for i, m in enumerate(book.members, 1) for side in ("recto", "verso")]
    return result.pdf, names
