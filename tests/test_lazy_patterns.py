"""reportlab's URI and CJK patterns and PyYAML's non-printable one compiled on first use
(kolaps_print/lazy_patterns.py).

The copies must be reportlab's own strings (read from its installed source, not imported), the
stand-ins must answer as the real patterns do, and a paragraph's links and URI splitting must
come out as with the real pattern."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
import reportlab
import yaml
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, paragraph

from kolaps_print import lazy_patterns
from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.lazy_patterns import CJK_PATTERN, URI_PATTERN, YAML_NON_PRINTABLE, LazyPattern

REPORTLAB = Path(reportlab.__file__).parent
PYYAML = Path(yaml.__file__).parent


def compiled_in_source(source: Path, name: str) -> tuple[str, int]:
    """The (pattern, flags) of `name = re.compile("...", re.FLAG)` in a module's source (at its
    top or in a class)."""
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [name]:
            call = node.value
            assert isinstance(call, ast.Call) and ast.unparse(call.func) == "re.compile"
            pattern = ast.literal_eval(call.args[0])
            if len(call.args) == 1:
                return pattern, 0
            flag = call.args[1]
            assert isinstance(flag, ast.Attribute) and ast.unparse(flag.value) == "re"
            return pattern, getattr(re, flag.attr)
    raise AssertionError(f"{name} not found in {source}")


def test_the_copies_are_the_libraries_patterns():
    assert compiled_in_source(REPORTLAB / "platypus/paragraph.py", "uri_pat") == (URI_PATTERN, re.I)
    assert compiled_in_source(REPORTLAB / "lib/textsplit.py", "rx") == (CJK_PATTERN, re.UNICODE)
    assert compiled_in_source(PYYAML / "reader.py", "NON_PRINTABLE") == (YAML_NON_PRINTABLE, 0)
    assert set(lazy_patterns.LAZY) == {(URI_PATTERN, re.I), (CJK_PATTERN, re.UNICODE), (YAML_NON_PRINTABLE, 0)}


def test_a_fresh_process_imports_platypus_with_the_stand_ins_and_the_real_compile_back():
    code = (
        "import re, kolaps_print; real = re.compile\n"
        "import yaml; print(type(yaml.reader.Reader.NON_PRINTABLE).__name__, re.compile is real)\n"
        "from reportlab.platypus import paragraph; from reportlab.lib import textsplit\n"
        "import sys; imported = 'pyphen' in sys.modules\n"
        "print(type(paragraph.uri_pat).__name__, type(textsplit.rx).__name__, re.compile is real,\n"
        "      type(paragraph.__loader__).__name__, paragraph.__spec__.loader is paragraph.__loader__,\n"
        "      type(paragraph.pyphen).__name__, imported)\n"
        "import pyphen; print(type(pyphen).__name__, paragraph.pyphen.Pyphen is pyphen.Pyphen)"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.split() == [
        *("LazyPattern", "True"),
        *("LazyPattern", "LazyPattern", "True", "SourceFileLoader", "True", "PyphenOnUse", "False"),
        *("module", "True"),
    ]


def test_a_package_found_before_it_is_imported_still_gets_the_stand_ins():
    """disk_cache keys a replayed `check` by the libraries' files, finding yaml and reportlab
    with importlib.util.find_spec before importing them (the finder once took that for the
    import, and yaml then compiled its pattern: ~9 ms of every `check`). Fails on main bb0ac27."""
    code = (
        "import importlib.util, sys, kolaps_print\n"
        "importlib.util.find_spec('yaml'); importlib.util.find_spec('reportlab.platypus')\n"
        "import yaml; from reportlab.platypus import paragraph\n"
        "print(type(yaml.reader.Reader.NON_PRINTABLE).__name__, type(paragraph.uri_pat).__name__,\n"
        "      any(type(f).__name__ == '_Finder' for f in sys.meta_path))"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.split() == ["LazyPattern", "LazyPattern", "False"]


URIS = [
    "https://example.com",
    "http://www.example.com/path/to/page?x=1&y=2#frag",
    "HTTPS://EXAMPLE.COM/",
    "ftp://user:pass@192.168.0.1:21/files",
    "http://[2001:db8::1]/",
    "http://localhost:8080/a/b/",
    "https://éditions-kolaps.fr/règles/",
    "http://xn--bcher-kva.example/",
    "://example.com",
    "http://-bad-.com",
    "http://example",
    "https://exa mple.com",
    "Kelvin\u212a://example.com",
    "mailto:someone@example.com",
    "www.example.com",
    "anticonstitutionnellement",
    "",
    "http:/example.com",
]


@pytest.mark.parametrize("text", URIS)
def test_the_uri_stand_in_answers_as_the_real_pattern(text):
    real = re.compile(URI_PATTERN, re.I).match(text)
    lazy = LazyPattern(URI_PATTERN, re.I, "://", re.compile).match(text)
    assert (real and (real.span(), real.groups())) == (lazy and (lazy.span(), lazy.groups()))


@given(st.text(alphabet=st.sampled_from("aZ0.-+:/@[]é\u212a\u017f ?#_"), max_size=30))
def test_the_uri_stand_in_answers_as_the_real_pattern_on_any_text(text):
    real = re.compile(URI_PATTERN, re.I).match(text)
    lazy = LazyPattern(URI_PATTERN, re.I, "://", re.compile).match(text)
    assert (real and (real.span(), real.groups())) == (lazy and (lazy.span(), lazy.groups()))


def test_the_stand_in_compiles_only_when_a_match_is_possible():
    calls = []

    def counted(*args):
        calls.append(args)
        return re.compile(*args)

    lazy = LazyPattern(URI_PATTERN, re.I, "://", counted)
    assert lazy.match("anticonstitutionnellement") is None and not calls
    assert lazy.match("https://example.com") and len(calls) == 1
    assert lazy.pattern == URI_PATTERN and lazy.flags & re.I and len(calls) == 1


def test_the_cjk_stand_in_substitutes_as_the_real_pattern():
    text = "abc\u4e2d\u6587def"
    assert LazyPattern(CJK_PATTERN, re.UNICODE, "", re.compile).sub(r"\1\0 ", text) == re.compile(
        CJK_PATTERN, re.UNICODE
    ).sub(r"\1\0 ", text)


def test_pyyamls_own_reader_still_refuses_a_control_character(monkeypatch):
    monkeypatch.setattr(yaml.reader.Reader, "NON_PRINTABLE", LazyPattern(YAML_NON_PRINTABLE, 0, "", re.compile))
    assert yaml.load("a: b\n", Loader=yaml.SafeLoader) == {"a": "b"}
    with pytest.raises(yaml.reader.ReaderError, match="#x0007"):
        yaml.load("a: \x07\n", Loader=yaml.SafeLoader)


def test_any_other_pattern_is_compiled_as_asked():
    with lazy_patterns.patterns_lazy():
        plain = re.compile("[a-z]+", re.I)
        other_flags = re.compile(URI_PATTERN)
    assert isinstance(plain, re.Pattern) and isinstance(other_flags, re.Pattern)


LONG_URI = "https://www.example.com/regles/chapitre-sept/les-armes-lourdes/tableau"


def laid_out(text: str, width: float) -> list[str]:
    register_fonts(SANS)
    style = ParagraphStyle("t", fontName=SANS, fontSize=10, leading=12, uriWasteReduce=0.3, embeddedHyphenation=1)
    para = Paragraph(text, style)
    para.wrap(width, 1000)
    return [" ".join(map(str, words)) for _, words in para.blPara.lines]


def test_a_long_uri_splits_as_with_the_real_pattern(monkeypatch):
    text = f"Voir {LONG_URI} pour la suite"
    with_stand_in = [laid_out(text, width) for width in (60, 90, 120, 180)]
    monkeypatch.setattr(paragraph, "uri_pat", re.compile(URI_PATTERN, re.I))
    assert with_stand_in == [laid_out(text, width) for width in (60, 90, 120, 180)]
    assert any(len(lines) > 2 for lines in with_stand_in)  # the URI was split, not only moved


def test_a_paragraph_hyphenating_by_language_name_reaches_pyphen(monkeypatch):
    import pyphen

    text = "Les anticonstitutionnellement longues phrases se coupent"
    style = ParagraphStyle("t", fontName=SANS, fontSize=10, leading=12, hyphenationLang="fr_FR")

    def lines(width: float) -> list[str]:
        register_fonts(SANS)
        para = Paragraph(text, style)
        para.wrap(width, 1000)
        return [" ".join(map(str, words)) for _, words in para.blPara.lines]

    monkeypatch.setattr(paragraph, "pyphen", lazy_patterns.PyphenOnUse())
    with_stand_in = [lines(width) for width in (70, 90, 110)]
    monkeypatch.setattr(paragraph, "pyphen", pyphen)
    assert with_stand_in == [lines(width) for width in (70, 90, 110)]
    assert any(line.endswith("-") for layout in with_stand_in for line in layout)  # it did hyphenate


def test_a_paragraphs_link_reaches_the_pdf():
    register_fonts(SANS)
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    para = Paragraph(f'Lien\u00a0: <a href="{LONG_URI}">les armes</a>', ParagraphStyle("t", fontName=SANS))
    para.wrap(300, 100)
    para.drawOn(canvas, 50, 700)
    canvas.save()
    annotations = [a.get_object() for a in PdfReader(buffer).pages[0]["/Annots"]]
    assert [a["/A"]["/URI"] for a in annotations] == [LONG_URI]


PIL_RUN = (
    "import sys, kolaps_print\n"
    "{first}"
    "from reportlab.pdfgen.canvas import Canvas\n"
    "from reportlab.lib import utils\n"
    "print('PIL' in sys.modules, type(utils.Image).__name__, utils.haveImages)\n"
    "canvas = Canvas(sys.argv[2], invariant=1)\n"
    "canvas.drawImage(sys.argv[1], 10, 10, width=50, height=40)\n"
    "canvas.save()\n"
    "import PIL.Image\n"
    "print('PIL' in sys.modules, utils.Image.Image is PIL.Image.Image, utils._isPILImage(PIL.Image.new('RGB', (1, 1))))\n"
)


def test_reportlab_is_imported_without_pillow_and_reaches_it_for_a_bitmap(tmp_path):
    """reportlab.lib.utils's `from PIL import Image` is a stand-in (lazy_patterns.pil_on_use):
    Pillow is imported at a bitmap's first use, and the bitmap's PDF has the bytes it has when
    reportlab got the real module (Pillow imported before reportlab). Fails on main dbf5c9c."""
    from PIL import Image

    png = tmp_path / "dots.png"
    Image.new("RGB", (8, 6), (200, 30, 90)).save(png)
    lazy, real = tmp_path / "lazy.pdf", tmp_path / "real.pdf"
    run = [sys.executable, "-c"]
    out = subprocess.run([*run, PIL_RUN.format(first=""), png, lazy], check=True, capture_output=True, text=True)
    assert out.stdout.split() == ["False", "PilImageOnUse", "True", "True", "True", "True"]
    first = "import PIL.Image\n"
    out = subprocess.run([*run, PIL_RUN.format(first=first), png, real], check=True, capture_output=True, text=True)
    assert out.stdout.split() == ["True", "module", "True", "True", "True", "True"]
    assert lazy.read_bytes() == real.read_bytes()
    assert PdfReader(lazy).pages[0].images[0].image.size == (8, 6)
