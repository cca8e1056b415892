"""Record every call a ruleset's card job makes on its canvas, for bare_calls.py (not timed).

    python benchmarks/record_calls.py ARMY.yaml OUT.marshal   # prints the number of calls

The job runs for real (load, ruleset card blocks, platypus layout, imposition) on a real
reportlab canvas seen through a tracing stand-in: every method called on the canvas, and on
the text and path objects it hands out, is written down with its arguments, then performed.
The calls a method makes inside reportlab are not written down: bare_calls.py makes them again
by calling the same method. So the bare side draws exactly what ours draws, with the same
techniques (forms, text objects, paths), and none of our loading, layout or fitting.
(record_cards.py records KOLAPS's cards at the painter's level instead; this one needs no
knowledge of the painters, which for rulesets are platypus flowables.)
"""

from __future__ import annotations

import marshal
import sys
from pathlib import Path
from typing import Any

from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject

HANDED_OUT = (PDFTextObject, PDFPathObject)  # objects whose own calls are written down too
NOT_REPLAYED = {"save", "getpdfdata"}  # bare_calls.py saves to its own file


class Tape:
    def __init__(self) -> None:
        self.calls: list = []  # (object handle, method, args, kwargs, handle of the object returned or -1)
        self.handles = 0

    def traced(self, real: Any) -> Traced:
        self.handles += 1
        return Traced(real, self.handles - 1, self)


class Traced:
    """Stands in for a canvas, text object or path: calls are written down, then performed."""

    def __init__(self, real: Any, handle: int, tape: Tape) -> None:
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_handle", handle)
        object.__setattr__(self, "_tape", tape)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._real, name)
        if not callable(value) or name.startswith("__"):
            return value

        def call(*args: Any, **kwargs: Any) -> Any:
            result = value(*map(_real, args), **{k: _real(v) for k, v in kwargs.items()})
            made = self._tape.traced(result) if isinstance(result, HANDED_OUT) else None
            if name not in NOT_REPLAYED:
                entry = (self._handle, name, [_plain(a) for a in args], {k: _plain(v) for k, v in kwargs.items()})
                self._tape.calls.append((*entry, made._handle if made else -1))
            return made if made is not None else result

        return call

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._real, name, value)


def _real(value: Any) -> Any:
    return value._real if isinstance(value, Traced) else value


def _plain(value: Any) -> Any:
    """value in what marshal can write; a traced object as its handle, colours tagged."""
    if isinstance(value, Traced):
        return ("handle", value._handle)
    if isinstance(value, CMYKColor):
        return ("cmyk", value.cyan, value.magenta, value.yellow, value.black, value.alpha)
    if isinstance(value, Color):
        return ("rgb", value.red, value.green, value.blue, value.alpha)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return value
    raise TypeError(f"cannot record an argument of type {type(value).__name__}: {value!r}")


def record(army: Path, out: Path) -> int:
    """Write the canvas calls of army's cards PDF (default options) to out; their number."""
    from kolaps_print.fonts import SANS
    from kolaps_print.impose import render
    from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
    from kolaps_print.model.ruleset_army import load_ruleset_army
    from kolaps_print.model.ruleset_choice import read_army_ruleset
    from kolaps_print.model.ruleset_load import find_ruleset

    tape, made = Tape(), []
    real_new_canvas = render.new_canvas

    def new_canvas(buffer, pagesize, meta):
        made.append(pagesize)
        return tape.traced(real_new_canvas(buffer, pagesize, meta))

    render.new_canvas = new_canvas
    doc, ruleset_id = read_army_ruleset(army)
    build_ruleset_cards(load_ruleset_army(doc, find_ruleset(ruleset_id)))
    fonts = sorted((f.fontName, f.face.filename) for f in pdfmetrics._fonts.values() if isinstance(f, TTFont))
    recorded = {"pagesize": list(made[0]), "initial_font": SANS, "fonts": fonts, "calls": tape.calls}
    out.write_bytes(marshal.dumps(recorded))
    return len(tape.calls)


if __name__ == "__main__":
    print(record(Path(sys.argv[1]), Path(sys.argv[2])))
