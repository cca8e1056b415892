"""The character card's layout data (data/layouts/card.yaml) as a checked model."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.style import StyleColour, StyleSize, StyleSpace
from kolaps_print.model.common import Model

Mm = float
# What the renderers assume of a hand-edited card.yaml: sizes they divide by or stack are above
# zero, gaps and positions are not negative, text is readable and no line is thicker than a box.
Length = Annotated[float, Field(gt=0, le=200)]  # mm: a height, a width, a row
Gap = Annotated[float, Field(ge=0, le=100)]  # mm: a gap, a padding, a position from the top
FontSize = Annotated[float, Field(ge=4, le=40)]  # points
LinePt = Annotated[float, Field(ge=0, le=5)]  # points
Tracking = Annotated[float, Field(ge=-2, le=5)]  # points between capitals


class TextSpec(Model):
    baseline: Gap
    size: FontSize


class Colours(Model):
    """Names from the house palette (style.yaml), read as CMYK."""

    ink: StyleColour
    muted: StyleColour
    rule: StyleColour
    box: StyleColour
    hint: StyleColour
    blood: StyleColour
    on_colour: StyleColour
    tint: float = Field(ge=0, le=1)


class Band(Model):
    height: Length
    size: FontSize


class Avatar(Model):
    height: Length
    size: FontSize
    pad: Gap
    star: Length  # star radius
    gap: Gap


class Portrait(Model):
    top: Gap
    width: Length
    height: Length
    border_pt: LinePt


class Stats(Model):
    top: Gap
    height: Length
    gap: Gap
    radius: Gap
    label: TextSpec
    value: TextSpec
    detail: TextSpec


class Body(Model):
    top: Gap
    bottom_gap: Gap
    shrink_step: float = Field(gt=0, lt=0.5)


class Section(Model):
    size: FontSize
    height: Length
    gap_before: Gap = 0
    rule_pt: LinePt
    tracking: Tracking = 0  # extra space between capitals, in points


class WeaponStyle(Model):
    name_size: FontSize
    range_size: FontSize
    traits_size: FontSize
    gap: Gap


class SpecialisationStyle(Model):
    size: FontSize
    gap: Gap


class ReminderStyle(Model):
    """The weapon traits' reminder under the specialisations: secondary, dropped line by line."""

    size: FontSize
    gap: Gap  # after each trait
    anchor: Literal["bottom", "flow"] = "bottom"  # against the footer, or right under the specialisations


class Footer(Model):
    height: Length
    size: FontSize
    baseline: Gap  # from the top of the strip


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
    height: Length
    name_size: FontSize
    army_size: FontSize
    army_share: float = Field(
        0.35, gt=0, le=0.6
    )  # of the width, at most, for the army name (the character's comes first)


class Morale(Model):
    row: Length
    text_size: FontSize
    style: Literal["levels", "track"] = "levels"  # levels: a row per level with what it allows;
    # track: one row of boxes 6 -> 1 after an inline label (the reference sheet has the texts)
    group_gap: Gap = 0  # track: between levels that allow different things


class Status(Model):
    label_size: FontSize
    aff_width: Length
    group_gap: Gap
    labels: Literal["above", "inline"] = "above"  # inline: left of the boxes, on their row


class Locations(Model):
    row: Length
    roll_size: FontSize
    name_size: FontSize
    column_gap: Gap


class Cumulative(Model):
    row: Length
    size: FontSize
    label_gap: Gap
    show: bool = True  # the reference sheet has the table too: small cards may leave it out


class CompactBack(Model):
    """What changes on a card too small for the back at full size; the rest is the back's."""

    gap: Gap | None = None
    band: BackBand | None = None
    section: Section | None = None
    morale: Morale | None = None
    status: Status | None = None
    locations: Locations | None = None
    cumulative: Cumulative | None = None


class Back(Model):
    band: BackBand
    section: Section
    gap: Gap
    bottom: Mm = Field(ge=0)
    box: Mm = Field(ge=3.5, le=20, description="tick boxes must take a pencil mark")
    box_gap: Gap
    box_pt: LinePt
    hint_size: FontSize
    morale: Morale
    status: Status
    locations: Locations
    cumulative: Cumulative
    compact: CompactBack | None = None

    def variants(self) -> list[Back]:
        """Full first, then the compact arrangement (if any): the back takes the first that fits."""
        if self.compact is None:
            return [self]
        changes = {k: v for k, v in self.compact if v is not None}
        return [self, self.model_copy(update=changes | {"compact": None})]


class CardLayout(Model):
    min_font: Annotated[float, StyleSize, Field(ge=4, le=12)]
    margin: Annotated[Mm, StyleSpace, Field(ge=0, le=10)]
    leading: float = Field(ge=1, le=2)
    bleed_paint: Mm = Field(ge=0, le=20)
    colours: Colours
    front: Front
    back: Back


def card_layout() -> CardLayout:
    return load_layout("card", CardLayout)
