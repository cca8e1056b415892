"""Lengths change unit in one module: kolaps_print/units.py."""

import re
from pathlib import Path

import kolaps_print
from kolaps_print.units import inches, pt, to_mm

PACKAGE = Path(kolaps_print.__file__).resolve().parent


def test_an_inch_is_72_points_and_25_4_mm():
    assert pt(25.4) == 72 and inches(25.4) == 1 and to_mm(72) == 25.4
    assert round(pt(10), 4) == 28.3465


def test_no_other_module_converts_millimetres_itself():
    elsewhere = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name != "units.py" and re.search(r"\b25\.4\b", path.read_text(encoding="utf-8"))
    ]
    assert elsewhere == []
