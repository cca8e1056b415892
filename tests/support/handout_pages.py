"""The quick-start handout read back from its PDF: how full each of a page's two columns is, and
its example boxes (a tinted rectangle, the accent's rule down its left edge, the texts inside it),
on its own A4/Letter pages or on the kit's folded sheet (each half of a side one page)."""

from __future__ import annotations

from dataclasses import dataclass

from pdf_colours import seen  # tests/support
from pdf_tables import path_paints  # tests/support
from pdf_text import TextObject, text_objects  # tests/support

from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.handout import page_columns

NEAR = 2.0  # pt: rounding, and a stroke's box widened by its weight


def close(a: tuple[int, ...], b: tuple[int, ...], within: int = 3) -> bool:
    return all(abs(x - y) <= within for x, y in zip(a, b, strict=True))


def column_fills(pdf: bytes, paper: str, page: int, first: bool, shift: float = 0.0) -> tuple[float, float]:
    """How far down each column's text reaches on a page (from 0; first: page 1's columns, under
    the title band), as a share of its full column's height; shift: the page's left edge on the
    sheet (the kit's folded sheet: a half's)."""
    cols = page_columns(st.page_geometry(paper))[0 if first else 1]
    top = cols.bottom + cols.height
    lows: list[list[float]] = [[], []]
    for obj in text_objects(pdf):
        left, bottom, right, up = obj.bounds
        if obj.page != page or bottom < cols.bottom - NEAR or up > top + NEAR:
            continue
        if not shift - NEAR <= left and right <= shift + cols.xs[1] + cols.width + NEAR:
            continue
        lows[0 if left < shift + cols.xs[1] - 1 else 1].append(bottom)
    return tuple((top - min(low)) / cols.height if low else 0.0 for low in lows)  # type: ignore[return-value]


@dataclass(frozen=True)
class ExampleBox:
    box: tuple[float, float, float, float]  # left, bottom, right, top
    rule: tuple[float, float, float, float]  # the accent's stroke along its left edge
    texts: list[TextObject]  # what is printed inside it, top first


def example_boxes(pdf: bytes, page: int) -> list[ExampleBox]:
    """Every rectangle filled with the book's `shade` on the page with the accent's stroke down its
    left edge (a table's zebra rows, as light, have none), and the texts inside it."""
    shade, accent = seen(st.palette().shade), seen(st.palette().accent)
    paints = path_paints(pdf, page)
    texts = [o for o in text_objects(pdf) if o.page == page]
    out = []
    for paint in paints:
        if paint.fill is None or not close(paint.fill, shade):
            continue
        left, bottom, right, top = paint.box
        if right - left < 100 or top - bottom < 20:  # a table's zebra row is as wide, never so tall
            continue
        rule = next(
            (
                p.box
                for p in paints
                if p.stroke is not None
                and close(p.stroke, accent)
                and abs((p.box[0] + p.box[2]) / 2 - left) <= NEAR
                and p.box[1] <= bottom + NEAR
                and p.box[3] >= top - NEAR
            ),
            None,
        )
        if rule is None:
            continue
        inside = [o for o in texts if inside_box(o.bounds, paint.box)]
        out.append(ExampleBox(paint.box, rule, sorted(inside, key=lambda o: -o.bounds[3])))
    return out


def inside_box(bounds: tuple[float, float, float, float], box: tuple[float, float, float, float]) -> bool:
    return (
        bounds[0] >= box[0] - NEAR
        and bounds[1] >= box[1] - NEAR
        and bounds[2] <= box[2] + NEAR
        and bounds[3] <= box[3] + NEAR
    )
