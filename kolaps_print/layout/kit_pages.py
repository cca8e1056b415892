"""Geometry and type of the kit's own pages, the packing list and the page stamp
(data/layouts/kit.yaml): mm for lengths, points for type."""

from __future__ import annotations

from pydantic import Field

from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.sheets import SAFE_EDGE_MM
from kolaps_print.model.common import Model


class TypeStep(Model):
    size: float = Field(ge=6, le=30)
    leading: float = Field(ge=6, le=40)
    before: float = Field(0, ge=0, le=30)
    after: float = Field(0, ge=0, le=30)


class PackingType(Model):
    title: TypeStep
    summary: TypeStep
    heading: TypeStep
    body: TypeStep
    cell: TypeStep
    check: TypeStep


class PackingLook(Model):
    margin: float = Field(ge=SAFE_EDGE_MM, le=40)
    bottom: float = Field(ge=SAFE_EDGE_MM, le=40)
    box: float = Field(ge=2.5, le=8)  # big enough for a pencil tick
    box_pt: float = Field(gt=0, le=2)
    box_gap_pt: float = Field(ge=0, le=20)
    columns: list[float] = Field(min_length=6, max_length=6)
    cell_padding_pt: float = Field(ge=0, le=10)
    check_padding_pt: float = Field(ge=0, le=10)
    rule_pt: float = Field(gt=0, le=2)
    table_space_pt: float = Field(ge=0, le=30)
    type: PackingType


class StampLook(Model):
    size_pt: float = Field(ge=6, le=9)  # nothing printed under the 6 pt floor (style.yaml type.floor)
    min_pt: float = Field(ge=6, le=9)
    max_width: float = Field(gt=10, le=200)
    baseline: float = Field(ge=SAFE_EDGE_MM, le=20)
    name_max: int = Field(ge=10, le=200)


class BlankLook(Model):
    size_pt: float = Field(ge=6, le=12)


class KitPages(Model):
    packing: PackingLook
    stamp: StampLook
    blank: BlankLook


def kit_pages() -> KitPages:
    return load_layout("kit", KitPages)
