"""What a laid-out card side is: its shapes and the fields that had to be shortened."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from kolaps_print.layout.shapes import Shape
from kolaps_print.units import to_mm

# How far a line of text reaches above and below its baseline, in ems, as a print shop's
# preflight measures it (preflight/marks.py): what must stay inside the card's safe area.
ASCENT, DESCENT = 0.8, 0.25


def cap_height(size: float) -> float:
    """How tall capitals of size pt stand, in mm (Roboto's are 0.711 em): centres text in a band or box."""
    return to_mm(size * 0.711)


def below_safe_top(safe: float, size: float) -> float:
    """The highest baseline for type of this size (pt) that keeps safe mm from the top trim."""
    return safe + to_mm(size * ASCENT)


def band_baseline(height: float, size: float, safe: float) -> float:
    """The baseline that centres capitals of this size in a band this tall, lowered if need be to
    keep the line safe mm inside the top trim (card.yaml sets the bands so that it rarely is).
    Here, not in card_front: every ruleset's cards and the reference cards use it."""
    return max(height / 2 + cap_height(size) / 2, below_safe_top(safe, size))


def above_safe_bottom(height: float, safe: float, size: float) -> float:
    """The lowest baseline for type of this size (pt) that keeps safe mm from the bottom trim."""
    return height - safe - to_mm(size * DESCENT)


@dataclass(frozen=True)
class Cut:
    """A field shortened (or left out) to fit the card, or printed poorly: becomes a located warning."""

    path: tuple  # where the field is written in the army file, e.g. ("characters", 2, "name")
    message: str
    lost: bool = False  # a rule left out or cut short (not just a name shortened): never printed as is


@dataclass
class FaceLayout:
    """A face's shapes, and the fields cut to fit it (its warnings)."""

    shapes: list[Shape] = field(default_factory=list)
    cuts: list[Cut] = field(default_factory=list)

    def extend(self, other: FaceLayout) -> None:
        self.shapes += other.shapes
        self.cuts += other.cuts


def kept_uncut(kept: dict, key: Hashable, most: int, lay: Callable[[], FaceLayout]) -> FaceLayout:
    """lay(), or the shapes it gave for key before: kept only when nothing was cut (a cut names
    its card, so its warning must be made again for each card), at most `most` keys (10,000
    distinct characters do not keep 10,000 layouts). The shapes are read only."""
    shapes = kept.get(key)
    if shapes is not None:
        return FaceLayout(list(shapes))
    out = lay()
    if not out.cuts and len(kept) < most:
        kept[key] = list(out.shapes)
    return out
