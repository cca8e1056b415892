"""A table's paint read back from a PDF page with pdfium: the fill of its head row, the fills of
its body rows, the rules across it (weight and colour) and its heads' type, found from the text
of one of its column heads. What a printer inks, whatever drew it (our shapes or reportlab's Table)."""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pdf_text import page_bounds, text_objects  # tests/support

Box = tuple[float, float, float, float]  # left, bottom, right, top (pt, on the page)
RGB = tuple[int, int, int]
EDGE = 1.0  # pt: two edges this close are one (rounding; pdfium widens a stroke's box by its weight)


@dataclass(frozen=True)
class PathPaint:
    box: Box
    fill: RGB | None  # None: not filled
    stroke: RGB | None  # None: not stroked
    stroke_pt: float


@dataclass(frozen=True)
class TablePaint:
    head_fill: RGB
    head_texts: tuple[tuple[str, RGB], ...]  # (font's base name, fill) of each head text
    rows: tuple[RGB, ...]  # each body row's fill, top down (white: paper, painted or not)
    rules: tuple[tuple[float, RGB, float], ...]  # (height on the page, colour, weight) of each rule across it, top down
    head_bottom: float
    foot: float  # the last row's bottom
    first_column: tuple[str, ...] = ()  # the font's base name of each body text in the first column
    heads: tuple[tuple[str, float], ...] = ()  # each head text and its left edge, left to right
    span: tuple[float, float] = (0.0, 0.0)  # the head row's fill, left and right


def _rgb(obj, getter) -> RGB:
    rgba = [ctypes.c_uint() for _ in range(4)]
    getter(obj.raw, *rgba)
    return tuple(c.value for c in rgba[:3])  # type: ignore[return-value]


def _scale(obj) -> float:
    scale, node = 1.0, obj
    while node is not None:
        m = node.get_matrix()
        scale *= math.sqrt(abs(m.a * m.d - m.b * m.c))
        node = node.container
    return scale


def path_paints(pdf: bytes, page: int) -> list[PathPaint]:
    """Every path object of the page, forms' included, with its fill, stroke and stroke weight."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        out = []
        for obj in document[page].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8):
            mode, stroked = ctypes.c_int(), ctypes.c_int()
            pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(mode), ctypes.byref(stroked))
            width = ctypes.c_float()
            pdfium_c.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
            out.append(
                PathPaint(
                    page_bounds(obj),
                    _rgb(obj, pdfium_c.FPDFPageObj_GetFillColor) if mode.value else None,
                    _rgb(obj, pdfium_c.FPDFPageObj_GetStrokeColor) if stroked.value else None,
                    round(width.value * _scale(obj), 3),
                )
            )
        return out
    finally:
        document.close()


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= EDGE


def _one_line(a: Box, b: Box) -> bool:
    """Two texts of one line: their tops within 2 pt (a descender moves a bottom, an ascender a top a little)."""
    return abs(a[3] - b[3]) <= 2


def table_paint(pdf: bytes, first_head: str, second_head: str) -> TablePaint:
    """The paint of the first table whose head row reads first_head then second_head (on one line)."""
    texts = text_objects(pdf, page_space=True)
    for first in (t for t in texts if t.text.strip() == first_head):
        row = [t for t in texts if t.page == first.page and _one_line(t.bounds, first.bounds)]
        if any(t.text.strip() == second_head and t.bounds[0] > first.bounds[2] for t in row):
            return _read(pdf, first, row)
    raise AssertionError(f"no table headed « {first_head} », « {second_head} »")


def table_paint_at(pdf: bytes, head) -> TablePaint:
    """The paint of the table whose head row holds the text object head (page space)."""
    texts = text_objects(pdf, page_space=True)
    return _read(pdf, head, [t for t in texts if t.page == head.page and _one_line(t.bounds, head.bounds)])


def head_rows(pdf: bytes, first_head: str, second_head: str) -> int:
    """How many times a head row reading first_head then second_head (on one line) is printed: a
    table split over columns or pages repeats its head row over its second part."""
    texts = text_objects(pdf, page_space=True)
    lines = {
        (first.page, round(first.bounds[3]))  # a folded table's head row reads its pair several times
        for first in texts
        if first.text.strip() == first_head
        and any(
            t.text.strip() == second_head
            and t.page == first.page
            and _one_line(t.bounds, first.bounds)
            and 0 < t.bounds[0] - first.bounds[2] < 200
            for t in texts
        )
    }
    return len(lines)


def _light(fill) -> bool:
    """A row's shade, not a rule's ink: a thin strip of it is a row's sliver (a text set under its
    row ends on one, words19's « Ex. : »), read with the rows."""
    return min(fill) > 200


def _read(pdf: bytes, head, head_row) -> TablePaint:
    paths = path_paints(pdf, head.page)
    x, y = (head.bounds[0] + head.bounds[2]) / 2, (head.bounds[1] + head.bounds[3]) / 2
    wide = [p for p in paths if p.fill and p.box[2] - p.box[0] > 3 * (head.bounds[2] - head.bounds[0])]
    holding = [p for p in wide if p.box[0] <= x <= p.box[2] and p.box[1] <= y <= p.box[3]]
    head_box = min(holding, key=lambda p: (p.box[2] - p.box[0]) * (p.box[3] - p.box[1]))
    left, bottom, right, _ = head_box.box
    across = [p for p in paths if _near(p.box[0], left) and _near(p.box[2], right)]
    rows, top = [], bottom
    while True:  # the fills stacked under the head, each starting where the one above ends
        below = [p for p in across if p.fill and (p.box[3] - p.box[1] > 2 or _light(p.fill)) and _near(p.box[3], top)]
        if not below:
            break
        top = below[-1].box[1]
        rows.append(below[-1].fill)
    rule_like = [p for p in across if p.box[3] - p.box[1] <= 2 and (p.stroke or (p.fill and not _light(p.fill)))]
    rules = sorted(
        (((p.box[1] + p.box[3]) / 2, p.stroke or p.fill, p.stroke_pt if p.stroke else p.box[3] - p.box[1]))
        for p in rule_like
        if top - EDGE <= (p.box[1] + p.box[3]) / 2 <= bottom + EDGE
    )[::-1]
    inside = [
        (t.font, t.fill)
        for t in text_objects(pdf, page_space=True)
        if t.page == head.page
        and left <= t.bounds[0]
        and t.bounds[2] <= right
        and bottom <= t.bounds[1] <= head_box.box[3]
    ]
    heads = sorted((t for t in head_row if t.text.strip() and left <= t.bounds[0] < right), key=lambda t: t.bounds[0])
    edge = heads[1].bounds[0] if len(heads) > 1 else right  # the second head's left: the first column ends before
    first = tuple(
        t.font
        for t in text_objects(pdf, page_space=True)
        if t.page == head.page
        and t.text.strip()
        and left <= t.bounds[0]
        and t.bounds[2] <= edge
        and top - EDGE <= t.bounds[1]
        and t.bounds[3] <= bottom + EDGE
    )
    lefts = tuple((t.text.strip(), t.bounds[0]) for t in heads)
    return TablePaint(head_box.fill, tuple(inside), tuple(rows), tuple(rules), bottom, top, first, lefts, (left, right))  # type: ignore[arg-type]
