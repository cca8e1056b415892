"""Paint the flowables a layout placed in a FlowBox (the reference sheet's columns, a card face).

The flowables are reportlab platypus objects (Paragraph, Table and the flow's own Stack and
SectionBand): measuring and splitting them is how the layout decided what fits, and reportlab
paints them itself with drawOn, so painting here is only placing each one where it was laid out.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.layout.reference.flow import FlowBox


def draw_box(canvas: Canvas, box: FlowBox, gap: float) -> None:
    """Draw what box holds from its top, gap points apart."""
    top = box.y + box.height
    for flowable, h in box.placed:
        flowable.wrapOn(canvas, box.width, box.height)
        top -= h
        flowable.drawOn(canvas, box.x, top)
        top -= gap
