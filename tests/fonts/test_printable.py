"""Text the fonts cannot print is found, in data and labels files, without reading the fonts for plain text."""

from __future__ import annotations

import kolaps_print.fonts as fonts
from kolaps_print.fonts import missing_from_font_file, missing_glyphs, printable
from kolaps_print.fonts.printable import COMMON, FACES, unprintable, unprintable_text
from kolaps_print.load import parse_yaml


def test_the_common_characters_are_in_every_face():
    text = "".join(sorted(COMMON))
    assert {face: missing_from_font_file(text, face) for face in FACES} == {face: [] for face in FACES}


def test_rare_characters_are_looked_up_in_every_face():
    assert unprintable("Tête ≤ 5 cm — « ok »\u202f!") == []
    assert unprintable("Flèche → et feu 🔥") == ["→", "🔥"]  # '→': KSans lacks it, KSerif has it


def test_plain_text_does_not_read_the_fonts(monkeypatch):
    def read_the_fonts(*args):
        raise AssertionError("the font files were read for plain text")

    monkeypatch.setattr(printable, "missing_glyphs", read_the_fonts)
    assert unprintable("Œil-de-bœuf : 2 × 3 … « − »") == []


def test_the_glyph_check_does_not_read_the_fonts_for_common_text(monkeypatch):
    def read_the_font(*args):
        raise AssertionError("the font file was read for common text")

    monkeypatch.setattr(fonts, "_charmap", read_the_font)
    assert missing_glyphs("Œil-de-bœuf, 1ᵉʳ : 2 × 3 … « − » †", "KSans-Bold") == []


def test_each_text_is_located():
    doc = parse_yaml('traits:\n  - id: a\n    name: "Feu 🔥"\n    short: [ok, "→"]\n', "traits.yaml")
    assert [str(d) for d in unprintable_text(doc)] == [
        "traits.yaml:3:11: error: traits[0].name: the fonts cannot print '🔥' (U+1F525): it would print as a blank box",
        "traits.yaml:4:17: error: traits[0].short[1]: the fonts "
        "cannot print '→' (U+2192): it would print as a blank box",
    ]
