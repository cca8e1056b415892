"""Previews: a 300 dpi PNG of every card face, to share online and check at a glance (rendered
by write/raster, as `cards --format png` does; kept between runs by write/png_cache)."""

from __future__ import annotations

from pathlib import Path

from kolaps_print.write.png_cache import page_pngs
from kolaps_print.write.raster import DPI, slug

__all__ = ["DPI", "render_pages", "slug"]


def render_pages(pdf: bytes, names: list[str], folder: Path, dpi: int = DPI) -> list[Path]:
    """Page i of pdf -> folder/names[i] (cut to its TrimBox); one name per page."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for png, name in zip(page_pngs(pdf, len(names), dpi), names, strict=True):
        path = folder / name
        path.write_bytes(png)
        written.append(path)
    return written
