"""The books' flow (review 21b, SHOULD 6 and 7), read back from the PDFs with pypdf, page by page:
a table that fits a column is never split (« Actions de base » ran from page 5 to page 6,
« Modificateurs de difficulté » from 8 to 9, 3d6's « Combat » over two columns); a table stands
between paragraphs, never inside one (page 7 ended « …met fin à la », the Moral table opened page
8, then « fuite. »). The index's opening (SHOULD 8) is tested in test_book_design.py
(`test_the_index_opens_at_a_column_top_under_its_running_head`)."""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from floated_tables import FILLER, floated_table_story  # tests/support
from reportlab.platypus import PageBreak

from kolaps_print.content.tables import TABLE_NAMES, TableContent, build_table
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.book import Furniture, cover_story, layout
from kolaps_print.rulebook.flowables import BodyParagraph, data_table
from kolaps_print.write.pdf import PdfMeta

SUITE = "(suite)"


def _pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def _flat(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]+", " ", text).strip()


def _lines(text: str) -> list[str]:
    return [_flat(line) for line in text.splitlines()]


@pytest.fixture(scope="module", params=["a4", "letter"])
def kolaps(request):
    return build_rulebook(RulebookOptions(paper=request.param))


@pytest.mark.parametrize(("ruleset", "carried"), [("d100", []), ("3d6", [4]), ("d12", [])])
def test_only_a_table_over_half_a_column_is_carried_over_in_the_ruleset_books(ruleset, carried):
    """A table taking at most half a column (rulebook.yaml whole_share) is never carried over; 3d6's
    « Combat », 25 rows, goes on from page 4's left column to its right one under « (suite) »
    rather than leave 60 % of the left column empty (review 21d)."""
    pages = _pages(build_rulebook(RulebookOptions(ruleset=ruleset)).pdf)
    assert [i + 1 for i, text in enumerate(pages) if SUITE in text] == carried


def test_the_quick_start_carries_no_table_over():
    pages = _pages(build_rulebook(RulebookOptions(edition="quickstart")).pdf)
    assert [i + 1 for i, text in enumerate(pages) if SUITE in text] == []


def test_each_short_kolaps_table_prints_its_head_and_its_last_row_on_one_page(kolaps):
    """A data table of the book starts and ends on the page of its caption (« Moral » never parts
    from its rows); one that does not goes on at the next page's top under its title « (suite) »:
    a table over half a column splits rather than leave a hole (review 21d)."""
    pages = _pages(kolaps.pdf)
    data = builtin_game_data()
    checked, parted = [], []
    for name in TABLE_NAMES:
        content = build_table(name, data)
        title, last = _flat(content.title), _last_row_word(content)
        heads = [_flat(h) for h in content.columns if _flat(h)]
        for number, text in enumerate(pages, 1):
            if title not in _lines(text) or not last:
                continue
            page = _flat(text)
            for found in re.finditer(re.escape(title), page):
                after = page[found.end() :]
                if not any(after[:40].lstrip().startswith(h) for h in heads):
                    continue  # a chapter's or section's title, an entry of the contents: not its caption
                checked.append(content.title)
                if last not in after:
                    parted.append((content.title, number))
    assert {"Actions de base", "Modificateurs de difficulté", "Moral"} <= set(checked)
    assert "Moral" not in {title for title, _ in parted}
    for title, number in parted:
        assert f"{_flat(title)} {SUITE}" in _flat(pages[number]), (title, number + 1)


def _last_row_word(content: TableContent) -> str:
    """A cell of the table's last row that reads alone: its first of 4 to 30 characters (« Embuscade »,
    Moral's « En déroute » after its « 1 »), short enough to sit on one line."""
    return next((_flat(c) for c in content.rows[-1] if 4 <= len(_flat(c)) <= 30), "")


def test_the_moral_sentence_reads_whole(kolaps):
    """« Tant qu’il cherche son abri, un allié peut tenter de lui remonter le moral, ce qui met fin
    à la fuite. » reads in one piece: no table between « à la » and « fuite. » (a page's foot may
    part them, its folio and running head between)."""
    text = _flat(" ".join(_pages(kolaps.pdf)))
    start = text.index("ce qui met fin à la")
    between = text[start : text.index("fuite.", start)]
    assert len(between) < 120 and not any(state in between for state in ("Bon moral", "Ébranlé", "État")), between


def test_a_floated_table_waits_for_the_end_of_the_paragraph_cut_at_the_column_s_foot():
    """A table that does not fit under its introduction lets the text after it fill the column; a
    paragraph of that text cut at the column's foot goes on at the next column's top, its end
    before the table: the table heads what follows that paragraph, never its last lines."""
    geometry = st.page_geometry("a4")
    cut = "Début du paragraphe coupé. " + FILLER * 3 + "Dernière phrase du paragraphe coupé."
    make = floated_table_story([cut, "Paragraphe suivant."])
    pdf = layout(make, geometry, PdfMeta("Titre", "Sujet"), Furniture("Titre", lambda c, g: None)).pdf
    text = _flat(" ".join(_pages(pdf)))
    start, end = text.index("Début du paragraphe coupé."), text.index("Dernière phrase du paragraphe coupé.")
    table = text.index("Table flottante")
    assert start < table  # the paragraph starts in the first column, ahead of the table
    assert end < table < text.index("Paragraphe suivant.")


def test_only_a_table_taller_than_a_column_splits_its_head_repeated_under_suite():
    """A table of 60 rows fits no column: it splits, its title « (suite) » and its head row over the
    rest; one of 20 rows that fits a column, after text that leaves it too little room, does not."""
    geometry = st.page_geometry("a4")
    _, _, width, height = geometry.column_frames[0]
    body = st.styles()["body"]

    def table(title: str, rows: int) -> TableContent:
        return TableContent("essai", title, ["Clé", "Valeur"], [[f"Ligne {i}", f"valeur {i}"] for i in range(rows)])

    def make(pages, registry):
        flow = [*cover_story(), BodyParagraph(FILLER, body), BodyParagraph(FILLER, body)]
        flow += data_table(table("Table moyenne", 20), width, height)
        flow += [BodyParagraph(FILLER, body) for _ in range(3)]
        flow += data_table(table("Table longue", 60), width, height)
        return [*flow, PageBreak()]

    pages = _pages(layout(make, geometry, PdfMeta("Titre", "Sujet"), Furniture("Titre", lambda c, g: None)).pdf)
    lines = [_lines(text) for text in pages]
    assert not any("Table moyenne (suite)" in page for page in lines)
    medium = next(i for i, page in enumerate(lines) if "Table moyenne" in page)
    assert "Ligne 0" in _flat(pages[medium]) and "Ligne 19" in _flat(pages[medium])
    carried = [(i, page) for i, page in enumerate(lines) if "Table longue (suite)" in page]
    assert carried
    for _, page in carried:
        at = page.index("Table longue (suite)")
        assert page[at + 1].startswith("Clé")  # its head row, repeated
