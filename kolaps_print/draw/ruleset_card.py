"""Paint a ruleset's laid-out faces (layout/ruleset/card.py: character cards and reference cards)
as imposition Faces, and its laid-out sheet pages, with the one painter."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.card_render import ShapePainter
from kolaps_print.fonts import SANS
from kolaps_print.layout.shapes import Shape


@dataclass
class RulesetCard:
    """One two-sided card: an impose Face, each side's shapes laid out for the card's size."""

    front: list[Shape]
    back: list[Shape]
    body_pt: float  # the font left selected, never reportlab's default

    def draw_front(self, canvas: Canvas, width: float, height: float) -> None:
        _paint(canvas, self.front, height, self.body_pt)

    def draw_back(self, canvas: Canvas, width: float, height: float) -> None:
        _paint(canvas, self.back, height, self.body_pt)


def draw_pages(canvas: Canvas, pages: list[list[Shape]], height: float, body_pt: float) -> None:
    """A sheet's pages, one after the other."""
    for shapes in pages:
        _paint(canvas, shapes, height, body_pt)
        canvas.showPage()


def _paint(canvas: Canvas, shapes: list[Shape], height: float, body_pt: float) -> None:
    canvas.setFont(SANS, body_pt)
    ShapePainter(canvas, height).paint(shapes)
