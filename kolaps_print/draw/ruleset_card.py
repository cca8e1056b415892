"""Paint a ruleset character's card (layout/ruleset_card.py) as an imposition Face: each side's
flowables stacked from the top of the face inside its margin."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame

from kolaps_print.fonts import SANS


@dataclass
class RulesetCard:
    """One two-sided card: an impose Face. The stories are laid out for the card's width; what
    does not fit the height is left out (fits() tells beforehand)."""

    front: list[Flowable]
    back: list[Flowable]
    margin: float  # pt
    body_pt: float

    def draw_front(self, canvas: Canvas, width: float, height: float) -> None:
        self._draw(canvas, self.front, width, height)

    def draw_back(self, canvas: Canvas, width: float, height: float) -> None:
        self._draw(canvas, self.back, width, height)

    def _frame(self, width: float, height: float) -> Frame:
        m = self.margin
        return Frame(m, m, width - 2 * m, height - 2 * m, 0, 0, 0, 0, showBoundary=0)

    def _draw(self, canvas: Canvas, story: list[Flowable], width: float, height: float) -> None:
        canvas.setFont(SANS, self.body_pt)  # never leave reportlab's default font selected
        self._frame(width, height).addFromList(list(story), canvas)

    def fits(self, width: float, height: float) -> list[str]:
        """The sides whose story is taller than the face ('front', 'back')."""
        inner = height - 2 * self.margin
        tall = []
        for side, story in (("front", self.front), ("back", self.back)):
            used = sum(f.wrap(width - 2 * self.margin, inner)[1] for f in story)
            if used > inner:
                tall.append(side)
        return tall
