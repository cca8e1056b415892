"""What a ruleset's character (and catalogue entry) is made of: fields from a closed set of
types, and derived values from a closed set of operations. Data, never code: no expression is
evaluated, no template filled; model/ruleset_values.py computes the operations."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from kolaps_print.model.common import Id, Model, Name, Text

Bound = Annotated[int, Field(ge=-1000, le=1000)]
Operand = Id | Bound  # a field or derived value's id, or a whole number


class _Field(Model):
    id: Id = Field(description="The key in an army file (or catalogue entry), e.g. dex")
    label: Name = Field(description="The French label printed on cards and tables, e.g. DEX")
    help: Text | None = Field(default=None, description="What the value means, in English: the army schema shows it")
    required: bool = Field(default=True, description="false: the value may be left out")


class IntegerField(_Field):
    type: Literal["integer"]
    min: Bound
    max: Bound
    default: Bound | None = None

    @model_validator(mode="after")
    def _ordered(self) -> IntegerField:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        if self.default is not None and not self.min <= self.default <= self.max:
            raise ValueError(f"default ({self.default}) is outside {self.min}..{self.max}")
        return self


class PercentageField(_Field):
    type: Literal["percentage"]
    max: int = Field(default=100, ge=1, le=200, description="A score may pass 100 in some systems")


class TextField(_Field):
    type: Literal["text"]
    max_length: int = Field(default=80, ge=1, le=1200)


class FlagField(_Field):
    type: Literal["flag"]
    required: bool = False  # a flag left out is false


class DiceField(_Field):
    type: Literal["dice"]  # 1d6, 2d10+2, 1D3


class ReferenceField(_Field):
    type: Literal["reference"]
    catalogue: Id = Field(description="The id of a catalogue of ruleset.yaml")


class ReferencesField(_Field):
    type: Literal["references"]
    catalogue: Id
    max_items: int = Field(default=8, ge=1, le=40)
    required: bool = False  # an empty list is allowed


class SkillMapField(_Field):
    type: Literal["skill_map"]
    catalogue: Id = Field(description="The catalogue whose entries are the skills")
    min: Bound = 0
    max: Bound = 100
    required: bool = False  # a skill left out is at its base


FieldDecl = Annotated[
    IntegerField
    | PercentageField
    | TextField
    | FlagField
    | DiceField
    | ReferenceField
    | ReferencesField
    | SkillMapField,
    Field(discriminator="type"),
]
CatalogueField = ReferenceField | ReferencesField | SkillMapField


def catalogue_of(decl: FieldDecl) -> str:
    """The catalogue a reference, references or skill_map field names (ruleset_check made sure)."""
    assert isinstance(decl, (ReferenceField, ReferencesField, SkillMapField)), decl.id
    return decl.catalogue


FIELD_TYPES = ("integer", "percentage", "text", "flag", "dice", "reference", "references", "skill_map")
NUMBER_TYPES = ("integer", "percentage")


class _Derived(Model):
    id: Id
    label: Name
    help: Text | None = None


class SumOp(_Derived):
    op: Literal["sum"]
    of: list[Operand] = Field(min_length=1, description="Ids or numbers added together")


class ProductOp(_Derived):
    op: Literal["product"]
    of: list[Operand] = Field(min_length=2, description="Ids or numbers multiplied together")


class LookupOp(_Derived):
    op: Literal["lookup"]
    of: Operand
    table: Id = Field(description="A bands table of tables.yaml: the value of the band holding `of`")


class FractionOp(_Derived):
    op: Literal["fraction"]
    of: Operand
    numerator: int = Field(ge=1, le=100)
    denominator: int = Field(ge=1, le=100)
    rounding: Literal["up", "down", "nearest"] = Field(description="nearest: a half goes up")


DerivedDecl = Annotated[SumOp | ProductOp | LookupOp | FractionOp, Field(discriminator="op")]
OPERATIONS = ("sum", "product", "lookup", "fraction")
