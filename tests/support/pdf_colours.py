"""Colours as the PDFs carry them: the colour operators of every content stream (pages and the
forms they draw), and what pdfium reads back for a colour of ours."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from io import BytesIO

from pdf_text import text_objects
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.fonts import SANS, register_fonts

COLOUR_OPERATORS = {"rg", "RG", "k", "K", "g", "G", "sc", "SC", "scn", "SCN", "cs", "CS"}
TEXT_SHOWING = {"Tj", "TJ", "'", '"'}


@dataclass(frozen=True)
class TextFill:
    page: int  # from 0
    operator: str  # the fill operator in force when the text was shown: "k", "rg", "g"...
    values: tuple[float, ...]
    size: float  # the font size set with Tf (points, before any scaling)
    length: int  # bytes shown: a long run of body text weighs more than a dot leader


def colour_operators(pdf: bytes) -> list[tuple[int, str, tuple[float, ...]]]:
    """(page, operator, operands) for every colour operator, forms included."""
    return [item for page, ops in _pages(pdf) for item in _colour_ops(page, ops)]


def text_fills(pdf: bytes) -> list[TextFill]:
    """The fill colour in force at every text-showing operator, with q/Q followed."""
    out: list[TextFill] = []
    for page, ops in _pages(pdf):
        fill: tuple[str, tuple[float, ...]] = ("g", (0.0,))  # the PDF's initial fill
        size, stack = 0.0, []
        for operands, op in ops:
            if op == "q":
                stack.append(fill)
            elif op == "Q" and stack:
                fill = stack.pop()
            elif op in ("rg", "k", "g", "sc", "scn"):
                fill = (op, tuple(float(v) for v in operands if not isinstance(v, str)))
            elif op == "Tf":
                size = float(operands[1])
            elif op in TEXT_SHOWING:
                out.append(TextFill(page, fill[0], fill[1], size, _shown_length(operands)))
    return out


def _shown_length(operands) -> int:
    shown = operands[-1]
    parts = shown if isinstance(shown, list) else [shown]
    return sum(len(part) for part in parts if isinstance(part, (str, bytes)))


def _colour_ops(page: int, ops):
    for operands, op in ops:
        if op in COLOUR_OPERATORS:
            yield page, op, tuple(float(v) for v in operands if isinstance(v, (int, float)))


def _pages(pdf: bytes):
    """(page, operations) per page: its own content, then each form it draws, depth first."""
    reader = PdfReader(BytesIO(pdf))
    for number, page in enumerate(reader.pages):
        ops: list = []
        _walk(reader, page.get_contents(), page.get("/Resources"), ops, set())
        yield number, ops


def _walk(reader, stream, resources, ops: list, seen: set) -> None:
    if stream is None:
        return
    for operands, op in ContentStream(stream, reader).operations:
        ops.append((operands, op.decode("latin-1")))
    forms = (resources or {}).get("/XObject") or {}
    for name in forms:
        form = forms[name].get_object()
        key = id(form)
        if form.get("/Subtype") == "/Form" and key not in seen:
            seen.add(key)
            _walk(reader, form, form.get("/Resources"), ops, seen)


@cache
def _seen_cmyk(cmyk: tuple[float, ...]) -> tuple[int, int, int]:
    register_fonts()
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(100, 40))
    canvas.setFillColorCMYK(*cmyk)
    canvas.setFont(SANS, 10)
    canvas.drawString(10, 10, "x")
    canvas.save()
    return text_objects(buffer.getvalue())[0].fill


def seen(colour: Color | tuple[float, ...]) -> tuple[int, int, int]:
    """The fill pdfium reports (text_objects) for a CMYK colour of ours: its own conversion."""
    return _seen_cmyk(tuple(colour.cmyk()) if isinstance(colour, Color) else tuple(colour))
