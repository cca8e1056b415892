"""Geometry of the kit's tokens sheet and which tokens each rules edition uses
(data/layouts/tokens.yaml), in mm."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.sheets import SAFE_EDGE_MM
from kolaps_print.layout.style import StyleColour
from kolaps_print.model.common import Model

Kind = Literal["activated", "aff", "offensive", "haemorrhage", "fatigue", "prone", "out"]
Count = Literal["miniatures", "half", "pairs", "dials"]


class TokenEntry(Model):
    kind: Kind
    count: Count


class TokenLook(Model):
    """How a kind looks: its ring's colour, the ink of its word and symbol, its face."""

    colour: StyleColour  # a palette name of style.yaml
    ink: StyleColour
    filled: bool = False  # the face takes the ring's colour (else: white)


class TokenSheet(Model):
    diameter: float = Field(ge=15, le=40)
    gap: float = Field(ge=0, le=10)
    bleed: float = Field(ge=0, le=5)
    gutter: float = Field(0.0, ge=0, le=10)  # white kept between two neighbours' colour
    ring: float = Field(gt=0, le=6)
    safe_margin: float = Field(ge=SAFE_EDGE_MM, le=30)
    top: float = Field(ge=SAFE_EDGE_MM, le=40)
    bottom: float = Field(ge=SAFE_EDGE_MM, le=40)
    legend_top: float = Field(ge=0, le=40)
    heading_space: float = Field(ge=0, le=20)
    section_space: float = Field(ge=0, le=20)
    swatch: float = Field(ge=0, le=10)
    looks: dict[Kind, TokenLook]
    editions: dict[Literal["full", "quickstart"], list[TokenEntry]]

    @model_validator(mode="after")
    def _bleed_stays_in_the_gap(self) -> TokenSheet:
        # colour past the cut must not reach the next token's cut line, and leaves the gutter white
        if 2 * self.bleed + self.gutter > self.gap + 1e-9:
            raise ValueError(
                f"bleed ({self.bleed:g} mm) twice and the gutter ({self.gutter:g} mm) "
                f"must fit in the gap ({self.gap:g} mm)"
            )
        return self

    @model_validator(mode="after")
    def _every_kind_has_a_look(self) -> TokenSheet:
        missing = sorted({e.kind for entries in self.editions.values() for e in entries} - set(self.looks))
        if missing:
            raise ValueError(f"looks: no look for {', '.join(missing)}")
        return self

    @property
    def radius(self) -> float:
        return self.diameter / 2

    @property
    def pitch(self) -> float:
        return self.diameter + self.gap

    def kinds(self, edition: str) -> list[TokenEntry]:
        """The tokens a kit printing this rulebook edition uses ('none': the full rules)."""
        return self.editions["quickstart" if edition == "quickstart" else "full"]


def token_sheet() -> TokenSheet:
    return load_layout("tokens", TokenSheet)
