"""Where a table may break in the books (style.yaml `table`, second designer review): a table of
whole_rows body rows or fewer never splits; a longer one keeps split_rows rows at least on each
side; a short table that does not fit what is left of a column lets the text after it fill the
column and heads the next one (a float), read back from the PDFs."""

from __future__ import annotations

import pytest
from floated_tables import FILLER, floated_table_story  # tests/support
from pdf_tables import table_paint_at  # tests/support
from pdf_text import text_objects  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.layout.style import table_breaks
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.book import Furniture, layout
from kolaps_print.write.pdf import PdfMeta

SUITE = " (suite)"


def _body_rows(pdf: bytes, title: str) -> list[int]:
    """The body rows printed under each caption reading title (or title « (suite) »), in order:
    the row fills stacked under the head row found right under the caption."""
    texts = text_objects(pdf, page_space=True)
    counts = []
    captions = (t for t in texts if "Bold" in t.font and t.text.strip() in (title, title + SUITE))
    for caption in captions:  # set bold (the index and the contents name tables in regular type)
        under = [
            t
            for t in texts
            if t.page == caption.page
            and caption.bounds[0] - 2 < t.bounds[0] < caption.bounds[0] + 200  # its column
            and caption.bounds[1] - 30 < t.bounds[3] < caption.bounds[1]
        ]
        top = max(t.bounds[3] for t in under)
        head = min((t for t in under if top - t.bounds[3] <= 2), key=lambda t: t.bounds[0])  # the head's first cell
        counts.append(len(table_paint_at(pdf, head).rows))
    return counts


BOOKS = [("kolaps", "a4"), ("kolaps", "letter"), ("d100", "a4"), ("3d6", "a4"), ("d12", "a4")]


@pytest.mark.parametrize(("ruleset", "paper"), BOOKS)
def test_only_long_tables_split_and_with_three_rows_each_side(ruleset, paper):
    pdf = build_rulebook(RulebookOptions(paper=paper, ruleset=None if ruleset == "kolaps" else ruleset)).pdf
    texts = [t.text.strip() for t in text_objects(pdf) if "Bold" in t.font]
    carried = {t.removesuffix(SUITE) for t in texts if t.endswith(SUITE)}
    breaks = table_breaks()
    for title in carried:
        counts = _body_rows(pdf, title)
        first = next(i for i, t in enumerate(texts) if t == title)
        pieces = counts[: 1 + texts[first:].count(title + SUITE)]  # where it first prints, and its « (suite) »
        assert len(pieces) >= 2, (title, counts)
        assert sum(pieces) > breaks.whole_rows, (title, pieces)  # a short table never splits
        assert min(pieces) >= breaks.split_rows, (title, pieces)


def test_the_rule_s_figures_are_the_designer_s():
    breaks = table_breaks()
    assert (breaks.whole_rows, breaks.split_rows) == (6, 3)
    assert not breaks.may_split(6) and breaks.may_split(7)


def _lay_out(make_story):
    return layout(make_story, st.page_geometry("a4"), PdfMeta("Titre", "Sujet"), Furniture("Titre", lambda c, g: None))


def test_a_short_table_that_does_not_fit_floats_to_the_next_column_and_the_text_fills_the_gap():
    geometry = st.page_geometry("a4")
    pdf = _lay_out(floated_table_story(["Après la table.", FILLER])).pdf
    objs = {t.text.strip(): t for t in text_objects(pdf)}
    intro, title, after = objs["Introduction de la table."], objs["Table flottante"], objs["Après la table."]
    assert _body_rows(pdf, "Table flottante") == [5]  # whole
    split = geometry.column_frames[1][0]
    assert intro.page == after.page and intro.bounds[0] < split and after.bounds[0] < split  # the text fills column 1
    assert after.bounds[3] < intro.bounds[1]
    assert title.page == intro.page and title.bounds[0] >= split - 1  # the table heads column 2
    assert (
        title.bounds[3]
        > max(
            t.bounds[3]
            for t in text_objects(pdf)
            if t.page == title.page and t.bounds[0] >= split - 1 and t is not title
        )
        - 0.5
    )
