"""Print-shop files: one card per page, front then back, with bleed and TrimBox/BleedBox set."""

from __future__ import annotations

from kolaps_print.impose.options import ResolvedOptions
from kolaps_print.impose.plan import Page, Placement
from kolaps_print.layout.geometry import Edges, Rect, Size


def print_shop_pages(count: int, options: ResolvedOptions) -> list[Page]:
    b, card = options.bleed, options.card
    size = Size(card.width + 2 * b, card.height + 2 * b)
    trim = Rect(b, b, card.width, card.height)
    whole = Rect(0, 0, size.width, size.height)
    pages = []
    for face in range(count):
        for side in ("front", "back"):
            placement = Placement(face, side, trim, Edges.all(b))
            pages.append(Page(size, face + 1, side, (placement,), trim_box=trim, bleed_box=whole))
    return pages
