"""The reference products follow the pipeline: layout/reference imports no painter, and the
painters in draw/ receive laid-out content, never the game data (stricter than the stage order
of tests/test_import_graph.py, which lets draw/ import model/ and content/)."""

import ast
from pathlib import Path

import kolaps_print

PACKAGE = Path(kolaps_print.__file__).parent


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_reference_layout_imports_no_painter():
    modules = sorted((PACKAGE / "layout" / "reference").glob("*.py"))
    assert len(modules) >= 6
    for path in modules:
        bad = {m for m in imports(path) if m.startswith("kolaps_print.draw")}
        assert not bad, (path.name, bad)


def test_the_reference_painters_never_see_the_game_data():
    for name in ("reference_sheet.py", "reference_cards.py", "flow_box.py"):
        found = imports(PACKAGE / "draw" / name)
        bad = {m for m in found if m.startswith(("kolaps_print.model", "kolaps_print.content", "kolaps_print.load"))}
        assert not bad, (name, bad)
