"""Turn pydantic's validation errors into located messages a non-programmer can act on."""

from __future__ import annotations

import re
import typing
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from kolaps_print.diagnostics import Diagnostic, did_you_mean, shown
from kolaps_print.load import SourceDocument
from kolaps_print.model.common import COLOUR_PATTERN, DICE_PATTERN, ID_PATTERN

_KINDS = {
    str: "text",
    bool: "true or false",
    int: "a number",
    float: "a number",
    list: "a list",
    dict: "a mapping (key: value)",
    type(None): "nothing (an empty value)",
}


def _kind(value: Any) -> str:
    for t, name in _KINDS.items():
        if type(value) is t:
            return name
    return type(value).__name__


def _got(value: Any) -> str:
    if isinstance(value, (dict, list)) or value is None:
        return _kind(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 80 else value[:79] + "…")  # repr: control characters stay visible
    return f"{_kind(value)} ({shown(value)})"


# pydantic's bound errors: the words of the message, and the key of the bound in its context
_BOUNDS = {
    "greater_than_equal": ("at least", "ge"),
    "greater_than": ("more than", "gt"),
    "less_than_equal": ("at most", "le"),
    "less_than": ("less than", "lt"),
}
# What a value must look like, by the pattern that refused it.
_PATTERN_HINTS = {
    ID_PATTERN: "is not a valid id: use lowercase letters, digits and hyphens (e.g. fusil-assaut)",
    COLOUR_PATTERN: 'is not a colour: write it as "#rrggbb", e.g. "#3a5f0b"',
    DICE_PATTERN: "is not a dice expression: write it as 1d6, 2d10 or 1d6+2",
}


def _fields_at(model: type[BaseModel], loc: tuple) -> list[str]:
    """Field names allowed at loc inside model (for did-you-mean on unknown keys)."""
    current = _inner_model(_walk(model, loc)[1])
    return list(current.model_fields) if current is not None else []


def _walk(model: type[BaseModel], loc: tuple) -> tuple[tuple, Any]:
    """loc without the tags pydantic puts in it inside a tagged union (a ruleset's field
    `{type: integer, ...}` is reported at ('fields', 0, 'integer', 'max')), and the annotation
    reached at its end (None past what the model declares)."""
    current: Any = model
    clean: list = []
    for part in loc:
        if isinstance(part, int):
            clean.append(part)
            continue
        members = _tagged_members(current)
        if part in members:
            current = members[part]
            continue
        found = _inner_model(current)
        field = found.model_fields.get(part) if found is not None else None
        current = field.annotation if field is not None else None
        clean.append(part)
    return tuple(clean), current


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def _tagged_members(annotation: Any) -> dict[str, type[BaseModel]]:
    """{tag: model} when annotation is a union of models told apart by a one-value Literal."""
    members = _models_in(annotation)
    if len(members) < 2:
        return {}
    tags = {}
    for member in members:
        for field in member.model_fields.values():
            values = typing.get_args(field.annotation) if typing.get_origin(field.annotation) is Literal else ()
            if len(values) == 1 and isinstance(values[0], str):
                tags[values[0]] = member
    return tags


def _inner_model(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


def _bound(value: Any) -> str:
    """A bound as the user would write it: 0, 3.5 (not 0.0)."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def explain(error: ErrorDetails, model: type[BaseModel], loc: tuple) -> str:
    kind, ctx, value = error["type"], error.get("ctx", {}), error.get("input")
    key = loc[-1] if loc else ""
    if kind == "missing":
        return f"missing required key '{key}'"
    if kind == "extra_forbidden":
        return f"unknown key '{key}'{did_you_mean(str(key), _fields_at(model, loc[:-1]))}"
    if kind == "string_type":
        if isinstance(value, bool):
            return f"expected text, got {str(value).lower()} (YAML reads yes/no/on/off as true/false: put the value in quotes)"
        return f"expected text, got {_got(value)}"
    if kind in ("int_type", "int_parsing", "int_parsing_size", "int_from_float", "float_type", "float_parsing"):
        return (
            f"expected a whole number, got {_got(value)}"
            if kind.startswith("int")
            else f"expected a number, got {_got(value)}"
        )
    if kind in ("bool_type", "bool_parsing"):
        return f"expected true or false, got {_got(value)}"
    if kind == "list_type":
        return f"expected a list such as [a, b], got {_got(value)}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"expected a mapping of keys (key: value), got {_got(value)}"
    if kind in _BOUNDS:
        words, bound = _BOUNDS[kind]
        return f"must be {words} {_bound(ctx.get(bound))} (got {shown(value)})"
    if kind == "finite_number":
        return f"expected a finite number, got {_got(value)}"
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern"))
        hint = _PATTERN_HINTS.get(pattern, f"does not have the expected form ({pattern})")
        return f"'{shown(value)}' {hint}"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "string_too_long":
        return f"is too long (at most {ctx.get('max_length')} characters)"
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')} item(s)"
    if kind == "too_long":
        return f"has too many items (at most {ctx.get('max_length')})"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    if kind == "union_tag_invalid":
        tags = re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
        tag = str(ctx.get("tag", ""))
        return (
            f"unknown {_discriminator(ctx)} '{shown(tag)}'{did_you_mean(tag, tags)}; expected one of: {', '.join(tags)}"
        )
    if kind == "union_tag_not_found":
        if not isinstance(value, dict):
            return f"expected a mapping of keys (key: value), got {_got(value)}"
        return f"missing required key '{_discriminator(ctx)}'"
    if kind == "literal_error":
        return f"expected one of {ctx.get('expected')}, got {_got(value)}"
    return error["msg"]


def _discriminator(ctx: dict) -> str:
    return str(ctx.get("discriminator", "type")).strip("'")


def diagnostics_from(
    exc: ValidationError, model: type[BaseModel], doc: SourceDocument, base: tuple = ()
) -> Iterable[Diagnostic]:
    for error in exc.errors():
        loc = tuple(error["loc"])
        path = base + _walk(model, loc)[0]
        at_key = error["type"] == "extra_forbidden"
        if error["type"] == "union_tag_invalid":  # at the tag's value, not at the whole mapping
            path += (_discriminator(error.get("ctx", {})),)
        yield doc.diagnostic(path, explain(error, model, loc), at_key=at_key)
