"""How reference tables flow across card faces, read back from the imposed PDF.

Whether a table fits one face is measured with the drawing code (a table block's height
against an empty face), never read off the output under test.
"""

from io import BytesIO
from math import ceil

import pypdfium2 as pdfium
import pytest

from kolaps_print.content.reference import reference_sections
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.layout.reference.cards import CardOverflow, _content_box, layout_deck, layout_faces
from kolaps_print.layout.reference.faces import CARD_MIN_ROWS
from kolaps_print.layout.reference.flow import RowTable, Stack, fill_box
from kolaps_print.layout.reference.look import Styles, reference_look, section_colour
from kolaps_print.layout.reference.sheet import section_flowables
from kolaps_print.layout.reference.tables import table_block
from kolaps_print.layout.units import pt
from kolaps_print.model.gamedata import builtin_game_data

POKER = (pt(63), pt(88))
CARD_BODY_PT = reference_look().cards.body_pt


def content_box(width, height):
    return _content_box(reference_look().cards, width, height)


@pytest.fixture(scope="module")
def data():
    return builtin_game_data()


@pytest.fixture(scope="module")
def cards():
    return build_reference(TablesOptions(format="cards"))


def _room(section, index, styles, box):
    """An empty face's height, less the section band the first table travels with."""
    if index:
        return box.height
    first = section_flowables(section, box.width, styles, loose=True)[0]
    return box.height - first.parts[0].wrap(box.width, box.height)[1] - first.gap


def _block_height(table, styles, width):
    block = table_block(table, width, styles, section_colour("test"))
    return block.wrap(width, 1e9)[1]


def test_a_table_that_fits_one_face_is_on_one_face(data, cards):
    # pdfium gives the page text in drawing order: each card slot's lines follow its strip.
    pdf = pdfium.PdfDocument(BytesIO(cards.pdf))
    styles, box = Styles(CARD_BODY_PT), content_box(*POKER)
    per_face = _text_per_face(pdf, cards.faces)
    checked = 0
    for section in reference_sections(data):
        for i, table in enumerate(t for row in section.rows for t in row):
            if _block_height(table, styles, box.width) > _room(section, i, styles, box):
                continue
            title = table.title
            holding = [n for n, text in per_face.items() if title in text]
            assert len(holding) == 1, (title, holding)
            checked += 1
    assert checked >= 8


def _text_per_face(pdf, total):
    """Face number -> its text, cut at each "n/N" strip (each slot is drawn strip first)."""
    out: dict[int, str] = {}
    for i in range(len(pdf)):
        text = " ".join(pdf[i].get_textpage().get_text_range().split())
        marks = [label("tables.sheet.card_of", card=n, cards=total) for n in range(1, total + 1)]
        spots = sorted((text.find(f" {m} "), n) for n, m in enumerate(marks, 1) if f" {m} " in text)
        for k, (start, n) in enumerate(spots):
            end = spots[k + 1][0] if k + 1 < len(spots) else len(text)
            out[n] = text[start:end]
    assert sorted(out) == list(range(1, total + 1))
    return out


def _tables_on(box):
    """Every Table piece placed in a face box, descending into Stacks."""
    todo = [f for f, _ in box.placed]
    while todo:
        f = todo.pop(0)
        if isinstance(f, Stack):
            todo[0:0] = f.parts
        elif isinstance(f, RowTable) and f.repeatRows == 1:
            yield f


def _cell_text(cell):
    return cell.text if hasattr(cell, "text") else _cell_text(cell[0])


def _max_rows_a_face(table, styles, width, height):
    """How many body rows of this table any empty face holds, wherever the cut (header repeated)."""
    t = table_block(table, width, styles, section_colour("test")).parts[-2 if table.note else -1]
    t.wrap(width, 1e9)
    rows, group = t._rowHeights, t.row_group  # reportlab's own measure; a row with its text under it counts once
    h = [rows[0]] + [sum(rows[i : i + group]) for i in range(1, len(rows), group)]
    fits = [k for k in range(1, len(h)) if h[0] + max(sum(h[i : i + k]) for i in range(1, len(h) - k + 1)) <= height]
    return max(fits, default=1)


def test_splits_leave_three_rows_a_part_when_rows_allow(data):
    styles, probe = Styles(CARD_BODY_PT), content_box(*POKER)
    faces = layout_faces(data, *POKER, styles)
    rows_of = {}  # header text -> body-row counts of its pieces, in order
    for box in faces:
        for t in _tables_on(box):
            key = tuple(_cell_text(c) for c in t.cells[0])
            rows_of.setdefault(key, []).append((len(t.cells) - 1) // t.row_group)
    tables = {
        cols: (t, s, i)
        for s in reference_sections(data)
        for i, t in enumerate(t for row in s.rows for t in row)
        for cols in (tuple(t.columns), tuple(t.columns[:-1]))
    }  # text under its row: no last header
    split = {k: v for k, v in rows_of.items() if len(v) > 1}
    assert split, "the long tables (modifiers, actions) must split"
    for key, parts in split.items():
        table, section, index = tables[key]
        assert sum(parts) == len(table.rows)
        room = _room(section, index, styles, probe)
        floor = min(CARD_MIN_ROWS, _max_rows_a_face(table, styles, probe.width, room), len(table.rows) // 2)
        assert min(parts) >= floor, (table.title, parts)


def _greedy_faces(data):
    """The previous flow (fill each face, split whatever straddles): the count to stay near."""
    styles, probe = Styles(CARD_BODY_PT), content_box(*POKER)
    queue = [u for s in reference_sections(data) for u in section_flowables(s, probe.width, styles)]
    faces = 0
    while queue:
        box = content_box(*POKER)
        fill_box(box, queue, gap=styles.body * 0.8, min_split=box.height * 0.25)
        faces += 1
    return faces


def test_card_count_grows_by_one_card_at_most(data, cards):
    assert cards.cards <= ceil(_greedy_faces(data) / 2) + 1
    assert cards.faces == len(layout_faces(data, *POKER))


def test_the_deck_holds_every_face_once_numbered_in_order(data):
    deck = layout_deck(data, *POKER)
    assert len(deck.faces) >= 4
    assert [f.number for f in deck.faces] == list(range(1, len(deck.faces) + 1))
    assert deck.faces[-1].label == label("tables.sheet.card_of", card=len(deck.faces), cards=len(deck.faces))


def test_each_face_takes_the_colour_of_its_first_section(data):
    deck = layout_deck(data, *POKER)
    first = reference_sections(data)[0]
    assert deck.faces[0].colour == section_colour(first.id)
    assert {f.colour.hexval() for f in deck.faces} <= {section_colour(s.id).hexval() for s in reference_sections(data)}


def test_a_card_too_narrow_for_a_table_is_refused_naming_it(data):
    with pytest.raises(CardOverflow, match="too wide"):
        layout_deck(data, pt(44), pt(63))
    with pytest.raises(CardOverflow, match="does not fit"):
        layout_deck(data, pt(63), pt(30))
