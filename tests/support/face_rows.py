"""What a card face prints, as rectangles in page space (pt), read back from the PDF: its dark
text lines (with their size and baseline: which lines are one paragraph's) and its tick boxes,
to measure the air between them. Objects inside form XObjects are placed on the page."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pdf_text import page_bounds, page_text_objects  # tests/support

MM = 72 / 25.4


@dataclass(frozen=True)
class Printed:
    kind: str  # "text" or "box"
    rect: tuple[float, float, float, float]  # left, bottom, right, top
    size: float = 0.0  # a text's size (pt)
    baseline: float = 0.0  # a text's baseline on the page (pt)
    text: str = ""


def _on_page(obj, x: float, y: float) -> tuple[float, float]:
    form = obj.container
    while form is not None:
        x, y = form.get_matrix().on_point(x, y)
        form = form.container
    return x, y


def face_printed(pdf: bytes, page: int, box_mm: tuple[float, float] = (2.5, 7.0)) -> list[Printed]:
    """The page's text objects not in white (the bands' texts are white) and its square paths
    between box_mm's sides (tick boxes, the tinted ones below zero too; rules and marks are thin)."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        pdf_page = document[page]
        out = []
        for obj in page_text_objects(pdf_page):
            rgba = [ctypes.c_uint() for _ in range(4)]
            pdfium_c.FPDFPageObj_GetFillColor(obj.raw, *rgba)
            if all(c.value >= 250 for c in rgba[:3]) or not obj.extract().strip():
                continue
            size = ctypes.c_float()
            pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
            matrix = obj.get_matrix()
            _, baseline = _on_page(obj, matrix.e, matrix.f)
            out.append(Printed("text", page_bounds(obj), round(size.value * matrix.d, 2), baseline, obj.extract()))
        low, high = box_mm[0] * MM, box_mm[1] * MM
        for obj in pdf_page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8):
            left, bottom, right, top = page_bounds(obj)
            w, h = right - left, top - bottom
            if low <= w <= high and abs(w - h) < 0.05 * w:
                out.append(Printed("box", (left, bottom, right, top)))
        return out
    finally:
        document.close()


def _lines(printed: list[Printed]) -> list[Printed]:
    """Text objects on one baseline (a bold lead and its text, a head and its aside) as one line."""
    lines: list[Printed] = []
    for p in sorted((p for p in printed if p.kind == "text"), key=lambda p: (-p.baseline, p.rect[0])):
        if lines and abs(lines[-1].baseline - p.baseline) < 0.3 and p.rect[0] - lines[-1].rect[2] < 20:
            a, b = lines[-1].rect, p.rect
            rect = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
            size = max(lines[-1].size, p.size)
            lines[-1] = Printed("text", rect, size, p.baseline, lines[-1].text + " " + p.text)
        else:
            lines.append(p)
    return lines


def _one_paragraph(a: Printed, b: Printed, leading: float) -> bool:
    """Two text lines of one paragraph (or of a legend's lines, set solid): one size, their
    baselines a leading apart."""
    return a.size == b.size and abs(a.baseline - b.baseline) <= leading * a.size


def tightest_gaps(printed: list[Printed], leading: float) -> list[tuple[float, Printed, Printed]]:
    """(air in mm, upper, lower) between every two things one above the other that share some
    width, least first: a text line and a row of boxes, two blocks' lines. Not counted: the lines
    of one paragraph (their leading is the type's) and two boxes (a track's grid, a column of
    checkboxes: their pitch is the boxes')."""
    things = _lines(printed) + [p for p in printed if p.kind == "box"]
    gaps = []
    for i, a in enumerate(things):
        for b in things[i + 1 :]:
            upper, lower = (a, b) if a.rect[1] >= b.rect[1] else (b, a)
            if upper.rect[0] >= lower.rect[2] or lower.rect[0] >= upper.rect[2]:
                continue  # side by side, not one above the other
            if upper.kind == lower.kind == "box":
                continue
            if upper.kind == lower.kind == "text" and _one_paragraph(upper, lower, leading):
                continue
            air = upper.rect[1] - lower.rect[3]
            if air <= 0:
                continue  # on one row (a checkbox and its label)
            gaps.append((air / MM, upper, lower))
    return sorted(gaps, key=lambda g: g[0])
