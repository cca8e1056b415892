"""fix20 (review 19 S3, S4), read back from the PDFs: a hung numbered list (« Le tour de jeu »,
« Moral », « Blessures critiques », « Effets secondaires ») sets its names bold, as the walk-through
its steps' names, and leaves its numbers unheaded (main's band read « Moral État » as one phrase),
on the KOLAPS sheet, the kit's sheet and every deck; the mini's « Moral » hangs too, no card more."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import TextObject, flat, text_objects  # tests/support

from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import labels

EDGE = 1.0  # pt: two edges count as one
REACH = 25.0  # pt: a list's numbers stand at most this far left of its names (« 6 à 4 »: 19 on the tarot)
DEPTH = 400.0  # pt: how far below its head a piece's rows are looked for
NUMBER = set("0123456789 à\u00a0\u202f–−+")
PHASES, MORAL, CRITICAL, SECONDARY = "phases", "moral", "blessures-critiques", "effets-secondaires"
LISTS = (PHASES, MORAL, CRITICAL, SECONDARY)
# Each product's hung lists (the A4 sheets' « Effets secondaires » is a grid; the mini's « Blessures
# critiques » keeps centred numbers: cards._section_faces); the Letter kit sheet hangs « (démo) »
# (a grid there left 3.5 pt between a zone and its effect: review 20 M1).
HUNG = {
    ("sheet", "a4", "full"): {PHASES, MORAL, CRITICAL},
    ("sheet", "letter", "quickstart"): {PHASES, SECONDARY},
    ("mini", "a4", "full"): {PHASES, MORAL, SECONDARY},
    ("poker", "a4", "full"): set(LISTS),
    ("tarot", "a4", "full"): set(LISTS),
    **{(card, "a4", "quickstart"): {PHASES, SECONDARY} for card in ("mini", "poker", "tarot")},
}
COUNTS = {"full": {"mini": 23, "poker": 14, "tarot": 14}, "quickstart": {"mini": 14, "poker": 10, "tarot": 10}}


@cache
def _product(card: str, paper: str, edition: str):
    if card == "sheet":
        return build_reference(TablesOptions(paper=paper, edition=edition))  # type: ignore[arg-type]
    return build_reference(TablesOptions(format="cards", card=card, edition=edition))  # type: ignore[arg-type]


def _text(obj: TextObject) -> str:
    return flat(obj.text).strip()


def _is_number(obj: TextObject) -> bool:
    return bool(_text(obj)) and set(_text(obj)) <= NUMBER and any(c.isdigit() for c in _text(obj))


def _beside(a: TextObject, b: TextObject) -> bool:
    """Whether b sits on a's line: b's middle within a's height."""
    return a.page == b.page and a.bounds[1] <= (b.bounds[1] + b.bounds[3]) / 2 <= a.bounds[3]


def _table(objs: list[TextObject], head: TextObject) -> str | None:
    """Which list a names' head heads: « Zone » heads three tables, told apart by the next head
    (« Blessure »: the critical injuries; none, the text gone under: the side effects)."""
    heads = {labels(f"tables.{t}.columns")[1]: t for t in LISTS}
    if _text(head) not in heads or "Bold" not in head.font:
        return None
    if heads[_text(head)] not in (CRITICAL, SECONDARY):
        return heads[_text(head)]
    right = [o for o in objs if _beside(head, o) and 0 < o.bounds[0] - head.bounds[2] < REACH * 4]
    third = {_text(o) for o in right if "Bold" in o.font}
    if labels(f"tables.{CRITICAL}.columns")[2] in third:
        return CRITICAL
    return None if third else SECONDARY


def _pieces(objs: list[TextObject]) -> list[tuple[str, TextObject, list[TextObject]]]:
    """Each numbered list's piece set hung: its names' head, and the rows' numbers under it — right
    of the names' left edge by at most REACH, down to the first title, note or head (bold or italic,
    not a number, reaching over the numbers from their left) — when its texts under the rows (a line a row at least) start
    on the names' left edge, none further left."""
    found = []
    for head in objs:
        table = _table(objs, head)
        if table is None:
            continue
        left = head.bounds[0]
        below = sorted(
            (
                o
                for o in objs
                if o.page == head.page
                and left - REACH * 3 <= o.bounds[0] < left + REACH * 5
                and head.bounds[1] - DEPTH < o.bounds[3] < head.bounds[1]
            ),
            key=lambda o: -o.bounds[3],
        )
        end = next(
            (
                i
                for i, o in enumerate(below)
                if "Regular" not in o.font
                and not _is_number(o)
                and o.bounds[0] < left - EDGE
                and o.bounds[2] > left - REACH  # over the numbers (not a neighbouring column's)
            ),
            len(below),
        )
        rows = [o for o in below[:end] if o.bounds[0] >= left - REACH]
        numbers = [o for o in rows if _is_number(o) and o.bounds[2] <= left + EDGE]
        under = [  # a row's text under it, near the names' edge (not a neighbouring card's)
            o
            for o in rows
            if "Regular" in o.font
            and not _is_number(o)
            and not any(_beside(n, o) for n in numbers)
            and o.bounds[0] < left + REACH
        ]
        if numbers and len(under) >= len(numbers) and min(o.bounds[0] for o in under) >= left - EDGE:
            found.append((table, head, numbers))
    return found


def _heads_over_numbers(objs: list[TextObject], head: TextObject, numbers: list[TextObject]) -> list[str]:
    """The texts on the head row over the numbers' column (main: « Moral », « D6 »)."""
    start = min(n.bounds[0] for n in numbers) - EDGE
    return [_text(o) for o in objs if _beside(head, o) and o.bounds[2] > start and o.bounds[2] <= head.bounds[0]]


def _names(objs: list[TextObject], head: TextObject, numbers: list[TextObject]) -> list[TextObject]:
    """Each number's name: the first text right of it on its line, on the names' left edge."""
    names = []
    for number in numbers:
        right = [o for o in objs if _beside(number, o) and o.bounds[0] > number.bounds[2] - EDGE and o is not number]
        name = min(right, key=lambda o: o.bounds[0])
        assert abs(name.bounds[0] - head.bounds[0]) <= EDGE, (_text(number), _text(name))
        names.append(name)
    return names


@pytest.mark.parametrize(("card", "paper", "edition"), sorted(HUNG))
def test_hung_lists_name_their_rows_in_bold_under_no_head_over_their_numbers(card, paper, edition):
    """Main set « Moral »'s and the zones' names regular under « Moral », « D6 » over the numbers:
    the walk-through's names are bold and its numbers unheaded. Now every hung list reads so."""
    product = _product(card, paper, edition)
    if card != "sheet":
        assert product.cards == COUNTS[edition][card]  # the mini's « Moral » hangs without a card more
    objs = text_objects(product.pdf)
    pieces = _pieces(objs)
    assert {t for t, _, _ in pieces} == HUNG[card, paper, edition], pieces
    for table, head, numbers in pieces:
        assert not _heads_over_numbers(objs, head, numbers), (table, _heads_over_numbers(objs, head, numbers))
        regular = [_text(n) for n in _names(objs, head, numbers) if "Bold" not in n.font]
        assert not regular, (table, regular)
        # review 23, N9: their lead numbers bold too (« Moral »'s « 6 à 4 », « 3 » were regular)
        assert all("Bold" in n.font for n in numbers), (table, [(_text(n), n.font) for n in numbers])
