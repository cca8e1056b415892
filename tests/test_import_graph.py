"""Imports point one way: from a later stage of the pipeline to an earlier one, never back.

Every module of the package is parsed (not imported) with ast, every import counted, those
inside functions too, and each module mapped to its stage. A new top-level module or folder
must be given a stage here, so the rule keeps holding as the package grows.
"""

from __future__ import annotations

import ast
from pathlib import Path

import kolaps_print

PACKAGE = Path(kolaps_print.__file__).resolve().parent

# Earlier stages first; a module may import from its own stage and the ones before it.
# write/ (the PDF canvas factory and metadata, atomic files and folders) needs only the
# foundations and is what impose/, rulebook/ and kit/ draw into, so it sits just above them,
# although writing the file is the pipeline's last step. engines/ (the exact dice odds of the
# rulesets) is pure arithmetic that reads no data, so the model and the tables may both call it.
STAGES = (
    (
        "kolaps_print",
        "diagnostics",
        "collector",  # pauses the cycle collector: for the YAML reader and the CLI
        "lazy_imports",  # reportlab's platypus and PyYAML imported with patterns compiled on first use
        "lazy_patterns",  # those patterns, and pyphen imported on first use
        "resources",
        "typography",
        "labels",
        "numbers",
        "units",  # millimetres to points and pixels: used from the YAML's geometry to the PDF writer
        "disk_cache",  # the user's cache folder: for the data (model/), the templates and the fonts' tables
        "fonts",
        "provenance",
        "load",
        "engines",
    ),
    ("write",),
    ("preflight",),  # reads PDFs back; needs only pypdf
    ("model",),
    ("content", "layout"),
    ("draw", "rulebook"),
    ("impose",),
    ("jobs",),
    ("kit",),
    ("cli", "__main__"),
)
ANYTHING_GOES = {"api"}  # the library's front door re-exports from every stage

# Known backward imports, each with why it cannot be removed yet: (importing part, imported part).
# Empty: keep it so. (jobs/ -> kit/ went when the kit became a job made of jobs, in kit/.)
EXPECTED: dict[tuple[str, str], str] = {}


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, name: str, modules: set[str]) -> list[tuple[int, str]]:
    """(line, module) for every import of a kolaps_print module in the file, at any depth."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:  # `from kolaps_print import resources` imports a module
                sub = f"{base}.{alias.name}"
                found.append((node.lineno, sub if sub in modules else base))
    return sorted({(line, module) for line, module in found if module.split(".")[0] == "kolaps_print"})


def part(module: str) -> str:
    """The top-level piece of the package a module belongs to: 'layout', 'fonts', 'kolaps_print'..."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else pieces[0]


def stage(piece: str) -> int:
    for number, pieces in enumerate(STAGES):
        if piece in pieces:
            return number
    raise AssertionError(f"kolaps_print.{piece} has no stage in {__file__}: give it one")


def backward_imports(package: Path = PACKAGE) -> list[str]:
    files = sorted(package.rglob("*.py"))
    names = {path: module_name(path, package) for path in files}
    problems = []
    for path, name in names.items():
        importer = part(name)
        if importer in ANYTHING_GOES:
            continue
        for line, module in imported_modules(path, name, set(names.values())):
            imported = part(module)
            if stage(imported) > stage(importer) and (importer, imported) not in EXPECTED:
                where = path.relative_to(package.parent)
                problems.append(f"{where}:{line}: {importer}/ imports {module}, from the later stage {imported}/")
    return problems


def test_no_module_imports_from_a_later_stage():
    assert backward_imports() == []


def test_every_part_of_the_package_has_a_stage():
    pieces = {part(module_name(f)) for f in PACKAGE.rglob("*.py")} - ANYTHING_GOES
    for piece in pieces:
        stage(piece)


def test_expected_exceptions_are_still_backward():
    """An allow-list entry that no longer matches anything is stale: remove it."""
    for importer, imported in EXPECTED:
        assert stage(imported) > stage(importer), (importer, imported)


def test_backward_imports_are_found_at_any_depth(tmp_path):
    """The scanner itself: a function-level and a relative import back up are both named."""
    fake = tmp_path / "kolaps_print"
    for folder in ("model", "layout", "draw"):
        (fake / folder).mkdir(parents=True)
        (fake / folder / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "draw" / "shapes.py").write_text("X = 1\n")
    (fake / "model" / "army.py").write_text("def f():\n    from kolaps_print.draw.shapes import X\n")
    (fake / "layout" / "grid.py").write_text("from ..draw import shapes\nfrom ..model import army\n")
    assert backward_imports(fake) == [
        "kolaps_print/layout/grid.py:1: layout/ imports kolaps_print.draw.shapes, from the later stage draw/",
        "kolaps_print/model/army.py:2: model/ imports kolaps_print.draw.shapes, from the later stage draw/",
    ]


def test_every_folder_of_code_is_a_package():
    """rulebook/ once had no __init__.py: each stage is a real subpackage."""
    folders = {f.parent for f in PACKAGE.rglob("*.py")}
    assert sorted(str(f.relative_to(PACKAGE)) for f in folders if not (f / "__init__.py").is_file()) == []


# Painters that take laid-out content (issue 11: "draw/ should receive laid-out content"):
# stricter than the stage order, which lets draw/ import model/ and content/.
LAID_OUT_ONLY = ("draw/reference_sheet.py", "draw/reference_cards.py", "draw/ruleset_card.py")
# Jobs that only call layout, then draw, then write: no flowable is placed there either.
LAYOUT_DRAW_WRITE = ("jobs/ruleset_cards.py", "jobs/ruleset_tables.py")


def test_the_reference_painters_never_read_the_game_data():
    modules = {module_name(f) for f in PACKAGE.rglob("*.py")}
    for relative in LAID_OUT_ONLY:
        path = PACKAGE / relative
        parts = {part(module) for _, module in imported_modules(path, module_name(path), modules)}
        assert "layout" in parts and not parts & {"load", "model", "content"}, (relative, sorted(parts))


def test_the_reference_painters_draw_shapes_not_flowables():
    """Issue 11: one painter for every product; platypus may measure in layout/, never paint in draw/."""
    for relative in LAID_OUT_ONLY:
        source = (PACKAGE / relative).read_text(encoding="utf-8")
        assert "platypus" not in source and "drawOn" not in source and "ShapePainter" in source, relative


def test_the_ruleset_jobs_place_no_flowables():
    """The rulesets' cards and sheets left platypus frames as the reference products did: layout/
    lays them out as shapes, draw/ paints them."""
    for relative in LAYOUT_DRAW_WRITE:
        source = (PACKAGE / relative).read_text(encoding="utf-8")
        assert "platypus" not in source and "Frame" not in source and "drawOn" not in source, relative
