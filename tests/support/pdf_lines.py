"""Lines of text as a reader meets them, read back from a PDF: for measure and spacing tests.

body_lines (pypdfium2) groups the text objects set in one font family into lines by page,
column and baseline. word_spacing (pypdf) reads the extra word spacing (the Tw operator)
with which reportlab justifies each line.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from io import BytesIO

from pdf_text import text_objects  # tests/support
from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass(frozen=True)
class Line:
    page: int  # from 0
    left: float  # points
    right: float
    baseline: float  # the bottom of its lowest text object, points
    text: str
    fonts: frozenset[str]  # base font names, subset prefix removed


def body_lines(pdf: bytes, family: str, columns_split: float | None = None) -> list[Line]:
    """Lines made of text objects whose font name contains family, top to bottom, left column
    first (columns_split: the x, in points, between the columns). Objects whose bottoms are
    within LINE_TOLERANCE share a line (a descender lowers a bottom by a point or two)."""
    columns: dict[tuple[int, int], list] = defaultdict(list)
    for obj in text_objects(pdf):
        if family in obj.font:
            column = int(columns_split is not None and obj.bounds[0] >= columns_split)
            columns[(obj.page, column)].append(obj)
    lines = []
    for (page, _), objs in sorted(columns.items()):
        objs.sort(key=lambda o: -o.bounds[1])
        groups: list[list] = []
        for obj in objs:
            if groups and groups[-1][0].bounds[1] - obj.bounds[1] < LINE_TOLERANCE:
                groups[-1].append(obj)
            else:
                groups.append([obj])
        lines += [_line(page, group) for group in groups]
    return lines


LINE_TOLERANCE = 4.0  # points; a line of 9.5 pt type is 12 pt below the previous one


def _line(page: int, objs: list) -> Line:
    objs.sort(key=lambda o: o.bounds[0])
    text = objs[0].text
    for before, obj in zip(objs, objs[1:], strict=False):
        gap = obj.bounds[0] - before.bounds[2] > 1 and not text.endswith(" ")  # a space between runs
        text += " " * gap + obj.text
    text = text.replace("\r", "").replace("\n", " ").strip()
    fonts = frozenset(o.font.split("+")[-1] for o in objs)
    bottom = min(o.bounds[1] for o in objs)
    return Line(page, objs[0].bounds[0], max(o.bounds[2] for o in objs), bottom, text, fonts)


def word_spacing(pdf: bytes, font_size: float) -> list[tuple[int, float]]:
    """(page from 0, extra word spacing in points) of every line shown at font_size with a
    positive Tw: the justified lines."""
    reader = PdfReader(BytesIO(pdf))
    out = []
    for number, page in enumerate(reader.pages):
        size, spacing = 0.0, 0.0
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator == b"Tf":
                size = float(operands[1])
            elif operator == b"Tw":
                spacing = float(operands[0])
            elif operator == b"Tj" and spacing > 0 and abs(size - font_size) < 0.01:
                out.append((number, spacing))
            elif operator == b"BT":
                spacing = 0.0
    return out


# How a line-end hyphen reads back: reportlab's hyphen as pdfium extracts it from our subset
# fonts (U+0002), a soft hyphen's mark (U+FFFE), or a plain or Unicode hyphen.
HYPHENS = ("-", "\u2010", "\u0002", "\ufffe")


def ends_hyphenated(line: Line) -> bool:
    """Whether the line ends with a word cut by a hyphen."""
    return line.text.rstrip().endswith(HYPHENS)


def columns_of(lines: list[Line], split: float) -> dict[tuple[int, bool], list[Line]]:
    """Lines by (page, right column), top to bottom; split: the x between the columns."""
    out: dict[tuple[int, bool], list[Line]] = {}
    for line in lines:
        out.setdefault((line.page, line.left > split), []).append(line)
    return out


HYPHEN_GAP = 2  # lines: a hyphen never ends a line within this many under another (hyphenate-limit-lines)
PARAGRAPH_GAP = 1.5  # points over the leading: a wider gap between two lines parts two paragraphs (or items)
STUB_SHARE = 1 / 3  # of the column: a last line shorter than this is a stub


def line_end_faults(columns: dict[tuple[int, bool], list[Line]]) -> list[str]:
    """What a print designer refuses at line ends, column by column (list markers « – » left
    out): a hyphenated word whose tail is its paragraph's whole last line (« tra- / verse. »),
    two hyphens within HYPHEN_GAP lines of one paragraph (« envi- / … / cou- »), and a widow at a column's top:
    a paragraph carried over whose second line is a stub ending it (« … Section / Kappa. »)."""
    faults = []
    for (page, right), column in columns.items():
        where = f"p{page + 1} {'right' if right else 'left'}"
        lines = [line for line in column if line.text.strip() != "\u2013"]
        hyphens = [i for i, line in enumerate(lines) if ends_hyphenated(line)]
        faults += [
            f"{where}: stub {lines[i].text[-12:]!r} / {lines[i + 1].text!r}"
            for i in hyphens
            if i + 1 < len(lines) and len(lines[i + 1].text.strip().split(" ")) == 1
        ]
        gaps = [round(above.baseline - below.baseline, 1) for above, below in zip(lines, lines[1:], strict=False)]
        pitch = Counter(gaps).most_common(1)[0][0] if gaps else 0.0  # the leading inside a paragraph
        faults += [
            f"{where}: hyphens {b - a} lines apart: {lines[a].text[-12:]!r} {lines[b].text[-12:]!r}"
            for a, b in zip(hyphens, hyphens[1:], strict=False)
            if b - a <= HYPHEN_GAP and max(gaps[a:b]) < pitch + PARAGRAPH_GAP  # in one paragraph
        ]
        width = max(line.right - line.left for line in lines)
        # carried over: not opening on a list item's marker, nor on a capital (a paragraph's first word)
        carried = column[0].text.strip() != "\u2013" and not column[0].text.strip()[:1].isupper()
        if carried and len(lines) > 2 and lines[1].right - lines[1].left < STUB_SHARE * width:
            if lines[0].right - lines[0].left > STUB_SHARE * width and lines[1].text.rstrip().endswith("."):
                faults.append(f"{where}: widow {lines[0].text[-20:]!r} / {lines[1].text!r}")
    return faults
