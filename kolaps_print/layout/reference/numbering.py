"""How a reference deck's faces are numbered, shared by KOLAPS's cards (cards.py) and the other
systems' (layout/ruleset/reference_cards.py): by card, not by face (designer review, eleventh
session, item 1: the other systems' fronts read 1/5, 3/5, 5/5), both sides of a card under its
« n/N »; a face whose topic goes on says where in its band, just before the number: « verso › »
on a front (its back goes on), « suite › » on a back (the next card goes on)."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from kolaps_print.fonts import SANS_BOLD
from kolaps_print.labels import label


def card_number(face: int, faces: int) -> str:
    """The « n/N » of the card face (0-based, fronts even) belongs to, in a deck of faces faces."""
    return label("tables.sheet.card_of", card=face // 2 + 1, cards=-(-faces // 2))


def continued_hint(overleaf: bool) -> str:
    """What a face's band says when its topic goes on: « verso › » on every front, one short
    wording that leaves the longest titles room (designer review, item 3: « suite au verso › » on
    some fronts, « suite › » on others); « suite › » only on a back whose topic goes on to the next
    card. In the band, not under the table: a foot line would take a row's room on the fullest
    faces (card 12's fourth row, and « Facultés des armes » would run onto a third face)."""
    return label("tables.sheet.continues_overleaf" if overleaf else "tables.sheet.continues")


def face_hint(face: int, goes_on: bool) -> str:
    """The hint of face (0-based: fronts even) when its topic goes on to the next face, else ""."""
    return continued_hint(overleaf=face % 2 == 0) if goes_on else ""


def first_fitting(names: tuple[str, ...] | list[str], room: float, size: float, taken: float = 0) -> str:
    """The first of names that, in bold at size beside what the band's number and hint take, holds
    in room, else the last (the shortest): a band's name is shortened, never shrunk (refband11)."""
    return next((n for n in names if stringWidth(n, SANS_BOLD, size) + taken <= room), names[-1])


def hint_right(right: float, number: str, font: str, size: float) -> float:
    """Where the hint ends: a 1 em space before the number, which ends at right."""
    return right - stringWidth(number, font, size) - size
