"""Paint a ruleset character's card (layout/ruleset_card.py) as an imposition Face: the name band
at the top and the foot band in the system's colour, both painted past the trim (the sheet clips
them: colour meets colour when front and back drift), and each side's flowables stacked between
them inside the safe margin."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame

from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.layout.ruleset_card import RulesetFace, story_room
from kolaps_print.layout.ruleset_sheet import CardLook
from kolaps_print.layout.units import pt

BLEED = pt(10)  # bands are painted this far past the trim; the sheet clips them


@dataclass
class RulesetCard:
    """One two-sided card: an impose Face. Its look gives the bands and the margins; each side's
    story was laid out (in a look of its own size) to fit between them."""

    front: RulesetFace
    back: RulesetFace
    look: CardLook
    colour: Color
    foot: tuple[str, str]  # the army's name at the left, the system's at the right
    back_foot: tuple[str, str] = ("", "")  # on the back: the army's name, the rules' version and fingerprint

    def draw_front(self, canvas: Canvas, width: float, height: float) -> None:
        self._draw(canvas, self.front, width, height)

    def draw_back(self, canvas: Canvas, width: float, height: float) -> None:
        self._draw(canvas, self.back, width, height)

    def _draw(self, canvas: Canvas, face: RulesetFace, width: float, height: float) -> None:
        canvas.setFont(SANS, self.look.body_pt)  # never leave reportlab's default font selected
        self._bands(canvas, face, width, height, self.back_foot if face is self.back else self.foot)
        self._frame(width, height).addFromList(list(face.story), canvas)

    def _bands(
        self, canvas: Canvas, face: RulesetFace, width: float, height: float, foot_text: tuple[str, str]
    ) -> None:
        look, margin = self.look, pt(self.look.margin_mm)
        band, foot = pt(look.band_mm), pt(look.footer_mm)
        canvas.setFillColor(self.colour)
        canvas.rect(-BLEED, height - band, width + 2 * BLEED, band + BLEED, stroke=0, fill=1)
        canvas.rect(-BLEED, -BLEED, width + 2 * BLEED, foot + BLEED, stroke=0, fill=1)
        canvas.setFillColor(white)
        canvas.setFont(SANS_BOLD, look.name_pt)
        canvas.drawString(margin, height - band / 2 - look.name_pt * 0.35, face.name)
        if face.copy:
            canvas.setFont(SANS_BOLD, look.copy_pt)
            canvas.drawRightString(width - margin, height - band / 2 - look.copy_pt * 0.35, face.copy)
        canvas.setFont(SANS_BOLD, look.footer_pt)
        baseline = foot / 2 - look.footer_pt * 0.35 + pt(0.4)  # a hair above centre: the cut's slack is below
        canvas.drawString(margin, baseline, foot_text[0])
        canvas.drawRightString(width - margin, baseline, foot_text[1])

    def _frame(self, width: float, height: float) -> Frame:
        x, y, w, h = story_room(self.look, width, height)
        return Frame(x, y, w, h, 0, 0, 0, 0, showBoundary=0)
