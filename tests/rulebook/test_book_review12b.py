"""The twelfth session's second print review of the books (book12b), read back from the PDFs: no
sentence printed twice (a table's note repeating the prose), a table that fits a column whole not
cut with under half of it in the first column, and the key columns of a table whose texts go under
its rows set close together. (The « Notes » page's folio: tests/rulebook/test_blank_pages.py.)"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pypdf
import pytest
from pdf_colours import seen  # tests/support
from pdf_lines import body_lines  # tests/support
from pdf_tables import path_paints  # tests/support
from pdf_text import text_objects  # tests/support
from review_books import BOOKS  # tests/support
from review_books import book_pdf as _pdf  # tests/support
from table_cells import column_cells  # tests/support

from kolaps_print.labels import label
from kolaps_print.layout.style import table_paint
from kolaps_print.rulebook import styles as st
from kolaps_print.typography import french
from kolaps_print.units import pt

PROSE_FACE = "GentiumBookPlus"  # the running text, its bold and italic
NOTE_FACE = "RobotoCondensed-Italic"  # a table's note
SENTENCE_WORDS = 8  # shorter ones (« Difficulté +2, et 1 point de fatigue. ») may well recur


def _sentences(pdf: bytes, face: str) -> list[str]:
    """The sentences (and their parts after « : » or « ; ») of the lines set in this face, hyphens joined."""
    split = float(pypdf.PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width) / 2
    text = re.sub(r"-\ufffe?\s", "", " ".join(line.text for line in body_lines(pdf, face, split)))
    text = " ".join(text.replace("\ufffe", "").replace("\u00a0", " ").replace("\u202f", " ").split())
    return [s for s in re.split(r"(?<=[.;:!?])\s", text) if len(s.split()) >= SENTENCE_WORDS]


@pytest.mark.parametrize("book", BOOKS)
def test_no_sentence_of_the_prose_or_of_a_table_s_note_is_printed_twice(book):
    """Review 12, N6: under « Blessures critiques » the note said « La case C marque une blessure
    critique aux effets permanents… » word for word as the section « La case C » beside it. The
    prose and the tables' notes read together (the tables' cells may recur: the aide-mémoire
    gathers tables on purpose); book12's test read the prose only."""
    pdf = _pdf(book)
    sentences = _sentences(pdf, PROSE_FACE) + _sentences(pdf, NOTE_FACE)
    assert len(sentences) > 50  # the text was read
    repeated = sorted({s for s in sentences if sentences.count(s) > 1})
    assert not repeated, repeated


@dataclass(frozen=True)
class _Caption:
    page: int
    left: float
    bottom: float
    top: float
    text: str  # its bold texts joined, a raised mark (« † D12-E3 ») left out


def _bold_lines(pdf: bytes) -> list[_Caption]:
    """Every line of a table's caption (its size, bold), read back as one text without its marks."""
    size = st.styles()["table_title"].fontSize
    objs = [o for o in text_objects(pdf, page_space=True) if "Bold" in o.font and abs(o.size - size) < 0.05]
    lines: dict[tuple[int, int], list] = {}
    for o in objs:
        lines.setdefault((o.page, round(o.bounds[1])), []).append(o)
    out = []
    for (page, _), line in sorted(lines.items()):
        line.sort(key=lambda o: o.bounds[0])
        text = " ".join(" ".join(o.text for o in line).split())
        out.append(
            _Caption(page, line[0].bounds[0], min(o.bounds[1] for o in line), max(o.bounds[3] for o in line), text)
        )
    return out


def _reading(caption: _Caption, middle: float) -> tuple[int, bool, float]:
    """Where a caption comes in reading order: page, column, top down."""
    return caption.page, caption.left > middle, -caption.bottom


def _table_rows(pdf: bytes, page: int, caption: _Caption) -> list[tuple[float, float]]:
    """(bottom, top) of the rows of the table under a caption, its head first: the house table's
    fills left-aligned with the caption, each touching the one above, from just under it. A row and
    the texts set under it share one zebra shade: a run of one fill is one row."""
    paint = table_paint()
    fills = {seen(ink) for ink in (*paint.rows, paint.head_fill)}
    paints = sorted(
        (p for p in path_paints(pdf, page) if p.fill in fills and abs(p.box[0] - caption.left) < 6),
        key=lambda p: -p.box[3],
    )
    rows: list[tuple[float, float]] = []
    fill = None
    for p in paints:
        _, bottom, _, top = p.box
        if top > caption.bottom + 1:
            continue  # above the caption
        if rows and abs(top - rows[-1][0]) > 1:
            break  # the table ended
        if not rows and caption.bottom - top > 12:
            break  # no table right under the caption
        if rows and p.fill == fill:
            rows[-1] = (min(bottom, rows[-1][0]), rows[-1][1])  # a text under the row: the same row
        else:
            rows.append((bottom, top))
        fill = p.fill
    return rows


@pytest.mark.parametrize("book", BOOKS)
def test_a_table_that_fits_a_column_is_never_cut_with_under_half_its_rows_first(book):
    """Review 12, N7: d12's « Chance de réussir une action » (13 rows) ran 6 rows at the left
    column's foot and 7 « (suite) » at the right one's top. A table cut though it would fit a column
    whole keeps half its rows at least where it starts (else it starts the next column whole)."""
    pdf = _pdf(book)
    geometry = st.page_geometry("letter" if book == "kolaps-letter" else "a4")
    column, middle = geometry.frame[3], geometry.pagesize[0] / 2
    captions = _bold_lines(pdf)
    suite = french(label("tables.format.continued", title="")).strip()
    checked, short = 0, []
    for cont in (c for c in captions if c.text.endswith(suite)):
        title = cont.text[: -len(suite)].strip()
        starts = [c for c in captions if c.text == title and _reading(c, middle) < _reading(cont, middle)]
        if not starts:
            continue  # its caption's last words on a line of their own: not this book's case
        start = starts[-1]
        first, rest = _table_rows(pdf, start.page, start), _table_rows(pdf, cont.page, cont)
        assert len(first) > 1 and len(rest) > 1, (title, first, rest)
        whole = sum(t - b for b, t in first) + sum(t - b for b, t in rest[1:])  # one head
        height = start.top - start.bottom
        checked += 1
        if whole + height <= column and len(first) - 1 < (len(first) + len(rest) - 2) / 2:
            short.append((title, start.page + 1, len(first) - 1, len(rest) - 1))
    assert not short, short


KEY_CHANNEL_MM = 8  # the most white between two key columns' texts: 6 pt and the cells' padding leave about 5


def _key_rows(pdf: bytes, page: int) -> list[list[list]]:
    """Each table's key rows on a page (rows whose texts run on under them, on lines sharing their
    shade), top down, each row its cells (lists of text objects) left to right."""
    paint = table_paint()
    fills = {seen(ink) for ink in paint.rows}
    texts = [t for t in text_objects(pdf, page_space=True) if t.page == page and t.text.strip()]
    rects = sorted((p for p in path_paints(pdf, page) if p.fill in fills), key=lambda p: (p.box[0], -p.box[3]))
    tables: list[list[list[list]]] = []
    previous = None
    for rect, below in zip(rects, rects[1:] + [None], strict=False):
        if below is None or below.fill != rect.fill or abs(below.box[3] - rect.box[1]) > 1:
            continue  # no text set under this row
        if abs(below.box[0] - rect.box[0]) > 1:
            continue
        left, bottom, right, top = rect.box
        on = [t for t in texts if left - 1 <= t.bounds[0] and t.bounds[2] <= right + 1]
        cells = column_cells([t for t in on if bottom <= (t.bounds[1] + t.bounds[3]) / 2 <= top])
        if len(cells) < 2:
            continue
        if previous is None or abs(previous.box[0] - left) > 1 or previous.box[1] - top > 200:
            tables.append([])
        tables[-1].append(sorted(cells, key=lambda c: min(t.bounds[0] for t in c)))
        previous = rect
    return tables


def _flush_last(rows: list[list[list]]) -> bool:
    """Whether rows are a hung list's of three keys or more (book20: numbers first), its last key
    (« Test ») flush right as on the sheets and cards (hung19), not close to the key before it."""
    numbers = set("0123456789 à\u00a0\u202f–−+")
    firsts = ["".join(t.text for t in r[0]).strip() for r in rows]
    if len(rows[0]) < 3 or not all(f and set(f) <= numbers for f in firsts):
        return False
    rights = [max(t.bounds[2] for t in r[-1]) for r in rows]
    assert max(rights) - min(rights) <= 1.0, rights
    return True


@pytest.mark.parametrize("book", ["kolaps-a4", "kolaps-letter"])  # the other books have no text under a row
def test_the_key_columns_of_a_table_whose_texts_go_under_its_rows_stand_close(book):
    """Book12 left: in « Moral », whose texts go under its rows, « 6 à 4 » and « Bon moral » stood
    far apart, the key columns spread across the measure. Each key column is as wide as its texts
    (on one line) need: the white between two key columns' texts is at most KEY_CHANNEL_MM. A page
    holding a cut table's piece is left out: a piece's widest text may be in the other piece. A hung
    list's last key of three or more stands flush right instead (book20, as hung19 set it elsewhere)."""
    pdf = _pdf(book)
    suite = french(label("tables.format.continued", title="")).strip()
    cut = {c.page for c in _bold_lines(pdf) if c.text.endswith(suite)}
    cut |= {page - 1 for page in cut}
    wide, checked = [], 0
    for page in set(range(len(pypdf.PdfReader(io.BytesIO(pdf)).pages))) - cut:
        for rows in _key_rows(pdf, page):
            count = max(len(r) for r in rows)
            rows = [r for r in rows if len(r) == count]
            for i in range(count - 1 - _flush_last(rows)):
                right = max(t.bounds[2] for r in rows for t in r[i])
                left = min(t.bounds[0] for r in rows for t in r[i + 1])
                checked += 1
                if left - right > pt(KEY_CHANNEL_MM):
                    wide.append(
                        (
                            page + 1,
                            rows[0][i][0].text.strip(),
                            rows[0][i + 1][0].text.strip(),
                            round((left - right) / pt(1), 1),
                        )
                    )
    assert checked > 3
    assert not wide, wide


MAIN_PAGES = {"kolaps-a4": 16, "kolaps-letter": 16}  # the books' pages before their key columns closed (main, 49d5839)


@pytest.mark.parametrize("book", ["kolaps-a4", "kolaps-letter"])
def test_closing_the_key_columns_keeps_the_book_s_page_count(book):
    """Book12b's key columns closed with an empty column after them lengthened the A4 book's flow
    (its index filled p. 15, the ruled Notes page went): reverted. Closed now without a column
    added, the books keep their page count (the Notes page: test_blank_pages)."""
    assert len(pypdf.PdfReader(io.BytesIO(_pdf(book))).pages) == MAIN_PAGES[book]
