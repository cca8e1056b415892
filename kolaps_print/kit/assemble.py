"""The kit's print runs: one PDF per stock (kit-carton.pdf: the cards and tokens of every
table; kit-papier.pdf: the packing list, then every table's reference sheets and rules), each
table's documents in print order, copies included. A copier takes one stock at a time, so a run
never mixes card stock and paper.

Each run is printed duplex from start to end (flipped on the long edge): every document must
start on a front: a blank page (stamped like the others, and saying it is blank on purpose) follows
an odd-length document, and a bare one (the stamp only) every page of a one-sided document (the
tokens sheet) so its back, cut with the tokens, stays empty. Bookmarks name each
table and part.

Every page of a run is portrait, with no /Rotate: printer drivers honour /Rotate and turn
landscape pages each their own way, so a landscape page's content is turned onto a portrait
page (its top to the left), and a back meant for a short-edge flip is turned 180° more, in
the content itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from io import BytesIO
from typing import TYPE_CHECKING

from kolaps_print.kit.parts import KitPart
from kolaps_print.kit.stamp import Stamper

if TYPE_CHECKING:  # pypdf is imported when a run is assembled: a warm kit takes its runs from the cache
    from pypdf import PdfReader


@dataclass(frozen=True)
class KitSection:
    """A document's pages in a print run, for bookmarks and tests."""

    title: str
    first_page: int  # 0-based
    pages: int  # including its blanks


def upright_turn(width: float, height: float, sides: str, number: int) -> int:
    """Degrees (clockwise) a page's content turns in a print run: a landscape page becomes portrait
    with its top to the left; a run is flipped on the long edge, so a back meant for a
    short-edge flip (an odd page) turns 180° more to read the right way up."""
    turn = 270 if width > height else 0
    if sides == "short" and number % 2:
        turn += 180
    return turn % 360


class KitPdf:
    def __init__(self, stamper: Stamper, title: str):
        from pypdf import PdfWriter

        self.writer = PdfWriter()
        self.writer.add_metadata({"/Title": title, "/Creator": "kolaps-print"})
        self.stamper = stamper
        self.sections: list[KitSection] = []
        # One reader per part: pypdf clones a reader's objects (fonts, pictures, page contents) into
        # the writer once, and each further copy of a page is a new page naming them. A reader per
        # copy cloned, and wrote, every font again for each table and copy.
        self._readers: dict[str, PdfReader] = {}
        self._turned: set[tuple[str, int]] = set()  # (part, page) whose shared content is turned

    def add(self, part: KitPart, title: str) -> None:
        from pypdf import PdfReader

        from kolaps_print.impose.page_content import turn_into_content

        start = len(self.writer.pages)
        if part.filename not in self._readers:
            self._readers[part.filename] = PdfReader(BytesIO(part.pdf))
        reader = self._readers[part.filename]
        added = None
        for number, page in enumerate(reader.pages):
            added = self.writer.add_page(page)
            turn = upright_turn(float(page.mediabox.width), float(page.mediabox.height), part.sides, number)
            if turn:
                added.rotate(turn)
                turn_into_content(added, (part.filename, number) in self._turned)  # the page keeps no /Rotate
                self._turned.add((part.filename, number))
            if part.sides == "simplex":
                self._blank_like(added)
        if added is not None and part.sides != "simplex" and len(reader.pages) % 2:
            box = added.mediabox  # a whole page that reads as blank on purpose
            self.writer.add_page(self.stamper.blank(float(box.width), float(box.height)))
        self.sections.append(KitSection(title, start, len(self.writer.pages) - start))

    def _blank_like(self, page) -> None:
        box = page.mediabox
        self.writer.add_page(self.stamper.overlay(float(box.width), float(box.height)))

    def bookmark(self, title: str, page: int, parent=None):
        return self.writer.add_outline_item(title=title, page_number=page, parent=parent)

    def bytes(self) -> bytes:
        out = BytesIO()
        self.writer.write(out)
        return out.getvalue()


def assemble(
    lead: KitPart | None, parts: list[KitPart], tables: int, stamper: Stamper, title: str, table_title
) -> tuple[bytes, list[KitSection]]:
    """One print run: lead (the packing list, once) if any, then parts for each table.
    table_title(n) names table n (1-based) in the bookmarks."""
    kit = KitPdf(stamper, title)
    if lead is not None:
        kit.add(lead, lead.title)
        kit.bookmark(lead.title, 0)
    for table in range(1, tables + 1):
        first = len(kit.writer.pages)
        marks = []
        for part in parts:
            for _ in range(part.per_table):
                kit.add(part, part.title)
            marks.append((part.title, kit.sections[-part.per_table].first_page))
        parent = kit.bookmark(table_title(table), first)
        for name, page in marks:
            kit.bookmark(name, page, parent)
    return kit.bytes(), kit.sections


def kept_assemble(
    lead: KitPart | None, parts: list[KitPart], tables: int, stamper: Stamper, title: str, table_title
) -> tuple[bytes, list[KitSection]]:
    """assemble(...), as an earlier run made it from the same parts, titles and stamp
    (kit/kept_pdfs.py): the parts by their exact bytes and every other field."""
    titles = [table_title(n) for n in range(1, tables + 1)]
    inputs: list[bytes | str | int] = [title, tables, stamper.text, *titles, "lead" if lead else "no lead"]
    for part in ([lead] if lead else []) + parts:
        inputs += [repr(replace(part, pdf=b"")), part.pdf]
    return stamper.kept.get(
        "run",
        inputs,
        lambda: assemble(lead, parts, tables, stamper, title, lambda n: titles[n - 1]),
        lambda run: (run[0], [(s.title, s.first_page, s.pages) for s in run[1]]),
        _run_read,
    )


def _run_read(found: object) -> tuple[bytes, list[KitSection]] | None:
    if type(found) is not tuple or len(found) != 2 or type(found[0]) is not bytes or type(found[1]) is not list:
        return None
    pdf, sections = found
    if not pdf.startswith(b"%PDF-"):
        return None
    if not all(type(s) is tuple and [type(v) for v in s] == [str, int, int] for s in sections):
        return None
    return pdf, [KitSection(*s) for s in sections]
