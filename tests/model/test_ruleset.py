"""The files of a ruleset folder as docs/rulesets.md explains them to the designer (issue 13:
"with every field explained")."""

import re
import typing
from pathlib import Path

from pydantic import BaseModel

from kolaps_print.model.ruleset import RulesetErrataFile, RulesetFile
from kolaps_print.model.ruleset_tables import TablesFile

DOC = Path(__file__).resolve().parents[2] / "docs" / "rulesets.md"


def _models(root: type[BaseModel]) -> list[type[BaseModel]]:
    """root and every model its fields hold, through lists, unions and annotations."""
    found: list[type[BaseModel]] = []
    pending: list[object] = [root]
    while pending:
        kind = pending.pop()
        if typing.get_args(kind):
            pending.extend(typing.get_args(kind))
        elif isinstance(kind, type) and issubclass(kind, BaseModel) and kind not in found:
            found.append(kind)
            pending.extend(field.annotation for field in kind.model_fields.values())
    return found


def _keys(root: type[BaseModel]) -> set[tuple[str, str]]:
    return {(m.__name__, f.alias or name) for m in _models(root) for name, f in m.model_fields.items()}


def test_the_docs_name_every_key_of_ruleset_tables_and_errata_files():
    doc = DOC.read_text(encoding="utf-8")
    prose = re.sub(r"^```.*?^```", "", doc, flags=re.M | re.S)  # an example is no explanation
    quoted = " ".join(re.findall(r"`([^`\n]+)`", prose))  # keys are written as code: `negative_to`
    keys = _keys(RulesetFile) | _keys(TablesFile) | _keys(RulesetErrataFile)
    assert len(keys) > 60  # the walk reached the blocks, fields, mechanics and tables
    assert sorted(k for k in keys if not re.search(rf"(?<![\w-]){re.escape(k[1])}(?![\w-])", quoted)) == []
