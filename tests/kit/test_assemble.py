"""kit.pdf's order, copies and blanks, checked on small made-up parts."""

from io import BytesIO

import pypdfium2 as pdfium
from pypdf import PdfReader

from kolaps_print.fonts import SANS
from kolaps_print.kit.assemble import assemble
from kolaps_print.kit.parts import KitPart
from kolaps_print.kit.stamp import Stamper
from kolaps_print.labels import label
from kolaps_print.write import PdfMeta, new_canvas


def pages_pdf(tag: str, count: int, size=(595, 842)) -> bytes:
    buffer = BytesIO()
    c = new_canvas(buffer, size, PdfMeta(title=tag, subject="test"))
    for i in range(1, count + 1):
        c.setFont(SANS, 20)
        c.drawString(100, 400, f"{tag}{i}")
        c.showPage()
    c.save()
    return buffer.getvalue()


def part(tag, pages, per_table=1, sides="long", size=(595, 842)):
    return KitPart(tag, tag, f"{tag}.pdf", pages_pdf(tag, pages, size), pages, per_table, sides, "plain")


# After a document of odd length, the blank back says it is blank on purpose (designer review,
# tenth session, 19); a simplex page's back (the tokens', cut out with them) keeps the stamp only.
BLANK = label("kit.blank_page")


def texts(pdf, pdf_tools):
    return [t.strip() for t in pdf_tools.page_texts(pdf)]


def test_copies_per_table_blanks_after_odd_documents_and_simplex_pages(pdf_tools):
    stamper = Stamper("STAMP")
    packing = part("P", 1)
    parts = [part("A", 3), part("B", 2, per_table=2), part("T", 2, sides="simplex")]
    pdf, sections = assemble(packing, parts, 2, stamper, "kit", lambda n: f"Table {n}")
    table = ["A1", "A2", "A3", BLANK, "B1", "B2", "B1", "B2", "T1", "", "T2", ""]
    expected = ["P1", BLANK] + table * 2
    got = [t.replace("STAMP", "").strip() for t in texts(pdf, pdf_tools)]
    assert got == expected
    blanks = [t for t, e in zip(texts(pdf, pdf_tools), expected, strict=True) if e == ""]
    assert blanks and all(t == "STAMP" for t in blanks)  # a simplex page's back: the stamp, nothing else
    assert sum(s.pages for s in sections) == len(expected)


def test_every_document_starts_on_a_front_page():
    parts = [part("A", 1), part("B", 5), part("C", 2, sides="simplex"), part("D", 4, per_table=3)]
    _, sections = assemble(part("P", 3), parts, 3, Stamper("S"), "kit", str)
    assert all(s.first_page % 2 == 0 for s in sections)


def reading_direction(pdf: bytes, page: int) -> tuple[float, float]:
    """The direction (dx, dy) from a page's first character to its second, in page axes."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    text = document[page].get_textpage()
    (l1, b1, r1, t1), (l2, b2, r2, t2) = text.get_charbox(0), text.get_charbox(1)
    document.close()
    return (l2 + r2 - l1 - r1) / 2, (b2 + t2 - b1 - t1) / 2


def test_no_page_is_turned_by_rotate_and_every_page_is_portrait():
    """Printer drivers turn /Rotate pages their own way: landscape content is turned in the content."""
    landscape = part("R", 2, sides="short", size=(842, 595))
    pdf, _ = assemble(part("P", 1), [landscape, part("L", 1, size=(842, 595))], 1, Stamper("S"), "kit", str)
    reader = PdfReader(BytesIO(pdf))
    assert [p.get("/Rotate", 0) for p in reader.pages] == [0] * 6
    for page in reader.pages:
        assert float(page.mediabox.width) < float(page.mediabox.height)


def test_landscape_reads_upwards_and_a_short_edge_back_downwards():
    """Front: its top to the left, so text runs up the page; its back (short-edge flip, printed
    long-edge) is turned half a turn more: text runs down. A portrait page reads left to right."""
    landscape = part("R", 2, sides="short", size=(842, 595))
    pdf, _ = assemble(part("P", 1), [landscape], 1, Stamper("S"), "kit", str)
    dx, dy = reading_direction(pdf, 0)
    assert dx > 0 and abs(dy) < 1  # the portrait packing list
    dx, dy = reading_direction(pdf, 2)
    assert dy > 0 and abs(dx) < 1  # the landscape front, turned: reads upwards
    dx, dy = reading_direction(pdf, 3)
    assert dy < 0 and abs(dx) < 1  # its back, half a turn more: reads downwards


def test_a_portrait_back_meant_for_a_short_edge_flip_is_upside_down_in_its_content():
    pdf, _ = assemble(part("P", 1), [part("C", 2, sides="short")], 1, Stamper("S"), "kit", str)
    assert PdfReader(BytesIO(pdf)).pages[3].get("/Rotate", 0) == 0
    dx, dy = reading_direction(pdf, 3)
    assert dx < 0 and abs(dy) < 1  # right to left on the page: upside down


def test_blank_pages_have_the_size_of_the_page_before():
    pdf, _ = assemble(part("P", 1), [part("L", 1, size=(842, 595))], 1, Stamper("S"), "kit", str)
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(BytesIO(pdf)).pages]
    assert sizes == [(595, 842), (595, 842), (595, 842), (595, 842)]


def test_bookmarks_name_each_table_and_its_documents():
    pdf, _ = assemble(
        part("P", 1), [part("A", 1), part("B", 2, per_table=2)], 2, Stamper("S"), "kit", lambda n: f"Table {n}"
    )
    outline = PdfReader(BytesIO(pdf)).outline
    titles = [o.title if not isinstance(o, list) else [c.title for c in o] for o in outline]
    assert titles == ["P", "Table 1", ["A", "B"], "Table 2", ["A", "B"]]


def test_a_run_without_a_lead_starts_with_table_1(pdf_tools):
    """The card-stock run has no packing list: table 1's first document is its first page."""
    pdf, sections = assemble(None, [part("C", 1), part("T", 1, sides="simplex")], 2, Stamper("S"), "kit", str)
    got = [t.replace("S", "").strip() for t in texts(pdf, pdf_tools)]
    assert got == ["C1", BLANK, "T1", "", "C1", BLANK, "T1", ""]
    assert [s.title for s in sections] == ["C", "T", "C", "T"]
    outline = PdfReader(BytesIO(pdf)).outline
    assert [o.title for o in outline if not isinstance(o, list)] == ["1", "2"]


def test_every_copy_of_a_turned_part_is_turned_once_and_shares_its_fonts():
    """A part's copies (per table, and for every table) come from one reader: each copy is a page
    of its own, turned as the first was (its content turned once, not again per copy), and the
    part's font is embedded once in the run, not once per copy."""
    landscape = part("R", 2, per_table=2, sides="short", size=(842, 595))
    pdf, _ = assemble(part("P", 1), [landscape], 3, Stamper("S"), "kit", str)
    reader = PdfReader(BytesIO(pdf))
    fronts, backs = range(2, 14, 2), range(3, 14, 2)  # after the packing list and its blank, R1 R2 R1 R2...
    assert len(reader.pages) == 2 + 3 * 2 * 2
    for page in fronts:
        dx, dy = reading_direction(pdf, page)
        assert dy > 0 and abs(dx) < 1, page  # runs up the page, as the first table's
    for page in backs:
        dx, dy = reading_direction(pdf, page)
        assert dy < 0 and abs(dx) < 1, page  # runs down
    ids = [p.indirect_reference.idnum for p in reader.pages]
    assert len(set(ids)) == len(ids)  # a page object per copy (Acrobat refuses a page named twice)
    fonts = {
        (font.idnum if hasattr(font, "idnum") else id(font))
        for i in [*fronts, *backs]
        for font in reader.pages[i]["/Resources"]["/Font"].values()
    }
    assert len(fonts) == 1
