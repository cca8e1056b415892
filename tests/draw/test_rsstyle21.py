"""Review 21b, M3 and S15 (rsstyle21): the d100, 3d6 and d12 sheets in KOLAPS's house look, read back
from the PDFs: KOLAPS's title line (the name bold, « Aide de jeu » muted, at reference.yaml's size),
its section bands (height and corners from the body, as layout/reference/flow.SectionBand draws
them), its captions (« † 3D6-E2 » in the marks' grey italic), its footer's key, and the columns of
figures right-aligned on one edge under their centred heads."""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pdf_colours import seen  # tests/support
from pdf_text import page_text_objects, text_objects  # tests/support
from reportlab.pdfbase.pdfmetrics import stringWidth
from ruleset_products import RULESETS, ruleset_pdf  # tests/support

from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC, register_fonts
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.layout.reference.look import mark_grey, muted, reference_look
from kolaps_print.layout.ruleset.look import sheet_look

WHITE = (255, 255, 255)
A4_WIDTH = 595.28  # pt
KAPPA = 0.4472  # reportlab's roundRect: a corner's first control point this share of the radius in
TOLERANCE = 0.05  # pt
NAMES = {"3d6": "AV contre DV", "d100": "Pourcentages", "d12": "L’échelle du d12"}
CAPTIONS = {"3d6": "3D6-E2", "d100": "D100-E1", "d12": "D12-E3"}  # a table's title on page 1 carries it


@pytest.fixture(scope="module")
def kolaps_sheet() -> bytes:
    return build_reference(TablesOptions()).pdf


def _texts(pdf: bytes, page: int = 0):
    return [t for t in text_objects(pdf, page_space=True) if t.page == page and t.text.strip()]


def _bands(pdf: bytes) -> list[tuple[float, float, float, float]]:
    """(left, width, height, inset) of page 1's rounded paths: inset, the first control point's
    distance from the bottom-left corner along the bottom edge (KAPPA × the corner's radius)."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    found = []
    try:
        for obj in document[0].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8):
            segments = [
                pdfium_c.FPDFPath_GetPathSegment(obj.raw, i) for i in range(pdfium_c.FPDFPath_CountSegments(obj.raw))
            ]
            if not any(pdfium_c.FPDFPathSegment_GetType(s) == pdfium_c.FPDF_SEGMENT_BEZIERTO for s in segments):
                continue
            points = []
            for segment in segments:
                x, y = ctypes.c_float(), ctypes.c_float()
                pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
                points.append(obj.get_matrix().on_point(x.value, y.value))
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            inset = min(x for x, y in points if abs(y - min(ys)) < 1e-3) - min(xs)
            found.append((min(xs), max(xs) - min(xs), max(ys) - min(ys), inset))
    finally:
        document.close()
    return found


def _band_titles(pdf: bytes):
    return [t for t in _texts(pdf) if t.fill == WHITE and t.font.endswith("Bold")]


HOUSE_HEADS = (3.5, 0.6, 1.5)  # KOLAPS's band title and caption over the body (pt), the band's padding (× body)


def _heads(system: str) -> list[tuple[float, float, float]]:
    """The heads a sheet may take: KOLAPS's, and on a ruleset's tight sheet rulesets.yaml's tight_heads
    (rsstyle22: sized from the body so that they leave the body its size)."""
    if system == "kolaps":
        return [HOUSE_HEADS]
    return [HOUSE_HEADS] + [(t.band_over_pt, t.band_pad, t.caption_over_pt) for t in sheet_look().tight_heads]


def _house_band(size: float, over: float = 3.5, pad: float = 0.6) -> tuple[float, float]:
    """KOLAPS's band (layout/reference: Styles.section_title_size = body + 3.5, SectionBand), or a
    tight sheet's (its title over the body, its padding): its height and its corner's inset for a
    title of size pt."""
    body = size - over
    return 1.1 * size + 2 * (body * pad) * 0.6, KAPPA * body * pad * 0.6


@pytest.mark.parametrize("system", ["kolaps", *RULESETS])
def test_section_bands_are_kolaps_bands(system, kolaps_sheet):
    """Main's rulesets' bars were 6 mm (grown with the body) with 1 mm corners and a 9.5 pt title
    grown alike: pills with a small title in them. Each band now holds its title at the body + 3.5 pt,
    as tall and as round as KOLAPS's band at that body, the column's width (KOLAPS's sheet: a guard)."""
    pdf = kolaps_sheet if system == "kolaps" else ruleset_pdf(system, "sheet")
    titles, bands = _band_titles(pdf), _bands(pdf)
    assert titles and len(bands) >= len(titles)
    widths = {round(width, 1) for _, width, _, _ in bands}
    assert len(widths) == 1, widths  # full column width, every one
    body = _body(_texts(pdf))
    (heads,) = [h for h in _heads(system) if titles[0].size == pytest.approx(body + h[0], abs=0.02)]
    for title in titles:
        assert title.size == pytest.approx(body + heads[0], abs=0.02), (title.text, title.size, body)
        height, inset = _house_band(title.size, *heads[:2])
        holding = [b for b in bands if b[0] <= title.bounds[0] <= b[0] + b[1] and abs(b[2] - height) < 0.3]
        assert holding, (title.text, title.size, height, bands)
        assert any(abs(b[3] - inset) < TOLERANCE for b in holding), (title.text, inset, holding)
    if system != "kolaps":  # its tables' titles from the same heads
        (mark,) = [t for t in _texts(pdf) if t.text.strip().endswith(CAPTIONS[system])]
        assert mark.size == pytest.approx(body + heads[2], abs=0.02), (system, mark.size, body, heads)


def _body(texts) -> float:
    """The size most texts print at."""
    return max({round(t.size, 2) for t in texts}, key=lambda s: sum(round(t.size, 2) == s for t in texts))


@pytest.mark.parametrize("system", RULESETS)
def test_the_title_line_is_kolaps_s(system, kolaps_sheet):
    """Main printed « AV contre DV : aide de jeu » in bold at 13 pt over a rule of the system's
    colour. Now as KOLAPS's « KOLAPS : Ground Zero  Aide de jeu »: the system's name in bold, then
    « Aide de jeu » in the regular face in the muted grey, both at reference.yaml's title size, or
    larger where the section bands' titles are (caps23, review 22b S2: title_over_band_pt over them,
    the d12 sheet's 19 pt over its 17 pt bands; tests/draw/test_sheet_heads23)."""
    texts = _texts(ruleset_pdf(system, "sheet"))
    bands = max(t.size for t in _band_titles(ruleset_pdf(system, "sheet")))
    size = max(reference_look().sheet.title_pt, bands + sheet_look().title_over_band_pt)
    (name,) = [t for t in texts if t.text.strip() == NAMES[system]]
    (title,) = [t for t in texts if t.text.strip() == label("tables.sheet.title")]
    assert name.font.endswith("Bold") and name.size == pytest.approx(size)
    assert title.font.endswith("Regular") and title.size == pytest.approx(size) and title.fill == seen(muted())
    assert title.bounds[0] > name.bounds[2] and abs(title.bounds[3] - name.bounds[3]) < 1  # one line
    kolaps = _texts(kolaps_sheet)
    (house,) = [t for t in kolaps if t.text.strip() == label("tables.sheet.title")]
    assert (house.font, house.fill) == (title.font, title.fill) and title.size >= house.size


@pytest.mark.parametrize("system", RULESETS)
def test_a_caption_s_mark_is_quiet_as_on_kolaps_sheet(system, kolaps_sheet):
    """Main set « † 3D6-E2 » bold inside the table's bold title. Now in the marks' grey italic after
    it, at the caption's size, as KOLAPS's « † E37 »; the caption itself larger than the body, at
    KOLAPS's body + 1.5 pt where the sheet has room (test_section_bands_are_kolaps_bands: at its
    heads' size)."""
    texts = _texts(ruleset_pdf(system, "sheet"))
    (mark,) = [t for t in texts if t.text.strip().endswith(CAPTIONS[system])]
    assert mark.font.endswith("Italic") and mark.fill == seen(mark_grey()), mark
    caption = [t for t in texts if abs(t.bounds[3] - mark.bounds[3]) < 2 and t.bounds[2] <= mark.bounds[0] + 1]
    assert caption and all(t.font.endswith("Bold") and t.size == pytest.approx(mark.size) for t in caption)
    assert any(mark.size == pytest.approx(_body(texts) + h[2]) for h in _heads(system)), mark


@pytest.mark.parametrize("system", RULESETS)
def test_the_footer_is_kolaps_s_key(system, kolaps_sheet):
    """Main's footer began with the system's name (« AV contre DV · † : … »). Now as KOLAPS's: the
    marks' key alone (the name is in the title line), italic, in the marks' grey."""
    texts = _texts(ruleset_pdf(system, "sheet"))
    (key,) = [t for t in texts if t.text.strip().startswith("†") and "nos décisions" in t.text]
    house = min(_texts(kolaps_sheet), key=lambda t: t.bounds[1])  # « † E… : règle provisoire… », its foot
    assert house.text.strip().startswith("†") and key.text.strip().startswith("† :")
    assert key.font == house.font and key.fill == house.fill == seen(mark_grey())
    assert key.bounds[1] < min(t.bounds[1] for t in texts if t is not key) + 1  # the page's lowest line


FIGURE = re.compile(r"[−+]?\d+(?:,\d+)?(?:[\s\u202f\u00a0]?%)?")
FACES = {"Bold": SANS_BOLD, "Regular": SANS, "Italic": SANS_ITALIC}


@dataclass(frozen=True)
class Set:
    """A text object as set: its text, size, where its advance starts and ends, its baseline (pt)."""

    text: str
    size: float
    left: float
    right: float
    baseline: float


def _set(pdf: bytes) -> list[Set]:
    """Page 1's text objects, each from its origin to the end of its last glyph's advance (not its ink,
    which a « 1 » or a « 0 » ends at different distances from the advance)."""
    register_fonts(SANS)
    document = pdfium.PdfDocument(BytesIO(pdf))
    out = []
    try:
        for obj in page_text_objects(document[0], max_depth=1):
            text, matrix, size = obj.extract().strip(), obj.get_matrix(), ctypes.c_float()
            pdfium_c.FPDFTextObj_GetFontSize(obj.raw, size)
            face = FACES[obj.get_font().get_base_name().rsplit("-", 1)[1]]
            at = size.value * matrix.d
            if text:
                out.append(Set(text, at, matrix.e, matrix.e + stringWidth(text, face, at), matrix.f))
    finally:
        document.close()
    return out


def _columns(pdf: bytes, head: str, stop: str) -> list[tuple[Set, list[Set]]]:
    """Each column headed head in the first table that has it: (its head, the figures under it down
    to the text starting with stop)."""
    texts = _set(pdf)
    heads = sorted((t for t in texts if t.text == head), key=lambda t: (-t.baseline, t.left))
    top = heads[0].baseline
    heads = [h for h in heads if abs(h.baseline - top) < 0.1]
    end = max(t.baseline for t in texts if t.text.startswith(stop) and t.baseline < top)
    cells = [t for t in texts if end < t.baseline < top and FIGURE.fullmatch(t.text)]
    row = [t for t in texts if abs(t.baseline - top) < 0.1]
    middle = A4_WIDTH / 2  # the page's two columns: a table's last head ends at the first's right
    out = []
    for h in heads:
        right = min((t.left for t in row if t.left > h.right), default=middle if h.left < middle else A4_WIDTH)
        left = max((t.right for t in row if t.right < h.left), default=0.0)
        out.append((h, [c for c in cells if left <= (c.left + c.right) / 2 <= right]))
    return out


CASES = [  # system, head, the text under the table that ends the search
    ("3d6", "Nombre", "Nombre à atteindre"),
    ("3d6", "Chance", "Nombre à atteindre"),
    ("d12", "Bonus", "Barreaux"),
    ("d12", "≥\u202f20", "Barreaux"),
]


@pytest.mark.parametrize(("system", "head", "stop"), CASES)
def test_figures_line_up_under_their_centred_head(system, head, stop):
    """Main set 3d6's first « Nombre » (and d12's « Bonus ») left under a left head while the same
    column further right was centred, and centred « 100 % » over « 9,3 % », their « % » out of line.
    Now every column of figures sets them on one right edge, the block centred under its head."""
    for title, cells in _columns(ruleset_pdf(system, "sheet"), head, stop):
        assert len(cells) >= 3, (title.text, cells)
        rights = [c.right for c in cells]
        assert max(rights) - min(rights) < TOLERANCE, (title.text, [(c.text, c.right) for c in cells])
        block = (min(c.left for c in cells) + max(rights)) / 2
        assert abs(block - (title.left + title.right) / 2) < 0.5, (title.text, block, title)
