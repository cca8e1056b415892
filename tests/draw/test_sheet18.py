"""sheet18 (review 17, S3 and S8), read back from the PDFs: the KOLAPS sheet cuts no table over two
columns while a column before them has room (the packer may move a block earlier: column_order.py),
and the attack walk-through is set as a numbered list, with one left edge for its names and texts,
its numbers hanging, « Attaquant » and « Cible » flush right."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import flat, text_objects  # tests/support

from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.layout.reference.look import reference_look
from kolaps_print.layout.reference.sheet import SheetGeometry

EDGE = 1.0  # pt: two edges count as one (glyphs' ink differs by less, a column's padding by more)


@cache
def _sheet(paper: str, edition: str = "full") -> bytes:
    return build_reference(TablesOptions(paper=paper, edition=edition)).pdf  # type: ignore[arg-type]


def _column_fill(pdf: bytes, paper: str, page: int) -> list[float]:
    """Each column's share of its height down to its lowest text, on one side."""
    boxes = SheetGeometry(paper, reference_look().sheet).column_boxes()
    lows = [box.y + box.height for box in boxes]
    for obj in text_objects(pdf):
        left, low = obj.bounds[0], obj.bounds[1]
        if obj.page != page or low < boxes[0].y - 1:
            continue  # the other side, or the footer under the columns
        i = max(k for k, box in enumerate(boxes) if left >= box.x - 1) if left >= boxes[0].x - 1 else 0
        lows[i] = min(lows[i], low)
    return [(box.y + box.height - low) / box.height for box, low in zip(boxes, lows, strict=True)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_recto_cuts_no_table_while_a_column_has_room(paper):
    """Main cut « Modificateurs de difficulté » over columns 2–3 (« (suite) ») while column 1 was
    78 % full on A4 (83 % on Letter): now no table is cut, every column but the last is nearly full."""
    pdf = _sheet(paper)
    recto = flat(" ".join(o.text for o in text_objects(pdf) if o.page == 0))
    assert "(suite)" not in recto
    assert recto.count(label("tables.modificateurs.title")) == 1
    fill = _column_fill(pdf, paper, 0)
    assert min(fill[:-1]) >= 0.88, fill


def _walk_rows(pdf: bytes, paper: str) -> list:
    """The walk-through's objects on the verso: its column's, from its band down to its last step's
    text (the first object after its last number that starts left of that number: the next band)."""
    width = SheetGeometry(paper, reference_look().sheet).column_boxes()[0].width
    objs = sorted((o for o in text_objects(pdf) if o.page == 1), key=lambda o: -o.bounds[3])
    band = next(o for o in objs if flat(o.text).strip() == label("tables.sheet.sections.attaque"))
    left = band.bounds[0] - 10  # the band's title is set in from the band's edge
    column = [o for o in objs if left <= o.bounds[0] < left + width and o.bounds[3] < band.bounds[1]]
    numbers = [i for i, o in enumerate(column) if _is_number(o)]
    numbers = [
        i
        for k, i in enumerate(numbers)
        if all(int(flat(column[j].text)) == n + 1 for n, j in enumerate(numbers[: k + 1]))
    ]
    end = next(
        (i for i, o in enumerate(column) if i > numbers[-1] and o.bounds[0] < column[numbers[-1]].bounds[0]),
        len(column),
    )
    return column[:end]


def _is_number(obj) -> bool:
    """A step's lead number: bold, as every hung list's (review 23, N9; regular before)."""
    return flat(obj.text).strip().isdigit() and "Bold" in obj.font


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", ["full", "quickstart"])
def test_the_walk_through_hangs_its_numbers_on_one_left_edge(paper, edition):
    """Main centred the numbers, set the names at one edge, the texts under them flush with the
    table's edge and « Qui » at about 60 % of the width: three left edges. Now the names and
    their texts share one, the numbers end level just before it, « Qui » ends at the right."""
    rows = _walk_rows(_sheet(paper, edition), paper)
    numbers = [o for o in rows if _is_number(o)]
    assert [int(flat(o.text)) for o in numbers] == list(range(1, len(numbers) + 1)) and len(numbers) >= 8
    names = [o for o in rows if "Bold" in o.font and o not in numbers and any(_beside(o, n) for n in numbers)]
    assert len(names) == len(numbers)
    texts = [o for o in rows if "Regular" in o.font and o not in numbers and flat(o.text).strip() not in WHO]
    name_left = min(o.bounds[0] for o in names)
    assert all(abs(o.bounds[0] - name_left) <= EDGE for o in names)
    assert all(abs(o.bounds[0] - name_left) <= EDGE for o in texts if o.bounds[0] < name_left + 20)
    assert min(o.bounds[0] for o in texts) >= name_left - EDGE  # no text line starts further left
    rights = [o.bounds[2] for o in numbers]
    assert max(rights) - min(rights) <= 1.5 * EDGE and max(rights) < name_left  # a « 1 »'s ink ends a point short
    who = [o for o in rows if flat(o.text).strip() in WHO]
    assert len(who) == len(numbers) and max(o.bounds[2] for o in who) - min(o.bounds[2] for o in who) <= EDGE
    assert min(o.bounds[2] for o in who) >= max(o.bounds[2] for o in texts) - 2 * EDGE  # at the table's right


def _beside(a, b) -> bool:
    """Whether two objects sit on one line: b's middle within a's height."""
    middle = (b.bounds[1] + b.bounds[3]) / 2
    return a.bounds[1] <= middle <= a.bounds[3]


WHO = {label("tables.attaque.who.attacker"), label("tables.attaque.who.target")}
