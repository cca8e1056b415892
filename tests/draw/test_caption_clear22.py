"""Review 22b, MUST 1: the rulesets' sheets set their captions at KOLAPS's size (rsstyle22), and
the head row's band drawn right under a caption cut its descenders (« Pourcentages de base »
lost the foot of its g and p). On each sheet, A4 and Letter, no glyph of a caption with
descenders meets a path (the band, a rule) below it."""

from __future__ import annotations

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_boxes import path_boxes  # tests/support

CAPTIONS = {
    "d100": "Pourcentages de base",
    "3d6": "Valeurs de difficulté",
    "d12": "Jet opposé",
}


def _glyph_boxes(pdf: bytes, text: str) -> list[tuple[int, tuple[float, float, float, float]]]:
    """(page, (left, bottom, right, top)) of each glyph of each place text is printed."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    found = []
    try:
        for index in range(len(document)):
            page = document[index].get_textpage()
            searcher = page.search(text)
            while (hit := searcher.get_next()) is not None:
                start, count = hit
                found += [(index, page.get_charbox(i)) for i in range(start, start + count)]
    finally:
        document.close()
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ruleset_id", sorted(CAPTIONS))
def test_a_caption_s_descenders_clear_the_band_under_it(cli, tmp_path, ruleset_id, paper):
    out = tmp_path / "sheet.pdf"
    result = cli(["tables", "--ruleset", ruleset_id, "--paper", paper, "-o", out])
    assert result.exit_code == 0, result.stderr
    pdf = out.read_bytes()
    glyphs = _glyph_boxes(pdf, CAPTIONS[ruleset_id])
    assert glyphs, ruleset_id
    for page, (left, bottom, right, top) in glyphs:
        for b in path_boxes(pdf, page):
            if b[0] < right and left < b[2] and b[3] < top:  # a path under the glyph's top
                assert b[3] <= bottom + 0.05, (ruleset_id, paper, page, (left, bottom, right, top), b)
