"""The house's boxed asides (style.yaml `aside`), one look in every product that has them: a
worked example (the quick-start's attack, the book's « Exemple. », the d12 sheet's worked roll)
and an editorial note (« Provisoire », « En attendant les annexes »). Review 22b, 8: the book,
the quick-start and the sheet had three looks for an example, and the book's notes looked like
its examples.

An example: a tinted ground, the accent's rule down its left edge, a head line of its own in
the accent (bold sans: « Exemple », or the example's title), its text in the sans face. A note:
no ground and no red, a grey hairline frame, its bold run-in head kept in its text's line.
Each is a one-cell table: it never splits, an aside is read whole."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.layout.reference.as_shapes import Area, ShapedBlock, block_shapes
from kolaps_print.layout.shapes import Shape
from kolaps_print.layout.style import HouseAside, cell_ink, cmyk, colour, house_style, type_size

EXAMPLE, NOTE = "example", "note"


def aside_look(kind: str) -> HouseAside:
    """style.yaml `aside.<kind>` (EXAMPLE or NOTE)."""
    return getattr(house_style().aside, kind)


def aside_styles(kind: str, size: float, leading: float) -> dict[str, ParagraphStyle]:
    """The aside's text, list item and head styles, from the running text it sits in (its size
    and line pitch, points): `text`, `item`, `head`."""
    look = aside_look(kind)
    text = ParagraphStyle(
        f"aside-{kind}",
        fontName=SANS,
        textColor=colour("ink"),
        fontSize=size + look.text_step,
        leading=leading + look.leading_step,
        spaceBefore=0,
        spaceAfter=look.after,
    )
    head_size = size + look.head_step
    if cmyk(look.head_ink)[:3] != (0, 0, 0):  # a red head: never under the house's colour floor
        head_size = max(head_size, type_size("colour"))
    head = ParagraphStyle(
        f"aside-{kind}-head",
        fontName=SANS_BOLD,
        textColor=colour(look.head_ink),
        fontSize=head_size,
        leading=round(head_size * look.head_leading, 2),
        spaceBefore=0,
        spaceAfter=look.head_after,
        keepWithNext=1,
    )
    item = ParagraphStyle(f"aside-{kind}-item", parent=text, spaceAfter=look.item_after)
    return {"text": text, "item": item, "head": head}


def aside_box(kind: str, inner: list[Flowable], width: float, before: bool = True) -> Table:
    """The aside as one box of this width (points), its edge's rule inside it, around inner."""
    look = aside_look(kind)
    top, right, bottom, left = look.pad
    edge = colour(look.edge)
    inside = width - look.edge_pt / 2  # the rule's outer half stays inside the column
    box = Table(
        [[inner]],
        colWidths=[inside],
        hAlign="RIGHT",
        spaceBefore=look.before if before else 0,
        spaceAfter=look.below,
    )
    rules = [("BOX", (0, 0), (-1, -1), look.edge_pt, edge)] if look.frame else []
    rules += [] if look.frame else [("LINEBEFORE", (0, 0), (0, -1), look.edge_pt, edge)]
    box.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), SANS),  # else reportlab sets its Helvetica, never embedded
                cell_ink(),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BACKGROUND", (0, 0), (-1, -1), colour(look.fill)),
                *rules,
                ("TOPPADDING", (0, 0), (-1, -1), top),
                ("RIGHTPADDING", (0, 0), (-1, -1), right),
                ("BOTTOMPADDING", (0, 0), (-1, -1), bottom),
                ("LEFTPADDING", (0, 0), (-1, -1), left),
            ]
        )
    )
    return box


class AsideShapes(ShapedBlock):
    """The same box for a product painted as shapes (the rulesets' sheets: layout/reference/as_shapes.py):
    its paragraphs one under the other, their spaceAfter between them, inside the pad."""

    def __init__(self, kind: str, paragraphs: list[Paragraph], title: str = ""):
        super().__init__()
        self.kind, self.paragraphs = kind, paragraphs
        self.title = title  # a sheet's section it opens (« Exemple de jet »): it moves as one
        self.look = aside_look(kind)
        self._heights: list[float] = []

    def _inner_width(self, width: float) -> float:
        _, right, _, left = self.look.pad
        return width - self.look.edge_pt / 2 - left - right

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        top, _, bottom, _ = self.look.pad
        inner = self._inner_width(availWidth)
        self._heights = [p.wrap(inner, availHeight)[1] for p in self.paragraphs]
        gaps = sum(p.style.spaceAfter for p in self.paragraphs[:-1])
        self.width, self.height = availWidth, top + sum(self._heights) + gaps + bottom
        return self.width, self.height

    def shapes_at(self, x: float, y: float, area: Area) -> list[Shape]:
        look = self.look
        top, _, _, left = look.pad
        half = look.edge_pt / 2
        edge = colour(look.edge).cmyk()
        box_x, box_w = x + half, self.width - half  # the rule's outer half inside the column, as aside_box
        fill = None if look.fill == "paper" else colour(look.fill).cmyk()
        shapes: list[Shape] = []
        if look.frame:
            shapes.append(area.box(box_x, y, box_w, self.height, fill, stroke=edge, line_pt=look.edge_pt))
        else:
            if fill is not None:
                shapes.append(area.box(box_x, y, box_w, self.height, fill))
            shapes.append(area.upright(box_x, y, y + self.height, edge, look.edge_pt))
        at = y + self.height - top
        for paragraph, height in zip(self.paragraphs, self._heights, strict=True):
            at -= height
            shapes += block_shapes(paragraph, box_x + left, at, area)
            at -= paragraph.style.spaceAfter
        return shapes
