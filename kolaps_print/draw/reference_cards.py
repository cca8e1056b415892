"""The reference tables as two-sided cards (poker size by default), to join a deck.

The sections flow face after face (front, back, next card's front...) exactly as on the
sheet, at a smaller type; each face carries a strip in the colour of its first section
and its number, so a shuffled stack goes back in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from kolaps_print.content.reference import Section, reference_sections
from kolaps_print.fonts import SANS, SANS_BOLD, register_fonts
from kolaps_print.draw.reference_faces import fill_face
from kolaps_print.draw.reference_flow import Box, draw_box
from kolaps_print.draw.reference_sheet import section_flowables
from kolaps_print.draw.reference_style import INK, Styles, section_colour
from kolaps_print.draw.reference_table import fits_width
from kolaps_print.labels import label
from kolaps_print.layout.units import pt
from kolaps_print.model.gamedata import GameData

CARD_BODY_PT = 7.0  # held in the hand: a little smaller than the table sheet
PADDING_MM = 3.5  # inside the trim: cutting tolerance
STRIP_MM = 5.0
MAX_FACES = 200  # a guard against a flow that never ends


class CardOverflow(Exception):
    """A block cannot fit even an empty card face."""


@dataclass
class FaceLayout:
    number: int  # 1-based, over all faces
    colour: Color
    box: Box  # in mm-derived points, relative to the trim's lower-left corner


@dataclass
class ReferenceCard:
    """One two-sided card: an impose Face (draw_front / draw_back)."""

    front: FaceLayout
    back: FaceLayout | None
    total: int
    styles: Styles

    def draw_front(self, canvas: Canvas, width: float, height: float) -> None:
        _draw_face(canvas, self.front, self.total, self.styles, width, height)

    def draw_back(self, canvas: Canvas, width: float, height: float) -> None:
        if self.back is None:
            _draw_blank_back(canvas, self.total, width, height)
        else:
            _draw_face(canvas, self.back, self.total, self.styles, width, height)


def _content_box(width: float, height: float) -> Box:
    pad = pt(PADDING_MM)
    return Box(pad, pad, width - 2 * pad, height - 2 * pad - pt(STRIP_MM))


def _check_widths(sections: tuple[Section, ...], width: float, styles: Styles) -> None:
    for table in (t for s in sections for t in s.tables):
        if not fits_width(table, width, styles):
            raise CardOverflow(f"table '{table.id}' is too wide for a card of this size; choose a larger --card")


def layout_faces(data: GameData, width: float, height: float, styles: Styles | None = None) -> list[FaceLayout]:
    """Flow every section onto as many faces of width x height points as needed."""
    register_fonts(SANS)
    styles = styles or Styles(CARD_BODY_PT)
    probe = _content_box(width, height)
    sections = reference_sections(data)
    _check_widths(sections, probe.width, styles)
    queue: list[Flowable] = [u for s in sections for u in section_flowables(s, probe.width, styles, loose=True)]
    boxes: list[Box] = []
    while queue:
        if len(boxes) >= MAX_FACES:
            raise CardOverflow("the reference content does not fit on cards of this size")
        box = _content_box(width, height)
        tag = getattr(queue[0], "tag", None) or ""
        fill_face(box, queue, gap=styles.body * 0.8)
        if not box.placed:
            raise CardOverflow(f"a table of section '{tag}' does not fit on a card of this size; choose a larger --card")
        boxes.append(box)
    return [FaceLayout(i + 1, section_colour(_first_tag(box)), box) for i, box in enumerate(boxes)]


def _first_tag(box: Box) -> str:
    return next((getattr(f, "tag", None) for f, _ in box.placed if getattr(f, "tag", None)), "") or ""


def reference_cards(data: GameData, width: float, height: float) -> list[ReferenceCard]:
    """Faces paired front/back into cards; an odd last face gets a plain back."""
    styles = Styles(CARD_BODY_PT)
    faces = layout_faces(data, width, height, styles)
    total = len(faces)
    return [
        ReferenceCard(faces[i], faces[i + 1] if i + 1 < total else None, total, styles)
        for i in range(0, total, 2)
    ]


def _draw_strip(canvas: Canvas, colour: Color, text: str, number: str, width: float, height: float) -> None:
    strip = pt(STRIP_MM)
    canvas.setFillColor(colour)
    canvas.rect(-pt(3), height - strip, width + pt(6), strip + pt(3), stroke=0, fill=1)  # bleeds past the trim
    canvas.setFillColor(white)
    base = height - strip + strip * 0.32
    canvas.setFont(SANS_BOLD, 7)
    canvas.drawString(pt(PADDING_MM), base, text)
    canvas.setFont(SANS, 7)
    canvas.drawRightString(width - pt(PADDING_MM), base, number)


def _strip_text() -> str:
    return f"{label('common.game')} · {label('tables.sheet.title')}"


def _draw_face(canvas: Canvas, face: FaceLayout, total: int, styles: Styles, width: float, height: float) -> None:
    canvas.setFont(SANS, styles.body)
    number = label("tables.sheet.card_of", card=face.number, cards=total)
    _draw_strip(canvas, face.colour, _strip_text(), number, width, height)
    draw_box(canvas, face.box, gap=styles.body * 0.8)


def _draw_blank_back(canvas: Canvas, total: int, width: float, height: float) -> None:
    canvas.setFont(SANS_BOLD, 12)
    canvas.setFillColor(INK)
    canvas.drawCentredString(width / 2, height / 2, label("common.game"))
    canvas.setFont(SANS, 9)
    canvas.drawCentredString(width / 2, height / 2 - 14, label("tables.sheet.title"))
