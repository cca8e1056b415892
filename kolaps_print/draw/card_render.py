"""Draw layout shapes (mm, top-left origin) on a reportlab canvas (points, bottom-left origin)."""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.layout.shapes import Box, Drop, Emblem, Picture, Rule, Shape, Star, Text
from kolaps_print.layout.text_fit import width_mm
from kolaps_print.units import MM, pt
from kolaps_print.write.canvas_internals import canvas_document


class ShapePainter:
    """Paints shapes on one canvas.

    Consecutive texts go out as one PDF text object (BT ... ET), encoded by reportlab's own
    TrueType subsetter (Font.splitString): drawString opens a text object per string, which
    was most of the time spent on a thousand cards.
    """

    def __init__(self, canvas: Canvas, height_pt: float):
        self.canvas, self.height = canvas, height_pt
        self._fill: tuple | None = None
        self._doc: Any = None  # the canvas's document and its texts' operators, looked up at the first text
        self._known: dict[int, _TextOperators] = {}

    def paint(self, shapes: Iterable[Shape]) -> None:
        texts: list[Text] = []
        for shape in shapes:
            if type(shape) is Text:
                texts.append(shape)
                continue
            if texts:
                self._texts(texts)
                texts = []
            _PAINTERS[type(shape)](self, shape)
        if texts:
            self._texts(texts)

    def y(self, mm: float) -> float:
        return self.height - pt(mm)

    def fill(self, ink: tuple) -> None:
        if self._fill != ink:
            self.canvas.setFillColorCMYK(*ink)
            self._fill = ink

    def forget(self) -> None:
        """After restoreState, the fill colour is no longer what was cached."""
        self._fill = None

    def _texts(self, texts: list[Text]) -> None:
        doc, known = self._doc, self._known
        if doc is None:  # once a painter (a face): it paints the runs of texts between its boxes and rules
            doc = self._doc = canvas_document(self.canvas)  # reportlab's subsetter numbers fonts per document
            found: dict[int, _TextOperators] | None = _OPERATORS.get(doc)
            if found is None:
                found = _OPERATORS[doc] = {}
            known = self._known = found
        out = ["BT"]
        add = out.append
        font_key, fill, height = None, self._fill, self.height
        for t in texts:
            ops = known.get(id(t))
            if ops is None or ops.text() is not t or ops.height != height:
                ops = self._operators(doc, t)
                if len(known) >= KNOWN_TEXTS:
                    known.clear()
                known[id(t)] = ops
            if t.colour != fill:
                add(ops.colour)
                fill = t.colour
            if not t.follows:
                add(ops.place)
            if ops.before:
                out += ops.before
            for key, font, show in ops.runs:
                if key != font_key:
                    add(font)
                    font_key = key
                add(show)
            if ops.after:
                out += ops.after
        self._fill = fill
        add("ET")
        self.canvas.addLiteral("\n".join(out))

    def _operators(self, doc, t: Text) -> _TextOperators:
        """t's PDF operators, as _texts writes them; which of them it writes depends on what the
        texts before it left set (fill colour, font)."""
        x = t.x
        if t.align != "left":
            w = t.width or _measured(t.text, t.font, t.size, t.tracking)
            x -= w if t.align == "right" else w / 2
        size = fp_str(t.size)
        runs = tuple(
            ((subset_name, t.size), f"{subset_name} {size} Tf", f"({data}) Tj")
            for subset_name, data in _encoded(doc, t.font, t.text)
        )
        before = ([f"{fp_str(t.tracking)} Tc"] if t.tracking else []) + (
            [f"{fp_str(t.word_space)} Tw"] if t.word_space else []
        )
        after = (["0 Tc"] if t.tracking else []) + (["0 Tw"] if t.word_space else [])
        place = f"1 0 0 1 {fp_str(pt(x), self.y(t.y))} Tm"
        known = self._known
        key = id(t)

        def forget(ref: weakref.ref) -> None:  # t is gone: its id may be another text's next
            if (ops := known.get(key)) is not None and ops.text is ref:
                del known[key]

        text = weakref.ref(t, forget)
        return _TextOperators(text, self.height, f"{fp_str(*t.colour)} k", place, before, runs, after)


# a right-aligned or centred text's width, measured once per text: the foot band's texts and the
# copies' « 1/2 » are the same on every card of a deck
_measured = lru_cache(maxsize=4096)(width_mm)

_ENCODED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class _TextOperators(NamedTuple):
    """A text's operators on a page of this height: the body of a card is the same Text
    objects on every card with the same weapons and specialisations (FrontBuilder._body)."""

    text: weakref.ref  # to the text: a text drawn once (a card's name) is not kept for this
    height: float
    colour: str
    place: str
    before: list[str]
    runs: tuple[tuple[tuple[str, float], str, str], ...]  # (font key, Tf, Tj)
    after: list[str]


# each document's living texts' operators by id(text); emptied when full
_OPERATORS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
KNOWN_TEXTS = 8192


def forget_encoded_texts(canvas: Canvas) -> None:
    """The canvas's drawing is done: its texts' encodings go before its PDF is made, not after
    (a name a card: 3 MiB at 10,000 distinct characters, at the run's peak)."""
    _ENCODED.pop(canvas_document(canvas), None)
    _OPERATORS.pop(canvas_document(canvas), None)


def _encoded(doc, font_name: str, text: str) -> list[tuple[str, str]]:
    """text as (subset font name, escaped bytes) runs for this document, computed once.

    Subsets are numbered per document in first-use order, so a cached answer stays right
    for the rest of that document; weapon names and rules texts repeat on every card.
    """
    cache = _ENCODED.get(doc)
    if cache is None:
        cache = _ENCODED[doc] = {}
    key = (font_name, text)
    runs = cache.get(key)
    if runs is None:
        font = getFont(font_name)
        runs = [
            (font.getSubsetInternalName(subset, doc), _escape(data)) for subset, data in font.splitString(text, doc)
        ]
        cache[key] = runs
    return runs


def _escape(data: bytes) -> str:
    return escapePDF(data)


def _box(p: ShapePainter, b: Box) -> None:
    # pt and p.y written out (the same products): every card's bands are two boxes
    c, fill, stroke = p.canvas, b.fill, b.stroke
    if fill and p._fill != fill:
        c.setFillColorCMYK(*fill)
        p._fill = fill
    if stroke:
        c.setStrokeColorCMYK(*stroke)
        c.setLineWidth(b.line_pt)
    x, y, w, h = b.x * MM, p.height - (b.y + b.height) * MM, b.width * MM, b.height * MM
    if b.radius:
        c.roundRect(x, y, w, h, b.radius * MM, stroke=1 if stroke else 0, fill=1 if fill else 0)
    else:
        c.rect(x, y, w, h, stroke=1 if stroke else 0, fill=1 if fill else 0)


def _rule(p: ShapePainter, r: Rule) -> None:
    c = p.canvas
    c.setStrokeColorCMYK(*r.colour)
    c.setLineWidth(r.line_pt)
    if r.cap == "round":
        c.setLineCap(1)
    c.line(pt(r.x1), p.y(r.y1), pt(r.x2), p.y(r.y2))
    if r.cap == "round":
        c.setLineCap(0)


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
    c.setStrokeColorCMYK(*d.stroke)
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


def _emblem(p: ShapePainter, e: Emblem) -> None:
    c = p.canvas
    p.fill(e.fill)
    if e.sides == 0:
        c.circle(pt(e.cx), p.y(e.cy), pt(e.radius), stroke=0, fill=1)
        return
    path = c.beginPath()
    (x0, y0), *others = _emblem_corners(e, p.height)
    path.moveTo(x0, y0)
    for x, y in others:
        path.lineTo(x, y)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


@lru_cache(maxsize=64)
def _emblem_corners(e: Emblem, height_pt: float) -> tuple[tuple[float, float], ...]:
    """The polygon's corners in points, computed once: the same emblem is in every card's bands."""
    corners = []
    for i in range(e.sides):
        angle = math.radians(e.rotation) + i * 2 * math.pi / e.sides
        corners.append(
            (pt(e.cx) + pt(e.radius) * math.cos(angle), height_pt - pt(e.cy) + pt(e.radius) * math.sin(angle))
        )
    return tuple(corners)


def _picture(p: ShapePainter, pic: Picture) -> None:
    """The image scaled to cover its box (cropped, never stretched)."""
    c = p.canvas
    stat = pic.path.stat()
    reader = _image(pic.path, stat.st_mtime_ns, stat.st_size)
    iw, ih = reader.getSize()
    bw, bh = pt(pic.width), pt(pic.height)
    scale = max(bw / iw, bh / ih)
    x0, y0 = pt(pic.x), p.y(pic.y + pic.height)
    c.saveState()
    clip = c.beginPath()
    clip.rect(x0, y0, bw, bh)
    c.clipPath(clip, stroke=0, fill=0)
    c.drawImage(reader, x0 + (bw - iw * scale) / 2, y0 + (bh - ih * scale) / 2, iw * scale, ih * scale, mask="auto")
    c.restoreState()
    p.forget()


@lru_cache(maxsize=64)
def _image(path: Path, mtime_ns: int, size: int) -> ImageReader:
    """One reader per image file version: reportlab hashes its pixels on every drawImage, once here."""
    from kolaps_print.layout.portraits import load_portrait  # Pillow and KOLAPS's card layout: for a picture only

    return ImageReader(load_portrait(path).image)


# each painter takes the shape of its key type
_PAINTERS: dict[type, Callable[[ShapePainter, Any], None]] = {
    Box: _box,
    Rule: _rule,
    Drop: _drop,
    Star: _star,
    Emblem: _emblem,
    Picture: _picture,
}
