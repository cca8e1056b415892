"""A printed card face's bands (name and foot) and what it prints between them, read back with
pypdfium2 from a print-shop PDF (one card a page)."""

from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from face_rows import MM, Printed, face_printed
from pdf_text import SetText, page_bounds, set_texts

BAND_DEPTH = 12  # pt under a face's topmost text: the band's line, not the face's first heading


def bands(pdf: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """The page's filled bands (paths as wide as most of the page, over 2 mm high): name and foot."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        pdf_page = document[page]
        width = pdf_page.get_width()
        paths = pdf_page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8)
        return [b for b in map(page_bounds, paths) if b[2] - b[0] > 0.6 * width and b[3] - b[1] > 2 * MM]
    finally:
        document.close()


def room(pdf: bytes, page: int) -> list[Printed]:
    """What the face prints between its bands (the bands' white texts are not read)."""
    found = bands(pdf, page)
    foot, name = min(b[3] for b in found), max(b[1] for b in found)
    return [p for p in face_printed(pdf, page) if p.rect[1] > foot - 0.5 and p.rect[3] < name + 0.5]


def band_lines(pdf: bytes) -> list[tuple[SetText, list[SetText], list[SetText]]]:
    """Each face's band title (its leftmost bold text on the band's line), the rest of that line
    (the number, the hint) and what the face holds under the band, above its foot."""
    texts, faces = set_texts(pdf), []
    for page in sorted({t.page for t in texts}):
        on = [t for t in texts if t.page == page and t.text.strip()]
        top = max(t.bounds[3] for t in on)
        line = sorted((t for t in on if t.bounds[3] > top - BAND_DEPTH), key=lambda t: t.bounds[0])
        title = next(t for t in line if "Bold" in t.font and not t.text.strip()[0].isdigit())
        rest = [t for t in line if t is not title and abs(t.baseline - title.baseline) < 3]
        body = [t for t in on if t.bounds[3] <= top - BAND_DEPTH and t.bounds[1] > min(b.bounds[1] for b in on) + 1]
        faces.append((title, rest, body))
    return faces
