"""A book's story where a table does not fit under its introduction (tests/rulebook: the table
breaks' and the book flow's tests)."""

from __future__ import annotations

from reportlab.platypus import PageBreak

from kolaps_print.content.tables import TableContent
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.book import cover_story
from kolaps_print.rulebook.flowables import BodyParagraph, data_table


def floated_table() -> TableContent:
    rows = [
        [f"Rang {i}", "Une ligne de texte assez longue pour tenir sur deux lignes de la colonne."] for i in range(5)
    ]
    return TableContent("essai", "Table flottante", ["Rang", "Effet"], rows, widths=(1, 3))


FILLER = "Texte courant qui remplit la colonne, ligne après ligne, sans rien dire de plus. " * 6


def floated_table_story(after: list[str]):
    """An A4 book's story: text filling most of the first column, a table's introduction, the
    table (floated_table: too tall for what is left), then the paragraphs after."""
    _, _, width, height = st.page_geometry("a4").column_frames[0]
    body = st.styles()["body"]

    def make(pages, registry):
        flow = [*cover_story()]
        one = BodyParagraph(FILLER, body).wrap(width, height)[1] + body.spaceBefore + body.spaceAfter
        flow += [BodyParagraph(FILLER, body) for _ in range(int(height * 0.8 / one))]  # most of the first column
        flow += [BodyParagraph("Introduction de la table.", body)]
        flow += data_table(floated_table(), width, height)
        flow += [BodyParagraph(text, body) for text in after]
        return [*flow, PageBreak()]

    return make
