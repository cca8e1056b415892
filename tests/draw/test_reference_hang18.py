"""hang18 (issue 12: one table, one look in every product), read back from the PDFs: the KOLAPS
reference cards set the attack walk-through as the sheet does since sheet18, a numbered list — its
numbers hanging right-aligned before the names, each step's text on the names' left edge,
« Attaquant » / « Cible » flush right — on every card size, each deck keeping its card count."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import flat, text_objects  # tests/support

from kolaps_print.jobs.tables import Reference, TablesOptions, build_reference
from kolaps_print.labels import label, labels
from kolaps_print.layout.sheets import sizes
from kolaps_print.units import pt

EDGE = 1.0  # pt: two edges count as one (glyphs' ink differs by less, a column's padding by more)
CARDS = {"mini": 23, "poker": 14, "tarot": 14}  # main's counts (after18): the hang costs no card
WHO = {label("tables.attaque.who.attacker"), label("tables.attaque.who.target")}


@cache
def _deck(card: str) -> Reference:
    return build_reference(TablesOptions(format="cards", card=card))


def _faces(pdf: bytes, card: str) -> list[list]:
    """Each face holding walk-through rows: the objects under its head row (« Étape » … « Qui »),
    across the table's width and down one card's height."""
    objs = list(text_objects(pdf))
    height = pt(sizes().cards[card].height)
    faces = []
    for head in (o for o in objs if flat(o.text).strip() == _column(2)):
        steps = [o for o in objs if o.page == head.page and flat(o.text).strip() == _column(1) and _beside(o, head)]
        step = max((o for o in steps if o.bounds[0] < head.bounds[0]), key=lambda o: o.bounds[0])
        left, right, top = step.bounds[0] - 20, head.bounds[2] + EDGE, head.bounds[1]
        faces.append(
            [
                o
                for o in objs
                if o.page == head.page
                and left <= o.bounds[0]
                and o.bounds[2] <= right
                and top - height < o.bounds[3] < top
            ]
        )
    return faces


def _column(i: int) -> str:
    return labels("tables.attaque.columns")[i]


def _is_number(obj) -> bool:
    """A step's lead number: bold, as every hung list's (review 23, N9; regular before)."""
    return flat(obj.text).strip().isdigit() and "Bold" in obj.font


def _beside(a, b) -> bool:
    """Whether two objects sit on one line: b's middle within a's height."""
    middle = (b.bounds[1] + b.bounds[3]) / 2
    return a.bounds[1] <= middle <= a.bounds[3]


@pytest.mark.parametrize("card", sorted(CARDS))
def test_the_cards_hang_the_walk_through_as_the_sheet_does(card):
    """Main centred the numbers in a column of their own and set each step's text from the table's
    left edge, under the numbers: two left edges. Now names and texts share one, the numbers end
    level just before it, « Qui » ends at the table's right."""
    deck = _deck(card)
    assert deck.cards == CARDS[card]
    faces = _faces(deck.pdf, card)
    assert faces
    steps = []
    for rows in faces:
        numbers = [o for o in rows if _is_number(o)]
        names = [o for o in rows if "Bold" in o.font and o not in numbers and any(_beside(o, n) for n in numbers)]
        texts = [o for o in rows if "Regular" in o.font and o not in numbers and flat(o.text).strip() not in WHO]
        assert numbers and len(names) == len(numbers) and texts
        name_left = min(o.bounds[0] for o in names)
        assert all(abs(o.bounds[0] - name_left) <= EDGE for o in names)
        assert min(o.bounds[0] for o in texts) >= name_left - EDGE  # no text line starts under the numbers
        rights = [o.bounds[2] for o in numbers]
        assert max(rights) - min(rights) <= 1.5 * EDGE and max(rights) < name_left
        who = [o for o in rows if flat(o.text).strip() in WHO]
        assert len(who) == len(numbers) and max(o.bounds[2] for o in who) - min(o.bounds[2] for o in who) <= EDGE
        assert min(o.bounds[2] for o in who) >= max(o.bounds[2] for o in texts) - 2 * EDGE
        steps += [int(flat(o.text)) for o in sorted(numbers, key=lambda o: -o.bounds[3])]
    assert sorted(steps) == list(range(1, len(steps) + 1)) and len(steps) >= 8


def test_the_kit_sheet_keeps_location_names_whole_at_its_size():
    """Main set the kit sheet's « Localisation » at its least width beside « Cumul des blessures »,
    « Bras / gauche » and « Bras / droit » over two lines. Now « Cumul » heads its count « Total »
    and the row gives « Localisation » what its names need whole, at the same 9.75 pt (A4)."""
    kit = build_reference(TablesOptions(edition="quickstart"))
    assert kit.body_pt == 9.75
    lines = {flat(o.text).strip() for o in text_objects(kit.pdf) if o.page == 1}
    zones = ("Bras gauche", "Bras droit")
    assert all(any(line == zone or line.startswith(zone + " ") for line in lines) for zone in zones), sorted(lines)
    assert "Bras" not in lines
