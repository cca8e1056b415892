"""Paint a ruleset's laid-out faces (layout/ruleset/card.py: character cards and reference cards)
as imposition Faces, and its laid-out sheet pages, with the one painter."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.card_face import Forms
from kolaps_print.draw.card_render import ShapePainter
from kolaps_print.fonts import SANS
from kolaps_print.layout.card_face import FaceLayout
from kolaps_print.layout.shapes import Shape

Shared = tuple[str, FaceLayout]  # a form's name and what it draws: a story shared by characters of the same values


@dataclass
class RulesetCard:
    """One two-sided card: an impose Face, each side's shapes laid out for the card's size. A
    side may also draw a story it shares with other cards (the same values) as a PDF form
    (XObject), made on first use and reused, as KOLAPS's cards reuse their furniture."""

    front: list[Shape]
    back: list[Shape]
    body_pt: float  # the font left selected, never reportlab's default
    shared: tuple[Shared | None, Shared | None] = (None, None)  # front's, back's
    forms: Forms | None = None

    def draw_front(self, canvas: Canvas, width: float, height: float) -> None:
        self._draw(canvas, self.front, self.shared[0], width, height)

    def draw_back(self, canvas: Canvas, width: float, height: float) -> None:
        self._draw(canvas, self.back, self.shared[1], width, height)

    def _draw(self, canvas: Canvas, own: list[Shape], shared: Shared | None, width: float, height: float) -> None:
        _paint(canvas, own, height, self.body_pt)  # the bands first: the story prints over them
        if shared and self.forms:
            self.forms.draw(canvas, *shared, width, height)


def draw_pages(canvas: Canvas, pages: list[list[Shape]], height: float, body_pt: float) -> None:
    """A sheet's pages, one after the other."""
    for shapes in pages:
        _paint(canvas, shapes, height, body_pt)
        canvas.showPage()


def _paint(canvas: Canvas, shapes: list[Shape], height: float, body_pt: float) -> None:
    canvas.setFont(SANS, body_pt)
    ShapePainter(canvas, height).paint(shapes)
