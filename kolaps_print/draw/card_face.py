"""A character card as an imposition Face: shared furniture in PDF forms, the rest per card."""

from __future__ import annotations

import hashlib
import weakref
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.card_render import ShapePainter
from kolaps_print.layout.card_face import FaceLayout
from kolaps_print.units import pt


def form_prefix(tag: str, key: str) -> str:
    """A set of cards' form prefix: tag and a hash of key (what tells two sets apart), stable
    from run to run and distinct between sets that may share a document."""
    return tag + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]


class Forms:
    """Named PDF forms (XObjects) made on first use in a canvas, then reused by every card.

    prefix must differ between sets of cards that may share a document (two armies in one
    kit PDF), or the second would reuse the first one's forms.
    """

    def __init__(self, prefix: str, bleed_paint_mm: float):
        self.prefix, self.paint = prefix, pt(bleed_paint_mm)
        self._made: set[str] = set()
        self._canvas: weakref.ref | None = None

    def draw(self, canvas: Canvas, name: str, layout: FaceLayout, width: float, height: float) -> None:
        if self._canvas is None or self._canvas() is not canvas:  # a new document: make its forms again
            self._canvas, self._made = weakref.ref(canvas), set()
        form = f"{self.prefix}{name}"
        if form not in self._made:
            canvas.beginForm(form, -self.paint, -self.paint, width + self.paint, height + self.paint)
            ShapePainter(canvas, height).paint(layout.shapes)
            canvas.endForm()
            self._made.add(form)
        canvas.doForm(form)


@dataclass(frozen=True)
class CardSides:
    """Everything one army's cards share: the two furniture layouts and their forms."""

    front: FaceLayout
    back: FaceLayout
    forms: Forms


Keyed = tuple[str, FaceLayout]  # a form's name and what it draws: shared by the cards with the same stats


class CharacterFace:
    """One card: the army's furniture, then the forms it shares with cards of the same stats, then its own shapes."""

    def __init__(
        self,
        shared: CardSides,
        front: FaceLayout,
        back: FaceLayout,
        front_keyed: Keyed | None = None,
        back_keyed: Keyed | None = None,
    ):
        self.shared, self.front, self.back = shared, front, back
        self.front_keyed, self.back_keyed = front_keyed, back_keyed

    def draw_front(self, canvas: Canvas, width: float, height: float) -> None:
        self._draw(canvas, ("front", self.shared.front), self.front_keyed, self.front, width, height)

    def draw_back(self, canvas: Canvas, width: float, height: float) -> None:
        self._draw(canvas, ("back", self.shared.back), self.back_keyed, self.back, width, height)

    def _draw(
        self, canvas: Canvas, furniture: Keyed, keyed: Keyed | None, own: FaceLayout, width: float, height: float
    ) -> None:
        for name, layout in (furniture, keyed) if keyed else (furniture,):
            self.shared.forms.draw(canvas, name, layout, width, height)
        ShapePainter(canvas, height).paint(own.shapes)
