"""Draw a page plan: each face clipped to its trim + bleed, in card-local coordinates."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from io import BytesIO
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw.card_render import forget_encoded_texts
from kolaps_print.draw.scale_bar import draw_scale_bar
from kolaps_print.fonts import SANS
from kolaps_print.impose.plan import Page, Placement
from kolaps_print.layout import sheets as sheet_data
from kolaps_print.layout.geometry import Line, Rect
from kolaps_print.units import MM, pt
from kolaps_print.write import PdfMeta, new_canvas
from kolaps_print.write.canvas_internals import compress_closed_page, share_form_references

Progress = Callable[[int, int], None]  # called with (faces drawn so far, faces in all)


class Face(Protocol):
    """A two-sided card. Draw in points, origin at the trim's lower-left corner, (w, h) its size.

    Everything outside the trim (plus the bleed, if any) is clipped away, so a background that
    should bleed is simply painted a little past the edges (up to 10 mm is plenty).
    """

    def draw_front(self, canvas: Canvas, width: float, height: float) -> None: ...

    def draw_back(self, canvas: Canvas, width: float, height: float) -> None: ...


@dataclass(frozen=True)
class Imposed:
    """The imposed PDF, with its pages and sheets counted."""

    pdf: bytes
    pages: int
    sheets: int  # sheets of paper (a print-shop card counts as one)


def render(
    pages: Sequence[Page], faces: Iterable[Face], meta: PdfMeta, progress: Progress | None, count: int
) -> Imposed:
    # A canvas is made for a file; getpdfdata() below hands the PDF back without writing it there.
    canvas = new_canvas(BytesIO(), _points(pages[0]) if pages else (pt(210), pt(297)), meta)
    share_form_references(canvas)
    held = _Held(iter(faces))
    drawn = 0
    for i, page in enumerate(pages):
        _draw_page(canvas, page, held)
        if page.side == "front" or page.fold_lines:
            drawn += sum(p.side == "front" for p in page.placements)
            if progress:
                progress(drawn, count)
        if i + 1 == len(pages) or pages[i + 1].sheet != page.sheet:
            held.release()  # a sheet's faces are drawn on its pages only
    forget_encoded_texts(canvas)
    # The PDF as reportlab makes it, not saved into the buffer and copied out again: two copies
    # fewer at the peak of a big run (6 MB each at 10,000 cards).
    pdf = canvas.getpdfdata()
    return Imposed(pdf, len(pages), len({p.sheet for p in pages}))


class _Held:
    """The faces of the sheet being drawn, taken from the iterator as their index comes up
    (sheets hold faces in order: sheet n holds the faces after those of sheet n - 1)."""

    def __init__(self, faces: Iterator[Face]):
        self._faces, self._taken = faces, 0
        self._held: dict[int, Face] = {}

    def __getitem__(self, index: int) -> Face:
        while self._taken <= index:
            self._held[self._taken] = next(self._faces)
            self._taken += 1
        return self._held[index]

    def release(self) -> None:
        self._held.clear()


def _points(page: Page) -> tuple[float, float]:
    return pt(page.size.width), pt(page.size.height)


def _draw_page(canvas: Canvas, page: Page, faces: _Held) -> None:
    canvas.setPageSize(_points(page))
    if page.trim_box:
        canvas.setTrimBox(_box(page.trim_box))
        canvas.setBleedBox(_box(page.bleed_box or Rect(0, 0, page.size.width, page.size.height)))
    canvas.setFont(SANS, 8)  # a face that forgets setFont still gets an embedded font
    canvas.saveState()
    canvas.translate(pt(page.shift[0]), pt(page.shift[1]))
    for placement in page.placements:
        _draw_face(canvas, placement, faces[placement.face])
    _draw_guides(canvas, page)
    canvas.restoreState()
    canvas.showPage()
    compress_closed_page(canvas)  # not held uncompressed until save(): 24 MiB at 10,000 cards


def _draw_face(canvas: Canvas, placement: Placement, face: Face) -> None:
    # pt written out (the same products): once a face, 2000 times a 1000-card deck
    trim, b = placement.trim, placement.bleed
    canvas.saveState()
    canvas.translate(trim.x * MM, trim.y * MM)
    clip = canvas.beginPath()
    left, bottom = b.left, b.bottom
    clip.rect(-(left * MM), -(bottom * MM), (trim.width + left + b.right) * MM, (trim.height + bottom + b.top) * MM)
    canvas.clipPath(clip, stroke=0, fill=0)
    draw = face.draw_front if placement.side == "front" else face.draw_back
    draw(canvas, trim.width * MM, trim.height * MM)
    canvas.restoreState()


def _draw_guides(canvas: Canvas, page: Page) -> None:
    style = sheet_data.sheets()
    if page.crop_marks:
        _lines(canvas, page.crop_marks, style.crop_marks.width_pt, style.crop_marks.grey)
    if page.scale_bar:
        draw_scale_bar(canvas, page.scale_bar.x, page.scale_bar.y, page.scale_bar.angle)
    if page.fold_lines:
        canvas.saveState()
        canvas.setDash([pt(d) for d in style.fold_line.dash])
        _lines(canvas, page.fold_lines, style.fold_line.width_pt, style.fold_line.grey)
        canvas.restoreState()


def _lines(canvas: Canvas, lines: Sequence[Line], width: float, grey: float) -> None:
    canvas.setLineWidth(width)
    canvas.setStrokeGray(grey)
    canvas.lines([(ln.x1 * MM, ln.y1 * MM, ln.x2 * MM, ln.y2 * MM) for ln in lines])


def _box(rect: Rect) -> list[float]:
    return [round(pt(v), 3) for v in (rect.x, rect.y, rect.right, rect.top)]
