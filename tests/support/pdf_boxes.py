"""Path objects of a PDF page (tick boxes, tiles, rules), as pdfium gives them, in page space (pt)."""

from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pdf_text import page_bounds  # tests/support


def path_boxes(pdf: bytes, page: int = 0) -> list[tuple[float, float, float, float]]:
    """(left, bottom, right, top) of every path object of a page, those inside form XObjects too:
    a filled tile, a box, a rule."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        objects = document[page].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8)
        return [page_bounds(obj) for obj in objects]
    finally:
        document.close()


def square_paths(pdf: bytes, page: int, low: float, high: float) -> list[tuple[float, float, float, float]]:
    """(left, bottom, right, top) of every path whose box is square and between low and high pt on a side."""
    found = []
    for left, bottom, right, top in path_boxes(pdf, page):
        w, h = right - left, top - bottom
        if low <= w <= high and abs(w - h) < 0.05 * w:
            found.append((left, bottom, right, top))
    return found
