"""Data tables as platypus flowables: a long table repeats its header on every page."""

import re
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_text import SetText, set_texts, text_objects  # tests/support
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import SimpleDocTemplate

from kolaps_print.content.tables import TableContent
from kolaps_print.fonts import SANS, SERIF, register_fonts
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.rulebook.flowables import data_table
from kolaps_print.units import pt


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


def test_a_table_of_short_cells_takes_the_whole_measure_as_a_long_one_does():
    """Review 14b, N6: tables of one page set to different widths (« Tir en rafale » 15 mm short
    of the column's edge beside « Bout portant »); every table now takes the column's measure."""
    register_fonts()
    narrow = TableContent("n", "N", ["Rang", "Seuil"], [["0", "5+"], ["4", "2+"]])
    wide = TableContent("w", "W", ["Nom", "Texte"], [["a", "un long texte " * 12]])
    for content in (narrow, wide):
        table = next(f for f in data_table(content, 400, 600) if hasattr(f, "_colWidths"))
        assert sum(table._colWidths) == pytest.approx(400)


def _body_paragraph(text: str):
    from kolaps_print.rulebook import styles as st
    from kolaps_print.rulebook.flowables import BodyParagraph

    return BodyParagraph(text, st.styles()["body"])


def _lines_of(paragraph) -> int:
    return len(paragraph.blPara.lines)


def test_a_paragraph_never_ends_a_column_on_a_hyphenated_word():
    from kolaps_print.rulebook.flowables import ends_hyphenated

    register_fonts()
    text = "Les modificateurs emmènent la difficulté anticonstitutionnellement hors de l’échelle. " * 12
    paragraph = _body_paragraph(text)
    width = pt(88)
    _, height = paragraph.wrap(width, 10_000)
    leading = paragraph.style.leading
    hyphenated_feet = 0
    for lines in range(2, int(height / leading) - 2):
        plain = _body_paragraph(text)
        plain.wrap(width, 10_000)
        first, _ = super(type(plain), plain).split(width, lines * leading + 0.5)  # what reportlab alone does
        hyphenated_feet += ends_hyphenated(first)
        ours = _body_paragraph(text)
        ours.wrap(width, 10_000)
        head, tail = ours.split(width, lines * leading + 0.5)
        assert not ends_hyphenated(head), lines
        assert _lines_of(head) <= lines
    assert hyphenated_feet > 0  # the text does hyphenate at some column feet without the rule


def test_a_paragraph_never_leaves_one_line_alone_at_the_top_of_a_column():
    register_fonts()
    text = "Un personnage au sol se relève avant de faire ce qui lui est interdit. " * 4
    paragraph = _body_paragraph(text)
    width = pt(88)
    paragraph.wrap(width, 10_000)
    total = _lines_of(paragraph)
    parts = paragraph.split(width, (total - 1) * paragraph.style.leading + 0.5)
    assert len(parts) == 2
    assert len(parts[1].blPara.lines if hasattr(parts[1], "blPara") else parts[1].breakLines(width).lines) >= 2


def test_a_narrow_column_is_never_narrower_than_its_longest_word():
    """In a book column, weights alone would break « Modif. » into « Modi / f. »."""
    register_fonts()
    rows = [["Portée efficace", "+1", "Jusqu’à la portée de l’arme incluse : aucun ajustement. " * 3]]
    content = TableContent("m", "Modificateurs", ["Situation", "Modif.", "Détail"], rows, None, "lcl", (1, 0.2, 3))
    buffer = BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=(pt(88), pt(200)), invariant=1, initialFontName="KSans")
    doc.leftMargin = doc.rightMargin = 0
    doc.build(data_table(content, pt(88), doc.height))
    words = [obj.text.strip() for obj in text_objects(buffer.getvalue())]
    assert "Modif." in words, words


def test_a_table_note_moves_whole_rather_than_leave_fewer_than_three_lines_on_a_side():
    from kolaps_print.rulebook import styles as st
    from kolaps_print.rulebook.flowables import NoteParagraph

    style = st.styles()["note"]
    note = NoteParagraph("Une note de table assez longue pour tenir sur plusieurs lignes. " * 6, style)
    width = 200
    lines = round(note.wrap(width, 1e6)[1] / style.leading)
    assert lines >= 6
    assert note.split(width, style.leading * 2.5) == []  # two lines would stay at the foot
    assert note.split(width, style.leading * (lines - 1.5)) == []  # one line would go over
    assert len(note.split(width, style.leading * 3.5)) == 2  # three lines on each side: it may split


def _list_markers(pdf: bytes) -> list[tuple[SetText, SetText]]:
    """Each list marker (« – », « 1. »...) with the first text set right of it on its line."""
    texts = set_texts(pdf)
    pairs = []
    for marker in texts:
        if not re.fullmatch(r"–|\d+\.", marker.text.strip()):
            continue
        after = [
            t
            for t in texts
            if t.page == marker.page
            and t is not marker
            and 0 < t.bounds[0] - marker.bounds[2] < 30
            and abs(t.baseline - marker.baseline) < 8
            and "†" not in t.text
        ]
        if after:
            pairs.append((marker, min(after, key=lambda t: t.bounds[0])))
    return pairs


def _x_height(font: str, size: float) -> float:
    """The height of an « x » in that face, read back from a PDF reportlab sets it in."""
    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer)
    canvas.setFont({"GentiumBookPlus": SERIF, "RobotoCondensed-Regular": SANS}[font.split("+")[-1]], size)
    canvas.drawString(100, 100, "x")
    canvas.save()
    (x,) = set_texts(buffer.getvalue())
    return x.bounds[3] - x.baseline


@pytest.mark.parametrize("edition", ["quickstart", "full"])
def test_list_markers_sit_on_the_text_baseline_in_its_face_and_size(edition):
    """Designer's review: the dash and the numbers looked like superscripts (a smaller sans set
    from the item's top). Each marker is now set in its text's face and size, on its baseline,
    and the dash's middle is at the middle of the x-height (within 0.4 pt)."""
    pairs = _list_markers(build_rulebook(RulebookOptions(edition=edition)).pdf)
    assert sum(m.text.strip() == "–" for m, _ in pairs) >= 10
    assert sum(m.text.strip() != "–" for m, _ in pairs) >= 2

    def face(font: str) -> str:  # the family: Gentium's regular has no suffix, Roboto's is -Regular
        return font.split("+")[-1].removesuffix("-Bold").removesuffix("-Regular")

    for marker, text in pairs:  # the quick-start's example boxes set their steps in the sans
        assert (
            face(marker.font) == face(text.font)
            and "Bold" not in marker.font
            and marker.size == pytest.approx(text.size)
        ), (marker, text)
        assert marker.baseline == pytest.approx(text.baseline, abs=0.05), (marker, text)
        if marker.text.strip() == "–":
            middle = (marker.bounds[1] + marker.bounds[3]) / 2 - marker.baseline
            assert middle == pytest.approx(_x_height(marker.font, marker.size) / 2, abs=0.4), marker


# ---- paragraphs keep their lines between wraps at one width (issue 15) -----------------------
def _cell(text: str):
    from kolaps_print.rulebook import styles as st
    from kolaps_print.rulebook.flowables import SteadyParagraph

    register_fonts()
    return SteadyParagraph(text, st.styles()["cell"])


def test_a_cell_wrapped_again_at_its_width_keeps_its_lines(monkeypatch):
    from reportlab.platypus import Paragraph

    cell = _cell("Une cellule assez longue pour tenir sur plusieurs lignes étroites")
    first = cell.wrap(60, 1000)
    breaks = []
    monkeypatch.setattr(Paragraph, "breakLines", lambda self, widths: breaks.append(widths))
    assert cell.wrap(60, 5) == first  # the height asked for does not change a paragraph's lines
    assert breaks == []
    monkeypatch.undo()
    assert cell.wrap(200, 1000)[1] < first[1]  # another width: wrapped afresh, fewer lines
    assert cell.wrap(60, 1000) == first


def test_a_split_paragraph_wraps_afresh(monkeypatch):
    from reportlab.platypus import Paragraph

    cell = _cell("Une cellule assez longue pour tenir sur plusieurs lignes étroites " * 3)
    _, height = cell.wrap(60, 1000)
    assert len(cell.split(60, height / 2)) == 2
    breaks = []
    wrapped = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", lambda self, widths: breaks.append(widths) or wrapped(self, widths))
    cell.wrap(60, 1000)
    assert breaks


@pytest.mark.parametrize("edition", ["quickstart", "full"])
def test_a_book_prints_the_same_when_paragraphs_wrap_afresh_each_time(monkeypatch, edition):
    """What reportlab's own Paragraph makes of every wrap (the quick-start's thirty balancing
    layouts, the full book's split tables and paragraphs): the same bytes."""
    from reportlab.platypus import Paragraph

    from kolaps_print.rulebook.flowables import SteadyParagraph

    options = RulebookOptions(edition=edition)
    kept = build_rulebook(options).pdf
    monkeypatch.setattr(SteadyParagraph, "wrap", Paragraph.wrap)
    monkeypatch.setattr(SteadyParagraph, "split", Paragraph.split)
    assert build_rulebook(options).pdf == kept


def test_a_table_of_cells_draws_as_a_table_of_plain_paragraphs(monkeypatch):
    """The same table split over pages, its cells SteadyParagraph or reportlab's Paragraph: the same PDF."""
    from reportlab.platypus import Paragraph

    from kolaps_print.rulebook import flowables

    rows = [["Un", "Une phrase qui passe à la ligne dans sa colonne"]] * 30
    content = TableContent("essai", "Essai", ["Colonne", "Effet"], rows)

    def drawn() -> bytes:
        out = BytesIO()
        doc = SimpleDocTemplate(out, pagesize=(pt(148), pt(210)), invariant=1, initialFontName="KSans")
        doc.build(data_table(content, doc.width, doc.height))
        return out.getvalue()

    ours = drawn()
    monkeypatch.setattr(flowables, "SteadyParagraph", Paragraph)
    plain = drawn()
    assert len(pdfium.PdfDocument(ours)) >= 2  # split: its rows wrapped, split and drawn
    assert ours == plain


# ---- markup parsed once per text and style (issue 15) -----------------------------------------
def test_a_paragraph_made_again_reuses_the_parse_and_owns_its_fragments(monkeypatch):
    from reportlab.platypus import Paragraph

    from kolaps_print.rulebook import flowables

    text = "Une <b>cellule</b> au texte assez long pour se couper en deux morceaux distincts " * 4
    first = _cell(text)
    parses = []
    parse = Paragraph._setup
    monkeypatch.setattr(Paragraph, "_setup", lambda self, *args: parses.append(args) or parse(self, *args))
    again, third = _cell(text), _cell(text)
    assert parses == []  # the parse kept
    assert [f.__dict__ for f in again.frags] == [f.__dict__ for f in first.frags]
    owners = [set(map(id, p.frags)) for p in (first, again, third)]
    assert not (owners[0] & owners[1] or owners[1] & owners[2])  # each its own fragments (a split changes them)
    _cell(text + " autre")
    assert len(parses) == 1  # another text: parsed
    assert len(flowables._PARSED) <= flowables.PARSED_KEPT


def test_the_parse_kept_is_bounded(monkeypatch):
    from kolaps_print.rulebook import flowables

    monkeypatch.setattr(flowables, "_PARSED", {})
    monkeypatch.setattr(flowables, "PARSED_KEPT", 3)
    for n in range(5):
        _cell(f"Texte {n}")
    assert [key[0] for key in flowables._PARSED] == ["Texte 2", "Texte 3", "Texte 4"]


@pytest.mark.parametrize("edition", ["quickstart", "full"])
def test_a_book_made_from_kept_parses_prints_what_fresh_parses_print(monkeypatch, edition):
    """Twice with the parses kept (the second build takes every paragraph's from the first, its
    splits included), then with every paragraph parsed afresh: the same bytes."""
    from reportlab.platypus import Paragraph

    from kolaps_print.rulebook.flowables import SteadyParagraph

    options = RulebookOptions(edition=edition)
    build_rulebook(options)
    kept = build_rulebook(options).pdf
    monkeypatch.setattr(SteadyParagraph, "_setup", Paragraph._setup)
    assert build_rulebook(options).pdf == kept


# ---- a paragraph's wraps kept across paragraphs (issue 15, sixteenth session) ------------------
_LONG = (
    "Une phrase assez longue pour passer plusieurs fois à la ligne dans sa colonne, avec des mots "
    "que la césure coupe volontiers : anticonstitutionnellement, incontestablement, extraordinairement. "
) * 3


def _body(text: str):
    from kolaps_print.rulebook import styles as st
    from kolaps_print.rulebook.flowables import BodyParagraph

    register_fonts()
    return BodyParagraph(text, st.styles()["body"])


def _lines(paragraph) -> list[str]:
    from kolaps_print.rulebook.flowables import _line_text

    return [_line_text(line) for line in paragraph.blPara.lines]


def test_a_paragraph_made_again_takes_the_lines_of_the_first_without_breaking_them(monkeypatch):
    from reportlab.platypus import Paragraph

    first = _body(_LONG + " premier")
    first.wrap(250, 1e6)
    breaks = []
    broken = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", lambda self, *args: breaks.append(1) or broken(self, *args))
    again = _body(_LONG + " premier")
    assert again.wrap(250, 1e6) == first.wrap(250, 1e6)
    assert breaks == [] and again.blPara is first.blPara  # shared, not broken again
    _body(_LONG + " premier").wrap(200, 1e6)  # another width: broken
    assert breaks


def test_a_split_of_a_paragraph_sharing_its_lines_changes_none_of_them_and_cuts_as_a_fresh_one(monkeypatch):
    """reportlab's split changes the lines and fragments it cuts: the paragraph that splits first
    makes them its own; the kept ones (and the paragraphs sharing them) stay as they were, and its
    parts are what a paragraph that never shared anything makes."""
    from reportlab.platypus import Paragraph

    from kolaps_print.rulebook.flowables import SteadyParagraph

    text = _LONG + " second"
    first = _body(text)
    first.wrap(180, 1e6)
    kept_lines, kept_frags = _lines(first), [(type(f), f.__dict__.copy()) for f in first.frags]
    again = _body(text)
    again.wrap(180, 1e6)
    height = first.style.leading * 4
    parts = again.split(180, height)
    assert len(parts) == 2 and again.blPara is not first.blPara
    assert _lines(first) == kept_lines and [(type(f), f.__dict__) for f in first.frags] == kept_frags
    monkeypatch.setattr(SteadyParagraph, "wrap", Paragraph.wrap)  # wraps never kept nor shared
    fresh = _body(text)
    fresh.wrap(180, 1e6)
    fresh_parts = fresh.split(180, height)
    for part in parts + fresh_parts:  # the second part is wrapped where it goes on
        part.wrap(180, 1e6)
    assert [_lines(p) for p in parts] == [_lines(p) for p in fresh_parts]
    assert [[(type(f), f.__dict__) for f in p.frags] for p in parts] == [
        [(type(f), f.__dict__) for f in p.frags] for p in fresh_parts
    ]


def test_the_wraps_kept_are_bounded(monkeypatch):
    from kolaps_print.rulebook import flowables

    monkeypatch.setattr(flowables, "_LINES", {})
    monkeypatch.setattr(flowables, "LINES_KEPT", 3)
    for n in range(5):
        _cell(f"Texte {n}").wrap(100, 1e6)
    assert [key[1][0] for key in flowables._LINES] == ["Texte 2", "Texte 3", "Texte 4"]


@pytest.mark.parametrize("edition", ["quickstart", "full"])
def test_a_book_made_from_kept_wraps_prints_what_fresh_wraps_print(monkeypatch, edition):
    """Twice with the wraps kept (the second build shares every paragraph's from the first, and
    owns them again before each split), then with every wrap made afresh: the same bytes."""
    from kolaps_print.rulebook import flowables

    options = RulebookOptions(edition=edition)
    build_rulebook(options)
    kept = build_rulebook(options).pdf
    monkeypatch.setattr(flowables, "LINES_KEPT", 1)  # nothing kept: each paragraph wraps afresh
    monkeypatch.setattr(flowables, "_LINES", {})
    assert build_rulebook(options).pdf == kept


# ---- the contents' dot leaders (issue 15, sixteenth session) -----------------------------------
def _toc_page(monkeypatch=None) -> tuple[bytes, int]:
    """A page of contents lines drawn on its own canvas; its PDF and the drawString calls made."""
    from kolaps_print.rulebook import styles as st
    from kolaps_print.rulebook.flowables import IndexLine, TocLine

    register_fonts()
    out = BytesIO()
    canvas = Canvas(out, pagesize=(pt(148), pt(210)), invariant=1, pageCompression=0)
    calls = []
    draw = canvas.drawString
    canvas.drawString = lambda *args, **kwargs: calls.append(args) or draw(*args, **kwargs)
    lines = [
        TocLine("Les dés", "4", "des", st.styles()["toc1"], 0),
        TocLine("Trois manières de lancer", "12", "jets", st.styles()["toc2"], pt(6)),
        IndexLine("Échec", [("7", False), ("10", True)], "echec", st.styles()["index"]),
    ]
    y = pt(180)
    for line in lines:
        _, height = line.wrap(pt(120), pt(200))
        y -= height
        line.drawOn(canvas, pt(10), y)
        canvas.bookmarkPage(line.anchor)  # where its link leads
    canvas.showPage()
    canvas.save()
    return out.getvalue(), len(calls)


def test_a_contents_line_draws_its_dots_with_one_text_formatted_and_prints_what_each_drawn_prints(monkeypatch):
    from kolaps_print.rulebook import flowables

    ours, calls = _toc_page()
    assert calls <= 3 * 2 + 3  # per line: its title and the first dot (an index line: its three pieces of pages)

    def one_by_one(canvas, text, xs, y):
        for x in xs:
            canvas.drawString(x, y, text)

    monkeypatch.setattr(flowables, "draw_again", one_by_one)
    each, each_calls = _toc_page()
    assert each_calls > 3 * 20  # the dots, one drawString each
    assert ours == each


# ---- a table's arrangement kept (issue 15, seventeenth session) --------------------------------
_UNDER = TableContent(
    "u", "Sous les lignes", ["Nom", "Effet"], [["Tir", "un texte assez long pour passer sous la ligne " * 6]]
)


def _table_of(parts):
    return next(f for f in parts if hasattr(f, "_colWidths"))


def test_a_table_made_again_takes_its_kept_arrangement_without_trying_its_cuts(monkeypatch):
    """The second data_table of the same content at the same measure does not try its columns'
    cuts again (each trial made and wrapped every cell), and sets the same columns and widths."""
    from kolaps_print.rulebook import flowables

    register_fonts()
    monkeypatch.setattr(flowables, "_ARRANGED", type(flowables._ARRANGED)())
    first = _table_of(data_table(_UNDER, 300, 600))
    tried = []
    monkeypatch.setattr(flowables, "_arrangement", lambda *a: tried.append(a) or pytest.fail("tried again"))
    again = _table_of(data_table(_UNDER, 300, 600))
    assert tried == []
    assert again._colWidths == first._colWidths
    assert _cell_texts(again) == _cell_texts(first)


def _cell_texts(table) -> list:
    def texts(cell) -> list:
        return [getattr(c, "text", c) for c in (cell if isinstance(cell, (list, tuple)) else [cell])]

    return [[texts(cell) for cell in row] for row in table._cellvalues]


def test_a_table_at_another_measure_or_scale_is_arranged_afresh(monkeypatch):
    from kolaps_print.rulebook import flowables

    register_fonts()
    monkeypatch.setattr(flowables, "_ARRANGED", type(flowables._ARRANGED)())
    data_table(_UNDER, 300, 600)
    tried = []
    real = flowables._arrangement
    monkeypatch.setattr(flowables, "_arrangement", lambda *a: tried.append(a[1:]) or real(*a))
    data_table(_UNDER, 320, 600)
    data_table(_UNDER, 300, 600, scale=1.2)
    assert tried == [(320, 1.0), (300, 1.2)]


def test_the_arrangements_kept_are_bounded(monkeypatch):
    from kolaps_print.rulebook import flowables

    register_fonts()
    monkeypatch.setattr(flowables, "_ARRANGED", type(flowables._ARRANGED)())
    monkeypatch.setattr(flowables, "ARRANGED_KEPT", 2)
    for width in (300, 310, 320):
        data_table(_UNDER, width, 600)
    assert [key[2] for key in flowables._ARRANGED] == [310, 320]
