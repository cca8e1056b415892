"""A face's character tables kept in the user's cache folder (disk_cache), keyed by the font
file's bytes.

reportlab parses a TrueType face in Python: the header, names and metrics (about 1 ms), then
the tables every width and subset needs (character to glyph and back, the widths, the
horizontal metrics, the glyphs' positions): 10-20 ms a face, and a kit parses six faces, the
cards three. Those tables depend only on the font file's bytes and reportlab's parser, so an
entry is keyed by the SHA-256 of the file, reportlab's and Python's versions; the face parses
its header as before (charInfo=0) and takes the tables from the entry. The same values, so the
same widths, subsets and PDF bytes (tested: cold, warm, corrupt, without the cache).

reportlab's TTFont makes its face itself (ttfonts.TTFontFace, looked up when it runs): tagged_font
swaps that class for ours while the font is made, as subset_tags swaps SUBSETN, and fails loudly
if a release makes its face another way.
"""

from __future__ import annotations

import hashlib
import sys
from typing import Any

import reportlab
from reportlab.pdfbase import ttfonts

from kolaps_print import disk_cache
from kolaps_print.fonts.subset_tags import TaggedTTFont

FORMAT = b"kolaps-font 1\n"  # then the key and a newline, then the marshalled tables
SUFFIX = "font"
KEPT = 32  # entries kept, the last used: the bundled faces, and room for a few upgrades
# what extractInfo(charInfo=1) sets beyond extractInfo(charInfo=0), and of which type
TABLES: dict[str, type | tuple[type, ...]] = {
    "charToGlyph": dict,
    "glyphToChar": dict,
    "charWidths": dict,
    "hmetrics": list,
    "glyphPos": list,
    "defaultWidth": (int, float),
    "_pos": int,
}


class CachedTablesFace(ttfonts.TTFontFace):
    """reportlab's face, whose character tables come from the cache when it holds them."""

    def extractInfo(self, charInfo: int = 1) -> None:  # noqa: N802, N803 - reportlab's names
        if not charInfo or getattr(self, "subfontNameX", b"") != b"":  # a font collection: not kept
            super().extractInfo(charInfo)
            return
        # the bytes' digest, kept: subset_tags tags this face's subsets with it (not read and hashed again)
        self.file_sha256 = hashlib.sha256(self._ttf_data).digest()
        key = _font_key(self.file_sha256)
        tables = _read(key)
        if tables is None:
            super().extractInfo(1)
            if all(hasattr(self, name) for name in TABLES):  # an older reportlab (4.1) sets others: not kept
                _write(key, {name: getattr(self, name) for name in TABLES})
            return
        super().extractInfo(0)
        self.__dict__.update(tables)


def tagged_font(name: str, path: str) -> TaggedTTFont:
    """TaggedTTFont(name, path), its face's tables read from the cache when kept there."""
    made = ttfonts.TTFontFace
    ttfonts.TTFontFace = CachedTablesFace
    try:
        font = TaggedTTFont(name, path)
    finally:
        ttfonts.TTFontFace = made
    if type(font.face) is not CachedTablesFace:
        raise RuntimeError(
            "reportlab's TTFont no longer makes its face with ttfonts.TTFontFace: "
            "kolaps_print/fonts/tables.py must find this reportlab's way"
        )
    return font


def font_key(content: bytes) -> str:
    return _font_key(hashlib.sha256(content).digest())


def _font_key(file_sha256: bytes) -> str:
    digest = hashlib.sha256(FORMAT)
    for part in (reportlab.Version, sys.version):
        digest.update(f"{part}\0".encode())
    digest.update(file_sha256)
    return digest.hexdigest()


def _read(key: str) -> dict[str, Any] | None:
    tables = disk_cache.read_marshalled(FORMAT, key, SUFFIX)  # cut short or corrupt: parsed and written again
    if type(tables) is not dict or list(tables) != list(TABLES):
        return None
    if not all(isinstance(tables[name], kind) for name, kind in TABLES.items()):
        return None
    return tables


def _write(key: str, tables: dict[str, Any]) -> None:
    disk_cache.write_marshalled(FORMAT, key, SUFFIX, KEPT, tables)
