"""Paint a laid-out reference deck (layout/reference/cards.py) as imposition Faces."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.flow_box import draw_box
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.layout.reference.cards import BlankBack, CardStrip, ReferenceDeck, ReferenceFace
from kolaps_print.layout.reference.look import ink
from kolaps_print.layout.style import colour as house_colour


@dataclass
class ReferenceCard:
    """One two-sided card: an impose Face (draw_front / draw_back)."""

    front: ReferenceFace
    back: ReferenceFace | None
    deck: ReferenceDeck

    def draw_front(self, canvas: Canvas, width: float, height: float) -> None:
        _draw_face(canvas, self.front, self.deck)

    def draw_back(self, canvas: Canvas, width: float, height: float) -> None:
        if self.back is None:
            _draw_blank_back(canvas, self.deck.blank)
        else:
            _draw_face(canvas, self.back, self.deck)


def reference_cards(deck: ReferenceDeck) -> list[ReferenceCard]:
    """Faces paired front/back into cards; an odd last face gets a plain back."""
    faces = deck.faces
    return [
        ReferenceCard(faces[i], faces[i + 1] if i + 1 < len(faces) else None, deck) for i in range(0, len(faces), 2)
    ]


def _draw_strip(canvas: Canvas, strip: CardStrip, colour: Color, number: str) -> None:
    canvas.setFillColor(colour)
    canvas.rect(strip.x, strip.y, strip.width, strip.height, stroke=0, fill=1)  # bleeds past the trim
    canvas.setFillColor(house_colour("paper"))
    canvas.setFont(SANS_BOLD, strip.size)
    canvas.drawString(strip.left, strip.baseline, strip.text)
    canvas.setFont(SANS, strip.size)
    canvas.drawRightString(strip.right, strip.baseline, number)


def _draw_face(canvas: Canvas, face: ReferenceFace, deck: ReferenceDeck) -> None:
    canvas.setFont(SANS, deck.styles.body)
    _draw_strip(canvas, deck.strip, face.colour, face.label)
    draw_box(canvas, face.box, gap=deck.gap)


def _draw_blank_back(canvas: Canvas, blank: BlankBack) -> None:
    canvas.setFont(SANS_BOLD, blank.title_pt)
    canvas.setFillColor(ink())
    canvas.drawCentredString(blank.centre, blank.baseline, blank.title)
    canvas.setFont(SANS, blank.subtitle_pt)
    canvas.drawCentredString(blank.centre, blank.baseline - blank.line, blank.subtitle)
