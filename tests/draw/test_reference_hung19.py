"""hung19 (issue 12, review 18b S1: the same table looks the same in every product), read back from
the PDFs: wherever a KOLAPS numbered table sets its running text under its rows (« Le tour de jeu »,
« Effets secondaires », « Moral », « Blessures critiques »), it is the walk-through's numbered list —
numbers right-aligned before the names, each text on the names' left edge, the last key column
(« Test ») flush right — on the sheet, the kit's sheet and the reference cards, each deck keeping
its card count."""

from __future__ import annotations

from functools import cache

import pytest
from hung_lists import CRITICAL, EDGE, MORAL, PHASES, SECONDARY, beside, is_number, numbered_pieces, set_as
from pdf_text import flat  # tests/support

from kolaps_print.jobs.tables import Reference, TablesOptions, build_reference
from kolaps_print.layout.reference.look import reference_look
from kolaps_print.layout.reference.sheet import SheetGeometry
from kolaps_print.layout.sheets import sizes
from kolaps_print.units import pt

CARDS = {"mini": 23, "poker": 14, "tarot": 14}  # main's counts (bb0ac27): hanging costs no card
KIT_CARDS = {"mini": 14, "poker": 10, "tarot": 10}
# Where each product sets these tables' texts under their rows (main: in the old look). The sheets
# keep « Effets secondaires » as a D6 | Zone | Effet grid (no text under: nothing to hang); on the
# mini « Blessures critiques » hung would cost its section a card or a worse cut, so it keeps its
# centred numbers (layout/reference/cards._section_faces); « Moral » hangs there since fix20 (its
# numbers unheaded, the column no longer as wide as « Moral »).
HUNG = {
    ("sheet", "full"): {PHASES, MORAL, CRITICAL},
    ("sheet", "quickstart"): {PHASES},
    ("tarot", "full"): {PHASES, MORAL, CRITICAL, SECONDARY},
    ("poker", "full"): {PHASES, MORAL, CRITICAL, SECONDARY},
    ("mini", "full"): {PHASES, MORAL, SECONDARY},
    ("poker", "quickstart"): {PHASES, SECONDARY},
    ("mini", "quickstart"): {PHASES, SECONDARY},
    ("tarot", "quickstart"): {PHASES, SECONDARY},
}


@cache
def _product(card: str, edition: str) -> Reference:
    if card == "sheet":
        return build_reference(TablesOptions(edition=edition))  # type: ignore[arg-type]
    return build_reference(TablesOptions(format="cards", card=card, edition=edition))  # type: ignore[arg-type]


def _width(card: str) -> float:
    """A table's widest: a sheet column's, a card's."""
    if card == "sheet":
        return SheetGeometry("a4", reference_look().sheet).column_boxes()[0].width
    return pt(sizes().cards[card].width)


def _tables(pdf: bytes, card: str) -> list[tuple[str, list, object | None, object]]:
    return numbered_pieces(pdf, _width(card), _width(card) * 1.6)


@pytest.mark.parametrize(("card", "edition"), sorted(HUNG))
def test_numbered_tables_hang_their_texts_from_the_names(card, edition):
    """Main set these tables with centred numbers, the names in a second column and each text under
    its row from the table's left edge, under the numbers: two left edges beside the walk-through's
    one. Now every piece with texts under its rows is the hung list."""
    product = _product(card, edition)
    if card != "sheet":
        assert product.cards == (CARDS if edition == "full" else KIT_CARDS)[card]
    pieces = [(table, set_as(rows, first, second)) for table, rows, first, second in _tables(product.pdf, card)]
    assert {table for table, look in pieces if look == "hung"} == HUNG[(card, edition)], pieces
    assert not any(look == "flat" for table, look in pieces if table in HUNG[(card, edition)]), pieces


@pytest.mark.parametrize("card", ["poker", "tarot", "sheet"])
def test_the_critical_injuries_test_stands_flush_right(card):
    """« Test » (Diff. 3, Aucun), the last key column, ends at the table's right as « Qui » does.
    A guard: main centred it at the table's right, its cells' right edges already within a point."""
    pieces = [(rows, second) for t, rows, _, second in _tables(_product(card, "full").pdf, card) if t == CRITICAL]
    assert pieces
    for rows, second in pieces:
        numbers = [o for o in rows if is_number(o) and o.bounds[2] <= second.bounds[0] + EDGE]
        tests = [max((o for o in rows if beside(n, o)), key=lambda o: o.bounds[2]) for n in numbers]
        rights = [o.bounds[2] for o in tests]
        assert max(rights) - min(rights) <= EDGE, [flat(o.text) for o in tests]
