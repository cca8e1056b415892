"""Card faces as pictures: pages of our own PDF rendered with pypdfium2, cut to their TrimBox,
and file names safe in any file system and URL. Shared by `cards --format png/tts` and the kit's
previews."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from io import BytesIO

import pypdfium2 as pdfium
from PIL import Image

DPI = 300


def slug(text: str) -> str:
    """'Hélène Marchal' -> 'helene-marchal': safe in any file system and URL."""
    # Accents go (é -> e); any other non-ASCII sign (’, «) separates words like a space.
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch if ch.isascii() else "" if unicodedata.combining(ch) else " " for ch in decomposed)
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "carte"


def numbered(names: list[str]) -> list[str]:
    """Names made unique: a name met more than once is numbered, 'chef-1', 'chef-2'... (skipping
    any number another name already takes)."""
    repeated = {n for n in names if names.count(n) > 1}
    taken, out, count = set(names) - repeated, [], dict.fromkeys(repeated, 0)
    for name in names:
        if name in repeated:
            while True:
                count[name] += 1
                candidate = f"{name}-{count[name]}"
                if candidate not in taken:
                    break
            name = candidate
        taken.add(name)
        out.append(name)
    return out


def _render_trimmed(page: pdfium.PdfPage, dpi: float) -> Image.Image:
    """The page cut to its TrimBox: the card as a player holds it, without the bleed."""
    left, bottom, right, top = page.get_mediabox()
    t_left, t_bottom, t_right, t_top = page.get_trimbox()  # the MediaBox when none is set
    crop = (t_left - left, t_bottom - bottom, right - t_right, top - t_top)
    return page.render(scale=dpi / 72, crop=crop).to_pil().convert("RGB")


def rendered_pages(pdf: bytes, dpi: float = DPI) -> Iterator[Image.Image]:
    """Each page of pdf, cut to its TrimBox, at dpi."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        for index in range(len(document)):
            yield _render_trimmed(document[index], dpi)
    finally:
        document.close()


PNG_LEVEL = 3


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """The picture as PNG, its resolution recorded (reruns give the same bytes). zlib level 3:
    on card faces smaller than Pillow's default 6 and a third faster (a kit makes 26 of them)."""
    out = BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), compress_level=PNG_LEVEL)
    return out.getvalue()
