"""book20 (issue 12: the same table looks the same in every product), read back from the PDFs: the
book's numbered tables with their running text under their rows (« Le tour de jeu », « Moral »,
« Blessures critiques ») are the sheets' and cards' hung list (hung19) — numbers right-aligned in a
narrow column, each text on the names' left edge — no longer a grid with its texts from the table's
left edge; the quick-start's « Effets secondaires (démo) » too."""

from __future__ import annotations

import pytest
from hung_lists import CRITICAL, EDGE, MORAL, PHASES, SECONDARY, beside, is_number, numbered_pieces, set_as
from pdf_text import flat  # tests/support
from review_books import book_pdf

from kolaps_print.rulebook import styles as st

HUNG = {PHASES, MORAL, CRITICAL, SECONDARY}  # book21: « Effets secondaires » too, as in the quick-start


def _lefts(book: str) -> tuple[float, ...]:
    """The left edges of the book's columns (the Letter book's on Letter pages)."""
    return tuple(frame[0] for frame in st.page_geometry("letter" if "letter" in book else "a4").column_frames)


def _pieces(book: str) -> list[tuple[str, list, object | None, object]]:
    """The book's numbered tables' pieces, each in a column of the book (the frame's height under its head)."""
    _, floor, width, height = st.page_geometry("a4").column_frames[0]
    return numbered_pieces(book_pdf(book), width, height, floor, _lefts(book))


@pytest.mark.parametrize("book", ["kolaps-a4", "kolaps-letter"])
def test_the_books_numbered_tables_hang_their_texts_from_the_names(book):
    """Main set them with centred numbers and each text from the table's left edge, under the
    numbers (a second left edge): now every piece is the hung list, on both papers."""
    pieces = [(table, set_as(rows, first, second)) for table, rows, first, second in _pieces(book)]
    assert {table for table, look in pieces if look == "hung"} == HUNG, pieces
    assert not any(look == "flat" for table, look in pieces), pieces


def test_the_numbers_column_is_no_wider_than_its_widest_number():
    """The names start one padding past the widest number (« 6 à 4 », « 1 »): the numbers' column
    has no right padding (the reference's hang_widths), so the hung texts lose no more than that."""
    pieces = [(table, rows, second) for table, rows, _, second in _pieces("kolaps-a4") if table in HUNG]
    assert {table for table, _, _ in pieces} == HUNG
    for table, rows, second in pieces:
        numbers = [o for o in rows if is_number(o) and o.bounds[2] <= second.bounds[0] + EDGE]
        assert numbers, table
        names = [o for o in rows if any(beside(n, o) for n in numbers) and o not in numbers]
        gaps = [min(o.bounds[0] for o in names if beside(n, o)) - n.bounds[2] for n in numbers]
        assert min(gaps) <= 6.0, (table, [flat(n.text) for n in numbers], gaps)  # one padding: 4 pt, and ink


def test_the_quickstarts_side_effects_hang_their_texts_from_the_names():
    """Its page of tables sets « Effets secondaires (démo) »'s texts under its rows: hung, as on the kit's cards."""
    pieces = [(table, set_as(rows, first, second)) for table, rows, first, second in _pieces("quickstart")]
    assert pieces == [(SECONDARY, "hung")], pieces


@pytest.mark.parametrize("book", ["kolaps-a4", "quickstart"])
def test_the_books_hung_lists_read_as_the_sheets(book):
    """As the sheet and cards set them (fix20, review 19 S3/S4): no head over the numbers, the
    names bold. The merge of book20 and fix20 set the book's numbers bold and its names regular,
    the house table's first column. A list numbered by a die's faces (« Effets secondaires »,
    « Blessures critiques ») sets them bold as every die column, the first under one head that says
    its columns (review 22b, 6); every other hung list's lead numbers are bold too (review 23, N9:
    « Le tour de jeu »'s 1 2 3 and « Moral »'s « 6 à 4 » were regular beside the bold faces)."""
    pieces = [p for p in _pieces(book) if set_as(p[1], p[2], p[3]) == "hung"]
    assert pieces
    for table, rows, first, second in pieces:
        assert first is None, table
        numbers = [o for o in rows if is_number(o) and o.bounds[2] <= second.bounds[0] + EDGE]
        names = [o for o in rows if any(beside(n, o) for n in numbers) and o not in numbers]
        names = [o for o in names if abs(o.bounds[0] - second.bounds[0]) <= EDGE]
        assert names and all("Bold" in o.font for o in names), (table, [(flat(o.text), o.font) for o in names])
        assert all("Bold" in o.font for o in numbers), (table, [(flat(o.text), o.font) for o in numbers])
