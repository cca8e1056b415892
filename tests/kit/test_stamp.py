"""The stamp: a short data hash that changes with the data, overlaid on every page."""

import re
import shutil
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium

from kolaps_print.jobs import stamp as cards_stamps
from kolaps_print.kit.build import build_kit
from kolaps_print.kit.kitfile import load_kit
from kolaps_print.kit.stamp import Stamper, card_stamps, data_hash, stamp_page_pdf, stamp_text
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


DEMO = Path(__file__).resolve().parents[2] / "data" / "rulesets" / "kolaps" / "kits" / "demo.yaml"


def test_a_kit_reads_the_rules_fingerprint_once(tmp_path, monkeypatch):
    """Its card stamp and its four card builds' standalone stamp (printed where the kit's is too
    wide) name the same fingerprint, a hash of every file of templates/ and data/: one reading
    for the kit, not one per card build (issue 15, kit18; four more readings before)."""
    readings, real = [], cards_stamps.rules_hash
    monkeypatch.setattr(cards_stamps, "rules_hash", lambda: readings.append(1) or real())
    monkeypatch.setenv("KOLAPS_CACHE", "off")  # every card build made
    build_kit(DEMO, tmp_path / "kit")
    assert len(readings) == 1


def test_the_kit_card_stamps_name_the_rules_as_a_standalone_run(kit_file):
    kit = load_kit(kit_file())
    card, short = card_stamps(kit)
    assert short == cards_stamps.cards_stamp()
    assert "14\u00a0mars 2027" in card and card.endswith(short)  # the date, then the same version and fingerprint


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
        assert baseline - 3 <= bottom and top <= baseline + 7  # 6-7 pt type, in the margin
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
    assert stamp_size(text) >= 6  # session 10: the floor (was 4 to 5.5 pt), the name shortened instead
    assert stringWidth(text, "KSans", stamp_size(text)) <= pt(kit_pages().stamp.max_width) + 0.01


def test_every_page_stamp_is_printed_at_6_pt_at_least(tmp_path, kit_file):
    """Issue 12, session 10: the kit's edition line was 5.5 pt (and a long one down to 4), under
    the house's 6 pt floor. Read back from the overlay every page gets: 6 pt or more, a long kit
    name shortened instead, the stamp still inside max_width."""
    from pdf_text import text_objects  # tests/support

    long = kit_file().read_text(encoding="utf-8").replace("name: Démo Test", "name: " + "Convention " * 6)
    (tmp_path / "long.yaml").write_text(long, encoding="utf-8")
    for kit in (load_kit(kit_file()), load_kit(tmp_path / "long.yaml")):
        text = stamp_text(kit, "0123abcd")
        printed = [o for o in text_objects(stamp_page_pdf(595, 842, text)) if o.text.strip()]
        assert printed and all(o.size >= 6 for o in printed), [(o.text, o.size) for o in printed]
        assert max(o.bounds[2] for o in printed) - min(o.bounds[0] for o in printed) <= pt(kit_pages().stamp.max_width)
