"""Every French string the tool prints comes from data/labels/fr/*.yaml, through here.

label("cards.front.walk") reads key front.walk in data/labels/fr/cards.yaml. An English
edition would be a second folder, not a rewrite.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

from kolaps_print import resources

LANGUAGE = "fr"


def _area(area: str) -> dict[str, Any]:
    return _read_area(resources.data_dir(), area)


@cache
def _read_area(data_dir: Path, area: str) -> dict[str, Any]:
    path = data_dir / "labels" / LANGUAGE / f"{area}.yaml"
    with path.open(encoding="utf-8") as fh:
        return yaml.safe_load(fh) or {}


def label(key: str, **values: Any) -> str:
    """The label at 'area.key.subkey', formatted with values ({name} placeholders)."""
    area, _, rest = key.partition(".")
    node: Any = _area(area)
    for part in rest.split("."):
        node = node[part]
    if not isinstance(node, str):
        raise KeyError(f"label '{key}' is not a string")
    return node.format(**values) if values else node


def labels(key: str) -> Any:
    """A whole subtree of labels (a mapping or a list), e.g. labels('tables.headers')."""
    area, _, rest = key.partition(".")
    node: Any = _area(area)
    for part in filter(None, rest.split(".")):
        node = node[part]
    return node
