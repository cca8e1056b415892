"""The book's text frame and colours are data (data/layouts/rulebook.yaml), its pages are the
papers of sizes.yaml: a designer's edit reaches the printed book, and a broken value is a
located error with nothing written."""

from __future__ import annotations

import io
import re
import shutil
from collections import Counter
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
import yaml
from pdf_colours import seen  # tests/support
from pdf_text import page_texts  # tests/support
from pypdf.generic import ContentStream

from kolaps_print import resources
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.rulebook.styles import french_syllables
from kolaps_print.units import pt

LAYOUT = Path("layouts") / "rulebook.yaml"
SIZES = Path("layouts") / "sizes.yaml"
STYLE = Path("layouts") / "style.yaml"
PALETTE = ", ".join(yaml.safe_load((resources.bundled("data") / STYLE).read_text(encoding="utf-8"))["palette"])


def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(resources.bundled("data"), folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_page_size_and_colours_come_from_the_layout_file(tmp_path):
    folder = data_copy(tmp_path)
    edit(folder / SIZES, "letter: {width: 215.9, height: 279.4}", "letter: {width: 205, height: 265}")
    edit(folder / STYLE, "blood: [15, 94, 95, 35]", "blood: [100, 0, 0, 0]")  # the accent's palette entry
    book = build_rulebook(RulebookOptions(edition="quickstart", paper="letter", data=folder))
    reader = pypdf.PdfReader(io.BytesIO(book.pdf))
    assert {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in reader.pages} == {
        (round(pt(205), 2), round(pt(265), 2))
    }
    # The quick-start's accent strip: 2.2 mm of solid accent just under page 1's dark band.
    scale = 2
    image = pdfium.PdfDocument(book.pdf)[0].render(scale=scale).to_pil().convert("RGB")
    band = yaml.safe_load((folder / "layouts" / "quickstart.yaml").read_text(encoding="utf-8"))["band"]
    pixel = image.getpixel((int(pt(20) * scale), int(pt(band + 1.1) * scale)))
    assert all(abs(a - b) <= 2 for a, b in zip(pixel, seen((1, 0, 0, 0)), strict=True)), pixel


@pytest.mark.parametrize(
    "edits, message",
    [
        (
            [("accent: blood", "accent: red")],
            f":10:11: error: colours.accent: 'red' is not a colour of the house style (style.yaml has {PALETTE})",
        ),
        (
            [("text_width: 182", "text_width: 212")],
            ":4:13: error: text_width: 212 mm leaves no margin on a4 paper (210 mm wide)",
        ),
        (
            [("top: 24", "top: 100"), ("bottom: 22", "bottom: 200")],
            ":6:9: error: bottom: top and bottom (100 + 200 mm) "
            "leave less than 150 mm for text on a4 paper (297 mm high)",
        ),
        ([("  shade: shade         # boxed quotes\n", "")], ":9:3: error: colours.shade: missing required key 'shade'"),
        (
            [("columns: 2 ", "columns: 3 ")],
            ":20:10: error: columns: 3 columns of a 182 mm text block are narrower than 60 mm",
        ),
    ],
)
def test_a_broken_layout_value_is_a_located_error(cli, tmp_path, monkeypatch, edits, message):
    folder = data_copy(tmp_path)
    for old, new in edits:
        edit(folder / LAYOUT, old, new)
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    result = cli(["rulebook", "--data", folder, "-o", out / "rulebook.pdf"])
    assert result.exit_code == 1, result.stdout + result.stderr
    assert f"data/layouts/rulebook.yaml{message}\n" in result.stderr
    assert list(out.iterdir()) == []


def _most_used_size(pdf: bytes) -> float:
    """The size most text is shown at (the glyphs of each text-showing operator counted under
    its Tf, over every page): the running text's."""
    sizes: Counter[float] = Counter()
    size = 0.0
    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        for operands, operator in ContentStream(page.get_contents(), None).operations:
            if operator == b"Tf":
                size = round(float(operands[1]), 2)
            elif operator == b"Tj":
                sizes[size] += len(operands[0])
    return sizes.most_common(1)[0][0]


def test_the_books_type_sizes_are_names_of_the_house_type_scale(tmp_path):
    """rulebook.yaml names the running text's size `body` of style.yaml: an edit of the house
    type scale reaches the printed book, and so does an edit of the book's own style."""
    scale = yaml.safe_load((resources.bundled("data") / STYLE).read_text(encoding="utf-8"))["type"]
    book = yaml.safe_load((resources.bundled("data") / LAYOUT).read_text(encoding="utf-8"))["type"]
    assert book["body"]["size"] == "body"
    assert _most_used_size(build_rulebook(RulebookOptions()).pdf) == scale["body"]
    folder = data_copy(tmp_path)
    edit(folder / STYLE, f"body: {scale['body']:g} ", "body: 9.8 ")
    assert _most_used_size(build_rulebook(RulebookOptions(data=folder)).pdf) == 9.8
    folder = data_copy(tmp_path / "own")
    edit(folder / LAYOUT, "body: {size: body,", "body: {size: table,")
    edit(folder / LAYOUT, "item: {size: body,", "item: {size: table,")
    assert _most_used_size(build_rulebook(RulebookOptions(data=folder)).pdf) == scale["table"]


def test_a_type_size_the_scale_does_not_have_is_a_located_error(cli, tmp_path, monkeypatch):
    folder = data_copy(tmp_path)
    edit(folder / LAYOUT, "h2: {size: 12.5,", "h2: {size: huge,")
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    result = cli(["rulebook", "--data", folder, "-o", out / "rulebook.pdf"])
    assert result.exit_code == 1, result.stdout + result.stderr
    names = ", ".join(yaml.safe_load((folder / STYLE).read_text(encoding="utf-8"))["type"])
    lines = (folder / LAYOUT).read_text(encoding="utf-8").splitlines()
    line, column = next((n, text.index("huge") + 1) for n, text in enumerate(lines, 1) if "h2: {size: huge" in text)
    assert (
        f"data/layouts/rulebook.yaml:{line}:{column}: error: type.h2.size: "
        f"'huge' is not a size of the house style (style.yaml has {names})\n"
    ) in result.stderr
    assert list(out.iterdir()) == []


@pytest.mark.parametrize("edition", ["quickstart", "full"])
def test_proper_names_are_never_hyphenated(edition):
    """Designer's review: « Section Kap-|pa » at the top of the quick-start's second column. Read
    back, no line of either edition ends in a capitalised word cut by a hyphen, while common words
    still break (the book stays hyphenated), and the quick-start's « Kappa » reads whole."""
    texts = page_texts(build_rulebook(RulebookOptions(edition=edition)).pdf)
    breaks = [m.group(1) for t in texts for m in re.finditer(r"(\S+)(?:\ufffe|-\r?\n)\S", t)]
    assert len(breaks) >= 6  # 8 in the quick-start since words19's ties (was 10 and more)
    assert not [word for word in breaks if word[:1].isupper()]
    assert (edition == "full" or "Section Kappa" in "".join(texts)) and "Kap\ufffe" not in "".join(texts)


def test_the_book_hyphenates_common_words_only():
    assert french_syllables("Kappa") == [] and french_syllables("Couvert") == []
    assert ("cou", "vert") in french_syllables("couvert")
