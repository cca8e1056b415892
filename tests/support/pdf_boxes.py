"""Square path objects of a PDF page (tick boxes), as pdfium gives them, in page space (pt)."""

from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pdf_text import page_bounds  # tests/support


def square_paths(pdf: bytes, page: int, low: float, high: float) -> list[tuple[float, float, float, float]]:
    """(left, bottom, right, top) of every path whose box is square and between low and high pt on a side."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        found = []
        for obj in document[page].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8):
            left, bottom, right, top = page_bounds(obj)
            w, h = right - left, top - bottom
            if low <= w <= high and abs(w - h) < 0.05 * w:
                found.append((left, bottom, right, top))
        return found
    finally:
        document.close()
