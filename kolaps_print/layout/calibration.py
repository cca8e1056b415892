"""Geometry of the duplex calibration sheet (data/layouts/calibrate.yaml), in mm.

Front: cross-hair targets. Back: for each target, an X and a Y ruler whose zero is exactly
behind the target when the printer is perfect. Held against the light, the cross shows
through and the ruler reads the offset to pass as --back-offset X,Y (in back-page axes:
x to the right, y upwards, as the user sees the back).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.geometry import Rect, Size
from kolaps_print.layout.grid import mirror
from kolaps_print.layout.sheets import SAFE_EDGE_MM
from kolaps_print.model.common import Model

Fraction = Annotated[float, Field(ge=0, le=1)]  # of the sheet's width or height: on the sheet


class RulerLook(Model):
    line_pt: float = Field(gt=0, le=2)
    ticks: tuple[float, float, float] = Field(description="Tick lengths: each step, each mm, each number")
    zero_extra: float = Field(ge=0, le=5)
    number_pt: float = Field(ge=5, le=12)
    number_gap: float = Field(ge=0, le=10)
    number_side: float = Field(ge=0, le=10)
    number_drop: float = Field(ge=0, le=5)
    axis_pt: float = Field(ge=5, le=14)
    axis_gap: float = Field(ge=0, le=10)
    axis_drop: float = Field(ge=0, le=10)


class CalibrationData(Model):
    targets: list[tuple[Fraction, Fraction]] = Field(min_length=1, max_length=9)
    target_radius: float = Field(gt=0, le=30)
    cross: float = Field(gt=0, le=40)
    ruler_gap: float = Field(ge=0, le=30)
    ruler_half_length: float = Field(gt=0, le=30)
    tick_step: float = Field(ge=0.1, le=5)  # finer ticks could not be told apart (and would take minutes to draw)
    label_step: float = Field(gt=0, le=10)
    command_pt: float = Field(8.0, ge=6, le=14)  # the command to type, in the monospace face (wider than the sans)
    line_pt: float = Field(gt=0, le=2)
    margin: float = Field(ge=SAFE_EDGE_MM, le=40)
    title_pt: float = Field(ge=6, le=30)
    text_pt: float = Field(ge=6, le=14)
    title_gap_pt: float = Field(gt=0, le=60)
    line_step_pt: float = Field(gt=0, le=30)
    scale_bar: float = Field(ge=SAFE_EDGE_MM, le=100)
    scale_text: float = Field(gt=0, le=40)
    scale_title: float = Field(gt=0, le=40)
    ruler: RulerLook


@dataclass(frozen=True)
class Target:
    front: tuple[float, float]  # centre of the cross on the front page (PDF axes, mm)
    back: tuple[float, float]  # zero of the rulers on the back page, before any back offset


def calibration_data() -> CalibrationData:
    return load_layout("calibrate", CalibrationData)


def targets(paper: Size, flip: str) -> list[Target]:
    out = []
    for fx, fy in calibration_data().targets:
        x, y = fx * paper.width, paper.height - fy * paper.height
        behind = mirror(Rect(x, y, 0, 0), paper.width, paper.height, flip)
        out.append(Target((x, y), (behind.x, behind.y)))
    return out


def ruler_ticks() -> list[tuple[float, int]]:
    """(offset from zero, rank) for every tick: rank 0 minor, 1 whole mm, 2 labelled."""
    data = calibration_data()
    count = round(data.ruler_half_length / data.tick_step)
    ticks = []
    for i in range(-count, count + 1):
        value = i * data.tick_step
        rank = 2 if _multiple(value, data.label_step) else 1 if _multiple(value, 1.0) else 0
        ticks.append((value, rank))
    return ticks


def _multiple(value: float, step: float) -> bool:
    return abs(value / step - round(value / step)) < 1e-6
