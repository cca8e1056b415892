"""How reference tables flow across card faces, read back from the imposed PDF.

Whether a table fits one face is measured with the drawing code (a table block's height
against an empty face), never read off the output under test.
"""

from dataclasses import replace

import pytest
from reportlab.platypus import Paragraph

from kolaps_print.content.reference import reference_sections
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.layout.reference.cards import (
    CardOverflow,
    _content_box,
    card_styles,
    layout_deck,
    layout_faces,
    topics,
)
from kolaps_print.layout.reference.faces import card_min_rows
from kolaps_print.layout.reference.flow import RowTable, Stack
from kolaps_print.layout.reference.look import reference_look, section_colour
from kolaps_print.layout.reference.tables import table_block
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.units import pt

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


def _block_height(table, styles, width):
    block = table_block(replace(table, rule=None, note=None, legend=None), width, styles)
    return block.wrap(width, 1e9)[1]


def test_a_table_that_fits_one_face_is_on_one_face(data):
    """Measured with the drawing code: a lone table no taller than an empty face takes only its card's front."""
    styles, box = card_styles(reference_look().cards), content_box(*POKER)
    laid = layout_faces(data, *POKER, styles)
    checked = 0
    for topic in topics(reference_sections(data)):
        if len(topic.tables) > 1 or _block_height(topic.tables[0], styles, box.width) > box.height:
            continue
        holding = [b for t, b in laid if t.tables == topic.tables and list(_tables_on(b))]
        assert len(holding) == 1, topic.title
        checked += 1
    assert checked >= 5  # most topics are one short table: the test must have checked them


def _tables_on(box):
    """Every Table piece placed in a face box, descending into Stacks."""
    todo = [f for f, _ in box.placed]
    while todo:
        f = todo.pop(0)
        if isinstance(f, Stack):
            todo[0:0] = f.parts
        elif isinstance(f, RowTable) and not any(isinstance(c, Stack) for line in f.cells for c in line):
            yield f  # a table, not a holder of tables side by side


def _cell_text(cell):
    return cell.text if hasattr(cell, "text") else _cell_text(cell[0])


def _max_rows_a_face(table, styles, width, height):
    """How many body rows of this table any empty face holds, wherever the cut (header repeated)."""
    t = table_block(table, width, styles).parts[-2 if table.note else -1]
    t.wrap(width, 1e9)
    rows, group = t.row_heights(), t.row_group  # the table's own measure; a row with its text under it counts once
    h = [rows[0]] + [sum(rows[i : i + group]) for i in range(1, len(rows), group)]
    fits = [k for k in range(1, len(h)) if h[0] + max(sum(h[i : i + k]) for i in range(1, len(h) - k + 1)) <= height]
    return max(fits, default=1)


def test_splits_leave_three_rows_a_part_when_rows_allow(data):
    """Three rows a part (the house's split_rows), the last part too: card 12's back once held the
    critical wounds' last two rows over their explanation (tenth session: 3 and 3)."""
    styles, probe = card_styles(reference_look().cards), content_box(*POKER)
    faces = [box for _, box in layout_faces(data, *POKER, styles)]
    rows_of = {}  # header text -> body-row counts of its pieces, in order
    explained = set()  # header texts whose last piece shares its face with a paragraph
    for box in faces:
        for t in _tables_on(box):
            key = tuple(_cell_text(c) for c in t.cells[0])
            rows_of.setdefault(key, []).append((len(t.cells) - 1) // t.row_group)
            if any(isinstance(f, Paragraph) for f, _ in box.placed):
                explained.add(key)
    tables = {
        cols: (t, s, i)
        for s in reference_sections(data)
        for i, t in enumerate(t for row in s.rows for t in row)
        for cols in (tuple(t.columns), tuple(t.columns[:-1]), ("", *t.columns[1:-1]))
    }  # text under its row: no last header; a hung list's numbers unheaded (fix20)
    split = {k: v for k, v in rows_of.items() if len(v) > 1}
    assert split, "the long tables (modifiers, actions) must split"
    for key, parts in split.items():
        table, section, index = tables[key]
        assert sum(parts) == len(table.rows)
        floor = min(card_min_rows(), _max_rows_a_face(table, styles, probe.width, probe.height), len(table.rows) // 2)
        assert min(parts) >= floor, (table.title, parts)  # the house's split_rows, the last part too (tenth session)


def test_one_card_a_topic_two_at_most(data, cards):
    laid = layout_faces(data, *POKER)
    subjects = topics(reference_sections(data))
    assert cards.faces == len(laid) and cards.cards == len(laid) // 2
    assert len(subjects) <= cards.cards <= 2 * len(subjects)
    for topic in subjects:
        assert 2 <= sum(t.tables == topic.tables for t, _ in laid) <= 4, topic.title


def test_the_deck_holds_every_face_once_numbered_in_order(data):
    deck = layout_deck(data, *POKER)
    assert len(deck.faces) >= 4
    assert [f.number for f in deck.faces] == list(range(1, len(deck.faces) + 1))
    cards = len(deck.faces) // 2  # a card's two faces carry its one number
    assert deck.faces[-1].label == deck.faces[-2].label == label("tables.sheet.card_of", card=cards, cards=cards)


def test_each_face_takes_the_colour_of_its_first_section(data):
    deck = layout_deck(data, *POKER)
    first = reference_sections(data)[0]
    assert deck.faces[0].colour == section_colour(first.id)
    assert {f.colour.hexval() for f in deck.faces} <= {section_colour(s.id).hexval() for s in reference_sections(data)}


def test_a_card_too_narrow_for_a_table_is_refused_naming_it(data):
    """Mini cards (44 mm) print since session 11; a card a third narrower does not hold « Difficultés »
    (three columns of words, no long text to set under its rows) even at the 6 pt floor."""
    with pytest.raises(CardOverflow, match="table 'difficultes' is too wide"):
        layout_deck(data, pt(30), pt(63))
    with pytest.raises(CardOverflow, match="does not fit"):
        layout_deck(data, pt(63), pt(30))


def test_short_runs_of_the_printed_cells_never_break():
    """« −2 à / −1 », « pas de / jet », « Rang 0 / (5+) » (cards 3 and 6): each reads back whole,
    on one line of the printed cards."""
    from pdf_text import page_texts  # tests/support

    pages = page_texts(build_reference(TablesOptions(format="cards")).pdf)
    lines = {" ".join(line.replace("\u00a0", " ").split()) for page in pages for line in page.splitlines()}
    runs = [
        label("tables.difficultes.no_roll"),
        label("tables.format.range", low="\u22122", high="\u22121"),
        label("tables.format.rank_threshold", rank=0, threshold=label("tables.format.threshold", value=5)),
    ]
    for run in (" ".join(r.replace("\u00a0", " ").split()) for r in runs):
        assert any(run in line for line in lines), run


def test_every_decks_cell_limit_is_the_sheets_setting(monkeypatch):
    """One source (session 13): the cards' « no cell over so many lines », KOLAPS's deck and the
    other systems' alike, is reference.yaml's sheet.cell_lines (it was a constant in code as well)."""
    from kolaps_print.layout.reference import cards
    from kolaps_print.layout.ruleset.look import sheet_look
    from kolaps_print.layout.ruleset.reference_cards import card_sizes

    look = reference_look()
    edited = look.model_copy(update={"sheet": look.sheet.model_copy(update={"cell_lines": look.sheet.cell_lines + 2})})
    monkeypatch.setattr(cards, "reference_look", lambda: edited)
    assert card_styles(look.cards).max_lines == look.sheet.cell_lines + 2
    assert {size.max_cell_lines for size in card_sizes(sheet_look())} == {look.sheet.cell_lines + 2}


def test_a_column_cut_table_s_note_is_parted_by_the_columns_its_sentences_name(data):
    """« Gravité des blessures » on a mini card is cut into « D6 · Effet · Bless. · Hémorr. » and
    « D6 · R0…R4 »; its note goes with them: « R0 à R4 : … » with the ranks' part, « Hémorragie :
    … » and the sentences after it (« Réussite : », « Échec : », naming no column) with the
    Hémorr. part (review 13, S1: the note alone on a card of its own)."""
    from kolaps_print.layout.reference.cards import _note_pieces

    gravite = next(t for s in reference_sections(data) for t in s.tables if t.id == "gravite")
    parts = [
        replace(gravite, columns=gravite.columns[:4]),
        replace(gravite, columns=gravite.columns[:1] + gravite.columns[4:]),
    ]
    pieces = _note_pieces(gravite.note, parts)
    assert pieces is not None and sorted(pieces) == [0, 1]
    assert pieces[1].startswith(gravite.columns[4]) and "moral" in pieces[1]
    assert pieces[0].split()[0].startswith(gravite.columns[3].rstrip("."))
    assert " ".join([pieces[1], pieces[0]]) == gravite.note  # every sentence, once, in its order
