"""The one drawing protocol of a card face's blocks (layout/card_blocks/protocol.py): measure for
a width, then shapes from a top; stack() puts parts one under the other."""

from __future__ import annotations

from dataclasses import dataclass

from kolaps_print.layout.card_blocks.protocol import Part, stack
from kolaps_print.layout.shapes import Box, Shape


@dataclass
class _Slab:
    """A part as tall as it is told, whose one box fills it; it records the widths it was measured at."""

    height: float
    widths: list[float]

    def measure(self, width: float) -> float:
        self.widths.append(width)
        return self.height

    def shapes(self, x: float, top: float) -> list[Shape]:
        return [Box(x, top, 10.0, self.height)]


def test_stack_puts_each_part_under_the_one_before_gap_apart():
    widths: list[float] = []
    shapes = stack([_Slab(5.0, widths), _Slab(2.5, widths), _Slab(1.0, widths)], 3.0, 7.0, 1.5, 40.0)
    assert [(s.x, s.y) for s in shapes if isinstance(s, Box)] == [(3.0, 7.0), (3.0, 13.5), (3.0, 17.5)]
    assert widths == [40.0, 40.0, 40.0]


def test_stack_of_nothing_is_nothing():
    assert stack([], 0.0, 0.0, 2.0, 10.0) == []


def test_a_kolaps_back_part_is_already_measured_and_emits_from_its_top():
    tops: list[float] = []

    def emit(top: float) -> list[Shape]:
        tops.append(top)
        return [Box(1.0, top, 2.0, 4.0)]

    part = Part(4.0, emit)
    assert part.measure(55.0) == 4.0
    assert stack([part, part], 1.0, 2.0, 0.5, 55.0) == [Box(1.0, 2.0, 2.0, 4.0), Box(1.0, 6.5, 2.0, 4.0)]
    assert tops == [2.0, 6.5]
