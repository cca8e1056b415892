"""No model field's default comes from a builtin's constructor: pydantic reads a factory's
signature when it makes the class, and a builtin's signature is parsed by Python's tokenizer
(its pattern compiled on first use, a few milliseconds of every command's start-up)."""

from __future__ import annotations

import importlib
import pkgutil

from pydantic import BaseModel

import kolaps_print
from kolaps_print import resources
from kolaps_print.model.common import no_entries, no_items
from kolaps_print.model.ruleset_load import load_ruleset


def every_model() -> list[type[BaseModel]]:
    for module in pkgutil.walk_packages(kolaps_print.__path__, "kolaps_print."):
        if module.name.startswith(("kolaps_print.model.", "kolaps_print.layout.", "kolaps_print.kit.")):
            importlib.import_module(module.name)
    found, todo = [], [BaseModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return [m for m in found if m.__module__.startswith("kolaps_print.")]


def test_no_field_defaults_to_a_builtin_constructor():
    load_ruleset(resources.data_dir() / "rulesets" / "d100")  # its army models are made from its ruleset.yaml
    builtins = [
        f"{model.__qualname__}.{name}"
        for model in every_model()
        for name, field in model.model_fields.items()
        if isinstance(field.default_factory, type) and field.default_factory.__module__ == "builtins"
    ]
    assert builtins == []


def test_the_factories_make_a_new_empty_value_each_time():
    assert no_items() == [] and no_items() is not no_items()
    assert no_entries() == {} and no_entries() is not no_entries()


def test_no_model_writes_its_own_hash():
    """A frozen model's hash is pydantic's, of every field: a hand-written one (CardLook's left
    its compact dict out) can drift from the fields and from __eq__."""
    written = [
        model.__qualname__
        for model in every_model()
        if getattr(model.__dict__.get("__hash__"), "__qualname__", "").startswith(f"{model.__qualname__}.")
    ]
    assert written == []


def test_a_card_look_hashes_with_its_compact_part():
    from kolaps_print.layout.ruleset.look import sheet_look

    look = sheet_look().card
    other = look.model_copy(update={"compact": (("margin_mm", 4),)})
    assert look != other and hash(look) != hash(other)
    assert hash(look.compacted(44)) == hash(look.compacted(44).model_copy())
