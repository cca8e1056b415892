"""book21 (review 20 S1, S3), read back from the books: « Effets secondaires » is the quick-start's hung
list in the full book too (same A4 two-column measure, one look), and « Moral »'s « Démoralisé »
breaks inside its bound (« alors à plus / de 25 cm ») rather than leaving « il s'éloigne alors à »
a fifth short before the whole « plus de 25 cm »."""

from __future__ import annotations

import re

import pytest
from hung_lists import SECONDARY, numbered_pieces, set_as
from pdf_text import flat, page_texts, split_across_lines, text_objects  # tests/support
from review_books import book_pdf

from kolaps_print.rulebook import styles as st

BOOKS = ("kolaps-a4", "kolaps-letter")
DEMORALISED_FIRST = "Plus de mode offensif."  # the text's first line, a full one
DEMORALISED = "s’éloigne alors à"
PADDING = 4.0  # pt: a cell's right padding in the book (flowables._table_style)
LEADING = 10.6  # pt: the book's cell leading


def _lefts(book: str) -> tuple[float, ...]:
    """The left edges of the book's columns (the Letter book's on Letter pages)."""
    return tuple(frame[0] for frame in st.page_geometry("letter" if "letter" in book else "a4").column_frames)


def _pieces(book: str) -> list[tuple[str, str]]:
    _, floor, width, height = st.page_geometry("a4").column_frames[0]
    return [
        (table, set_as(rows, first, second))
        for table, rows, first, second in numbered_pieces(book_pdf(book), width, height, floor, _lefts(book))
    ]


@pytest.mark.parametrize("book", [*BOOKS, "quickstart"])
def test_side_effects_hang_in_every_book(book):
    """Main set the full book's « Effets secondaires » (p. 9 and the aide-mémoire's p. 13) as a grid
    (D6 | Zone | Effet en cas d'échec) and the quick-start's as a hung list: both hung now. The
    quick-start is a guard (it hung on main)."""
    looks = [look for table, look in _pieces(book) if table == SECONDARY]
    assert looks and set(looks) == {"hung"}, looks


def _lines(pdf: bytes) -> list[str]:
    return [flat(line) for page in page_texts(pdf) for line in re.split(r"[\r\n]+", page) if line.strip()]


@pytest.mark.parametrize("book", BOOKS)
def test_demoralised_breaks_inside_its_bound(book):
    """Main ended a line on « il s'éloigne alors à », 52 pt short of the hung text's measure (the
    whole « plus de 25 cm » 1.6 pt too wide for the rest), on p. 8 and the aide-mémoire's p. 14. Now
    « plus » stays on that line and « de 25 cm » goes down whole: never « de / 25 cm », nor « 25 / cm »."""
    pdf = book_pdf(book)
    lines = [line for line in _lines(pdf) if DEMORALISED in line]
    assert len(lines) == 2, lines  # the chapter's table and the aide-mémoire's
    assert all(line.endswith(f"{DEMORALISED} plus") for line in lines), lines
    assert not split_across_lines(pdf, "de 25 cm")


@pytest.mark.parametrize(("book", "paper"), [("kolaps-a4", "a4"), ("kolaps-letter", "letter")])
def test_demoralised_lines_fill_their_measure(book, paper):
    """Each line of the text but its last reaches 4/5 of the hung text's measure, from its left edge
    to the column's less the cell's padding (rulebook.yaml short_line: 0.2). Main's « …alors à »: 0.78."""
    frames = st.page_geometry(paper).column_frames
    objects = [o for o in text_objects(book_pdf(book)) if o.text.strip()]
    firsts = [o for o in objects if flat(o.text).startswith(DEMORALISED_FIRST)]
    assert len(firsts) == 2, [flat(o.text) for o in firsts]
    for first in firsts:
        (right,) = [x + width for x, _, width, _ in frames if x <= first.bounds[0] < x + width]  # its column's
        measure = right - PADDING - first.bounds[0]
        lines = [o for o in objects if o.page == first.page and abs(o.bounds[0] - first.bounds[0]) < 1]
        lines = [o for o in lines if 0 < first.bounds[1] - o.bounds[1] < 3.5 * LEADING]  # its next three lines
        lines.sort(key=lambda o: -o.bounds[1])
        assert any(DEMORALISED in flat(o.text) for o in lines), [flat(o.text) for o in lines]
        for line in [first, *lines[:-1]]:
            assert line.bounds[2] - line.bounds[0] >= 0.8 * measure, (flat(line.text), measure)
