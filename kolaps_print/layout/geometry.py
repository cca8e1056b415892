"""Plain geometry in millimetres: sizes, rectangles (PDF orientation: y grows upwards)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Size:
    """A width and a height in mm."""

    width: float
    height: float

    def landscape(self) -> Size:
        return Size(max(self.width, self.height), min(self.width, self.height))


@dataclass(frozen=True)
class Edges:
    """A distance for each side of a rectangle (bleed, margins)."""

    left: float = 0.0
    bottom: float = 0.0
    right: float = 0.0
    top: float = 0.0

    @staticmethod
    def all(value: float) -> Edges:
        return Edges(value, value, value, value)


@dataclass(frozen=True)
class Rect:
    """A rectangle in mm, from its lower-left corner."""

    x: float  # lower-left corner
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class Line:
    """A segment in mm, from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
