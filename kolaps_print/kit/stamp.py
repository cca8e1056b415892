"""The stamp on every printed page: kit name, date and a short hash of the data.

It lets a demo team match a loose card to the rulebook it was printed with. It is
overlaid in the bottom margin, centred, small and light grey, so it never competes
with the game content.
"""

from __future__ import annotations

from io import BytesIO
from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import stringWidth

from kolaps_print.fonts import SANS, SANS_ITALIC, register_fonts
from kolaps_print.jobs.stamp import cards_stamp, rules_fingerprint
from kolaps_print.jobs.stamp import data_hash as cards_data_hash
from kolaps_print.kit.cards import army_portraits
from kolaps_print.kit.kept_pdfs import KeptPdfs, pdf_and_pages
from kolaps_print.kit.kitfile import Kit
from kolaps_print.labels import label
from kolaps_print.layout.kit_pages import kit_pages
from kolaps_print.layout.style import colour
from kolaps_print.numbers import date_words
from kolaps_print.units import pt
from kolaps_print.write import PdfMeta, new_canvas

if TYPE_CHECKING:  # pypdf is imported when a PDF is stamped: a warm kit takes its stamped PDFs from the cache
    from pypdf import PageObject

STAMP_COLOUR = "ink"  # small type is solid black (docs/style.md); its size keeps it quiet


def data_hash(kit: Kit) -> str:
    """The cards' data hash (jobs/stamp.py) over every army of the kit."""
    return cards_data_hash([(kit.army_paths[i], army_portraits(book)) for i, book in enumerate(kit.books)])


def card_stamps(kit: Kit) -> tuple[str, str]:
    """The short stamp in each card's footer (the page stamp's margin is cut away): the kit's date,
    then the rules' version and fingerprint as the kit's rulebook prints them in its credits, so a
    loose card finds its book. The page stamp's hash (data_hash) also covers the kit's army files
    and portraits: it tells print runs apart, not which rules a card follows. Second, the same
    without the date (a standalone run's, jobs/stamp.cards_stamp), which the cards job prints
    where the kit's is too wide: both from one reading of the rules' folders (each reading hashes
    every file of templates/ and data/; the kit's four card builds read them again otherwise)."""
    version, digest = fingerprint = rules_fingerprint()
    return label("kit.card_stamp", date=date_words(kit.date), version=version, hash=digest), cards_stamp(fingerprint)


def stamp_text(kit: Kit, hash_: str) -> str:
    """The page stamp; a long kit name shortened (« … ») to name_max characters, and further
    while the stamp is wider than max_width at its least size (never under the 6 pt floor)."""
    look, name = kit_pages().stamp, kit.spec.name
    register_fonts(SANS)  # measured before any page is drawn

    def stamp(shown: str) -> str:
        return label("kit.stamp", name=shown, date=date_words(kit.date), hash=hash_)

    def narrow(text: str) -> bool:
        return stringWidth(text, SANS, look.min_pt) <= pt(look.max_width)

    if len(name) <= look.name_max and narrow(stamp(name)):
        return stamp(name)
    shorter = (stamp(name[:cut].rstrip() + "…") for cut in range(min(len(name), look.name_max) - 1, 0, -1))
    return next((text for text in shorter if narrow(text)), stamp("…"))


def stamp_size(text: str) -> float:
    """The stamp's size, or smaller (down to its minimum) so a long stamp stays narrow."""
    look = kit_pages().stamp
    width = stringWidth(text, SANS, look.size_pt)
    return max(look.min_pt, min(look.size_pt, look.size_pt * pt(look.max_width) / width)) if width else look.size_pt


def stamp_page_pdf(width_pt: float, height_pt: float, text: str, caption: str = "") -> bytes:
    """A one-page PDF of the given size holding only the stamp: the overlay, and the kit's blank
    pages, which also say, centred, that they are blank on purpose (caption)."""
    buffer = BytesIO()
    canvas = new_canvas(buffer, (width_pt, height_pt), PdfMeta(title=text, subject="stamp"))
    canvas.setFillColor(colour(STAMP_COLOUR))
    if caption:
        register_fonts(SANS)
        canvas.setFont(SANS_ITALIC, kit_pages().blank.size_pt)
        canvas.drawCentredString(width_pt / 2, height_pt / 2, caption)
    canvas.setFont(SANS, stamp_size(text))
    canvas.drawCentredString(width_pt / 2, pt(kit_pages().stamp.baseline), text)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


class Stamper:
    """Overlays one stamp text on pages of any size (one overlay per size, made once)."""

    def __init__(self, text: str, card: str = "", kept: KeptPdfs | None = None, card_short: str = ""):
        self.text = text
        self.card = card  # the cards' own footer stamp
        self.card_short = card_short  # the same without the date (card_stamps); "": the cards job finds it
        self.kept = kept or KeptPdfs(None)  # the stamped PDFs of earlier runs (kit/kept_pdfs.py)
        self._overlays: dict[tuple[float, float], PageObject] = {}
        self._blanks: dict[tuple[float, float], PageObject] = {}

    def overlay(self, width_pt: float, height_pt: float) -> PageObject:
        from pypdf import PdfReader

        key = (round(width_pt, 2), round(height_pt, 2))
        if key not in self._overlays:
            self._overlays[key] = PdfReader(BytesIO(stamp_page_pdf(width_pt, height_pt, self.text))).pages[0]
        return self._overlays[key]

    def blank(self, width_pt: float, height_pt: float) -> PageObject:
        """A page left blank on purpose (the back of a document of odd length): the stamp, and a
        line saying so, that a reader does not take it for a misprint."""
        from pypdf import PdfReader

        key = (round(width_pt, 2), round(height_pt, 2))
        if key not in self._blanks:
            pdf = stamp_page_pdf(width_pt, height_pt, self.text, label("kit.blank_page"))
            self._blanks[key] = PdfReader(BytesIO(pdf)).pages[0]
        return self._blanks[key]

    def stamped(self, pdf: bytes) -> tuple[bytes, int]:
        """stamp_pdf(pdf) and its page count, as an earlier run made them from the same bytes."""
        return self.kept.get("stamp", (self.text, pdf), lambda: self._stamped(pdf), lambda made: made, pdf_and_pages)

    def _stamped(self, pdf: bytes) -> tuple[bytes, int]:
        return self.stamp_pages(pdf)

    def stamp_pdf(self, pdf: bytes) -> bytes:
        """Every page of pdf with the stamp merged on top, metadata kept."""
        return self.stamp_pages(pdf)[0]

    def stamp_pages(self, pdf: bytes) -> tuple[bytes, int]:
        """stamp_pdf(pdf) and its page count (the writer's: the stamped PDF is not read again)."""
        from pypdf import PdfReader, PdfWriter

        writer = PdfWriter(clone_from=PdfReader(BytesIO(pdf)))
        for page in writer.pages:
            box = page.mediabox
            page.merge_translated_page(
                self.overlay(float(box.width), float(box.height)), float(box.left), float(box.bottom)
            )
        out = BytesIO()
        writer.write(out)
        return out.getvalue(), len(writer.pages)
