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
from reportlab.platypus import Flowable, Table, TableStyle

from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.layout.style import HouseAside, cell_ink, colour, house_style

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
