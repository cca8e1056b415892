"""Paint a laid-out reference deck (layout/reference/cards.py) as imposition Faces.

Each face's strip, a plain back (layout/reference/furniture.py) and its content (the layout's
shapes) are painted by the character cards' ShapePainter.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.card_render import ShapePainter
from kolaps_print.fonts import SANS
from kolaps_print.layout.reference.cards import ReferenceDeck, ReferenceFace
from kolaps_print.layout.reference.furniture import blank_shapes, strip_shapes


@dataclass
class ReferenceCard:
    """One two-sided card: an impose Face (draw_front / draw_back)."""

    front: ReferenceFace
    back: ReferenceFace | None
    deck: ReferenceDeck

    def draw_front(self, canvas: Canvas, width: float, height: float) -> None:
        _draw_face(canvas, self.front, self.deck, height)

    def draw_back(self, canvas: Canvas, width: float, height: float) -> None:
        if self.back is None:
            ShapePainter(canvas, height).paint(blank_shapes(self.deck.blank, height))
        else:
            _draw_face(canvas, self.back, self.deck, height)


def reference_cards(deck: ReferenceDeck) -> list[ReferenceCard]:
    """Faces paired front/back into cards; an odd last face gets a plain back."""
    faces = deck.faces
    return [
        ReferenceCard(faces[i], faces[i + 1] if i + 1 < len(faces) else None, deck) for i in range(0, len(faces), 2)
    ]


def _draw_face(canvas: Canvas, face: ReferenceFace, deck: ReferenceDeck, height: float) -> None:
    canvas.setFont(SANS, deck.styles.body)
    title = face.title or deck.strip.text
    shapes = strip_shapes(deck.strip, face.colour, title, face.label, height, face.continues)
    if not face.box.placed:  # a topic with nothing to explain: a plain back
        shapes += blank_shapes(deck.blank, height)
    ShapePainter(canvas, height).paint(shapes + face.shapes)
