"""hung19 (issue 12, review 18b S1: the same table looks the same in every product), read back from
the PDFs: wherever a KOLAPS numbered table sets its running text under its rows (« Le tour de jeu »,
« Effets secondaires », « Moral », « Blessures critiques »), it is the walk-through's numbered list —
numbers right-aligned before the names, each text on the names' left edge, the last key column
(« Test ») flush right — on the sheet, the kit's sheet and the reference cards, each deck keeping
its card count."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import flat, text_objects  # tests/support

from kolaps_print.jobs.tables import Reference, TablesOptions, build_reference
from kolaps_print.labels import labels
from kolaps_print.layout.reference.look import reference_look
from kolaps_print.layout.reference.sheet import SheetGeometry
from kolaps_print.layout.sheets import sizes
from kolaps_print.units import pt

EDGE = 1.0  # pt: two edges count as one (glyphs' ink differs by less, a column's padding by more)
CARDS = {"mini": 23, "poker": 14, "tarot": 14}  # main's counts (bb0ac27): hanging costs no card
KIT_CARDS = {"mini": 14, "poker": 10, "tarot": 10}
NUMBER = set("0123456789 à\u00a0\u202f–−+")
PHASES, MORAL, CRITICAL, SECONDARY = "phases", "moral", "blessures-critiques", "effets-secondaires"
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


def _heads() -> dict[str, str]:
    """The numbered tables by their names' head (« Zone »: two tables, told apart by a third head)."""
    return {labels(f"tables.{t}.columns")[1]: t for t in (PHASES, MORAL, CRITICAL, SECONDARY)}


def _is_number(obj) -> bool:
    text = flat(obj.text).strip()
    return bool(text) and set(text) <= NUMBER and any(c.isdigit() for c in text)


def _beside(a, b) -> bool:
    """Whether two objects sit on one line: b's middle within a's height."""
    middle = (b.bounds[1] + b.bounds[3]) / 2
    return a.bounds[1] <= middle <= a.bounds[3]


def _tables(pdf: bytes, card: str) -> list[tuple[str, list, object | None, object]]:
    """Each numbered table's piece: its id, its objects from its head row down to its last row's
    text (to the first bold or italic object, not a number, left of the names: a title, a note),
    its numbers' head (None where it is empty) and its names' head."""
    objs = list(text_objects(pdf))
    width, height = _width(card), _width(card) * 1.6
    heads, found = _heads(), []
    for second in (o for o in objs if "Bold" in o.font and flat(o.text).strip() in heads):
        table = heads[flat(second.text).strip()]
        line = [o for o in objs if o.page == second.page and _beside(second, o) and "Bold" in o.font]
        right = sorted((o for o in line if o.bounds[0] > second.bounds[2]), key=lambda o: o.bounds[0])
        third = [flat(o.text).strip() for o in right[:1]]
        if table in (CRITICAL, SECONDARY):
            if third == [labels("tables.localisations.columns")[2]]:
                continue  # « Localisation »: D6 | Zone | Cases, no text
            table = CRITICAL if third == [labels(f"tables.{CRITICAL}.columns")[2]] else SECONDARY
        # the numbers' head, if any (« Le tour de jeu »'s is empty, as the walk-through's)
        first = next(
            (
                o
                for o in line
                if flat(o.text).strip() == labels(f"tables.{table}.columns")[0]
                and second.bounds[0] - 40 < o.bounds[2] <= second.bounds[0]
            ),
            None,
        )
        left = second.bounds[0] - 40
        below = sorted(
            (
                o
                for o in objs
                if o.page == second.page
                and left <= o.bounds[0] < left + width + 20
                and second.bounds[1] - height < o.bounds[3] <= second.bounds[1]
            ),
            key=lambda o: -o.bounds[3],
        )
        end = next(
            (
                i
                for i, o in enumerate(below)
                if i and "Regular" not in o.font and not _is_number(o) and o.bounds[0] < second.bounds[0] - EDGE
            ),
            len(below),
        )
        if not any(_is_number(o) for o in below[:end]):
            continue
        found.append((table, below[:end], first, second))
    return found


def _set_as(rows: list, first, second) -> str:
    """How a piece sets its texts: "grid" (beside their numbers), "hung" (under their rows, from the
    names' left edge, the numbers right-aligned before it) or "flat" (under their rows otherwise)."""
    numbers = [o for o in rows if _is_number(o) and o.bounds[2] <= second.bounds[0] + EDGE]
    name_left = second.bounds[0]
    # a line under a row, not a grid's cell wrapping in a column further right
    under = [
        o
        for o in rows
        if "Regular" in o.font
        and o not in numbers
        and not any(_beside(n, o) for n in numbers)
        and o.bounds[0] <= name_left + EDGE
        and o.bounds[2] > name_left  # not a neighbouring card's cell
    ]
    if not under:
        return "grid"
    rights = [o.bounds[2] for o in numbers] + ([first.bounds[2]] if first else [])
    hung = (
        min(o.bounds[0] for o in under) >= name_left - EDGE
        and any(abs(o.bounds[0] - name_left) <= EDGE for o in under)
        and max(rights) - min(rights) <= 1.5 * EDGE  # right-aligned (a « 1 »'s ink ends a point short)
        and max(rights) < name_left
    )
    return "hung" if hung else "flat"


@pytest.mark.parametrize(("card", "edition"), sorted(HUNG))
def test_numbered_tables_hang_their_texts_from_the_names(card, edition):
    """Main set these tables with centred numbers, the names in a second column and each text under
    its row from the table's left edge, under the numbers: two left edges beside the walk-through's
    one. Now every piece with texts under its rows is the hung list."""
    product = _product(card, edition)
    if card != "sheet":
        assert product.cards == (CARDS if edition == "full" else KIT_CARDS)[card]
    pieces = [(table, _set_as(rows, first, second)) for table, rows, first, second in _tables(product.pdf, card)]
    assert {table for table, look in pieces if look == "hung"} == HUNG[(card, edition)], pieces
    assert not any(look == "flat" for table, look in pieces if table in HUNG[(card, edition)]), pieces


@pytest.mark.parametrize("card", ["poker", "tarot", "sheet"])
def test_the_critical_injuries_test_stands_flush_right(card):
    """« Test » (Diff. 3, Aucun), the last key column, ends at the table's right as « Qui » does.
    A guard: main centred it at the table's right, its cells' right edges already within a point."""
    pieces = [(rows, second) for t, rows, _, second in _tables(_product(card, "full").pdf, card) if t == CRITICAL]
    assert pieces
    for rows, second in pieces:
        numbers = [o for o in rows if _is_number(o) and o.bounds[2] <= second.bounds[0] + EDGE]
        tests = [max((o for o in rows if _beside(n, o)), key=lambda o: o.bounds[2]) for n in numbers]
        rights = [o.bounds[2] for o in tests]
        assert max(rights) - min(rights) <= EDGE, [flat(o.text) for o in tests]
