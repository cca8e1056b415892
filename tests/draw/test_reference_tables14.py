"""The quick-reference sheets' and reference cards' tables after the thirteenth session's proof
review (issue 12, house style), read back from the PDFs: no cell ends on a short word alone on its
last line (N6), a dice expression is never broken, in a heading as in a cell (N5), tables side
by side start their heads on one line (N4)."""

from __future__ import annotations

import itertools
import re
from functools import cache

import pytest
from pdf_colours import seen  # tests/support
from pdf_tables import path_paints  # tests/support
from pdf_text import page_texts, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards, build_ruleset_sheet
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.layout.style import table_paint

SHORT = 3  # the review's « 6. » and « DV »: a word of at most this many characters, alone


@cache
def _pdf(product: str) -> bytes:
    """A sheet or deck by name: « kolaps-a4 », « kolaps-kit », « 3d6-sheet », « d100-tarot »..."""
    system, kind = product.split("-")
    if kind.startswith("army"):  # « d100-army_mini »: the demo army's cards
        return build_ruleset_cards(demo_army(system), CardOptions(card=kind.split("_")[1])).pdf
    if system == "kolaps":
        if kind in ("a4", "letter"):
            return build_reference(TablesOptions(paper=kind)).pdf
        if kind == "kit":
            return build_reference(TablesOptions(edition="quickstart")).pdf
        return build_reference(TablesOptions(format="cards", card=kind)).pdf
    if kind == "sheet":
        return build_ruleset_sheet(system).pdf
    return build_ruleset_reference_cards(system, TablesOptions(format="cards", card=kind)).pdf


PRODUCTS = [
    "kolaps-a4",
    "kolaps-letter",
    "kolaps-kit",
    "kolaps-mini",
    "kolaps-poker",
    "3d6-sheet",
    "d12-sheet",
    "d100-sheet",
    "3d6-tarot",
    "d100-mini",
    "d100-poker",
    "d100-tarot",
    "d12-poker",
]


STACKED_LEVEL = re.compile(r"\d+(?:\s*·)?")  # a chances head's level over its dice (« 0 » / « 2C6 »)


@pytest.mark.parametrize("product", PRODUCTS)
def test_no_cell_ends_on_a_short_word_alone(product):
    """Main printed « Tous les dés donnent / 6. » (KOLAPS A4 and Letter), « … au-dessus de la /
    DV » (3d6), « Un joueur et un / PNJ » (d100 cards). A rank stacked over its dice on purpose
    (« 0 » over « 2C6 », a chances head, its dot dropped since kit20) ends after a bare level, not on
    a word. A final stop does not count: main left « bas. » alone (d100 poker, « Le round », review 14 N2)."""
    faults = [
        (c.page, c.text, c.last_line)
        for c in grid_cells(_pdf(product))
        if c.lines > 1
        and len(c.last_line.split()) == 1
        and len(c.last_line.rstrip(".\u2026")) <= SHORT
        and not STACKED_LEVEL.fullmatch(c.text.removesuffix(c.last_line).strip())
    ]
    assert not faults, faults


BROKEN = re.compile(r"\d*[dD]\d+\s*[+\u2212]$")  # a line ending on a roll and its sign


@pytest.mark.parametrize("product", ["d12-sheet", "3d6-sheet", "d100-sheet", "d12-tarot", "kolaps-a4"])
def test_no_dice_expression_is_broken(product):
    """Main broke d12's heading « Chance de réussir une action (1d12 + / bonus) »: every « 1d12 +
    bonus » printed stands whole on one line."""
    lines = [o.text.strip() for o in text_objects(_pdf(product))]
    broken = [t for t in lines if BROKEN.search(t)]
    assert not broken, broken
    if product == "d12-sheet":
        assert any("(1d12 + bonus)" in t for t in lines), [t for t in lines if "bonus" in t]


# A line ending inside a comparison or a range of numbers (review 14, N1).
BROKEN_RANGE = re.compile(r"(?:[\u2264\u2265]|\d+ à)$|^(?:[\u2264\u2265]|à \d)", re.IGNORECASE)


@pytest.mark.parametrize("product", ["d100-mini", "d100-poker", "d100-tarot", "d100-sheet", "d100-army_mini"])
def test_no_comparison_or_range_is_broken(product):
    """Main broke « Chance de réussite (d100 ≤ / score) » (d100 mini 2/8 and 3/8, tarot 2/5) and
    « Tir en rafale (6 à / 20 balles) » (mini 7/8, every mini army card's back in capitals)."""
    lines = [o.text.strip() for o in text_objects(_pdf(product)) if o.text.strip()]
    broken = [t for t in lines if BROKEN_RANGE.search(t)]
    assert not broken, broken
    whole = " ".join(lines)
    assert re.search("6 à 20 balles", whole, re.IGNORECASE), "no burst heading"
    if "army" not in product:
        assert "(d100 ≤ score)" in whole


def _head_rows(pdf: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """The boxes (left, bottom, right, top, points) of the tables' head rows on a page (from 0)."""
    tint = seen(table_paint().head_fill)
    return [p.box for p in path_paints(pdf, page) if p.fill == tint and p.box[3] - p.box[1] > 2]


@pytest.mark.parametrize("product", ["kolaps-kit", "kolaps-a4", "kolaps-letter"])
def test_tables_side_by_side_start_their_heads_level(product):
    """Main wrapped the kit sheet's « Seuils de / réussite » beside « Difficultés », one line: its
    head row stood 4.6 mm lower. Two head rows side by side in a column (a gap of under 10 pt
    between them, their boxes within 20 pt of each other's height) share their top within 0.5 pt."""
    pdf = _pdf(product)
    faults = []
    for page in range(len(page_texts(pdf))):
        heads = sorted(_head_rows(pdf, page))
        for a, b in itertools.pairwise(heads):
            beside = 0 <= b[0] - a[2] < 10 and abs(a[3] - b[3]) < 20
            if beside and abs(a[3] - b[3]) > 0.5:
                faults.append((page + 1, round(a[3] - b[3], 2)))
    assert not faults, faults


@pytest.mark.parametrize("product", ["3d6-tarot", "3d6-poker"])
def test_a_reference_card_sets_an_experience_cost_on_two_lines_at_most(product):
    """Main set « 5 XP × / niveau / visé » on three lines on a 3d6 tarot card two thirds empty:
    the cards reshare their columns as the sheet does (rulesets.yaml reference_cards.fewer_lines),
    and count the table's lines when its rows stay as high (review 14, S3). One line on the poker
    until review 14b S2 asked for no cell of three lines where a reshare saves one: the poker's
    « Enseignée par un autre personnage » takes two, and « 5 XP × niveau visé » two with it
    (tables15; test_tables15)."""
    cells = [c for c in grid_cells(_pdf(product)) if c.text.strip() == "5 XP × niveau visé"]
    assert cells and all(c.lines <= 2 for c in cells), cells


@pytest.mark.parametrize("product", ["3d6-mini", "3d6-poker", "3d6-tarot", "d100-mini", "d100-tarot", "d12-poker"])
def test_no_head_cell_stands_over_an_empty_column(product):
    """Main's 3d6 tarot « États » head read « Quand | Effet » and d100 mini « Recharger » « Arme |
    Temps » over rows set across the table, each value under its key at the left edge: nothing
    under « Effet » or « Temps » (review 14, S5). A head row of two cells or more has some text
    below it, within 40 pt, that starts past the table's left edge: a column of its own."""
    pdf = _pdf(product)
    objs = [o for o in text_objects(pdf, page_space=True) if o.text.strip()]
    faults = []
    for page in sorted({o.page for o in objs}):
        on_page = [o for o in objs if o.page == page]
        for row in _head_rows(pdf, page):
            heads = [o.text.strip() for o in on_page if _inside(o.bounds, [row])]
            below = [o for o in on_page if row[1] - 40 < o.bounds[3] < row[1] + 1 and row[0] + 5 < o.bounds[0] < row[2]]
            if len(heads) > 1 and not below:
                faults.append((page + 1, heads))
    assert not faults, faults


def _inside(bounds: tuple[float, float, float, float], boxes: list) -> bool:
    middle = (bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2
    return any(b[0] <= middle[0] <= b[2] and b[1] <= middle[1] <= b[3] for b in boxes)


@pytest.mark.parametrize("product", ["3d6-sheet", "3d6-tarot"])
def test_a_stat_is_named_as_its_line_prints_it(product):
    """Main's « États » read « COUPS à −2 × Corps » where the character's stat line prints « CORPS »."""
    text = " ".join(o.text for o in text_objects(_pdf(product)))
    assert "× CORPS" in text
    assert "Corps" not in text
