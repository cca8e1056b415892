"""Where the scale bar goes on a home sheet: a line of known length (« ce trait mesure 50 mm »)
in a margin, between two crop marks, at least 6 mm from the sheet edge.

Tried in order: under the cards (above the kit's stamp), then in the left and right margins
(upright, reading upwards), so a sheet whose cards fill its height still gets one.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from kolaps_print.layout.geometry import Line, Rect, Size

SAFE_EDGE_MM = 6.0  # nothing that matters closer to the sheet edge
UNDER_STAMP_MM = 2.5  # under the cards, the kit's page stamp sits below the bar
EXTENT_MM = 3.0  # from the bar to the top of its caption (end ticks, 6 pt text)
CLEAR_MM = 3.0  # between the bar's ends and a crop mark, so neither reads as part of the other


@dataclass(frozen=True)
class ScaleBarPlace:
    """The bar starts at (x, y) mm and runs `length` along the direction `angle` (0: to the
    right, 90: upwards); its ticks and caption stand on its left side (up, for angle 0)."""

    x: float
    y: float
    angle: int


def place_scale_bar(sheet: Size, printed: Rect, marks: tuple[Line, ...], length: float) -> ScaleBarPlace | None:
    """printed: the cards with their bleed and the marks' offset. None when no margin has room."""
    bottom_room = printed.y - SAFE_EDGE_MM - UNDER_STAMP_MM
    if bottom_room >= EXTENT_MM + 0.5:
        across = [ln.x1 for ln in marks if ln.x1 == ln.x2 and min(ln.y1, ln.y2) < printed.y]
        start = _gap(across, SAFE_EDGE_MM, sheet.width - SAFE_EDGE_MM, length)
        if start is not None:
            return ScaleBarPlace(start, SAFE_EDGE_MM + UNDER_STAMP_MM, 0)
    for side_room, bar_x, left in (
        (printed.x - SAFE_EDGE_MM, SAFE_EDGE_MM + EXTENT_MM, True),  # caption towards the edge
        (sheet.width - printed.right - SAFE_EDGE_MM, sheet.width - SAFE_EDGE_MM, False),
    ):
        if side_room < EXTENT_MM + 0.5:
            continue
        across = [
            ln.y1
            for ln in marks
            if ln.y1 == ln.y2 and (min(ln.x1, ln.x2) < printed.x if left else max(ln.x1, ln.x2) > printed.right)
        ]
        start = _gap(across, SAFE_EDGE_MM, sheet.height - SAFE_EDGE_MM, length)
        if start is not None:
            return ScaleBarPlace(bar_x, start, 90)
    return None


def _gap(obstacles: list[float], low: float, high: float, length: float) -> float | None:
    """The start of the first stretch of [low, high] free of obstacles and long enough for the bar."""
    stops = sorted([low, high] + [v for v in obstacles if low < v < high])
    for a, b in pairwise(stops):
        if b - a >= length + 2 * CLEAR_MM:
            return a + CLEAR_MM
    return None
