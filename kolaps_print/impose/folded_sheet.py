"""A four-page handout imposed on one sheet of twice its page width, printed both sides and
folded once: the outside reads page 4 | page 1, the inside page 2 | page 3 (A4 pages on an A3
sheet, Letter pages on a Tabloid one). The sheet is landscape: print it flipped on the short edge.
"""

from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader, PdfWriter

from kolaps_print.impose.page_content import side_by_side

# (left page, right page) of each side of the sheet, 0-based, for the four pages in reading order
SIDES = ((3, 0), (1, 2))


def impose_folded_sheet(pdf: bytes) -> bytes:
    """pdf's four pages, all the same size, on the two sides of one folded sheet (ValueError otherwise)."""
    reader = PdfReader(BytesIO(pdf))
    if len(reader.pages) != 4:
        raise ValueError(f"a folded sheet holds 4 pages, not {len(reader.pages)}")
    box = reader.pages[0].mediabox
    width, height = float(box.width), float(box.height)
    writer = PdfWriter()
    for left, right in SIDES:
        writer.add_page(side_by_side([reader.pages[left], reader.pages[right]], 2 * width, height))
    if reader.metadata:
        writer.add_metadata({k: v for k, v in reader.metadata.items() if k in ("/Title", "/Subject", "/Creator")})
    out = BytesIO()
    writer.write(out)
    return out.getvalue()
