"""Every bundled font style covers French typography, so nothing prints as a blank box."""

import pytest

from kolaps_print.fonts import FAMILIES, missing_from_font_file, missing_glyphs

FRENCH = "àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊËÎÏÔÙÛÜŸŒÆ«»’‘“”…–—×−≤≥\u00a0\u202f€°≤≥−"
STYLES = [
    name for family in FAMILIES for name in (family, f"{family}-Bold", f"{family}-Italic", f"{family}-BoldItalic")
]


@pytest.mark.parametrize("font", STYLES)
def test_every_style_covers_french(font):
    assert missing_from_font_file(FRENCH, font) == []


def test_a_missing_glyph_is_reported():
    assert missing_glyphs("a\u2603b", "KSans") == ["\u2603"]
