"""What a source file imports, read from its syntax tree (nothing is run): for layering tests."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "kolaps_print"


def imported_modules(path: Path) -> set[str]:
    """Every module path imports, lazy imports inside functions included."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def imports_into(subpackage: str, prefixes: tuple[str, ...]) -> set[str]:
    """'file.py: module' for each import in kolaps_print/<subpackage>/ of a module under prefixes."""
    files = sorted((PACKAGE / subpackage).glob("*.py"))
    assert files, f"no modules in kolaps_print/{subpackage}"
    return {f"{p.name}: {m}" for p in files for m in imported_modules(p) if m.startswith(prefixes)}
