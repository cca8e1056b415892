"""The same table looks the same in every product (issue 12): the house table of
data/layouts/style.yaml (`table`), read back from the PDFs. One table that several products
print, found by its column heads, is painted alike in each: its head row's fill, its heads'
face and colour, its body rows' fills, and the rules across it (where, how heavy, what colour).
Those are also what the house style names, seen through pdfium's own conversion of our inks."""

from __future__ import annotations

import re

import pytest
from pdf_colours import seen  # tests/support
from pdf_tables import TablePaint, table_paint  # tests/support

from kolaps_print.layout.style import table_paint as house_table

KOLAPS = ("tables", "tables-cards", "rulebook", "quickstart")  # every_product's names
RULESET_PRODUCTS = {  # name -> the command's arguments after --ruleset ID
    "sheet": ["tables"],
    "reference-cards": ["tables", "--format", "cards"],
    "book": ["rulebook"],
}
# One table each system prints everywhere, by its first two column heads.
RULESET_TABLES = {"d12": ("Dé", "Attaquant"), "3d6": ("Hausse", "Coût"), "d100": ("Entre", "Départage")}


def _family(font: str) -> str:
    return re.sub(r"^[A-Z]{6}\+", "", font)  # the subset prefix aside


def _shades(paint: TablePaint) -> list:
    """The rows' shades, a row and the texts set under it (one shade, two fills) counted once."""
    return [fill for i, fill in enumerate(paint.rows) if i == 0 or fill != paint.rows[i - 1]]


def _first_column(paint: TablePaint) -> list[str]:
    """The faces of the body's first column, less the italic examples set under their rows (words19:
    3d6's « Ex. : … », which start at the first column's edge)."""
    return [font for font in paint.first_column if "Italic" not in font]


def _look(paint: TablePaint) -> tuple:
    """What must be the same wherever the table is printed (positions and sizes are each product's)."""
    heads = frozenset((_family(font), fill) for font, fill in paint.head_texts)
    first = frozenset(_family(font) for font in _first_column(paint))  # its body's first column: one face
    rules = tuple((colour, weight) for _, colour, weight in paint.rules)
    return paint.head_fill, heads, tuple(_shades(paint)[:2]), rules, first


def _as_the_house_style_says(paint: TablePaint) -> None:
    house = house_table()
    assert paint.head_fill == seen(house.head_fill)
    assert paint.head_texts and all("Bold" in font and fill == seen(house.head_text) for font, fill in paint.head_texts)
    cycle = [seen(ink) for ink in house.rows]
    shades = _shades(paint)
    assert len(shades) >= 2 and shades == [cycle[i % len(cycle)] for i in range(len(shades))]
    # Two rules, no more: under the head row and under the last row, in the rule's colour and weight.
    (head_y, *_), (foot_y, *_) = paint.rules[0], paint.rules[-1]
    assert len(paint.rules) == 2, paint.rules
    assert abs(head_y - paint.head_bottom) < 1 and abs(foot_y - paint.foot) < 1
    assert all(colour == seen(house.rule) and abs(weight - house.rule_pt) < 0.01 for _, colour, weight in paint.rules)
    # The body's first column names its row: bold, as its head (style.yaml `table.first_column`).
    first = _first_column(paint)
    assert first and all(("Bold" in font) == house.first_column_bold for font in first)


@pytest.fixture(scope="module")
def kolaps_tables(every_product) -> dict[str, TablePaint]:
    return {name: table_paint(every_product[name], "Rang", "Seuil") for name in KOLAPS}


@pytest.fixture(scope="module")
def ruleset_tables(cli, tmp_path_factory) -> dict[tuple[str, str], TablePaint]:
    folder = tmp_path_factory.mktemp("table-look")
    out = {}
    for ruleset_id, heads in RULESET_TABLES.items():
        for product, command in RULESET_PRODUCTS.items():
            target = folder / f"{ruleset_id}-{product}.pdf"
            result = cli([*command, "--ruleset", ruleset_id, "-o", target])
            assert result.exit_code == 0, result.stderr
            out[(ruleset_id, product)] = table_paint(target.read_bytes(), *heads)
    return out


@pytest.mark.parametrize("product", KOLAPS)
def test_kolaps_s_success_thresholds_are_the_house_table_in_every_product(kolaps_tables, product):
    _as_the_house_style_says(kolaps_tables[product])


@pytest.mark.parametrize("ruleset_id", RULESET_TABLES)
@pytest.mark.parametrize("product", RULESET_PRODUCTS)
def test_a_ruleset_s_table_is_the_house_table_in_its_sheet_cards_and_book(ruleset_tables, ruleset_id, product):
    _as_the_house_style_says(ruleset_tables[(ruleset_id, product)])


def test_the_same_table_is_painted_alike_in_every_product(kolaps_tables, ruleset_tables):
    """The sheet and the reference cards (shapes) and the book and the quick-start (reportlab's
    tables) agree, and every system's products with KOLAPS's."""
    looks = {_look(p) for p in [*kolaps_tables.values(), *ruleset_tables.values()]}
    assert len(looks) == 1, looks


def test_the_table_s_paint_is_black_and_white(kolaps_tables):
    """Readable from a black-and-white printer: every fill and rule is grey (R = G = B within
    pdfium's rounding of a K-only ink), the head darker than the rows, the heads solid black."""
    paint = next(iter(kolaps_tables.values()))
    house = house_table()
    inks = [house.head_fill, house.head_text, house.rule, *house.rows]
    assert all(ink[:3] == (0, 0, 0) for ink in inks)  # black only: one plate, no colour to lose
    assert house.head_text == (0, 0, 0, 1) and house.rule == (0, 0, 0, 1)
    assert house.head_fill[3] > max(ink[3] for ink in house.rows)
    assert sum(paint.head_fill) < min(sum(row) for row in paint.rows)


@pytest.mark.parametrize("product", ["tables", "tables-cards", "rulebook"])  # cards: review 10, item 7
def test_a_step_s_name_is_bold_and_its_number_too_and_a_die_face_stays_bold(every_product, product):
    """Session 10: the bold first column made « Le tour de jeu »'s phase numbers (1, 2, 3) the
    strong text, their names regular; a reader looks a step up by its name: the name is bold,
    the number regular. Review 23, 9: a hung list's lead numbers bold in every list, as a die's
    faces (« D6 » of the wound table, looked up by their number) are: the name bold still, so the
    number is never the one strong text of its row."""
    from pdf_text import text_objects  # tests/support

    printed = [o for o in text_objects(every_product[product]) if o.text.strip()]
    index = [o.page for o in printed if o.text.strip() == "Index" and o.size > 14]  # the book's index heading
    printed = [o for o in printed if not index or o.page < min(index)]  # its entries are regular (review 11: « Bilan »)
    for name in ("Initiative", "Bilan"):
        cells = [o for o in printed if o.text.strip() == name]
        assert cells and all("Bold" in o.font for o in cells), name
        numbers = [
            o
            for o in printed
            for cell in cells
            if o.page == cell.page
            and o.text.strip() in "123"
            and abs(o.bounds[1] - cell.bounds[1]) < 3
            and 0 < cell.bounds[0] - o.bounds[2] < 60
        ]
        assert numbers and all("Bold" in o.font for o in numbers), name
    faces = [o for o in printed if o.text.strip() == "Éraflure"]  # the wound table's first row, face 1
    ones = [
        o
        for o in printed
        for face in faces
        if o.page == face.page
        and o.text.strip() == "1"
        and abs(o.bounds[1] - face.bounds[1]) < 3
        and 0 < face.bounds[0] - o.bounds[2] < 40
    ]
    assert ones and all("Bold" in o.font for o in ones)


def test_a_head_of_two_parts_breaks_at_its_dot_never_after_it(every_product):
    """Session 10: the quick-start's chances heads « 0 · 2C6 » broke after the dot (« 0 · » over
    « 2C6 »): too wide for its column, a head of two parts sets one over the other, the dot dropped."""
    from pdf_text import page_texts  # tests/support

    for product in ("quickstart", "rulebook", "kit-papier"):
        lines = [line.strip() for page in page_texts(every_product[product]) for line in page.splitlines()]
        assert not [line for line in lines if line.endswith("·") or line.startswith("·")], product
    lines = [line.strip() for page in page_texts(every_product["quickstart"]) for line in page.splitlines()]
    assert "2C6" in lines and lines[lines.index("2C6") - 1] == "0"
