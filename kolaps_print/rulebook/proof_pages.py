"""The proof's last pages: the errata for the designer to confirm, and where the marks « † En » print.

Both are proof pages only (absent from the final book). The errata come from data/errata.yaml,
the chosen readings from data/readings.yaml; the marks are read back from the PDFs themselves
(this book's previous layout pass, the reference sheet and cards, the demo armies' cards).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from kolaps_print.fonts import SANS
from kolaps_print.labels import label, labels
from kolaps_print.layout.units import pt
from kolaps_print.model.errata import Erratum
from kolaps_print.provenance import mark, marked_pages
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.flowables import HeadingFlowable, Registry
from kolaps_print.rulebook.typography import french

ERRATA_ANCHOR = "errata-a-confirmer"
MARKS_ANCHOR = "marques-de-provenance"
BOX_PT = 8.5  # the tick boxes, a pencil's size


@dataclass(frozen=True)
class MarkedPage:
    product: str  # in French: "Aide de jeu", "Cartes : Section Kappa"
    page: int
    errata: tuple[str, ...]


def product_marks(product: str, pdf: bytes) -> list[MarkedPage]:
    """Each page of a product's PDF that prints marks, with the errata it marks."""
    return [MarkedPage(product, page, tuple(ids)) for page, ids in marked_pages(pdf)]


@dataclass
class OwnMarks:
    """This book's marked pages, read from the previous layout pass (the proof pages excluded)."""

    edition: str  # the edition's title, for the marks table
    pages: list[MarkedPage] = field(default_factory=list)

    def observe(self, pdf: bytes, registry: Registry) -> bool:
        """Read a finished pass; True when the marked pages moved (another pass is needed).

        The proof pages themselves (from the errata on) name marks without being marked places.
        """
        end = registry.pages.get(ERRATA_ANCHOR)
        found = [p for p in product_marks(label("rulebook.marks.this_book", edition=self.edition), pdf)
                 if end is None or p.page < end]
        changed = found != self.pages
        self.pages = found
        return changed


@dataclass(frozen=True)
class ProofAppendix:
    errata: list[Erratum]
    readings: dict[str, str]  # reading id -> chosen option
    elsewhere: list[MarkedPage]  # the other products' marks
    own: OwnMarks


def _p(text: str, style: str) -> Paragraph:
    return Paragraph(escape(french(text)), st.styles()[style])


def _field(name: str, text: str) -> Paragraph:
    return Paragraph(f"<b>{escape(french(name))}.</b> {escape(french(text))}", st.styles()["report"])


def _quotes(quotes: list[str]) -> str:
    return " ; ".join(f"« {q} »" for q in quotes)


def _products(erratum: Erratum) -> str:
    names = ", ".join(label(f"rulebook.errata.products.{p}") for p in erratum.printed)
    return f"{names}, {label('rulebook.errata.marked', mark=mark(erratum.id))}" if erratum.mark else names


def _decision_fields(erratum: Erratum, readings: dict[str, str]) -> list[Flowable]:
    if erratum.reading is None:
        out = [_field(label("rulebook.errata.readings"), " ".join(erratum.readings))] if erratum.readings else []
        return out + [_field(label("rulebook.errata.decision"), erratum.decision or "")]
    reading = erratum.reading
    chosen = readings.get(reading.id, reading.option_ids[0])
    out = [_field(label("rulebook.errata.chosen", reading=reading.id, option=chosen), reading.option(chosen).text)]
    out += [_field(label("rulebook.errata.other", option=o.id), o.text) for o in reading.options if o.id != chosen]
    return out


def _tick_boxes() -> Table:
    """« ☐ confirmé   ☐ à revoir »: two empty squares to tick by hand."""
    s = st.styles()["report"]
    row = ["", Paragraph(escape(label("rulebook.errata.confirmed")), s), "", Paragraph(escape(label("rulebook.errata.review")), s)]
    boxes = Table([row], colWidths=[BOX_PT, pt(24), BOX_PT, pt(24)], rowHeights=[BOX_PT], hAlign="RIGHT")
    boxes.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), SANS),
        ("BOX", (0, 0), (0, 0), 0.7, st.palette().ink), ("BOX", (2, 0), (2, 0), 0.7, st.palette().ink),
        ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]))
    return boxes


def erratum_flowables(erratum: Erratum, readings: dict[str, str]) -> Flowable:
    heading = label("rulebook.errata.heading", id=erratum.id, title=erratum.title)
    kind = label(f"rulebook.errata.kinds.{erratum.kind}")
    parts: list[Flowable] = [Paragraph(f"{escape(french(heading))} <font face='{SANS}' size='8' color='{st.palette().hex('muted')}'>"
                                       f"{escape(kind)}</font>", st.styles()["h3"])]
    if erratum.draft:
        parts.append(_field(label("rulebook.errata.draft"), _quotes(erratum.draft)))
    parts += _decision_fields(erratum, readings)
    if erratum.numbers:
        parts.append(_field(label("rulebook.errata.numbers"), erratum.numbers))
    if erratum.printed:
        parts.append(_field(label("rulebook.errata.printed"), _products(erratum)))
    parts += [Spacer(0, 2), _tick_boxes(), Spacer(0, 4)]
    return KeepTogether(parts)


def errata_pages(appendix: ProofAppendix, registry: Registry) -> list[Flowable]:
    title = french(label("rulebook.errata.title"))
    out: list[Flowable] = [PageBreak(), HeadingFlowable(escape(title), st.styles()["h1"], 0, title, ERRATA_ANCHOR, registry),
                           _p(label("rulebook.errata.intro"), "body")]
    return out + [erratum_flowables(e, appendix.readings) for e in appendix.errata]


def marks_pages(appendix: ProofAppendix, registry: Registry) -> list[Flowable]:
    title = french(label("rulebook.marks.title"))
    out: list[Flowable] = [PageBreak(), HeadingFlowable(escape(title), st.styles()["h1"], 0, title, MARKS_ANCHOR, registry),
                           _p(label("rulebook.marks.intro", mark=mark("En")), "body")]
    places = appendix.own.pages + appendix.elsewhere
    if not places:
        return out + [_p(label("rulebook.marks.none"), "report")]
    s = st.styles()
    rows = [[Paragraph(escape(c), s["head"]) for c in labels("rulebook.marks.columns")]]
    rows += [[Paragraph(escape(french(p.product)), s["cell"]), Paragraph(str(p.page), s["cell"]),
              Paragraph(escape(", ".join(p.errata)), s["cell"])] for p in places]
    table = Table(rows, colWidths=[pt(70), pt(18), pt(72)], repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), SANS), ("BACKGROUND", (0, 0), (-1, 0), st.palette().head_fill),
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 1), (-1, -1), 0.4, st.palette().rule),
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return out + [table]
