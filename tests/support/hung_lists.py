"""Numbered tables read back as printed (hung19, book20): each piece of « Le tour de jeu »,
« Moral », « Blessures critiques », « Effets secondaires », and how it sets its texts — a grid, a
hung list (numbers right-aligned before the names, texts on the names' left edge) or flat."""

from __future__ import annotations

from dataclasses import replace

from pdf_text import flat, text_objects

from kolaps_print.labels import label, labels

EDGE = 1.0  # pt: two edges count as one (glyphs' ink differs by less, a column's padding by more)
NUMBER = set("0123456789 à\u00a0\u202f–−+")
PHASES, MORAL, CRITICAL, SECONDARY = "phases", "moral", "blessures-critiques", "effets-secondaires"


def names_heads() -> dict[str, str]:
    """The numbered tables by their names' head (« Zone »: two tables, told apart by a third head)."""
    return {labels(f"tables.{t}.columns")[1]: t for t in (PHASES, MORAL, CRITICAL, SECONDARY)}


def die_list_heads() -> dict[str, str]:
    """The numbered tables whose hung head says all their columns in one line (review 22b, 6:
    « 1D6 · zone — effet en cas d’échec » over « Effets secondaires »), by that head."""
    die, name, text = labels(f"tables.{SECONDARY}.columns")
    head = label(
        "tables.format.die_list_head",
        die=f"1{die}" if die.startswith("D") else die,
        name=name[:1].lower() + name[1:],
        text=text[:1].lower() + text[1:],
    )
    return {flat(head): SECONDARY}


def _names_under(head, objs: list):
    """A head across a hung list as if it stood over the names only: its line, from the first
    row's name's left edge (a bold text right of the row's number, just under the head)."""
    names = [
        o
        for o in objs
        if o.page == head.page
        and "Bold" in o.font
        and not is_number(o)
        and head.bounds[1] - 20 < o.bounds[3] <= head.bounds[1]
        and o.bounds[0] > head.bounds[0] + EDGE
    ]
    if not names:
        return None
    name = max(names, key=lambda o: o.bounds[3])
    return replace(head, bounds=(name.bounds[0], head.bounds[1], name.bounds[2], head.bounds[3]))


def is_number(obj) -> bool:
    text = flat(obj.text).strip()
    return bool(text) and set(text) <= NUMBER and any(c.isdigit() for c in text)


def beside(a, b) -> bool:
    """Whether two objects sit on one line: b's middle within a's height."""
    middle = (b.bounds[1] + b.bounds[3]) / 2
    return a.bounds[1] <= middle <= a.bounds[3]


def numbered_pieces(
    pdf: bytes, width: float, height: float, floor: float = float("-inf"), lefts: tuple[float, ...] = ()
) -> list[tuple[str, list, object | None, object]]:
    """Each numbered table's piece, in a column `width` wide, down to `height` under its head and
    above `floor` (a book's frame: not its folio), not left of its column's left edge (lefts: the
    page's columns; words23: the aide-mémoire's right-aligned « Modif. » in the next column over): its
    id, its objects from its head row down to its last row's text (to the first bold or italic
    object, not a number, left of the names: a title, a note), its numbers' head (None where it is
    empty) and its names' head."""
    objs = list(text_objects(pdf))
    heads, whole, found = names_heads(), die_list_heads(), []
    seconds = [o for o in objs if "Bold" in o.font and flat(o.text).strip() in heads]
    seconds += [s for o in objs if "Bold" in o.font and flat(o.text).strip() in whole if (s := _names_under(o, objs))]
    for second in seconds:
        table = heads.get(flat(second.text).strip()) or whole[flat(second.text).strip()]
        line = [o for o in objs if o.page == second.page and beside(second, o) and "Bold" in o.font]
        right = sorted((o for o in line if o.bounds[0] > second.bounds[2]), key=lambda o: o.bounds[0])
        third = [flat(o.text).strip() for o in right[:1]]
        if table in (CRITICAL, SECONDARY) and flat(second.text).strip() in heads:
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
        left = max([second.bounds[0] - 40, *(x - EDGE for x in lefts if x - EDGE <= second.bounds[0])])
        below = sorted(
            (
                o
                for o in objs
                if o.page == second.page
                and left <= o.bounds[0] < left + width + 20
                and max(second.bounds[1] - height, floor) < o.bounds[3] <= second.bounds[1]
            ),
            key=lambda o: -o.bounds[3],
        )
        end = next(
            (
                i
                for i, o in enumerate(below)
                if i and "Regular" not in o.font and not is_number(o) and o.bounds[0] < second.bounds[0] - EDGE
            ),
            len(below),
        )
        if not any(is_number(o) for o in below[:end]):
            continue
        found.append((table, below[:end], first, second))
    return found


def set_as(rows: list, first, second) -> str:
    """How a piece sets its texts: "grid" (beside their numbers), "hung" (under their rows, from the
    names' left edge, the numbers right-aligned before it) or "flat" (under their rows otherwise)."""
    numbers = [o for o in rows if is_number(o) and o.bounds[2] <= second.bounds[0] + EDGE]
    name_left = second.bounds[0]
    # a line under a row, not a grid's cell wrapping in a column further right
    under = [
        o
        for o in rows
        if "Regular" in o.font
        and o not in numbers
        and not any(beside(n, o) for n in numbers)
        and o.bounds[0] <= name_left + EDGE
        and o.bounds[2] > name_left  # not a neighbouring card's cell
    ]
    if not under:
        return "grid"
    rights = [o.bounds[2] for o in numbers] + ([first.bounds[2]] if first else [])
    hung = (
        min(o.bounds[0] for o in under) >= name_left - EDGE
        and any(abs(o.bounds[0] - name_left) <= EDGE for o in under)
        and max(rights) - min(rights) <= 2 * EDGE  # right-aligned (a regular « 1 »'s ink ends 1.6 pt short at 10 pt)
        and max(rights) < name_left
    )
    return "hung" if hung else "flat"
