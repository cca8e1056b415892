"""What a card face is made of, in mm from the face's top-left corner (y grows downwards).

Layout code produces these; draw/card_render.py turns them into PDF operators. Keeping them
as plain data lets the tests check bounds and overlaps without reading a PDF.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Align = Literal["left", "right", "centre"]
RGB = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class Text:
    x: float  # the anchor: left edge, right edge or centre, per align
    y: float  # baseline
    text: str
    font: str
    size: float  # points
    colour: RGB
    align: Align = "left"
    tracking: float = 0.0  # extra points between characters
    width: float = 0.0  # measured width in mm (for bounds)


@dataclass(frozen=True, slots=True)
class Box:
    x: float  # top-left corner
    y: float
    width: float
    height: float
    stroke: RGB | None = None
    fill: RGB | None = None
    radius: float = 0.0
    line_pt: float = 0.5


@dataclass(frozen=True, slots=True)
class Rule:
    x1: float
    y1: float
    x2: float
    y2: float
    colour: RGB
    line_pt: float = 0.4


@dataclass(frozen=True, slots=True)
class Drop:
    """A blood drop to tick (haemorrhage): its bounding box."""

    x: float
    y: float
    width: float
    height: float
    stroke: RGB
    line_pt: float = 0.6


@dataclass(frozen=True, slots=True)
class Star:
    cx: float
    cy: float
    radius: float
    fill: RGB


@dataclass(frozen=True, slots=True)
class Picture:
    x: float
    y: float
    width: float
    height: float
    path: Path


Shape = Text | Box | Rule | Drop | Star | Picture


def hex_rgb(colour: str) -> RGB:
    value = colour.lstrip("#")
    return tuple(int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def mix(colour: RGB, strength: float) -> RGB:
    """colour laid over white at this strength (0: white, 1: the colour)."""
    return tuple(1 - strength * (1 - c) for c in colour)  # type: ignore[return-value]
