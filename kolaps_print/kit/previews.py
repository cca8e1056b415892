"""Previews: a 300 dpi PNG of every card face, to share online and check at a glance."""

from __future__ import annotations

import re
import unicodedata
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium

DPI = 300


def slug(text: str) -> str:
    """'Hélène Marchal' -> 'helene-marchal': safe in any file system and URL."""
    # Accents go (é -> e); any other non-ASCII sign (’, «) separates words like a space.
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch if ch.isascii() else "" if unicodedata.combining(ch) else " " for ch in decomposed)
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "carte"


def _render_trimmed(page: pdfium.PdfPage, dpi: int):
    """The page cut to its TrimBox: the card as a player holds it, without the bleed."""
    left, bottom, right, top = page.get_mediabox()
    t_left, t_bottom, t_right, t_top = page.get_trimbox()  # the MediaBox when none is set
    crop = (t_left - left, t_bottom - bottom, right - t_right, top - t_top)
    return page.render(scale=dpi / 72, crop=crop).to_pil()


def render_pages(pdf: bytes, names: list[str], folder: Path, dpi: int = DPI) -> list[Path]:
    """Page i of pdf -> folder/names[i] (cut to its TrimBox); one name per page."""
    folder.mkdir(parents=True, exist_ok=True)
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        if len(document) != len(names):
            raise ValueError(f"previews: {len(document)} pages but {len(names)} names")
        written = []
        for index, name in enumerate(names):
            image = _render_trimmed(document[index], dpi)
            path = folder / name
            image.save(path, format="PNG", dpi=(dpi, dpi))
            written.append(path)
        return written
    finally:
        document.close()
