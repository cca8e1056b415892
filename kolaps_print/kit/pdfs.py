"""Small PDF helpers the kit shares: a canvas with no standard font, page counts."""

from __future__ import annotations

from contextlib import contextmanager
from io import BytesIO
from typing import Iterator

from pypdf import PdfReader
from reportlab import rl_config

from kolaps_print.draw.fonts import SANS


@contextmanager
def embedded_initial_font() -> Iterator[None]:
    """A new canvas names its initial font in the page; make that our embedded sans, not
    Helvetica (an unembedded standard-14 font would otherwise appear in the file)."""
    saved = rl_config.canvas_basefontname
    rl_config.canvas_basefontname = SANS
    try:
        yield
    finally:
        rl_config.canvas_basefontname = saved


def page_count(pdf: bytes) -> int:
    return len(PdfReader(BytesIO(pdf)).pages)
