"""Rectangle checks for the imposition and grid tests (mm, y upwards, as layout.geometry)."""

from __future__ import annotations

from kolaps_print.layout.geometry import Edges, Rect


def grow(rect: Rect, edges: Edges) -> Rect:
    """rect with each side pushed out by edges (a card's trim plus its bleed)."""
    return Rect(
        rect.x - edges.left,
        rect.y - edges.bottom,
        rect.width + edges.left + edges.right,
        rect.height + edges.bottom + edges.top,
    )


def overlaps(a: Rect, b: Rect, tolerance: float = 1e-6) -> bool:
    """The two rectangles share some area (touching edges do not count)."""
    return (
        a.x < b.right - tolerance and b.x < a.right - tolerance and a.y < b.top - tolerance and b.y < a.top - tolerance
    )
