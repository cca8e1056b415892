"""JSON Schemas (draft-07) for the rulesets: ruleset.yaml itself (`schema --for ruleset`), and
the army file of a bundled ruleset (`schema --ruleset d100`), built from its declared fields,
whose references offer the ids of its catalogues as a closed list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, create_model

from kolaps_print.jobs.schema import draft07
from kolaps_print.model.common import Model, Name
from kolaps_print.model.ruleset import RulesetFile
from kolaps_print.model.ruleset_fields import ReferenceField, ReferencesField, SkillMapField
from kolaps_print.model.ruleset_load import Ruleset, find_ruleset
from kolaps_print.write import JSON, planned_output, source_inputs


def ruleset_file_schema() -> dict:
    schema = RulesetFile.model_json_schema()
    defs = schema.pop("$defs", {})
    return draft07("ruleset", schema, defs)


def _army_model(ruleset: Ruleset) -> type[Model]:
    only_this: Any = Literal[ruleset.id]  # built at run time: one Literal per ruleset
    return create_model(
        "Army",
        __base__=Model,
        ruleset=(only_this, Field(description="The game system this army is written for")),
        name=(Name, Field(description="Army name, printed on every card")),
        characters=(list[ruleset.character], Field(min_length=1)),  # type: ignore[name-defined]
    )


def _offer_catalogue_ids(properties: dict, ruleset: Ruleset) -> None:
    """References name an entry of their catalogue: the schema lists them, so editors complete them."""
    for decl in ruleset.spec.character.fields:
        if not isinstance(decl, (ReferenceField, ReferencesField, SkillMapField)):
            continue
        ids = sorted(ruleset.catalogues.get(decl.catalogue, {}))
        prop = properties[decl.id]
        if isinstance(decl, ReferenceField):
            prop.pop("pattern", None)
            prop["enum"] = ids
        elif isinstance(decl, ReferencesField):
            prop["items"] = {"type": "string", "enum": ids}
        else:
            (bounds,) = prop.pop("patternProperties").values()
            prop["propertyNames"] = {"enum": ids}
            prop["additionalProperties"] = bounds


def ruleset_army_schema(ruleset_id: str) -> dict:
    ruleset = find_ruleset(ruleset_id)
    schema = _army_model(ruleset).model_json_schema()
    defs = schema.pop("$defs", {})
    _offer_catalogue_ids(defs["Character"]["properties"], ruleset)
    out = draft07("army", schema, defs)
    out["$id"] = out["$id"].replace("army.schema", f"army-{ruleset_id}.schema")
    return out


def ruleset_schema_text(ruleset_id: str) -> str:
    return json.dumps(ruleset_army_schema(ruleset_id), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def default_ruleset_output(ruleset_id: str) -> Path:
    return Path("output") / f"army-{ruleset_id}.schema.json"


def write_ruleset_schema(ruleset_id: str, path: Path | str | None = None) -> Path:
    text = ruleset_schema_text(ruleset_id)
    target = planned_output(path or default_ruleset_output(ruleset_id), JSON, source_inputs())
    return target.write(text.encode("utf-8"))
