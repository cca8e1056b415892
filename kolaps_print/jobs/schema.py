"""The army file's JSON Schema (draft-07), so editors autocomplete and flag typos; the kit
file's (kolaps_print.kit.schema) is written through the same functions.

pydantic writes JSON Schema 2020-12; the YAML language server reads draft-07 best, so
$defs become definitions. Ids the catalogue knows are offered as examples (an army file
may add its own weapons and affiliations), trait ids as a closed list.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from kolaps_print.layout.choices import Schema
from kolaps_print.model.army import Army
from kolaps_print.model.gamedata import GameData, builtin_game_data
from kolaps_print.write import JSON, planned_output, source_inputs

SCHEMA_ID = "https://kolaps-print.invalid/{kind}.schema.json"


def _retarget_refs(node: Any) -> Any:
    if isinstance(node, dict):
        return {
            k: (v.replace("#/$defs/", "#/definitions/") if k == "$ref" else _retarget_refs(v)) for k, v in node.items()
        }
    if isinstance(node, list):
        return [_retarget_refs(v) for v in node]
    return node


def _trait_schema(data: GameData) -> dict:
    plain = [t.id for t in data.rules.traits.traits if not t.param]
    with_param = [t.id for t in data.rules.traits.traits if t.param]
    return {
        "description": "A weapon trait: a word such as lourde, or a pair such as {explosion: 5}",
        "anyOf": [
            {"type": "string", "enum": plain},
            {
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "propertyNames": {"enum": with_param},
                "additionalProperties": {"type": "number", "exclusiveMinimum": 0},
            },
        ],
    }


def army_schema(data: GameData | None = None) -> dict:
    data = data or builtin_game_data()
    schema = Army.model_json_schema()
    defs = schema.pop("$defs", {})
    weapon = defs["Weapon"]["properties"]
    weapon["traits"] = {"type": "array", "items": _trait_schema(data), "description": "Weapon traits"}
    weapon["range"] = {
        "description": "Effective range in cm, or the word contact",
        "anyOf": [{"type": "number", "exclusiveMinimum": 0, "maximum": 1000}, {"const": "contact"}],
    }
    char = defs["Character"]["properties"]
    char["weapons"]["items"]["examples"] = sorted(data.catalogue.weapons)
    char["specialisations"]["items"]["examples"] = sorted(data.catalogue.all_specialisations())
    schema["properties"]["affiliation"]["examples"] = sorted(data.catalogue.affiliations)
    return draft07("army", schema, defs)


def draft07(kind: Schema, schema: dict, defs: dict) -> dict:
    out = {"$schema": "http://json-schema.org/draft-07/schema#", "$id": SCHEMA_ID.format(kind=kind), **schema}
    out["definitions"] = defs
    return _retarget_refs(out)


def _ruleset_file_schema() -> dict:
    from kolaps_print.jobs.ruleset_schema import ruleset_file_schema

    return ruleset_file_schema()


# The kit file's schema is the kit's (kolaps_print.kit.schema): the kit sits above the jobs.
SCHEMAS: Mapping[Schema, Callable[[], dict]] = {"army": army_schema, "ruleset": _ruleset_file_schema}


def default_output(kind: Schema = "army") -> Path:
    return Path("output") / f"{kind}.schema.json"


def schema_text(kind: Schema = "army", schemas: Mapping[Schema, Callable[[], dict]] = SCHEMAS) -> str:
    if kind not in schemas:
        raise ValueError(
            f"no '{kind}' schema among {', '.join(schemas)}; the kit file's: kolaps_print.kit.schema.FILE_SCHEMAS"
        )
    return json.dumps(schemas[kind](), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def write_schema(
    path: Path | str | None = None, kind: Schema = "army", schemas: Mapping[Schema, Callable[[], dict]] = SCHEMAS
) -> Path:
    """Write the schema; an existing file that is not JSON (`-o army.yaml`) is refused."""
    text = schema_text(kind, schemas)
    return planned_output(path or default_output(kind), JSON, source_inputs()).write(text.encode("utf-8"))
