"""The embedded TrueType fonts (bundled beside this module, so every install prints the same)
and glyph checks.

KSans is Roboto Condensed (Apache 2.0): narrow, legible at 6 pt on cards. KSerif, the book
face, is SIL's Gentium Book Plus (OFL): a real book face (not a Times clone), TrueType outlines
that reportlab can embed, four styles that all cover French typography, the rules' signs
(− ≤ ≥ × →), the narrow no-break space and the superscript ordinals (1ᵉʳ, 6ᵉ). Its narrow set
gives 60-75 characters in an 85 mm column at 9.5 pt. Debian's EB Garamond and Linux Libertine
are CFF (.otf, which reportlab cannot embed) and lack a bold italic; Charis SIL sets too wide.
"""

from __future__ import annotations

import sys
from functools import cache

from kolaps_print import resources

# family -> (regular, bold, italic, bold italic) font files in kolaps_print/fonts/
FAMILIES = {
    "KSans": (
        "RobotoCondensed-Regular",
        "RobotoCondensed-Bold",
        "RobotoCondensed-Italic",
        "RobotoCondensed-BoldItalic",
    ),
    "KSerif": (
        "GentiumBookPlus-Regular",
        "GentiumBookPlus-Bold",
        "GentiumBookPlus-Italic",
        "GentiumBookPlus-BoldItalic",
    ),
}
# faces used alone, outside a family -> their font file in kolaps_print/fonts/: KMono is DejaVu
# Sans Mono (Bitstream Vera licence), for what a user types (the calibration sheet's command line):
# reportlab's Courier is a standard font it never embeds, and every font must be.
FACES = {"KMono": "DejaVuSansMono"}
# family -> (typeface, its designer, its licence): what the rulebook's credits page prints
CREDITS = {
    "KSans": ("Roboto Condensed", "Google", "Apache 2.0"),
    "KSerif": ("Gentium Book Plus", "SIL International", "SIL Open Font License 1.1"),
    "KMono": ("DejaVu Sans Mono", "Bitstream, DejaVu", "Bitstream Vera"),
}
# ASCII, Latin-1, French typography, the ordinals' superscripts (1ᵉʳ, 6ᵉ) and the errata dagger:
# in every face of KSans and KSerif (tests/fonts/test_printable.py). Text made only of these
# needs no font file read: `check` of the bundled data parsed all eight faces for one 'ᵉ'.
COMMON = frozenset(
    [chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xA0, 0x100)] + list("œŒ–—‘’“”…\u202f−≤≥•€ᵉʳ†×\n")
)
SANS, SANS_BOLD, SANS_ITALIC = "KSans", "KSans-Bold", "KSans-Italic"
SERIF, SERIF_BOLD, SERIF_ITALIC = "KSerif", "KSerif-Bold", "KSerif-Italic"
MONO = "KMono"


def register_fonts(*families: str) -> None:
    """Register the named families (default: all) or lone faces (FACES, only when named), once
    per process; fonts are subset and embedded on save. A face's file is parsed when it is first
    used (~12 ms a face)."""
    for family in families or tuple(FAMILIES):
        _register_face(family) if family in FACES else _register_family(family)
    # U+202F never breaks a paragraph's line. Applied once reportlab's paragraphs are imported
    # (every module making paragraphs imports them at its top and registers its fonts before it
    # draws), not by importing them: the cards draw no paragraph (some 50 ms of every card run).
    if "reportlab.platypus.paragraph" in sys.modules:
        from kolaps_print.fonts import no_break

        no_break.patch()


@cache
def _register_family(family: str) -> None:
    # reportlab is imported here, not above: `check` validates data with fonts.printable
    # without loading the PDF library at all.
    for name, file in zip(_faces(family), FAMILIES[family], strict=True):
        _register_on_first_use(name, file, family)
    _map_family(family)


def _faces(family: str) -> tuple[str, str, str, str]:
    return family, f"{family}-Bold", f"{family}-Italic", f"{family}-BoldItalic"


def _map_family(family: str) -> None:
    """The family's faces by bold and italic, for paragraphs' <b> and <i>; each face's own name
    read back as this family's (registering a face maps its name to a family of its own)."""
    from reportlab.lib.fonts import addMapping

    for (bold, italic), name in zip(((0, 0), (1, 0), (0, 1), (1, 1)), _faces(family), strict=True):
        addMapping(family, bold, italic, name)


@cache
def _register_face(name: str) -> None:
    _register_on_first_use(name, FACES[name], None)


# face -> (its font file, its family), not parsed yet: read when reportlab first asks for the face
# (pdfmetrics.getFont). Parsing a face costs ~12 ms, and no product prints a bold italic (the kit
# parsed two faces for nothing; the cards print three of KSans's four).
_UNPARSED: dict[str, tuple[str, str | None]] = {}


def _register_on_first_use(name: str, file: str, family: str | None) -> None:
    from reportlab.pdfbase import pdfmetrics

    _parse_when_asked()
    _UNPARSED[name] = (file, family)
    # What registerFont does for a TrueType face now, as when the face was parsed here: the
    # face's name mapped as a family of its own (then _map_family maps it into its family).
    pdfmetrics.registerFontFamily(name)


@cache
def _parse_when_asked() -> None:
    """reportlab's getFont calls findFontAndRegister for a name it does not know: ours parses
    and registers a face of _UNPARSED there, and leaves every other name to reportlab
    (docs/libraries.md)."""
    from reportlab.pdfbase import pdfmetrics

    find = getattr(pdfmetrics, "findFontAndRegister", None)
    if find is None:
        raise RuntimeError(
            "reportlab.pdfbase.pdfmetrics.findFontAndRegister is gone: kolaps_print/fonts/__init__.py "
            "must find this reportlab's way of registering a font on first use"
        )

    def parse_or_find(font_name: str):
        if font_name not in _UNPARSED:
            return find(font_name)
        from kolaps_print.fonts.tables import tagged_font  # its tables from the cache (tables.py)

        file, family = _UNPARSED.pop(font_name)
        pdfmetrics.registerFont(tagged_font(font_name, str(resources.fonts_dir() / f"{file}.ttf")))
        if family is not None:  # registerFont mapped the face as a family of its own again
            _map_family(family)
        return pdfmetrics.getFont(font_name)

    pdfmetrics.findFontAndRegister = parse_or_find


@cache
def _charmap(font_name: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    register_fonts(font_name.split("-")[0])
    return frozenset(pdfmetrics.getFont(font_name).face.charToGlyph)


def missing_glyphs(text: str, font_name: str = SANS) -> list[str]:
    """Characters of text the font cannot draw (they would print as blank boxes)."""
    if COMMON.issuperset(text):
        return []
    return missing_from_font_file(text, font_name)


def missing_from_font_file(text: str, font_name: str = SANS) -> list[str]:
    """missing_glyphs read from the font itself, without the COMMON short cut (what the tests
    check COMMON against)."""
    cmap = _charmap(font_name)
    return sorted({ch for ch in text if ord(ch) not in cmap and ch not in "\n\r\t"})
