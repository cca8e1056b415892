"""What a card face is made of, in mm from the face's top-left corner (y grows downwards).

Layout code produces these; draw/card_render.py turns them into PDF operators. Keeping them
as plain data lets the tests check bounds and overlaps without reading a PDF.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Align = Literal["left", "right", "centre"]
Ink = tuple[float, float, float, float]  # CMYK, each 0..1: data/layouts/style.yaml


@dataclass(frozen=True, slots=True, weakref_slot=True)  # weakref: the painter knows a text's operators while it lives
class Text:
    """One line of text at its anchor."""

    x: float  # the anchor: left edge, right edge or centre, per align
    y: float  # baseline
    text: str
    font: str
    size: float  # points
    colour: Ink
    align: Align = "left"
    tracking: float = 0.0  # extra points between characters
    width: float = 0.0  # measured width in mm (for bounds)
    # Set right after the previous text, where the PDF's own advance left it (x is then only for
    # bounds): a line's runs in several fonts, placed as reportlab's paragraphs place them.
    follows: bool = False
    word_space: float = 0.0  # points added to each space (negative: a line shrunk to fit)


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle, stroked, filled or both, its corners maybe rounded."""

    x: float  # top-left corner
    y: float
    width: float
    height: float
    stroke: Ink | None = None
    fill: Ink | None = None
    radius: float = 0.0
    line_pt: float = 0.5


@dataclass(frozen=True, slots=True)
class Rule:
    """A straight line."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: Ink
    line_pt: float = 0.4
    cap: Literal["butt", "round"] = "butt"  # round: the ends run half the line's width on, as tables' rules


@dataclass(frozen=True, slots=True)
class Drop:
    """A blood drop to tick (haemorrhage): its bounding box."""

    x: float
    y: float
    width: float
    height: float
    stroke: Ink
    line_pt: float = 0.6


@dataclass(frozen=True, slots=True)
class Star:
    """A filled five-pointed star."""

    cx: float
    cy: float
    radius: float
    fill: Ink


@dataclass(frozen=True, slots=True)
class Emblem:
    """A regular polygon (sides 0: a circle) centred on (cx, cy), a vertex at rotation degrees."""

    cx: float
    cy: float
    radius: float
    sides: int
    rotation: float
    fill: Ink


@dataclass(frozen=True, slots=True)
class Picture:
    """An image file covering its box."""

    x: float
    y: float
    width: float
    height: float
    path: Path


Shape = Text | Box | Rule | Drop | Star | Emblem | Picture
