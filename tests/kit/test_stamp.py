"""The stamp: a short data hash that changes with the data, overlaid on every page."""

import re
import shutil
from io import BytesIO

import pypdfium2 as pdfium

from kolaps_print.kit.kitfile import load_kit
from kolaps_print.kit.stamp import Stamper, data_hash, stamp_page_pdf, stamp_text
from kolaps_print.layout.kit_pages import kit_pages
from kolaps_print.units import pt


def test_the_hash_is_8_hex_digits_and_stable(kit_file):
    kit = load_kit(kit_file())
    assert re.fullmatch(r"[0-9a-f]{8}", data_hash(kit))
    assert data_hash(kit) == data_hash(load_kit(kit_file()))


def test_the_hash_changes_when_an_army_changes(tmp_path, kit_file):
    source = load_kit(kit_file()).army_paths[0]
    copy = tmp_path / "army.yaml"
    shutil.copy(source, copy)
    path = tmp_path / "k.yaml"
    path.write_text(f"name: X\narmies: [{copy}]\n", encoding="utf-8")
    before = data_hash(load_kit(path))
    copy.write_text(copy.read_text(encoding="utf-8").replace("mvt: 4", "mvt: 5", 1), encoding="utf-8")
    assert data_hash(load_kit(path)) != before


def test_the_stamp_names_the_kit_the_date_and_the_hash(kit_file):
    kit = load_kit(kit_file())
    text = stamp_text(kit, "0123abcd")
    assert "Démo Test" in text and "14\u00a0mars 2027" in text and "0123abcd" in text  # the date in words


def _text_boxes(pdf: bytes):
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        out = []
        for i in range(len(document)):
            page = document[i]
            tp = page.get_textpage()
            out.append((page.get_size(), tp.get_text_range(), [tp.get_charbox(k) for k in range(tp.count_chars())]))
        return out
    finally:
        document.close()


def test_every_page_gets_the_stamp_small_in_the_bottom_margin():
    base = stamp_page_pdf(400, 600, "")  # two pages of different sizes, from two documents
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    writer.add_page(PdfReader(BytesIO(base)).pages[0])
    writer.add_blank_page(842, 595)
    buffer = BytesIO()
    writer.write(buffer)
    stamped = Stamper("Démo · 2027-03-14 · données 0123abcd").stamp_pdf(buffer.getvalue())
    for (width, _height), text, boxes in _text_boxes(stamped):
        assert "Démo · 2027-03-14 · données 0123abcd" in text
        left, bottom = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, top = max(b[2] for b in boxes), max(b[3] for b in boxes)
        assert abs((left + right) / 2 - width / 2) < 2  # centred
        baseline = pt(kit_pages().stamp.baseline)
        assert baseline - 3 <= bottom and top <= baseline + 6  # 5-6 pt type, in the margin
        assert bottom >= pt(6) - 0.05  # no descender in this text: its ink stays 6 mm off the edge


def test_the_overlay_brings_no_standard_font(pdf_tools):
    from kolaps_print.kit.stamp import stamp_page_pdf as page

    assert pdf_tools.fonts_not_embedded(page(595, 842, "x")) == []


def test_a_long_kit_name_is_shortened_and_the_stamp_stays_narrow(tmp_path, kit_file):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kolaps_print.kit.stamp import stamp_size

    path = (
        kit_file().read_text(encoding="utf-8").replace("name: Démo Test", "name: " + "Convention internationale " * 3)
    )
    (tmp_path / "long.yaml").write_text(path, encoding="utf-8")
    text = stamp_text(load_kit(tmp_path / "long.yaml"), "0123abcd")
    assert "…" in text and text.endswith("0123abcd")
    assert 4 <= stamp_size(text) <= 5.5
    assert stringWidth(text, "KSans", stamp_size(text)) <= pt(kit_pages().stamp.max_width) + 0.01
