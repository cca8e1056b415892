"""A reference card face's foot read back from a print-shop PDF (one face a page): how much of the
room its content may fill is left empty under its lowest print, and how tall the first body row of
its first table is, to tell whether a table that goes on from the face before could have filled it
(issue 12, review 21: « a face filled before the table goes on »)."""

from __future__ import annotations

from io import BytesIO

import pypdfium2 as pdfium
from card_pieces import fills_under  # tests/support
from face_rows import face_printed  # tests/support
from pdf_tables import path_paints  # tests/support


def trim(pdf: bytes, page: int) -> tuple[float, float, float, float]:
    """The page's trim box (left, bottom, right, top): the card's edge, bleed outside it."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        return tuple(document[page].get_trimbox())  # type: ignore[return-value]
    finally:
        document.close()


def air_under(pdf: bytes, page: int, foot: float) -> float:
    """pt between the room's foot (foot pt above the trim's bottom) and the lowest text or path
    printed above it, its bands aside (as wide as the card: the name band and the foot band)."""
    left, bottom, right, _ = trim(pdf, page)
    floor = bottom + foot
    lows = [p.rect[1] for p in face_printed(pdf, page) if p.kind == "text" and p.rect[1] > floor - 0.5]
    lows += [
        paint.box[1]
        for paint in path_paints(pdf, page)
        if paint.box[1] > floor - 0.5 and paint.box[2] - paint.box[0] < 0.9 * (right - left)
    ]
    return min(lows) - floor


def first_row_height(pdf: bytes, page: int, head_fill: tuple[int, int, int]) -> float:
    """The height of the first body row under the face's topmost head row: the run of one shade
    right under it (a row and its text on a line under it, one shade for both, count as one)."""
    paths = path_paints(pdf, page)
    head = max((p for p in paths if p.fill == head_fill), key=lambda p: p.box[3])
    left, y, right = head.box[0], head.box[1], head.box[2]
    top, shade = y, None
    while True:
        below = fills_under(paths, left, right, y)
        if not below or (shade is not None and below[-1].fill != shade):
            return top - y
        shade, y = below[-1].fill, below[-1].box[1]
