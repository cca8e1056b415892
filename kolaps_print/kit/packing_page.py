"""The packing list as a printed page (the first page of kit-papier.pdf): a checklist to tick."""

from __future__ import annotations

from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer, Table, TableStyle

from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.kit.packing import PackingList
from kolaps_print.labels import label, labels
from kolaps_print.layout.sheets import paper_size
from kolaps_print.layout.style import cell_ink, colour
from kolaps_print.layout.units import pt
from kolaps_print.write import PdfMeta, new_canvas

MARGIN_MM = 15.0
BOTTOM_MM = 12.0  # above the stamp
BOX_MM = 3.2
COLUMN_SHARES = (0.24, 0.22, 0.07, 0.13, 0.2, 0.14)  # of the frame width; the file names are long


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("base", textColor=colour("ink"))  # reportlab's default black is RGB
    return {
        "title": ParagraphStyle("title", parent=base, fontName=SANS_BOLD, fontSize=17, leading=21, spaceAfter=3),
        "summary": ParagraphStyle(
            "summary", fontName=SANS, fontSize=9, leading=12, textColor=colour("muted"), spaceAfter=8
        ),
        "heading": ParagraphStyle(
            "heading", parent=base, fontName=SANS_BOLD, fontSize=12, leading=15, spaceBefore=8, spaceAfter=4
        ),
        "body": ParagraphStyle("body", parent=base, fontName=SANS, fontSize=9, leading=11.5, spaceAfter=5),
        "cell": ParagraphStyle("cell", parent=base, fontName=SANS, fontSize=8.5, leading=10.5),
        "head": ParagraphStyle("head", parent=base, fontName=SANS_BOLD, fontSize=8.5, leading=10.5),
        "check": ParagraphStyle("check", parent=base, fontName=SANS, fontSize=9.5, leading=12),
    }


class CheckBox(Flowable):
    """An empty square to tick with a pencil."""

    def __init__(self, size_mm: float = BOX_MM):
        super().__init__()
        self.width = self.height = pt(size_mm)

    def draw(self) -> None:
        self.canv.setStrokeColor(colour("ink"))
        self.canv.setLineWidth(0.6)
        self.canv.rect(0, 0, self.width, self.height, stroke=1, fill=0)


def _print_table(pl: PackingList, width: float, st: dict) -> Table:
    cols = labels("kit.packing.columns")
    head = [Paragraph(escape(cols[k]), st["head"]) for k in ("document", "file", "pages", "copies", "paper", "sides")]
    body = [
        [Paragraph(escape(str(v)), st["cell"]) for v in (r.document, r.file, r.pages, r.copies, r.paper, r.sides)]
        for r in pl.rows
    ]
    table = Table([head] + body, colWidths=[width * s for s in COLUMN_SHARES], repeatRows=1, hAlign="LEFT")
    style = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),  # a cell's default font is Helvetica, even around a Paragraph
        cell_ink(),
        ("BACKGROUND", (0, 0), (-1, 0), colour("head")),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, colour("line")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    style += [("BACKGROUND", (0, i), (-1, i), colour("zebra")) for i in range(2, len(body) + 1, 2)]
    table.setStyle(TableStyle(style))
    return table


def _checklist(items: list[str], width: float, st: dict) -> Table:
    rows = [[CheckBox(), Paragraph(escape(text), st["check"])] for text in items]
    table = Table(rows, colWidths=[pt(BOX_MM) + 6, width - pt(BOX_MM) - 6], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), SANS),
                cell_ink(),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
            ]
        )
    )
    return table


def _story(pl: PackingList, width: float) -> list[Flowable]:
    st = _styles()
    return [
        Paragraph(escape(pl.title), st["title"]),
        Paragraph(escape(pl.summary), st["summary"]),
        Paragraph(escape(label("kit.packing.print_heading")), st["heading"]),
        _checklist(pl.print_checks, width, st),
        Paragraph(escape(pl.print_intro), st["body"]),
        _checklist(pl.runs, width, st),
        Spacer(1, 4),
        _print_table(pl, width, st),
        Spacer(1, 4),
        Paragraph(escape(label("kit.packing.bring_heading")), st["heading"]),
        _checklist(pl.bring, width, st),
        Paragraph(escape(label("kit.packing.table_heading")), st["heading"]),
        _checklist(pl.per_table, width, st),
        *_on_table(pl, width, st),
    ]


def _on_table(pl: PackingList, width: float, st: dict) -> list[Flowable]:
    if not pl.on_table:
        return []
    return [Paragraph(escape(pl.on_table_heading), st["heading"]), _checklist(list(pl.on_table), width, st)]


def packing_pdf(pl: PackingList, paper: str) -> tuple[bytes, int]:
    """The packing list on as many pages as it needs (one for any ordinary kit)."""
    size = paper_size(paper)
    width, height = pt(size.width), pt(size.height)
    buffer = BytesIO()
    c = new_canvas(buffer, (width, height), PdfMeta(title=pl.title, subject=label("kit.packing.title")))
    story, pages = _story(pl, width - 2 * pt(MARGIN_MM)), 0
    while story:
        frame = Frame(
            pt(MARGIN_MM),
            pt(BOTTOM_MM),
            width - 2 * pt(MARGIN_MM),
            height - pt(MARGIN_MM + BOTTOM_MM),
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        before = len(story)
        frame.addFromList(story, c)
        c.showPage()
        pages += 1
        if len(story) == before:  # a flowable taller than a page: stop rather than loop forever
            raise RuntimeError("packing list: an item is taller than a page")
    c.save()
    return buffer.getvalue(), pages
