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


def render_pages(pdf: bytes, names: list[str], folder: Path, dpi: int = DPI) -> list[Path]:
    """Page i of pdf -> folder/names[i]; one name per page."""
    folder.mkdir(parents=True, exist_ok=True)
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        if len(document) != len(names):
            raise ValueError(f"previews: {len(document)} pages but {len(names)} names")
        written = []
        for index, name in enumerate(names):
            image = document[index].render(scale=dpi / 72).to_pil()
            path = folder / name
            image.save(path, format="PNG", dpi=(dpi, dpi))
            written.append(path)
        return written
    finally:
        document.close()
