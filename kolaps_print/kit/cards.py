"""The kit's card documents, through the cards job: a home-printing PDF per army and a
one-face-per-page PDF for the previews.

PROVISIONAL: the cards job (kolaps_print/jobs/cards.py) has not landed yet; until it does,
faces are plain name cards drawn here so the rest of the kit can be built and tested.
"""

from __future__ import annotations

from kolaps_print.draw.fonts import SANS_BOLD
from kolaps_print.impose import ImposeOptions, impose
from kolaps_print.kit.previews import slug
from kolaps_print.layout.sheets import card_size, paper_size
from kolaps_print.model.army_check import ArmyBook
from kolaps_print.write import PdfMeta

FLIP = "long"  # the kit prints everything duplex, flipped on the long edge
CARD = "poker"


class _NameFace:
    def __init__(self, name: str):
        self.name = name

    def draw_front(self, canvas, width, height):
        canvas.setFont(SANS_BOLD, 12)
        canvas.drawCentredString(width / 2, height / 2, self.name)

    def draw_back(self, canvas, width, height):
        canvas.setFont(SANS_BOLD, 9)
        canvas.drawCentredString(width / 2, height / 2, self.name)


def _faces(book: ArmyBook, copies: bool) -> list[_NameFace]:
    return [_NameFace(m.character.name) for m in book.members for _ in range(m.character.copies if copies else 1)]


def home_cards_pdf(book: ArmyBook, paper: str) -> bytes:
    options = ImposeOptions(card=card_size(CARD), paper=paper_size(paper), mode="duplex", flip=FLIP)
    return impose(_faces(book, True), options, PdfMeta(title=book.army.name, subject="cards")).pdf


def card_faces_pdf(book: ArmyBook, army_slug: str) -> tuple[bytes, list[str]]:
    """One page per face (front, back, front, ...) for each character, and the PNG names."""
    options = ImposeOptions(card=card_size(CARD), paper=paper_size("a4"), mode="print-shop")
    pdf = impose(_faces(book, False), options, PdfMeta(title=book.army.name, subject="cards")).pdf
    names = [f"{army_slug}-{i:02d}-{slug(m.character.name)}-{side}.png"
             for i, m in enumerate(book.members, 1) for side in ("recto", "verso")]
    return pdf, names
