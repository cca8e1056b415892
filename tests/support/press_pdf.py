"""Small PDFs drawn on purpose for the preflight and press tests: one page each, a 63 × 88 mm
card with 3 mm bleed, drawn with reportlab through our own canvas (fonts embedded, invariant)."""

from __future__ import annotations

from collections.abc import Callable
from io import BytesIO

from reportlab.lib.units import mm

from kolaps_print.write.pdf import PdfMeta, new_canvas

CARD = (63 * mm, 88 * mm)
BLEED = 3 * mm


def card_pdf(draw: Callable, boxes: bool = True, size: tuple[float, float] = CARD) -> bytes:
    """A one-page card; draw(canvas) paints it, origin at the trim's lower-left corner."""
    buffer = BytesIO()
    page = (size[0] + 2 * BLEED, size[1] + 2 * BLEED)
    canvas = new_canvas(buffer, page, PdfMeta(title="Essai", subject="preflight"))
    if boxes:
        canvas.setTrimBox([BLEED, BLEED, BLEED + size[0], BLEED + size[1]])
        canvas.setBleedBox([0, 0, page[0], page[1]])
    canvas.translate(BLEED, BLEED)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def clean_card(canvas) -> None:
    """CMYK background bled 3 mm past the trim, black text well inside the safe area."""
    canvas.setFillColorCMYK(0.1, 0.6, 0.8, 0.2)
    canvas.rect(-BLEED, -BLEED, CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED, stroke=0, fill=1)
    canvas.setFillColorCMYK(0, 0, 0, 1)
    canvas.setFont("KSans", 9)
    canvas.drawString(10 * mm, 40 * mm, "Carte d’essai")
