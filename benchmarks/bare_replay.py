"""The bare-reportlab side of bench_cards.py, run as its own process: replay recorded canvas
operations with plain reportlab calls and write the PDF.

    python benchmarks/bare_replay.py ops.marshal out.pdf

Same techniques as kolaps-print: forms (beginForm/doForm) where it uses forms, rl_accel,
one text object per run of texts, same TrueType fonts, page compression. Only reportlab is
imported: no YAML, no model, no layout, no fitting.
"""

import marshal
import sys

from reportlab.lib.colors import CMYKColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas


def replay_path(canvas, ops):
    path = canvas.beginPath()
    for name, args in ops:
        getattr(path, name)(*args)
    return path


def replay_value(canvas, value):
    """A recorded argument: paths and CMYK colours come as tagged tuples."""
    if type(value) is tuple and value:
        if value[0] == "path":
            return replay_path(canvas, value[1])
        if value[0] == "cmyk":
            return CMYKColor(*value[1:5], alpha=value[5])
    return value


def replay_texts(canvas, run):
    text = canvas.beginText()
    font = colour = None
    for name, size, fill, x, y, chars, tracking in run:
        if (name, size) != font:
            text.setFont(name, size)
            font = (name, size)
        if fill != colour:
            (text.setFillColorRGB if len(fill) == 3 else text.setFillColorCMYK)(*fill)
            colour = fill
        text.setTextOrigin(x, y)
        if tracking:
            text.setCharSpace(tracking)
        text.textOut(chars)
        if tracking:
            text.setCharSpace(0)
    canvas.drawText(text)


def recorded_canvas(source: str, target: str) -> tuple[dict, Canvas]:
    """The recording (marshal) and a canvas set up as kolaps-print's: its fonts registered,
    invariant, page compression, the recorded initial font. Shared with bare_calls.py."""
    with open(source, "rb") as f:
        # loads of the whole file: load(f) reads it object by object through the file (0.2 s for
        # a 1000-card recording of 2.5 MB, 0.03 s this way), a cost no bare script would pay
        recorded = marshal.loads(f.read())
    for name, file in recorded["fonts"]:
        pdfmetrics.registerFont(TTFont(name, file))
    canvas = Canvas(
        target, pagesize=recorded["pagesize"], invariant=1, pageCompression=1, initialFontName=recorded["initial_font"]
    )
    return recorded, canvas


def main(source: str, target: str) -> None:
    recorded, canvas = recorded_canvas(source, target)
    for name, args, kwargs in recorded["ops"]:
        if name == "texts":
            replay_texts(canvas, args)
            continue
        args = [replay_value(canvas, a) for a in args]
        getattr(canvas, name)(*args, **kwargs)
    canvas.save()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
