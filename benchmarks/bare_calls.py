"""The bare-reportlab side of bench_ruleset_cards.py, run as its own process: perform the canvas
calls record_calls.py wrote down, with plain reportlab, and write the PDF.

    python benchmarks/bare_calls.py calls.marshal out.pdf

Same canvas settings as kolaps-print (invariant, page compression, the same TrueType fonts as
initial font and for every text), the same forms, text objects and paths, because they are the
same calls. Only reportlab is imported: no YAML, no model, no layout, no platypus fitting.
"""

import sys

from bare_replay import recorded_canvas  # beside this script
from reportlab.lib.colors import CMYKColor, Color


def value(objects, recorded):
    if type(recorded) is tuple and recorded:
        tag = recorded[0]
        if tag == "handle":
            return objects[recorded[1]]
        if tag == "cmyk":
            return CMYKColor(*recorded[1:5], alpha=recorded[5])
        if tag == "rgb":
            return Color(*recorded[1:4], alpha=recorded[4])
    if type(recorded) is list:
        return [value(objects, v) for v in recorded]
    return recorded


def main(source: str, target: str) -> None:
    recorded, canvas = recorded_canvas(source, target)
    objects = {0: canvas}
    for handle, name, args, kwargs, made in recorded["calls"]:
        result = getattr(objects[handle], name)(*[value(objects, a) for a in args], **kwargs)
        if made >= 0:
            objects[made] = result
    canvas.save()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
