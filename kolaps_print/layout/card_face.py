"""What a laid-out card side is: its shapes and the fields that had to be shortened."""

from __future__ import annotations

from dataclasses import dataclass, field

from kolaps_print.layout.shapes import Shape


@dataclass(frozen=True)
class Cut:
    """A field shortened (or left out) to fit the card, or printed poorly: becomes a located warning."""

    path: tuple  # where the field is written in the army file, e.g. ("characters", 2, "name")
    message: str
    lost: bool = False  # a rule left out or cut short (not just a name shortened): never printed as is


@dataclass
class FaceLayout:
    shapes: list[Shape] = field(default_factory=list)
    cuts: list[Cut] = field(default_factory=list)

    def extend(self, other: FaceLayout) -> None:
        self.shapes += other.shapes
        self.cuts += other.cuts
