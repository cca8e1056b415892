"""The affiliation's emblem in a card's band: a white shape before the name, on both faces.

Two armies' cards differ by their band colour, which a greyscale print or a colour-blind player
loses; the shape (data/rulesets/kolaps/affiliations.yaml, `emblem:`) survives both. Each shape is drawn the same
apparent size: its radius is scaled so that its area matches the circle's.
"""

from __future__ import annotations

import math

from kolaps_print.layout.card_data import EmblemStyle
from kolaps_print.layout.shapes import Emblem, Ink

# name -> (sides, rotation of the first vertex in degrees (y up), radius factor for an even look)
SHAPES: dict[str, tuple[int, float, float]] = {
    "circle": (0, 0.0, 1.0),
    "square": (4, 45.0, 1.1),
    "diamond": (4, 90.0, 1.15),
    "triangle": (3, 90.0, 1.2),
    "hexagon": (6, 90.0, 1.05),
}


def emblem_mark(
    kind: str | None, style: EmblemStyle, left: float, middle: float, fill: Ink, safe: float = 0.0
) -> tuple[list, float]:
    """The emblem with its left edge at left, its centre at height middle (the name's) but never within
    safe mm of the top trim, and where the name may start."""
    if kind is None:
        return [], left
    sides, rotation, factor = SHAPES[kind]
    radius = style.radius * factor
    half = radius * (
        max(abs(math.cos(math.radians(rotation) + i * 2 * math.pi / sides)) for i in range(sides)) if sides else 1
    )
    return [Emblem(left + half, max(middle, safe + radius), radius, sides, rotation, fill)], left + 2 * half + style.gap
