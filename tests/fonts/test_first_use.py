"""A face is parsed when reportlab first asks for it, and reads as it did parsed up front."""

from __future__ import annotations

import json
import subprocess
import sys

from pdf_fonts import pdf_fonts  # tests/support

# In a process of its own: the test process has parsed every face long before.
PARAGRAPH = """
import json
from io import BytesIO
from reportlab.lib.fonts import ps2tt, tt2ps
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph, SimpleDocTemplate
from kolaps_print.fonts import FAMILIES, register_fonts

register_fonts()
before = sorted(n for n in pdfmetrics.getRegisteredFontNames() if n.startswith("K"))
out = BytesIO()
styles = [ParagraphStyle("s", fontName=name) for name in ("KSans", "KSerif-Italic")]
story = [Paragraph("Tir <b>précis</b>", styles[0]), Paragraph("une note", styles[1])]
SimpleDocTemplate(out).build(story)
names = [n for family in FAMILIES for n in (family, family + "-Bold", family + "-Italic", family + "-BoldItalic")]
print(json.dumps({
    "before": before,
    "after": sorted(n for n in pdfmetrics.getRegisteredFontNames() if n.startswith("K")),
    "tt2ps": {f"{family},{b},{i}": tt2ps(family, b, i) for family in FAMILIES for b in (0, 1) for i in (0, 1)},
    "ps2tt": {name: list(ps2tt(name)) for name in names},
    "own": {f"{name},{b},{i}": tt2ps(name, b, i) for name in names for b in (0, 1) for i in (0, 1)},
    "pdf": out.getvalue().hex(),
}))
"""


def run_paragraphs() -> dict:
    done = subprocess.run([sys.executable, "-c", PARAGRAPH], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_faces_are_parsed_only_when_a_paragraph_sets_them():
    found = run_paragraphs()
    assert found["before"] == []
    assert found["after"] == ["KSans", "KSans-Bold", "KSerif-Italic"]
    printed = {name.split("+")[-1] for name in pdf_fonts(bytes.fromhex(found["pdf"])) if "+" in name}  # embedded
    assert printed == {"RobotoCondensed-Regular", "RobotoCondensed-Bold", "GentiumBookPlus-Italic"}


def test_bold_and_italic_resolve_within_the_family_after_a_face_is_parsed():
    found = run_paragraphs()
    faces = {"0,0": "", "1,0": "-Bold", "0,1": "-Italic", "1,1": "-BoldItalic"}
    for family in ("KSans", "KSerif"):
        for style, suffix in faces.items():
            name = family + suffix
            assert found["tt2ps"][f"{family},{style}"] == name
            assert found["ps2tt"][name] == [family.lower(), *map(int, style.split(","))]
            if suffix:  # a face named alone keeps itself whatever <b> or <i> asks (reportlab's own mapping)
                assert {found["own"][f"{name},{s}"] for s in faces} == {name}
