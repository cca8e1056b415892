"""Stroked lines of a PDF page as the content stream draws them, in page coordinates (pt),
with their line width and stroke grey: what a printer inks, read without rendering."""

from __future__ import annotations

import math
from dataclasses import dataclass
from io import BytesIO

from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass(frozen=True)
class Stroke:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float  # pt, scaled by the transformation in force
    colour: tuple  # the stroke colour operands: (0.0,) is DeviceGray black

    @property
    def length(self) -> float:
        return math.hypot(self.x2 - self.x1, self.y2 - self.y1)


def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def stroked_segments(pdf: bytes, page: int = 0) -> list[Stroke]:
    """Every straight segment (m/l) of every stroked path on the page."""
    reader = PdfReader(BytesIO(pdf))
    ops = ContentStream(reader.pages[page].get_contents(), reader).operations
    ctm, stack = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), []
    width, colour = 1.0, (0.0,)
    path: list[tuple[float, float, float, float]] = []
    current = (0.0, 0.0)
    out = []

    def at(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = ctm
        return a * x + c * y + e, b * x + d * y + f

    for operands, op in ops:
        if op == b"q":
            stack.append((ctm, width, colour))
        elif op == b"Q":
            ctm, width, colour = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == b"w":
            width = float(operands[0]) * math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))
        elif op in (b"G", b"RG", b"K"):
            colour = tuple(float(v) for v in operands)
        elif op == b"m":
            current = at(float(operands[0]), float(operands[1]))
        elif op == b"l":
            end = at(float(operands[0]), float(operands[1]))
            path.append((*current, *end))
            current = end
        elif op in (b"S", b"s", b"B", b"b", b"B*", b"b*"):
            out += [Stroke(*seg, width, colour) for seg in path]
            path = []
        elif op in (b"f", b"f*", b"n", b"F"):
            path = []
    return out
