"""The three places where we reach inside reportlab's canvas, each failing loudly (RuntimeError,
exit 70, rather than a wrong PDF) if a release changes what it reads (docs/libraries.md).

- canvas_document: the canvas's PDF document, which reportlab's font subsetter numbers subsets
  in and which has no public getter (the card texts are encoded once per document).
- compress_closed_page: the page showPage() just closed, compressed at once. reportlab keeps
  every page's content as uncompressed text until save(), which compresses them all: 24 MiB
  at 10,000 cards, on top of what save() holds while it writes. Compressed as each page
  closes, with the filters save() would apply in the same order, the file is byte for byte
  what save() writes (tests/write/test_canvas_internals.py); its content is let go once the
  document has formatted it.
- share_form_references: the document's xobjDict, which makes each page's dictionary of the
  forms it draws, replaced by one that reuses one name and one reference per form (the same
  dictionary, byte for byte): a new pair per form per page held 3.6 MiB at 10,000 cards.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas


def canvas_document(canvas: Canvas) -> Any:
    """The canvas's PDF document (reportlab keeps it in _doc, as its own text object reads it)."""
    doc = getattr(canvas, "_doc", None)
    if doc is None:
        raise RuntimeError("reportlab's Canvas no longer keeps its document in _doc: see docs/libraries.md")
    return doc


class _Applied:
    """A filter already applied to the content: save() only writes its name."""

    def __init__(self, pdfname: str):
        self.pdfname = pdfname

    def encode(self, content: bytes) -> bytes:
        return content


@cache
def _applied(names: tuple[str, ...]) -> list[_Applied]:
    """One list per filter chain for every page (format() only reads it), not two objects a page."""
    return [_Applied(name) for name in names]


class _ClosedPageStream(pdfdoc.PDFStream):
    """A closed page's compressed content, let go once the PDF has its formatted copy: the
    pages' contents are not held twice while the file is made (6 MiB at 10,000 cards). A
    document formats each of its objects once; a second format fails loudly (no content)."""

    def format(self, document) -> bytes:
        formatted = super().format(document)
        self.content = None
        return formatted


def compress_closed_page(canvas: Canvas) -> None:
    """Compress the page canvas.showPage() just closed, as save() would (call right after it)."""
    page = _closed_page(canvas)
    if not page.compression or not page.stream:
        return  # save() makes an uncompressed or empty page's stream as it always did
    # What PDFPage.check_format gives a compressed page at save(), applied in the same order.
    filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85 else [pdfdoc.PDFZCompress]
    content = page.stream
    for f in reversed(filters):
        content = f.encode(content)
    stream = _ClosedPageStream(content=content, filters=_applied(tuple(f.pdfname for f in filters)))
    stream.__Comment__ = "page stream"
    page.Contents = stream  # save() builds the stream only for a page without Contents
    page.stream = None


def _closed_page(canvas: Canvas) -> Any:
    pages = getattr(getattr(canvas_document(canvas), "Pages", None), "pages", None)
    page = pages[-1] if pages else None
    if (
        not isinstance(page, pdfdoc.PDFPage)
        or page.Contents is not None
        or not isinstance(page.stream, str | None)
        or not hasattr(pdfdoc, "PDFZCompress")
    ):
        raise RuntimeError(
            "reportlab no longer keeps a closed page's text in its document's Pages.pages[-1].stream: "
            "see docs/libraries.md"
        )
    return page


def share_form_references(canvas: Canvas) -> None:
    """Each page's XObject dictionary names the forms it draws: reportlab makes a new name and a
    new reference object for every form on every page (3.6 MiB at 10,000 cards). The same
    dictionary, in the same order, built from one name and one reference per form: the
    reference only names its object, and the page's dictionary is written where it stands."""
    doc = canvas_document(canvas)
    if not callable(getattr(doc, "xobjDict", None)) or not hasattr(pdfdoc, "xObjectName"):
        raise RuntimeError(
            "reportlab's document no longer makes XObject dictionaries with xobjDict: see docs/libraries.md"
        )
    made: dict[str, tuple[str, pdfdoc.PDFObjectReference]] = {}

    def xobject_dictionary(formnames) -> pdfdoc.PDFDictionary:
        entries = {}
        for name in formnames:
            if name not in made:
                internal = pdfdoc.xObjectName(name)
                made[name] = internal, pdfdoc.PDFObjectReference(internal)
            internal, reference = made[name]
            entries[internal] = reference
        return pdfdoc.PDFDictionary(entries)

    doc.xobjDict = xobject_dictionary
