"""Where the scale bar goes on a home sheet: a line of known length (« ce trait mesure 50 mm »)
in a margin, between two crop marks, at least 6 mm from the sheet edge.

Tried in order: under the cards (above the kit's stamp), then in the left and right margins
(upright, reading upwards), so a sheet whose cards fill its height still gets one. Only the
crop marks that reach the bar's band stand in its way (short marks leave the margin free).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from kolaps_print.layout.geometry import Line, Rect, Size
from kolaps_print.layout.sheets import SAFE_EDGE_MM, sheets


@dataclass(frozen=True)
class ScaleBarPlace:
    """The bar starts at (x, y) mm and runs `length` along the direction `angle` (0: to the
    right, 90: upwards); its ticks and caption stand on its left side (up, for angle 0)."""

    x: float
    y: float
    angle: int


def place_scale_bar(sheet: Size, printed: Rect, marks: tuple[Line, ...], length: float) -> ScaleBarPlace | None:
    """printed: the cards with their bleed and the marks' offset. None when no margin has room."""
    bar = sheets().scale_bar
    bottom_room = printed.y - SAFE_EDGE_MM - bar.under_stamp
    if bottom_room >= bar.extent + 0.5:
        bar_y = SAFE_EDGE_MM + bar.under_stamp
        band = (bar_y - bar.clear, bar_y + bar.extent + bar.clear)
        across = [ln.x1 for ln in marks if ln.x1 == ln.x2 and _reaches(ln.y1, ln.y2, band)]
        start = _gap(across, SAFE_EDGE_MM, sheet.width - SAFE_EDGE_MM, length, bar.clear)
        if start is not None:
            return ScaleBarPlace(start, bar_y, 0)
    for side_room, bar_x in (
        (printed.x - SAFE_EDGE_MM, SAFE_EDGE_MM + bar.extent),  # caption towards the edge
        (sheet.width - printed.right - SAFE_EDGE_MM, sheet.width - SAFE_EDGE_MM),
    ):
        if side_room < bar.extent + 0.5:
            continue
        band = (bar_x - bar.extent - bar.clear, bar_x + bar.clear)
        across = [ln.y1 for ln in marks if ln.y1 == ln.y2 and _reaches(ln.x1, ln.x2, band)]
        start = _gap(across, SAFE_EDGE_MM, sheet.height - SAFE_EDGE_MM, length, bar.clear)
        if start is not None:
            return ScaleBarPlace(bar_x, start, 90)
    return None


def _reaches(a: float, b: float, band: tuple[float, float]) -> bool:
    """Whether a mark running from a to b enters the band the bar and its caption take."""
    return min(a, b) < band[1] and max(a, b) > band[0]


def _gap(obstacles: list[float], low: float, high: float, length: float, clear: float) -> float | None:
    """The start of the first stretch of [low, high] free of obstacles and long enough for the bar."""
    stops = sorted([low, high] + [v for v in obstacles if low < v < high])
    for a, b in pairwise(stops):
        if b - a >= length + 2 * clear:
            return a + clear
    return None
