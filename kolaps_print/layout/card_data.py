"""The character card's layout data (data/layouts/card.yaml) as a checked model."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kolaps_print.layout.data_files import load_layout
from kolaps_print.model.common import Colour, Model

Mm = float


class TextSpec(Model):
    baseline: Mm = Field(ge=0)
    size: float = Field(ge=4, le=40)


class Colours(Model):
    ink: Colour
    muted: Colour
    rule: Colour
    box: Colour
    hint: Colour
    blood: Colour
    on_colour: Colour
    tint: float = Field(ge=0, le=1)


class Band(Model):
    height: Mm = Field(gt=0)
    size: float = Field(ge=4, le=40)


class Avatar(Model):
    height: Mm
    size: float
    pad: Mm
    star: Mm  # star radius
    gap: Mm


class Portrait(Model):
    top: Mm
    width: Mm = Field(gt=0)
    height: Mm = Field(gt=0)
    border_pt: float = Field(ge=0)


class Stats(Model):
    top: Mm
    height: Mm = Field(gt=0)
    gap: Mm
    radius: Mm
    label: TextSpec
    value: TextSpec
    detail: TextSpec


class Body(Model):
    top: Mm
    bottom_gap: Mm
    shrink_step: float = Field(gt=0, lt=0.5)


class Section(Model):
    size: float
    height: Mm
    gap_before: Mm = 0
    rule_pt: float
    tracking: float = 0  # extra space between capitals, in points


class WeaponStyle(Model):
    name_size: float
    range_size: float
    traits_size: float
    gap: Mm


class SpecialisationStyle(Model):
    size: float
    gap: Mm


class ReminderStyle(Model):
    """The weapon traits' reminder under the specialisations: secondary, dropped line by line."""

    size: float = Field(ge=4, le=40)
    gap: Mm = Field(ge=0)  # after each trait
    anchor: Literal["bottom", "flow"] = "bottom"  # against the footer, or right under the specialisations


class Footer(Model):
    height: Mm
    size: float
    baseline: Mm  # from the top of the strip


class Front(Model):
    band: Band
    name: TextSpec
    subtitle: TextSpec
    avatar: Avatar
    portrait: Portrait
    stats: Stats
    body: Body
    section: Section
    weapon: WeaponStyle
    specialisation: SpecialisationStyle
    reminder: ReminderStyle
    footer: Footer


class BackBand(Model):
    height: Mm
    name_size: float
    army_size: float


class Morale(Model):
    row: Mm
    text_size: float


class Status(Model):
    label_size: float
    aff_width: Mm
    group_gap: Mm


class Locations(Model):
    row: Mm
    roll_size: float
    name_size: float
    column_gap: Mm


class Cumulative(Model):
    row: Mm
    size: float
    label_gap: Mm


class Back(Model):
    band: BackBand
    section: Section
    gap: Mm
    bottom: Mm = Field(ge=0)
    box: Mm = Field(ge=3.5, description="tick boxes must take a pencil mark")
    box_gap: Mm
    box_pt: float
    hint_size: float
    morale: Morale
    status: Status
    locations: Locations
    cumulative: Cumulative


class CardLayout(Model):
    min_font: float = Field(ge=4, le=12)
    margin: Mm = Field(ge=0, le=10)
    leading: float = Field(ge=1, le=2)
    bleed_paint: Mm = Field(ge=0, le=20)
    colours: Colours
    front: Front
    back: Back


def card_layout() -> CardLayout:
    return load_layout("card", CardLayout)
