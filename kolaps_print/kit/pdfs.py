"""Small PDF helpers the kit shares."""

from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader


def page_count(pdf: bytes) -> int:
    return len(PdfReader(BytesIO(pdf)).pages)
