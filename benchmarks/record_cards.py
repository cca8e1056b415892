"""Record the canvas operations kolaps-print's card job emits, for bare_replay.py (not timed).

The job runs for real (load, layout, imposition) on a recording stand-in for the canvas, so
the bare script draws exactly what ours draws, whatever shapes the painters use today:
forms where ours makes forms, and each run of texts as one text object with the positions
our painter computed.
"""

from __future__ import annotations

import marshal
from pathlib import Path

from reportlab.lib.colors import CMYKColor
from reportlab.pdfbase import pdfmetrics


class RecordedPath:
    def __init__(self) -> None:
        self.ops: list = []

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args: self.ops.append((name, list(args)))


def _plain(value):
    """value in what marshal can write: paths and CMYK colours as tagged tuples."""
    if isinstance(value, RecordedPath):
        return ("path", value.ops)
    if isinstance(value, CMYKColor):
        return ("cmyk", value.cyan, value.magenta, value.yellow, value.black, value.alpha)
    if isinstance(value, tuple):
        return list(value)
    return value


class RecordingCanvas:
    """Stands in for reportlab's Canvas: every call is written down, nothing is drawn."""

    def __init__(self, pagesize) -> None:
        self.pagesize, self.ops = tuple(pagesize), []

    def beginPath(self) -> RecordedPath:
        return RecordedPath()

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)

        def call(*args, **kwargs):
            self.ops.append((name, [_plain(a) for a in args], {k: _plain(v) for k, v in kwargs.items()}))

        return call


def _record_texts(painter, texts) -> None:
    """ShapePainter._texts, written down: where each string starts, in points."""
    from kolaps_print.layout.text_fit import width_mm
    from kolaps_print.units import pt

    run = []
    for t in texts:
        x = t.x
        if t.align != "left":
            w = t.width or width_mm(t.text, t.font, t.size, t.tracking)
            x -= w if t.align == "right" else w / 2
        run.append((t.font, float(t.size), tuple(t.colour), pt(x), painter.y(t.y), t.text, float(t.tracking or 0)))
    painter.canvas.ops.append(("texts", run, {}))
    painter._fill = texts[-1].colour


def record(army: Path, out: Path) -> int:
    """Write the operations of army's cards PDF (default options) to out; the number of operations."""
    from kolaps_print.draw import card_render
    from kolaps_print.fonts import SANS
    from kolaps_print.impose import render
    from kolaps_print.jobs.cards import build_cards
    from kolaps_print.model.army_book import load_army

    made: list[RecordingCanvas] = []

    def new_canvas(buffer, pagesize, meta):
        made.append(RecordingCanvas(pagesize))
        return made[0]

    render.new_canvas, card_render.ShapePainter._texts = new_canvas, _record_texts
    # Pages compressed as they close: reportlab's work in save() done earlier, not a canvas call
    # (bare_replay's save() compresses them, the same work).
    render.compress_closed_page = lambda canvas: None
    # Form references shared between pages and the texts' cached encodings let go: memory work on
    # reportlab's document (the same bytes), not canvas calls; the stand-in canvas has no document.
    render.share_form_references = render.forget_encoded_texts = lambda canvas: None
    build_cards(load_army(army))
    canvas = made[0]
    fonts = {SANS} | {t[0] for op in canvas.ops if op[0] == "texts" for t in op[1]}
    recorded = {
        "pagesize": list(canvas.pagesize),
        "initial_font": SANS,
        "fonts": [(name, pdfmetrics.getFont(name).face.filename) for name in sorted(fonts)],
        "ops": [op for op in canvas.ops if op[0] != "getpdfdata"],  # bare_replay saves to its file itself
    }
    out.write_bytes(marshal.dumps(recorded))
    return len(canvas.ops)


if __name__ == "__main__":
    import sys

    print(record(Path(sys.argv[1]), Path(sys.argv[2])))
