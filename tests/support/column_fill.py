"""How full each text column of a book page is, read back from the PDF: from the top of the
text frame down to the lowest text printed in the column, as a share of the frame's height."""

from __future__ import annotations

from pdf_text import text_objects  # tests/support


def column_fill(pdf: bytes, geometry) -> dict[tuple[int, int], float]:
    """(page from 0, column from 0) -> share of the column's height that its text reaches, for
    every column holding text inside the frame (the running head and the folio are outside).
    geometry: the book's PageGeometry (kolaps_print.rulebook.styles.page_geometry)."""
    x, bottom, width, height = geometry.frame
    lefts = [frame[0] for frame in geometry.column_frames]
    lowest: dict[tuple[int, int], float] = {}
    for obj in text_objects(pdf):
        left, low, _, top = obj.bounds
        if low < bottom - 2 or top > bottom + height + 2:
            continue
        column = max(i for i, start in enumerate(lefts) if left >= start - 1) if left >= lefts[0] - 1 else 0
        key = (obj.page, column)
        lowest[key] = min(lowest.get(key, low), low)
    return {key: (bottom + height - low) / height for key, low in lowest.items()}
