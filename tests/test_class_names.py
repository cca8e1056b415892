"""Each class of the package has a name of its own, so a reader (and a traceback, and `grep
class X`) never has to ask which `Band` or `Finding` is meant. Module-private classes (a leading
underscore) are left to their module."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import kolaps_print

PACKAGE = Path(kolaps_print.__file__).resolve().parent


def _classes() -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                found[node.name].append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


def test_the_walk_finds_the_classes_it_should():
    classes = _classes()
    assert "ShapePainter" in classes and "KolapsError" in classes


def test_no_public_class_name_is_defined_twice():
    twice = {name: places for name, places in _classes().items() if len(places) > 1}
    assert twice == {}
