"""Previews: a 300 dpi PNG of every card face, to share online and check at a glance (rendered
by write/raster, as `cards --format png` does)."""

from __future__ import annotations

from pathlib import Path

from kolaps_print.write.raster import DPI, png_scanlines, rendered_scanlines, slug

__all__ = ["DPI", "render_pages", "slug"]


def render_pages(pdf: bytes, names: list[str], folder: Path, dpi: int = DPI) -> list[Path]:
    """Page i of pdf -> folder/names[i] (cut to its TrimBox); one name per page."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for lines, name in zip(rendered_scanlines(pdf, dpi), names, strict=True):  # one page in memory at a time
        path = folder / name
        path.write_bytes(png_scanlines(lines, dpi))
        written.append(path)
    return written
