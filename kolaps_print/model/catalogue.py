"""Weapons and affiliations: the built-in catalogue (data/) and an army file's additions."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field, PlainSerializer

from kolaps_print.model.common import Colour, Emblem, Id, Model, Name, Text, no_items
from kolaps_print.model.errata import ErratumId


class TraitRef(Model):
    """A weapon trait as written: 'lourde' or {explosion: 5}."""

    id: Id
    param: float | None = None

    def __str__(self) -> str:
        return self.id if self.param is None else f"{self.id}({_number(self.param)})"


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x).replace(".", ",")


def _parse_trait(value: Any) -> Any:
    if isinstance(value, dict):
        if len(value) != 1:
            raise ValueError("a trait with a value is written as one pair, e.g. {explosion: 5}")
        ((key, param),) = value.items()
        if isinstance(param, bool) or not isinstance(param, (int, float)) or param <= 0:
            raise ValueError(f"the value of trait '{key}' must be a positive number, e.g. {{{key}: 5}}")
        return {"id": key, "param": param}
    if isinstance(value, str):
        return {"id": value}
    if isinstance(value, TraitRef):
        return value
    raise ValueError("a trait is a word such as 'lourde', or a pair such as {explosion: 5}")


def _dump_trait(ref: TraitRef) -> Any:
    return ref.id if ref.param is None else {ref.id: ref.param}


TraitField = Annotated[TraitRef, BeforeValidator(_parse_trait), PlainSerializer(_dump_trait)]


def _parse_range(value: Any) -> Any:
    if isinstance(value, str) and value.strip().lower() == "contact":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1000:
        raise ValueError("range must be a distance in cm (a number from 1 to 1000) or the word contact")
    return value


RangeField = Annotated[
    float | None,
    BeforeValidator(_parse_range),
    PlainSerializer(lambda v: "contact" if v is None else v),
]


class Weapon(Model):
    id: Id
    name: Name
    range: RangeField = Field(description="Effective range in cm, or the word contact")
    traits: list[TraitField] = Field(default_factory=no_items)
    text: Text | None = None

    @property
    def is_contact(self) -> bool:
        return self.range is None


class Specialisation(Model):
    id: Id
    name: Name
    text: Text
    ruling: ErratumId | None = None  # ours, not the draft's (E26): printed « † E26 »


class Affiliation(Model):
    id: Id
    name: Name
    color: Colour
    emblem: Emblem | None = Field(
        None,
        description="A white shape before the name on both faces of every card, so two affiliations are told "
        "apart without their colour (greyscale print, colour-blind players); none if omitted",
    )
    text: Text | None = None
    specialisations: list[Specialisation] = Field(default_factory=no_items)

    def specialisation(self, id_: str) -> Specialisation | None:
        return next((s for s in self.specialisations if s.id == id_), None)


class WeaponFile(Model):
    weapons: list[Weapon]


class AffiliationFile(Model):
    affiliations: list[Affiliation]
