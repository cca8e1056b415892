"""The proof's last pages: the errata for the designer to confirm, and where the marks « † En » print.

Both are proof pages only (absent from the final book). The errata come from data/rulesets/kolaps/errata.yaml,
the chosen readings from data/rulesets/kolaps/readings.yaml; the marks are read back from the PDFs themselves
(this book's previous layout pass, the reference sheet and cards, the demo armies' cards).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from kolaps_print.fonts import SANS
from kolaps_print.labels import label, labels
from kolaps_print.layout.style import cell_ink, table_commands
from kolaps_print.model.errata import Erratum
from kolaps_print.provenance import erratum_order, mark, marked_faces, marked_pages
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.flowables import HeadingFlowable, Registry
from kolaps_print.typography import escape, french
from kolaps_print.units import pt

ERRATA_ANCHOR = "errata-a-confirmer"
MARKS_ANCHOR = "marques-de-provenance"
BOX = pt(4.8)  # the tick boxes: a pencil tick needs 4 to 5 mm
WRITING_LINE = pt(7)  # the height of one ruled line to write a remark on
REMARK_LINES = 2


@dataclass(frozen=True)
class MarkedPage:
    product: str  # in French: "Aide de jeu", "Cartes : Section Kappa"
    page: int  # from 1; 0 when the product could not be built
    errata: tuple[str, ...]  # in numeric order
    where: str = ""  # the place in French when it is not a page number ("carte 3"), or why nothing is listed


def _numeric(ids) -> tuple[str, ...]:
    return tuple(sorted(ids, key=erratum_order))


def product_marks(product: str, pdf: bytes) -> list[MarkedPage]:
    """Each page of a product's PDF that prints marks, with the errata it marks."""
    return [MarkedPage(product, page, _numeric(ids)) for page, ids in marked_pages(pdf)]


def face_marks(product: str, pdf: bytes) -> list[MarkedPage]:
    """Card faces imposed on sheets: each face that prints marks, by the number in its strip (« carte 3 »)."""
    template = re.escape(label("tables.sheet.card_of", card="\0C", cards="\0N"))
    number = re.compile(template.replace(re.escape("\0C"), r"(\d+)").replace(re.escape("\0N"), r"\d+"))
    return [
        MarkedPage(product, face, _numeric(ids), label("rulebook.marks.face", face=face))
        for face, ids in marked_faces(pdf, number)
    ]


def failed_product(product: str) -> MarkedPage:
    """A product that could not be built this time: listed as such, never as « no marks »."""
    return MarkedPage(product, 0, (), label("rulebook.marks.failed"))


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
        found = [
            p
            for p in product_marks(label("rulebook.marks.this_book", edition=self.edition), pdf)
            if end is None or p.page < end
        ]
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


def _field(name: str, text: str, *more: str) -> Paragraph:
    """« Name. text », each further text on its own line."""
    lines = "<br/>".join(escape(french(t)) for t in (text,) + more)
    return Paragraph(f"<b>{escape(french(name))}.</b> {lines}", st.styles()["report"])


def _quotes(quotes: list[str]) -> str:
    return " ; ".join(f"« {q} »" for q in quotes)


def _products(erratum: Erratum) -> str:
    names = ", ".join(label(f"rulebook.errata.products.{p}") for p in erratum.printed)
    return f"{names}, {label('rulebook.errata.marked', mark=mark(erratum.id))}" if erratum.mark else names


def _alternatives(readings: list[str]) -> list[str]:
    """One reading as is; several as « (a) … », « (b) … », one a line, so they never run together."""
    if len(readings) < 2:
        return readings
    return [f"({chr(ord('a') + i)}) {r}" for i, r in enumerate(readings)]


def _option_name(option: str) -> str:
    return label(f"rulebook.errata.options.{option}")


def _decision_fields(erratum: Erratum, readings: dict[str, str]) -> list[Flowable]:
    if erratum.reading is None:
        out = [_field(label("rulebook.errata.readings"), *_alternatives(erratum.readings))] if erratum.readings else []
        return out + [_field(label("rulebook.errata.decision"), erratum.decision or "")]
    reading = erratum.reading
    chosen = readings.get(reading.id, reading.option_ids[0])
    option = reading.option(chosen)
    assert option is not None  # the data's chosen readings name options of their erratum (checked on load)
    out = [_field(label("rulebook.errata.chosen", option=_option_name(chosen)), option.text)]
    out += [
        _field(label("rulebook.errata.other", option=_option_name(o.id)), o.text)
        for o in reading.options
        if o.id != chosen
    ]
    return out


_ITEMS = re.compile(r"[ \u00a0\u202f];[ \u00a0]")
_LABEL_BEFORE_VALUE = re.compile(r"[ \u00a0\u202f]:[ \u00a0]")


# Prose, not a list of items: a second sentence, or a « ; » or « : » inside parentheses.
_SENTENCE = re.compile(r"[.!?][ \u00a0\u202f]+[A-ZÀ-ÖØ-Þ]|\([^)]*[;:][^)]*\)")


def _numbers(text: str) -> list[Flowable]:
    """« Chiffres »: « situation : chiffre » items as a two-column table, a leading « titre : » above it;
    prose (E46: two sentences, a « ; » inside parentheses) stays one paragraph of text."""
    if _SENTENCE.search(text):
        return [_field(label("rulebook.errata.numbers"), text)]
    items = [i.strip() for i in _ITEMS.split(text.rstrip("."))]
    head = _LABEL_BEFORE_VALUE.split(items[0], maxsplit=1) if len(_LABEL_BEFORE_VALUE.findall(items[0])) > 1 else []
    if head:
        items[0] = head[1]
    s = st.styles()["report"]
    rows = [
        [Paragraph(escape(french(part)), s) for part in (_LABEL_BEFORE_VALUE.split(item, maxsplit=1) + [""])[:2]]
        for item in items
    ]
    table = Table(rows, colWidths=["45%", "55%"], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), SANS),
                cell_ink(),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.3, st.palette().rule),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    title = f"{head[0]} :" if head else ""
    return [_field(label("rulebook.errata.numbers"), title), table]


class TickBox(Flowable):
    """An empty square to tick with a pencil, drawn as one rectangle."""

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        return BOX, BOX

    def draw(self) -> None:
        self.canv.setStrokeColor(st.palette().ink)
        self.canv.setLineWidth(0.7)
        self.canv.rect(0, 0, BOX, BOX, stroke=1, fill=0)


def _tick_boxes(names: list[str]) -> Table:
    """« ☐ confirmé   ☐ à revoir »: empty squares to tick by hand, each with its word."""
    s = st.styles()["report"]
    row: list = []
    for name in names:
        row += [TickBox(), Paragraph(escape(name), s)]
    boxes = Table([row], colWidths=[BOX, pt(30)] * len(names), rowHeights=[BOX], hAlign="LEFT")
    boxes.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), SANS),
                cell_ink(),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
            + [("LEFTPADDING", (i, 0), (i, 0), 3) for i in range(1, len(row), 2)]
        )
    )
    return boxes


def _writing_lines(title: str, lines: int) -> Table:
    """Ruled lines to write on, the first one headed by title."""
    s = st.styles()["report"]
    rows = [[Paragraph(escape(french(title)), s)]] + [[""] for _ in range(lines - 1)]
    table = Table(rows, colWidths=["100%"], rowHeights=[WRITING_LINE] * lines, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), SANS),
                cell_ink(),
                ("LINEBELOW", (0, 0), (-1, -1), 0.4, st.palette().rule),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return table


def _signoff() -> Flowable:
    """Initials, date and signature at the end of the errata, each on its own ruled line."""
    fields = [_writing_lines(f"{name} :", 1) for name in labels("rulebook.errata.signoff.fields")]
    return KeepTogether([Spacer(0, 10), _p(label("rulebook.errata.signoff.title"), "h3"), *fields])


def erratum_flowables(erratum: Erratum, readings: dict[str, str]) -> Flowable:
    heading = label("rulebook.errata.heading", id=erratum.id, title=erratum.title)
    kind = label(f"rulebook.errata.kinds.{erratum.kind}")
    parts: list[Flowable] = [
        Paragraph(
            f"{escape(french(heading))} <font face='{SANS}' size='8' color='{st.palette().markup('muted')}'>"
            f"{escape(kind)}</font>",
            st.styles()["h3"],
        )
    ]
    if erratum.draft:
        parts.append(_field(label("rulebook.errata.draft"), _quotes(erratum.draft)))
    parts += _decision_fields(erratum, readings)
    if erratum.numbers:
        parts += _numbers(erratum.numbers)
    if erratum.printed:
        parts.append(_field(label("rulebook.errata.printed"), _products(erratum)))
    boxes = labels("rulebook.errata.reading_boxes" if erratum.reading else "rulebook.errata.boxes")
    parts += [
        Spacer(0, 3),
        _tick_boxes(list(boxes)),
        Spacer(0, 2),
        _writing_lines(label("rulebook.errata.remark"), REMARK_LINES),
        Spacer(0, 6),
    ]
    return KeepTogether(parts)


def errata_pages(appendix: ProofAppendix, registry: Registry) -> list[Flowable]:
    title = french(label("rulebook.errata.title"))
    out: list[Flowable] = [
        PageBreak(),
        HeadingFlowable(escape(title), st.styles()["h1"], 0, title, ERRATA_ANCHOR, registry),
        _p(label("rulebook.errata.intro"), "body"),
    ]
    return out + [erratum_flowables(e, appendix.readings) for e in appendix.errata] + [_signoff()]


def marks_pages(appendix: ProofAppendix, registry: Registry) -> list[Flowable]:
    title = french(label("rulebook.marks.title"))
    out: list[Flowable] = [
        PageBreak(),
        HeadingFlowable(escape(title), st.styles()["h1"], 0, title, MARKS_ANCHOR, registry),
        _p(label("rulebook.marks.intro", mark=mark("En")), "body"),
    ]
    places = appendix.own.pages + appendix.elsewhere
    if not places:
        return out + [_p(label("rulebook.marks.none"), "report")]
    rows = [[french(p.product), p.where or str(p.page), ", ".join(p.errata)] for p in places]
    return out + [report_table(labels("rulebook.marks.columns"), rows, ["36%", "22%", "42%"])]


def report_table(columns: list[str], rows: list[list[str]], widths: list[str]) -> Table:
    """A proof page's table: the house table (style.yaml `table`), as wide as the text block."""
    s = st.styles()
    cells = [[Paragraph(escape(c), s["head"]) for c in columns]]
    cells += [[Paragraph(escape(c), s["cell"]) for c in row] for row in rows]
    table = Table(cells, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), SANS),
                cell_ink(),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
            + table_commands(len(cells))  # the house table
        )
    )
    return table
