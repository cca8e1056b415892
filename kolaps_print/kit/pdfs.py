"""Small PDF helpers the kit shares."""

from __future__ import annotations

from io import BytesIO


def page_count(pdf: bytes) -> int:
    from pypdf import PdfReader  # imported when needed: a warm kit reads no PDF (kit/kept_pdfs.py)

    return len(PdfReader(BytesIO(pdf)).pages)
