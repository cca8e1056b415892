"""Pydantic models built from a ruleset's declared fields: its character and its catalogue
entries. Built once per ruleset, they give the same located messages as KOLAPS's hand-written
models (unknown keys with did-you-mean, bounds, types) and the army file's JSON Schema."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StringConstraints, create_model

from kolaps_print.model.common import DICE_PATTERN, Id, Model, Name, Text, no_entries, no_items
from kolaps_print.model.ruleset import Entry
from kolaps_print.model.ruleset_fields import (
    DiceField,
    FieldDecl,
    FlagField,
    IntegerField,
    PercentageField,
    ReferenceField,
    ReferencesField,
    SkillMapField,
    TextField,
)

RESERVED = ("name", "copies", "ruleset", "id", "text")  # keys every character or entry already has


def value_type(decl: FieldDecl) -> Any:
    """The Python type a declared field's value is validated as."""
    if isinstance(decl, IntegerField):
        return Annotated[int, Field(ge=decl.min, le=decl.max)]
    if isinstance(decl, PercentageField):
        return Annotated[int, Field(ge=0, le=decl.max)]
    if isinstance(decl, TextField):
        return Annotated[str, StringConstraints(min_length=1, max_length=decl.max_length)]
    if isinstance(decl, FlagField):
        return bool
    if isinstance(decl, DiceField):
        return Annotated[str, StringConstraints(pattern=DICE_PATTERN)]
    if isinstance(decl, ReferenceField):
        return Id
    if isinstance(decl, ReferencesField):
        return Annotated[list[Id], Field(max_length=decl.max_items)]
    assert isinstance(decl, SkillMapField)  # the closed set ends here
    return dict[Id, Annotated[int, Field(ge=decl.min, le=decl.max)]]


def _default(decl: FieldDecl) -> Any:
    if isinstance(decl, FlagField):
        return False
    if isinstance(decl, ReferencesField):
        return Field(default_factory=no_items, description=decl.help)
    if isinstance(decl, SkillMapField):
        return Field(default_factory=no_entries, description=decl.help)
    return getattr(decl, "default", None)


def field_definitions(decls: list[FieldDecl]) -> dict[str, Any]:
    """create_model's (type, FieldInfo) for each declared field, optional ones with their default."""
    out: dict[str, Any] = {}
    for decl in decls:
        kind = value_type(decl)
        if decl.required:
            out[decl.id] = (kind, Field(description=decl.help))
            continue
        default = _default(decl)
        if isinstance(default, type(Field())):
            out[decl.id] = (kind, default)
        else:
            out[decl.id] = (kind if default is not None else kind | None, Field(default=default, description=decl.help))
    return out


def character_model(decls: list[FieldDecl]) -> type[Model]:
    return create_model(
        "Character",
        __base__=Model,
        name=(Name, Field(description="Printed on the front and the back of the card")),
        copies=(int, Field(default=1, ge=1, le=99, description="How many cards to print")),
        **field_definitions(decls),
    )


def entry_model(catalogue: str, decls: list[FieldDecl]) -> type[Entry]:
    """A catalogue entry: id, name, an optional French text, and the declared fields."""
    return create_model(
        f"Entry_{catalogue.replace('-', '_')}",
        __base__=Entry,
        text=(Text | None, None),
        **field_definitions(decls),
    )
