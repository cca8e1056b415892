"""Reproducible PDF canvases: invariant mode (no dates or random ids), metadata, compression."""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from kolaps_print import __version__
from kolaps_print.fonts import SANS, register_fonts

# Same input, same bytes: no creation date, no random document id, fixed subset names.
rl_config.invariant = 1


@dataclass(frozen=True)
class PdfMeta:
    """The PDF's document information."""

    title: str
    subject: str
    author: str = "kolaps-print"
    keywords: str = ""


def new_canvas(buffer: BytesIO, pagesize: tuple[float, float], meta: PdfMeta) -> Canvas:
    register_fonts(SANS)
    # initialFontName: reportlab selects its initial font on every page; left as Helvetica,
    # that puts an unembedded standard font in the file even if no text uses it.
    canvas = Canvas(buffer, pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=SANS)
    canvas.setTitle(meta.title)
    canvas.setAuthor(meta.author)
    canvas.setSubject(meta.subject)
    canvas.setCreator(f"kolaps-print {__version__}")
    if meta.keywords:
        canvas.setKeywords(meta.keywords)
    return canvas
