"""The book's pages read back from the PDFs (the twelfth issue's review, item 3): A4 p. 15 was
wholly blank (no folio, no text) before the credits, which reads as a printing fault. Since book12
that page is ruled for notes."""

import pytest
from pdf_tables import path_paints  # tests/support
from pdf_text import page_texts, text_objects  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.labels import label
from kolaps_print.rulebook import styles as st


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", ["full", "quickstart"])
def test_no_page_of_the_book_is_wholly_blank(paper, edition):
    pdf = build_rulebook(RulebookOptions(paper=paper, edition=edition)).pdf
    assert [i + 1 for i, text in enumerate(page_texts(pdf)) if not text.strip()] == []


def test_the_pages_before_the_credits_are_ruled_for_notes():
    """Book12: KOLAPS A4 p. 15, left over by the count (a multiple of four), was a blank page saying
    so; it is a « Notes » page: its title alone as text, and hairlines across the measure down the
    page. Since flow21 the KOLAPS index ends on p. 15 (it opens at a column's top): d100's booklet
    has two such pages, 6 and 7, before its credits."""
    pdf = build_rulebook(RulebookOptions(paper="a4", ruleset="d100")).pdf
    pages = page_texts(pdf)
    notes = _flat(label("rulebook.book.notes"))
    where = [i for i, text in enumerate(pages) if _flat(text) in (notes, f"{notes} {i + 1}")]  # its folio (book12b)
    assert where == [len(pages) - 3, len(pages) - 2]  # pp. 6 and 7, before the credits
    geometry = st.page_geometry("a4")
    x, y, w, h = geometry.frame
    lines = [
        p
        for p in path_paints(pdf, where[-1])
        if p.stroke and p.box[3] - p.box[1] <= 2 and p.box[2] - p.box[0] >= w * 0.95 and y - 1 <= p.box[1] <= y + h
    ]
    assert len(lines) >= 20, len(lines)  # a page to write on, not a rule or two
    heights = sorted(p.box[1] for p in lines)
    assert heights[-1] - heights[0] > h * 0.7  # down the page


def _below_the_frame(objs, geometry):
    _, y, _, _ = geometry.frame
    return [o for o in objs if o.bounds[3] < y and o.text.strip()]


def _above_the_frame(objs, geometry):
    _, y, _, h = geometry.frame
    return [o for o in objs if o.bounds[1] > y + h and o.text.strip()]


def test_the_notes_page_carries_the_book_s_folio_and_no_running_head():
    """Review 12, N5: the ruled « Notes » page (A4 p. 15) had no folio, so it read as a sheet
    slipped into the book. It carries its number where and as every page of text does (p. 3's
    folio read back: same face, size, baseline, centre) and, its title opening it as a chapter's
    opens its first page, no running head. Read on d100's booklet (KOLAPS's has none since flow21)."""
    pdf = build_rulebook(RulebookOptions(paper="a4", ruleset="d100")).pdf
    pages = page_texts(pdf)
    notes = next(i for i, text in enumerate(pages) if _flat(text).startswith(_flat(label("rulebook.book.notes"))))
    geometry = st.page_geometry("a4")
    objs = text_objects(pdf)
    folio = _below_the_frame([o for o in objs if o.page == notes], geometry)
    model = _below_the_frame([o for o in objs if o.page == 2], geometry)  # p. 3: a page of text
    assert [o.text.strip() for o in model] == ["3"]  # what a folio is, read from a page of text
    assert [o.text.strip() for o in folio] == [str(notes + 1)]
    (mine,), (theirs,) = folio, model
    assert (mine.font, mine.size, mine.fill) == (theirs.font, theirs.size, theirs.fill)
    assert abs(mine.bounds[1] - theirs.bounds[1]) < 0.5  # the same baseline
    centre = lambda o: (o.bounds[0] + o.bounds[2]) / 2  # noqa: E731
    assert abs(centre(mine) - centre(theirs)) < 1
    assert _above_the_frame([o for o in objs if o.page == notes], geometry) == []


def test_the_credits_page_carries_no_folio():
    """The colophon closes the book on the back: no folio there (the notes page's is the last)."""
    pdf = build_rulebook(RulebookOptions(paper="a4")).pdf
    last = len(page_texts(pdf)) - 1
    geometry = st.page_geometry("a4")
    assert _below_the_frame([o for o in text_objects(pdf) if o.page == last], geometry) == []
