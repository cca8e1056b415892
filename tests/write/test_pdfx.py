"""press_ready: a PDF made PDF/X-4, read back with pypdf (output intent, version keys, XMP,
boxes, portraits in CMYK), and the same bytes on every run."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from PIL import Image, ImageCms
from press_pdf import BLEED, CARD, card_pdf, clean_card  # tests/support
from pypdf import PdfReader
from pypdf.generic import IndirectObject
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader

from kolaps_print import resources
from kolaps_print.write import pdfx
from kolaps_print.write.pdfx import press_ready


def read(pdf: bytes) -> PdfReader:
    return PdfReader(BytesIO(pdf))


def test_the_output_intent_embeds_our_cmyk_profile():
    reader = read(press_ready(card_pdf(clean_card)))
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    intent = intent.get_object()
    assert (intent["/Type"], intent["/S"], intent["/OutputConditionIdentifier"]) == (
        "/OutputIntent",
        "/GTS_PDFX",
        "FOGRA39",
    )
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    bundled = resources.icc_dir() / "FOGRA39L-kolaps.icc"
    assert profile.get_data() == bundled.read_bytes()
    icc = ImageCms.ImageCmsProfile(BytesIO(profile.get_data()))
    assert (icc.profile.xcolor_space.strip(), icc.profile.device_class) == ("CMYK", "prtr")


def test_the_version_is_in_the_info_and_the_xmp_with_the_same_title_and_dates():
    reader = read(press_ready(card_pdf(clean_card)))
    assert reader.pdf_header == "%PDF-1.6"
    info = reader.metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-4" and info["/Trapped"] == "/False"
    xmp = reader.xmp_metadata
    assert xmp.dc_title == {"x-default": "Essai"}
    assert xmp.xmp_create_date.year == 2000  # reportlab's invariant date, as in the info
    raw = xmp.stream.get_data().decode("utf-8")
    assert "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in raw
    assert info["/CreationDate"] == "D:20000101000000+00'00'" and "2000-01-01T00:00:00+00:00" in raw
    assert f"<xmp:CreatorTool>{info['/Creator']}</xmp:CreatorTool>" in raw


def test_a_page_without_boxes_grows_by_the_bleed_and_keeps_its_trim():
    page = read(press_ready(card_pdf(clean_card, boxes=False), bleed_mm=3)).pages[0]
    width, height = CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED  # the drawn page, now the trim
    assert [round(float(v), 2) for v in page.trimbox] == [0, 0, round(width, 2), round(height, 2)]
    grown = [round(-3 * mm, 2), round(-3 * mm, 2), round(width + 3 * mm, 2), round(height + 3 * mm, 2)]
    assert [round(float(v), 2) for v in page.mediabox] == grown
    assert [round(float(v), 2) for v in page.bleedbox] == grown


def test_pages_with_boxes_keep_them():
    plain = read(card_pdf(clean_card)).pages[0]
    page = read(press_ready(card_pdf(clean_card), bleed_mm=3)).pages[0]
    for box in ("mediabox", "trimbox", "bleedbox"):
        assert [round(float(v), 2) for v in getattr(page, box)] == [round(float(v), 2) for v in getattr(plain, box)]


def test_an_rgb_picture_becomes_cmyk_through_the_profile():
    def draw(c):
        clean_card(c)
        red = Image.new("RGB", (40, 40), (220, 30, 30))
        c.drawImage(ImageReader(red), 20 * mm, 30 * mm, 10 * mm, 10 * mm)

    reader = read(press_ready(card_pdf(draw)))
    forms = reader.pages[0]["/Resources"]["/XObject"]
    (image,) = [x.get_object() for x in forms.values() if x.get_object()["/Subtype"] == "/Image"]
    assert image["/ColorSpace"] == "/DeviceCMYK"
    c, m, y, k = image.get_data()[:4]
    assert m > 200 and y > 200 and c < 40 and k < 40, (c, m, y, k)  # red: magenta and yellow


def test_reruns_are_byte_identical():
    assert press_ready(card_pdf(clean_card)) == press_ready(card_pdf(clean_card))


def test_the_profile_intent_and_xmp_are_indirect_objects_of_their_own():
    """They are added through pypdf's public clone (no PdfWriter._add_object): each must still be
    an indirect object, the profile referenced from the intent, one object each."""
    root = read(press_ready(card_pdf(clean_card))).trailer["/Root"].get_object()
    intent_ref = list.__getitem__(root["/OutputIntents"], 0)  # raw entries: the references themselves
    refs = [
        intent_ref,
        dict.__getitem__(intent_ref.get_object(), "/DestOutputProfile"),
        dict.__getitem__(root, "/Metadata"),
    ]
    assert all(isinstance(r, IndirectObject) for r in refs), refs
    assert len({r.idnum for r in refs}) == 3
    assert refs[2].get_object()["/Subtype"] == "/XML"


def test_press_ready_reaches_no_private_pypdf_call():
    assert "._add_object" not in Path(pdfx.__file__).read_text(encoding="utf-8")
