"""Shared pieces of the data model: a strict base class and constrained types."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints
from pydantic.version import VERSION as PYDANTIC_VERSION

from kolaps_print.model import pydantic_plugins
from kolaps_print.typography import french

pydantic_plugins.install()  # before any validator is made: pydantic's plug-in search only where one may be

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
COLOUR_PATTERN = r"^#[0-9a-fA-F]{6}$"
DICE_PATTERN = r"^[1-9][0-9]?[dD](3|4|6|8|10|12|20|100)([+-][1-9][0-9]?)?$"  # a ruleset's dice field: 2d10+2
_DEFER_BUILD = tuple(int(part) for part in PYDANTIC_VERSION.split(".")[:2]) >= (2, 10)  # see Model


class Model(BaseModel):
    """Unknown keys are errors: a typo must never be silently ignored."""

    # allow_inf_nan: a text such as "nan" must not become a number (YAML's own .nan is refused when read).
    # defer_build: a model's validator is made when it first validates, not at import; a run
    # whose data files come from the cache (model/data_cache.py) never makes most of them.
    # Only from pydantic 2.10: before, a deferred model's tagged unions lost their tag (an error
    # for every member instead of one; tests/model/test_ruleset_load.py at the minimum versions).
    model_config = ConfigDict(
        extra="forbid", frozen=True, str_strip_whitespace=True, allow_inf_nan=False, defer_build=_DEFER_BUILD
    )


def no_items() -> list:
    """A list field's default_factory. Not `list`: pydantic reads the signature of a field's
    factory as it makes the class, and a builtin's is parsed from its text by Python's tokenizer,
    whose pattern is compiled on first use (~5 ms of start-up in every command that validates)."""
    return []


def no_entries() -> dict:
    """A dict field's default_factory (not `dict`, as no_items)."""
    return {}


Id = Annotated[str, StringConstraints(pattern=ID_PATTERN, min_length=1, max_length=40)]
# Texts that get printed: set in French typography once, when the data is read.
Name = Annotated[str, StringConstraints(min_length=1, max_length=80), AfterValidator(french)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=1200), AfterValidator(french)]
# The shape that tells an affiliation's cards from another's without colour (layout/emblems.py draws them).
Emblem = Literal["circle", "square", "triangle", "diamond", "hexagon"]
Colour = Annotated[str, StringConstraints(pattern=COLOUR_PATTERN)]
D6 = Annotated[int, Field(ge=1, le=6)]
Rank = Annotated[int, Field(ge=0, le=4)]
FilePath = Annotated[str, StringConstraints(min_length=1, max_length=4096)]  # a file, as the user wrote it


def share_fields_sets(models: Iterable[BaseModel]) -> None:
    """Models written with the same keys share one set of their names: pydantic keeps a set per
    model (about 700 bytes, 7 MiB at 10,000 characters) that says which fields the file wrote.
    The models are frozen and model_copy copies the set before changing it, so a shared set is
    never changed."""
    shared: dict[frozenset[str], set[str]] = {}
    for model in models:
        names = model.model_fields_set
        object.__setattr__(model, "__pydantic_fields_set__", shared.setdefault(frozenset(names), names))
