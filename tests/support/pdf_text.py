"""The text of each page of a PDF as pdfium extracts it: what a reader (or a search) sees."""

import ctypes
import re
from dataclasses import dataclass
from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c


def as_printed(text: str) -> str:
    """A label or data text as a PDF reader gives it back: reportlab draws a no-break space
    (U+00A0) with the space's code, so it reads as an ordinary space."""
    return text.replace("\u00a0", " ")


def flat(text: str) -> str:
    """Text on one line: every run of spaces (no-break ones too, and line ends) one plain space."""
    return re.sub(r"[\s\u202f\u00a0]+", " ", text).strip()


def page_texts(pdf: bytes) -> list[str]:
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        return [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()


def split_across_lines(pdf: bytes, phrase: str) -> list[int]:
    """The pages (from 1) where phrase reads whole but is broken across two lines somewhere."""
    return [
        i + 1
        for i, text in enumerate(page_texts(pdf))
        if flat(text).count(phrase) != with_line_ends(text).count(phrase)
    ]


def with_line_ends(text: str) -> str:
    """A page's text with its line ends kept, every other run of spaces one plain space."""
    return re.sub(r"[ \t\u00a0\u202f]+", " ", text)


def carried_on(lines: list[str]) -> list[str]:
    """lines with a sentence broken across lines read as one: a line that starts in lower case
    carries on the one above when that one has not ended its sentence (backs13: « Seuils
    ASSOMMANT / et COUPS : voir l’aide. » set beside a track's last row on two lines)."""
    out: list[str] = []
    for line in lines:
        stripped = line.strip()
        if out and stripped[:1].islower() and not out[-1].endswith("."):
            out[-1] = f"{out[-1]} {stripped}"
        else:
            out.append(stripped)
    return out


@dataclass(frozen=True)
class TextObject:
    page: int  # from 0
    text: str
    font: str  # the base font name, subset prefix included
    fill: tuple[int, int, int]  # 0-255
    bounds: tuple[float, float, float, float]  # left, bottom, right, top in points
    size: float = 0.0  # points as set: its font size times its matrix's vertical scale


def text_objects(pdf: bytes, page_space: bool = False) -> list[TextObject]:
    """Every text object of every page with its fill colour, font and box: what is printed, and how.
    A text inside a form XObject has its box in the form's space as pdfium gives it, or on the
    page with page_space."""
    out = []
    for i, obj in _text_objects(pdf):
        rgba = [ctypes.c_uint() for _ in range(4)]
        pdfium_c.FPDFPageObj_GetFillColor(obj.raw, *rgba)
        size = ctypes.c_float()
        pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
        out.append(
            TextObject(
                i,
                obj.extract(),
                obj.get_font().get_base_name(),
                tuple(c.value for c in rgba[:3]),
                page_bounds(obj) if page_space else tuple(obj.get_bounds()),
                round(size.value * obj.get_matrix().d, 2),
            )
        )
    return out


def _text_objects(pdf: bytes, max_depth: int = 15):
    """(page index, pdfium text object) for every text object, bound to its page's text."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        for i in range(len(document)):
            for obj in page_text_objects(document[i], max_depth):
                yield i, obj
    finally:
        document.close()


def page_text_objects(page, max_depth: int = 15):
    """A pdfium page's text objects, each bound to the page's text so that extract() works.
    Bound by attribute, not get_objects(textpage=...), which pypdfium2 5.1 (our minimum) lacks."""
    textpage = page.get_textpage()
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT], max_depth=max_depth):
        obj.textpage = textpage
        yield obj


def page_bounds(obj) -> tuple[float, float, float, float]:
    """An object's box on the page: pdfium gives an object inside a form XObject its box in the
    form's own space, so the form's matrices (the outermost last) are applied to its corners."""
    left, bottom, right, top = obj.get_bounds()
    corners = [(left, bottom), (left, top), (right, bottom), (right, top)]
    form = obj.container
    while form is not None:
        matrix = form.get_matrix()
        corners = [matrix.on_point(x, y) for x, y in corners]
        form = form.container
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True)
class SetText:
    page: int  # from 0
    text: str
    font: str  # the base font name, subset prefix included
    size: float  # points, as set on the page
    baseline: float  # the origin's height on the page, points
    bounds: tuple[float, float, float, float]  # left, bottom, right, top in points


def set_texts(pdf: bytes) -> list[SetText]:
    """Every text object of every page with its size and baseline: where and how big type is set
    (objects drawn on the page itself, not inside form XObjects)."""
    out = []
    for i, obj in _text_objects(pdf, max_depth=1):
        matrix, size = obj.get_matrix(), ctypes.c_float()
        pdfium_c.FPDFTextObj_GetFontSize(obj.raw, size)
        font = obj.get_font().get_base_name()
        out.append(SetText(i, obj.extract(), font, size.value * matrix.d, matrix.f, tuple(obj.get_bounds())))
    return out
