"""The text of each page of a PDF as pdfium extracts it: what a reader (or a search) sees."""

from io import BytesIO

import pypdfium2 as pdfium


def page_texts(pdf: bytes) -> list[str]:
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        return [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()
