"""The sheet laid out: column geometry from data/layouts/reference.yaml, shrinking, word-safe columns."""

import re
from itertools import pairwise

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from kolaps_print.content.reference import PLAN, reference_pages
from kolaps_print.content.tables import TABLE_NAMES, base_table, build_table
from kolaps_print.fonts import SANS_BOLD, register_fonts
from kolaps_print.layout.reference.flow import FlowBox, Stack, fill_box
from kolaps_print.layout.reference.look import Styles, reference_look
from kolaps_print.layout.reference.sheet import (
    SheetGeometry,
    SheetOverflow,
    column_gap,
    layout_sheet,
    section_flowables,
)
from kolaps_print.layout.reference.tables import table_flowable
from kolaps_print.model.gamedata import GameData, builtin_game_data
from kolaps_print.units import pt


@pytest.fixture(scope="module")
def data():
    register_fonts()
    return builtin_game_data()


def with_longer_traits(data: GameData, times: int) -> GameData:
    """The same data with every trait's rule written `times` over (a wordier designer)."""
    traits = [t.model_copy(update={"text": " ".join([t.text] * times)}) for t in data.rules.traits.traits]
    rules = data.rules.model_copy(update={"traits": data.rules.traits.model_copy(update={"traits": traits})})
    return GameData(rules=rules, catalogue=data.catalogue, documents=data.documents)


def with_longer_steps(data: GameData, times: int) -> GameData:
    """The same data with every attack step's text written `times` over."""
    steps = [s.model_copy(update={"text": " ".join([s.text] * times)}) for s in data.rules.attack.steps]
    rules = data.rules.model_copy(update={"attack": data.rules.attack.model_copy(update={"steps": steps})})
    return GameData(rules=rules, catalogue=data.catalogue, documents=data.documents)


MIN_BODY_PT = reference_look().type.min_pt


# ---- geometry and fitting ----------------------------------------------------------
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_columns_sit_inside_the_margins_without_overlapping(paper):
    spec = reference_look().sheet
    geometry = SheetGeometry(paper, spec)
    w, h = geometry.pagesize
    boxes = geometry.column_boxes()
    assert len(boxes) == spec.columns and w > h  # landscape
    for a, b in pairwise(boxes):
        assert a.x + a.width + pt(spec.gutter) == pytest.approx(b.x)
    assert boxes[0].x == pytest.approx(pt(spec.margin))
    assert boxes[-1].x + boxes[-1].width == pytest.approx(w - pt(spec.margin))
    assert all(b.y >= pt(spec.bottom) - 1e-6 and b.y + b.height <= h - pt(spec.top + spec.header) + 1e-6 for b in boxes)


def test_both_sides_fit_and_every_planned_table_is_placed(data):
    layout = layout_sheet(data, "a4")
    # a step under the floor since issue 12 (no cell over three lines: text under its rows), two
    # since kolaps17 (the walk-through's steps over their text): whole_tables_pt, never under it
    assert len(layout.boxes) == 2 and reference_look().type.whole_tables_pt <= layout.styles.body
    for boxes in layout.boxes:
        assert all(b.used + 1e-6 >= 0 and b.used <= b.height + 1e-6 for b in boxes)
    planned = [name for _, sections in PLAN for _, rows in sections for row in rows for name in row]
    variants = {n for n in TABLE_NAMES if base_table(n) != n}  # the quick-start's readings of a table
    assert sorted(set(planned)) == sorted(set(TABLE_NAMES) - {"armes", "affiliations"} - variants | {"attaque"})


def test_wordier_data_shrinks_the_type(data):
    # The full sheet sits at the floor; the demo's has room to shrink (its verso: the wounds' notes).
    normal = layout_sheet(data, "a4", "quickstart").styles.body
    wordy = layout_sheet(with_longer_steps(data, 8), "a4", "quickstart").styles.body
    floor = min(MIN_BODY_PT, reference_look().type.whole_tables_pt)  # whole tables may go to 7 pt (walk17's verso)
    assert floor <= wordy < normal


def test_data_too_long_for_two_sides_is_refused(data):
    with pytest.raises(SheetOverflow):
        layout_sheet(with_longer_traits(data, 8), "a4")


def _printed(flowable, table, i: int) -> str:
    """Column i's head as printed: a hung list's numbers go unheaded (fix20)."""
    return table.columns[i] if flowable.cells[0][i].text else ""


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_no_column_is_narrower_than_its_longest_word(data, name):
    table = build_table(name, data)
    styles = Styles(MIN_BODY_PT)
    flowable = table_flowable(table, pt(88), styles)
    for i, width in enumerate(flowable.column_widths):
        texts = [_printed(flowable, table, i)] + [row[i] for row in table.rows]
        words = [w for t in texts for w in re.split(r"[ \t\n]+", t) if w]
        longest = max(stringWidth(w, SANS_BOLD, styles.body) for w in words)
        assert width >= longest, (name, i)


def test_a_long_block_continues_in_the_next_box_under_a_continued_title(data):
    section = reference_pages(data)[1].sections[1]  # the critical tables: long texts
    styles = Styles(8)
    queue = section_flowables(section, pt(88), styles)
    first, second = FlowBox(0, 0, pt(88), 200), FlowBox(0, 0, pt(88), 1000)
    fill_box(first, queue, gap=6, min_split=0)
    fill_box(second, queue, gap=6, min_split=0)
    assert not queue and first.placed and second.placed
    assert first.used <= 200 + 0.01


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", ["full", "quickstart"])
def test_no_table_is_cut_while_a_column_stands_a_third_empty(data, paper, edition):
    layout = layout_sheet(data, paper, edition)
    for boxes in layout.boxes:
        cut = any(
            isinstance(f, Stack) and f.continued is not None and f.parts[0] is f.continued
            for box in boxes
            for f, _ in box.placed
        )
        if cut:  # a « (suite) » heads a column: every column of that side is at least two thirds full
            gaps = [len(box.placed) * column_gap(layout.styles) for box in boxes]
            assert all(box.used + gap >= box.height * 2 / 3 for box, gap in zip(boxes, gaps, strict=True))


@pytest.mark.parametrize(
    ("paper", "edition"), [("a4", "full"), ("a4", "quickstart"), ("letter", "full"), ("letter", "quickstart")]
)
def test_a_short_table_is_never_cut_between_columns(data, paper, edition):
    """style.yaml `table`: a table of whole_rows body rows or fewer prints its head row once
    (a cut table repeats it over its second part), read back from the sheet's PDF. The full
    sheet on Letter too since the eleventh session (7.25 pt, reference.yaml `whole_tables_pt`)."""
    from pdf_tables import head_rows  # tests/support

    from kolaps_print.jobs.tables import TablesOptions, build_reference
    from kolaps_print.layout.style import table_breaks

    pdf = build_reference(TablesOptions(paper=paper, edition=edition)).pdf
    tables = [t for page in reference_pages(data, edition) for s in page.sections for t in s.tables]
    heads = [tuple(t.columns[:2]) for t in tables]
    short = [t for t in tables if len(t.rows) <= table_breaks().whole_rows and len(t.columns) >= 2]
    printed = {t.title: head_rows(pdf, *t.columns[:2]) for t in short}
    assert sum(printed.values()) >= 3  # the check reads heads (a table set text under its rows has them too)
    assert all(n <= heads.count(tuple(t.columns[:2])) for t, n in zip(short, printed.values(), strict=True)), printed
