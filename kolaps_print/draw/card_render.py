"""Draw layout shapes (mm, top-left origin) on a reportlab canvas (points, bottom-left origin)."""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.layout.shapes import Box, Drop, Picture, Rule, Shape, Star, Text
from kolaps_print.layout.text_fit import width_mm
from kolaps_print.layout.units import pt


class ShapePainter:
    """Paints shapes on one canvas, skipping font and colour changes that change nothing."""

    def __init__(self, canvas: Canvas, height_pt: float):
        self.canvas, self.height = canvas, height_pt
        self._font: tuple[str, float] | None = None
        self._fill: tuple | None = None

    def paint(self, shapes: Iterable[Shape]) -> None:
        for shape in shapes:
            _PAINTERS[type(shape)](self, shape)

    def y(self, mm: float) -> float:
        return self.height - pt(mm)

    def font(self, name: str, size: float) -> None:
        if self._font != (name, size):
            self.canvas.setFont(name, size)
            self._font = (name, size)

    def fill(self, rgb: tuple) -> None:
        if self._fill != rgb:
            self.canvas.setFillColorRGB(*rgb)
            self._fill = rgb

    def forget(self) -> None:
        """After restoreState or a form, the canvas state is no longer what was cached."""
        self._font = self._fill = None


def _text(p: ShapePainter, t: Text) -> None:
    p.font(t.font, t.size)
    p.fill(t.colour)
    x = t.x
    if t.align != "left":
        w = t.width or width_mm(t.text, t.font, t.size, t.tracking)
        x -= w if t.align == "right" else w / 2
    if t.tracking:
        p.canvas.drawString(pt(x), p.y(t.y), t.text, charSpace=t.tracking)
    else:
        p.canvas.drawString(pt(x), p.y(t.y), t.text)


def _box(p: ShapePainter, b: Box) -> None:
    c = p.canvas
    if b.fill:
        p.fill(b.fill)
    if b.stroke:
        c.setStrokeColorRGB(*b.stroke)
        c.setLineWidth(b.line_pt)
    x, y, w, h = pt(b.x), p.y(b.y + b.height), pt(b.width), pt(b.height)
    if b.radius:
        c.roundRect(x, y, w, h, pt(b.radius), stroke=int(bool(b.stroke)), fill=int(bool(b.fill)))
    else:
        c.rect(x, y, w, h, stroke=int(bool(b.stroke)), fill=int(bool(b.fill)))


def _rule(p: ShapePainter, r: Rule) -> None:
    c = p.canvas
    c.setStrokeColorRGB(*r.colour)
    c.setLineWidth(r.line_pt)
    c.line(pt(r.x1), p.y(r.y1), pt(r.x2), p.y(r.y2))


def _drop(p: ShapePainter, d: Drop) -> None:
    """A blood drop: a circle below, drawn to a point above."""
    c = p.canvas
    r = min(d.width, d.height * 0.75) / 2
    cx, cy = pt(d.x + d.width / 2), p.y(d.y + d.height - r)
    tip = p.y(d.y)
    rp = pt(r)
    k = 0.5523 * rp  # bezier handle for a quarter circle
    path = c.beginPath()
    path.moveTo(cx, tip)
    path.curveTo(cx + rp * 0.25, tip - (tip - cy) * 0.35, cx + rp, cy + k, cx + rp, cy)
    path.curveTo(cx + rp, cy - k, cx + k, cy - rp, cx, cy - rp)
    path.curveTo(cx - k, cy - rp, cx - rp, cy - k, cx - rp, cy)
    path.curveTo(cx - rp, cy + k, cx - rp * 0.25, tip - (tip - cy) * 0.35, cx, tip)
    path.close()
    c.setStrokeColorRGB(*d.stroke)
    c.setLineWidth(d.line_pt)
    c.drawPath(path, stroke=1, fill=0)


def _star(p: ShapePainter, s: Star) -> None:
    c = p.canvas
    path = c.beginPath()
    for i in range(10):
        radius = pt(s.radius) * (1 if i % 2 == 0 else 0.42)
        angle = math.pi / 2 + i * math.pi / 5
        x, y = pt(s.cx) + radius * math.cos(angle), p.y(s.cy) + radius * math.sin(angle)
        path.moveTo(x, y) if i == 0 else path.lineTo(x, y)
    path.close()
    p.fill(s.fill)
    c.drawPath(path, stroke=0, fill=1)


def _picture(p: ShapePainter, pic: Picture) -> None:
    """The image scaled to cover its box (cropped, never stretched)."""
    c = p.canvas
    reader = _image(pic.path)
    iw, ih = reader.getSize()
    bw, bh = pt(pic.width), pt(pic.height)
    scale = max(bw / iw, bh / ih)
    x0, y0 = pt(pic.x), p.y(pic.y + pic.height)
    c.saveState()
    clip = c.beginPath()
    clip.rect(x0, y0, bw, bh)
    c.clipPath(clip, stroke=0, fill=0)
    c.drawImage(reader, x0 + (bw - iw * scale) / 2, y0 + (bh - ih * scale) / 2, iw * scale, ih * scale)
    c.restoreState()
    p.forget()


@lru_cache(maxsize=256)
def _image(path: Path) -> ImageReader:
    return ImageReader(str(path))


_PAINTERS = {Text: _text, Box: _box, Rule: _rule, Drop: _drop, Star: _star, Picture: _picture}
