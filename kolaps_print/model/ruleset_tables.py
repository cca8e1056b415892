"""A ruleset's tables (tables.yaml): written rows, bands for lookups, and chance tables that
the mechanic's engine fills exactly; and the quick-reference sheet's sections of tables."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from kolaps_print.model.common import Id, Model, Name, Text
from kolaps_print.typography import french

RulingId = Annotated[str, Field(pattern=r"^[A-Z0-9]{1,8}-E[1-9][0-9]{0,2}$")]
# a written cell is a data text like any other: French typography (« ; », « × 2 ») applied once here
Cell = Annotated[str, Field(min_length=1, max_length=200), AfterValidator(french)] | int


class _Table(Model):
    id: Id
    title: Name
    note: Text | None = None
    ruling: RulingId | None = Field(default=None, description="Our ruling, not the seed's: printed « † ID »")


class RowsTable(_Table):
    kind: Literal["rows"]
    columns: list[Name] = Field(min_length=1, max_length=12)
    rows: list[list[Cell]] = Field(min_length=1)

    @model_validator(mode="after")
    def _rows_fit_columns(self) -> RowsTable:
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(f"rows[{i}] has {len(row)} cell(s) for {len(self.columns)} column(s)")
        return self


class ValueBand(Model):
    low: int = Field(ge=-1000, le=1000, description="The band holds low..high")
    high: int = Field(ge=-1000, le=1000)
    value: int = Field(ge=-1000, le=1000)


class BandsTable(_Table):
    kind: Literal["bands"]
    value_label: Name
    bands: list[ValueBand] = Field(min_length=1)


class CatalogueTable(_Table):
    """A catalogue's entries as rows (names first, then the chosen fields): one source for both."""

    kind: Literal["catalogue"]
    catalogue: Id
    columns: list[Id] = Field(min_length=1, max_length=8, description="Fields of the catalogue's entries")


class Span(Model):
    low: int = Field(ge=-100, le=100)
    high: int = Field(ge=-100, le=100)

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.low > self.high:
            raise ValueError(f"low ({self.low}) is more than high ({self.high})")
        return self

    def values(self) -> range:
        return range(self.low, self.high + 1)


class PercentileChances(_Table):
    """Skill (rows) × modifier (columns), and the same doubled at point blank if asked."""

    kind: Literal["percentile_chances"]
    skills: list[Annotated[int, Field(ge=0, le=200)]] = Field(min_length=1, max_length=30)
    modifiers: list[Annotated[int, Field(ge=-100, le=100)]] = Field(min_length=1, max_length=12)
    point_blank: bool = False


class DvChances(_Table):
    """The chance of reaching each number on the roll (3d6 with its extensions)."""

    kind: Literal["dv_chances"]
    targets: Span


class OpposedChances(_Table):
    """The attacker's chance by the difference of the two sides' bonuses."""

    kind: Literal["opposed_chances"]
    margins: Span


class LadderChances(_Table):
    """The d12's chance of reaching each rung of the ladder, by bonus."""

    kind: Literal["ladder_chances"]
    bonuses: Span


Table = Annotated[
    RowsTable | BandsTable | CatalogueTable | PercentileChances | DvChances | OpposedChances | LadderChances,
    Field(discriminator="kind"),
]
CHANCE_TABLES = {  # which mechanic's engine fills each computed table
    "percentile_chances": ("percentile",),
    "dv_chances": ("3d6_dv",),
    "opposed_chances": ("3d6_dv", "d12_ladder"),
    "ladder_chances": ("d12_ladder",),
}


class TablesFile(Model):
    tables: list[Table] = Field(min_length=1)


class SheetSection(Model):
    title: Name
    band: Name | None = Field(
        default=None, description="A shorter name for a reference card's band, where the title does not fit"
    )
    tables: list[Id] = Field(min_length=1, description="Ids of tables.yaml, in print order")


class Sheet(Model):
    title: Name
    sections: list[SheetSection] = Field(min_length=1)
    example: Name | None = Field(
        default=None, description="The bar over the mechanic's worked example, a section after the others (d12 only)"
    )
