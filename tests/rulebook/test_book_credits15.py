"""Issue 12's binding rule, read back from the PDFs (book15b): every book's page count is a multiple
of four (folded sheets) and a bound book ends with its credits. A ruleset's booklet sets them as a
colophon under its last page of text when they fit there and that page already makes the count
(d12: 4 pages); otherwise ruled « Notes » pages come before a credits page (d100, 3d6: 8 pages)."""

from __future__ import annotations

import re

import pytest
from pdf_tables import path_paints  # tests/support
from pdf_text import page_texts, text_objects  # tests/support
from review_books import BOOKS  # tests/support
from review_books import book_pdf as _pdf  # tests/support

from kolaps_print import resources
from kolaps_print.fonts import CREDITS
from kolaps_print.labels import label
from kolaps_print.model.ruleset_load import load_ruleset
from kolaps_print.rulebook import styles as st
from kolaps_print.typography import french

BOUND = ["kolaps-a4", "kolaps-letter", "d100", "3d6", "d12"]  # the quick-start is one sheet folded, no credits
RULESETS = ["d100", "3d6", "d12"]
PAPER = {"kolaps-letter": "letter"}


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.mark.parametrize("book", BOOKS)
def test_every_book_s_page_count_is_a_multiple_of_four(book):
    """Folded sheets: d100 and 3d6 were 5 pages (the quick-start is one A3 sheet folded to four)."""
    assert len(page_texts(_pdf(book))) % 4 == 0


@pytest.mark.parametrize("book", BOUND)
def test_a_bound_book_s_last_page_carries_its_credits(book):
    """The credits' title, the fingerprint and both faces with their licences, on the last page."""
    last = _flat(page_texts(_pdf(book))[-1])
    assert _flat(french(label("rulebook.credits.title"))) in last
    assert re.search(r"empreinte [0-9a-f]{10}", last), last[-300:]
    for face, maker, licence in (CREDITS["KSerif"], CREDITS["KSans"]):
        assert face in last and maker in last and licence in last


@pytest.mark.parametrize("book", RULESETS)
def test_a_booklet_s_credits_name_its_system_and_its_own_rulings(book):
    """Adapted from KOLAPS's: the system, a text of ours written from its seed, our rulings marked."""
    name = load_ruleset(resources.data_dir() / "rulesets" / book).spec.name
    last = _flat(page_texts(_pdf(book))[-1])
    assert _flat(french(label("rulesets.book.credits.system", name=name))) in last
    assert _flat(french(label("rulesets.book.credits.errata"))) in last
    assert _flat(french(label("rulebook.credits.author", author="X")).split("X")[0]) not in last  # not KOLAPS's


def test_the_d12_booklet_s_credits_are_a_colophon_under_its_last_text():
    """Four pages of text: the credits at the foot of p. 4, under the errata's last words, no page added."""
    pdf = _pdf("d12")
    assert len(page_texts(pdf)) == 4
    objs = [o for o in text_objects(pdf) if o.page == 3 and o.text.strip()]
    title = _flat(french(label("rulebook.credits.title")))
    (head,) = [o for o in objs if _flat(o.text) == title]
    above = [o for o in objs if o.bounds[1] > head.bounds[3]]
    _, y, _, _ = st.page_geometry("a4").frame
    assert any(o.text.strip().startswith("D12-E") for o in above)  # the errata's text sits above
    below = [o for o in objs if o.bounds[3] < head.bounds[1] and o.bounds[1] >= y - 1]
    assert below and min(o.bounds[1] for o in below) < y + 30  # the colophon reaches the column's foot


@pytest.mark.parametrize("book", ["d100", "3d6"])
def test_a_booklet_too_full_for_a_colophon_is_padded_with_ruled_notes_pages(book):
    """Five pages of text: pp. 6-7 are « Notes » pages ruled down the page, p. 8 the credits."""
    pdf = _pdf(book)
    pages = [_flat(t) for t in page_texts(pdf)]
    notes = _flat(label("rulebook.book.notes"))
    assert [i + 1 for i, t in enumerate(pages) if t in (notes, f"{notes} {i + 1}")] == [6, 7]
    x, y, w, h = st.page_geometry("a4").frame
    for page in (5, 6):
        lines = [
            p
            for p in path_paints(pdf, page)
            if p.stroke and p.box[3] - p.box[1] <= 2 and p.box[2] - p.box[0] >= w * 0.95 and y - 1 <= p.box[1] <= y + h
        ]
        assert len(lines) >= 20, (page + 1, len(lines))
        heights = sorted(p.box[1] for p in lines)
        assert heights[-1] - heights[0] > h * 0.7
    assert pages[-1].startswith(_flat(french(label("rulebook.credits.title"))))  # a page of its own


def test_the_d12_colophon_fills_the_empty_column_beside_its_last_text():
    """Review 15 (sixteenth session, sheets16): p. 4's text ends in the left column, the credits
    were set at that column's foot and the right column stayed blank. Now the credits' title and
    lines stand in the right column, at its foot, the errata's last text in the left one."""
    pdf = _pdf("d12")
    objs = [o for o in text_objects(pdf) if o.page == 3 and o.text.strip()]
    geometry = st.page_geometry("a4")
    _, y, _, _ = geometry.frame
    right = geometry.column_frames[-1][0]
    title = _flat(french(label("rulebook.credits.title")))
    (head,) = [o for o in objs if _flat(o.text) == title]
    below = [o for o in objs if o.bounds[3] < head.bounds[1] and o.bounds[1] >= y - 1]
    assert head.bounds[0] >= right - 1 and all(o.bounds[0] >= right - 1 for o in below)
    text = [o for o in objs if o.bounds[1] >= y - 1 and o.bounds[3] <= geometry.frame[1] + geometry.frame[3] + 1]
    assert any(o.text.strip().startswith("D12-E") and o.bounds[2] < right for o in text)  # the errata, on the left
