"""The kit file's JSON Schema (draft-07), written by `kolaps-print schema --for kit` through
the schema job, like the army file's."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from kolaps_print.jobs.schema import SCHEMAS, draft07
from kolaps_print.kit.kitfile import KitFile
from kolaps_print.layout.choices import Schema
from kolaps_print.layout.sheets import WXH, card_names, paper_names
from kolaps_print.model.gamedata import builtin_game_data


def kit_schema() -> dict:
    """The kit file: papers and named card sizes from data/layouts/sizes.yaml, scenarios from
    data/rulesets/kolaps/scenarios, as the kit file's own checks read them."""
    schema = KitFile.model_json_schema()
    defs = schema.pop("$defs", {})
    schema["properties"]["paper"]["enum"] = list(paper_names())
    scenario = schema["properties"]["scenario"]  # the ids of data/rulesets/kolaps/scenarios, as load_kit checks them
    scenario["anyOf"] = [{"type": "string", "enum": [s.id for s in builtin_game_data().scenarios]}, {"type": "null"}]
    size = defs["KitCards"]["properties"]["size"]
    del size["type"]
    size["anyOf"] = [{"type": "string", "enum": list(card_names())}, {"type": "string", "pattern": WXH.pattern}]
    return draft07("kit", schema, defs)


FILE_SCHEMAS: Mapping[Schema, Callable[[], dict]] = {**SCHEMAS, "kit": kit_schema}  # every schema --for
