"""Data tables as platypus flowables: a long table repeats its header on every page."""

from io import BytesIO

import pypdfium2 as pdfium
from reportlab.platypus import SimpleDocTemplate

from kolaps_print.content.tables import TableContent
from kolaps_print.fonts import register_fonts
from kolaps_print.layout.units import pt
from kolaps_print.rulebook.flowables import data_table, table_width


def test_long_table_repeats_its_header_row_on_each_page():
    register_fonts()
    rows = [[str(i), f"ligne {i}", "un texte assez long pour occuper la colonne"] for i in range(90)]
    content = TableContent("essai", "Table d’essai", ["N°", "Nom", "Détail"], rows, None, ("c", "l", "l"), (0.5, 1, 4))
    buffer = BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=(pt(148), pt(210)), invariant=1, initialFontName="KSans")
    doc.build(data_table(content, doc.width, doc.height))
    pdf = pdfium.PdfDocument(buffer.getvalue())
    assert len(pdf) >= 3
    for i in range(len(pdf)):
        text = pdf[i].get_textpage().get_text_range()
        assert "Détail" in text, f"page {i + 1} lost the header row"


def test_short_cells_do_not_stretch_across_the_measure():
    narrow = TableContent("n", "N", ["Rang", "Seuil"], [["0", "5+"], ["4", "2+"]])
    wide = TableContent("w", "W", ["Nom", "Texte"], [["a", "un long texte " * 12]])
    assert table_width(narrow, 400) < 400
    assert table_width(wide, 400) == 400
