"""Twenty-third session, caps23 (review 22b, MUST 1): a table's caption clears the grey head band
under it. rsstyle22 set the rulesets' captions at KOLAPS's size (body + 1.5 pt) right on their
table, and the band, painted after them, cut the foot of their g, p, q and parentheses
(« Pourcentages de base », « Jet opposé », « (d100 ≤ score) ») on the sheets and the decks.

Read back with pdfium: each glyph's box (its outline's, get_charbox) of the text standing right
over a head band (the band's own fill colour, style.yaml `table` head_fill), against that band.
KOLAPS's sheet and deck, whose captions always cleared their band, are the guard: one rule
(as_shapes._caption_lift) serves both."""

from __future__ import annotations

import ctypes
from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pdf_colours import seen  # tests/support
from pdf_tables import path_paints  # tests/support
from ruleset_products import RULESETS, ruleset_pdf  # tests/support

from kolaps_print.layout.style import table_paint

CLEAR = 0.5  # pt: the least room between a caption's lowest glyph and the band under it
OVER = 1.6  # a caption's last baseline stands within this many times its size over its band
DESCENDERS = set("gjpqy(),")


def _glyphs(page) -> list[tuple[str, tuple[float, float, float, float], float, float]]:
    """(char, glyph box, baseline, size) of every inked character of the page not set in white."""
    text = page.get_textpage()
    out = []
    for i in range(text.count_chars()):
        char = chr(pdfium_c.FPDFText_GetUnicode(text.raw, i))
        if not char.strip():
            continue
        rgba = [ctypes.c_uint() for _ in range(4)]
        pdfium_c.FPDFText_GetFillColor(text.raw, i, *rgba)
        if all(c.value == 255 for c in rgba[:3]):
            continue  # a band's own title
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(text.raw, i, ctypes.byref(x), ctypes.byref(y))
        out.append((char, text.get_charbox(i), y.value, pdfium_c.FPDFText_GetFontSize(text.raw, i)))
    return out


def captions_over_bands(pdf: bytes) -> list[tuple[int, str, float]]:
    """(page from 1, caption's last line, room from its lowest glyph down to the band, pt) for every
    head band with text right over it: the glyphs whose baseline stands over the band's top, within
    OVER times their size, across the band's width."""
    head = seen(table_paint().head_fill)
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        found = []
        for n in range(len(document)):
            bands = [p.box for p in path_paints(pdf, n) if p.fill == head and p.box[3] - p.box[1] > 2]
            glyphs = _glyphs(document[n])
            for left, _, right, top in bands:
                over = [
                    (char, box)
                    for char, box, base, size in glyphs
                    if top < base <= top + OVER * size and box[2] > left and box[0] < right
                ]
                if over:
                    line = "".join(char for char, _ in sorted(over, key=lambda g: g[1][0]))
                    found.append((n + 1, line, round(min(box[1] for _, box in over) - top, 2)))
        return found
    finally:
        document.close()


PRODUCTS = [(rs, kind) for rs in RULESETS for kind in ("sheet", "sheet-letter", "mini", "poker", "tarot")]


@pytest.mark.parametrize(("system", "kind"), PRODUCTS, ids=[f"{s}-{k}" for s, k in PRODUCTS])
def test_no_caption_glyph_dips_into_the_head_band_under_it(system, kind):
    captions = captions_over_bands(ruleset_pdf(system, kind))
    assert any(DESCENDERS & set(line) for _, line, _ in captions), "no caption with a descender was read"
    assert [c for c in captions if c[2] < CLEAR] == []


def test_the_review_s_captions_are_read_and_clear():
    """The captions review 22b names, found over their bands and clear of them."""
    named = {
        ("d100", "sheet"): ("Pourcentagesdebase", "Recharger", "(d100≤score)"),
        ("3d6", "sheet"): ("Valeursdedifficultésansopposition", "Jetopposé"),
        ("d12", "sheet"): ("Jetopposé:chancedetoucher",),
        ("d100", "poker"): ("Pourcentages", "Recharger"),
    }
    for (system, kind), texts in named.items():
        lines = {line: room for _, line, room in captions_over_bands(ruleset_pdf(system, kind))}
        for text in texts:
            rooms = [room for line, room in lines.items() if text in line]
            assert rooms, (system, kind, text)
            assert min(rooms) >= CLEAR, (system, kind, text, min(rooms))


@pytest.mark.parametrize("command", [["tables"], ["tables", "--format", "cards"]], ids=["sheet", "cards"])
def test_kolaps_captions_clear_their_bands_as_before(cli, tmp_path, command):
    """The guard: KOLAPS's captions (« Gravité des blessures (1D6) ») already cleared their band."""
    target = tmp_path / "kolaps.pdf"
    assert cli([*command, "-o", target]).exit_code == 0
    captions = captions_over_bands(target.read_bytes())
    assert any(DESCENDERS & set(line) for _, line, _ in captions)
    assert [c for c in captions if c[2] < CLEAR] == []
