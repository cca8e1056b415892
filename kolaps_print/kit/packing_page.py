"""The packing list as a printed page (the first page of kit-papier.pdf): a checklist to tick."""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer, Table, TableStyle

from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.kit.packing import PackingList
from kolaps_print.labels import label, labels
from kolaps_print.layout.kit_pages import PackingLook, TypeStep, kit_pages
from kolaps_print.layout.ruling_style import quiet_marks
from kolaps_print.layout.sheets import paper_size
from kolaps_print.layout.style import cell_ink, colour
from kolaps_print.typography import escape
from kolaps_print.units import pt
from kolaps_print.write import PdfMeta, new_canvas

_FONTS = {"title": SANS_BOLD, "heading": SANS_BOLD, "head": SANS_BOLD}  # the others: SANS
_INKS = {"summary": "muted"}  # the others: ink


def _markup(text: str, mark_pt: float | None = None) -> str:
    """text as paragraph markup, its erratum marks (« † E46 ») in the house's quiet style, as on
    the sheets and cards: condensed italic, muted grey, in a heading as in a line (review 22b, 15).
    mark_pt: the marks' size where it is not the text's; a title's or heading's marks are set at
    the size of the checklist lines under it (review 23, N11)."""
    return quiet_marks(escape(text), size=mark_pt)


def _style(name: str, step: TypeStep) -> ParagraphStyle:
    return ParagraphStyle(
        name,
        fontName=_FONTS.get(name, SANS),
        fontSize=step.size,
        leading=step.leading,
        spaceBefore=step.before,
        spaceAfter=step.after,
        textColor=colour(_INKS.get(name, "ink")),  # reportlab's default black is RGB
    )


def _styles(look: PackingLook) -> dict[str, ParagraphStyle]:
    steps = dict(look.type)
    return {name: _style(name, steps["cell" if name == "head" else name]) for name in [*steps, "head"]}


class CheckBox(Flowable):
    """An empty square to tick with a pencil."""

    def __init__(self, size_mm: float, line_pt: float):
        super().__init__()
        self.width = self.height = pt(size_mm)
        self.line_pt = line_pt

    def draw(self) -> None:
        self.canv.setStrokeColor(colour("ink"))
        self.canv.setLineWidth(self.line_pt)
        self.canv.rect(0, 0, self.width, self.height, stroke=1, fill=0)


def _print_table(pl: PackingList, width: float, st: dict, look: PackingLook) -> Table:
    cols = labels("kit.packing.columns")
    head = [Paragraph(escape(cols[k]), st["head"]) for k in ("document", "file", "pages", "copies", "paper", "sides")]
    body = [
        [Paragraph(_markup(str(v)), st["cell"]) for v in (r.document, r.file, r.pages, r.copies, r.paper, r.sides)]
        for r in pl.rows
    ]
    table = Table([head] + body, colWidths=[width * s for s in look.columns], repeatRows=1, hAlign="LEFT")
    style = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),  # a cell's default font is Helvetica, even around a Paragraph
        cell_ink(),
        ("BACKGROUND", (0, 0), (-1, 0), colour("head")),
        ("LINEBELOW", (0, 0), (-1, -1), look.rule_pt, colour("line")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), look.cell_padding_pt),
        ("BOTTOMPADDING", (0, 0), (-1, -1), look.cell_padding_pt),
    ]
    style += [("BACKGROUND", (0, i), (-1, i), colour("zebra")) for i in range(2, len(body) + 1, 2)]
    table.setStyle(TableStyle(style))
    return table


def _checklist(items: list[str], width: float, st: dict, look: PackingLook) -> Table:
    rows = [[CheckBox(look.box, look.box_pt), Paragraph(_markup(text), st["check"])] for text in items]
    box = pt(look.box) + look.box_gap_pt
    table = Table(rows, colWidths=[box, width - box], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), SANS),
                cell_ink(),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), look.check_padding_pt),
                ("BOTTOMPADDING", (0, 0), (-1, -1), look.check_padding_pt),
            ]
        )
    )
    return table


def _story(pl: PackingList, width: float, look: PackingLook) -> list[Flowable]:
    st = _styles(look)
    return [
        Paragraph(_markup(pl.title, st["check"].fontSize), st["title"]),
        Paragraph(_markup(pl.summary), st["summary"]),
        Paragraph(escape(label("kit.packing.print_heading")), st["heading"]),
        _checklist(pl.print_checks, width, st, look),
        Paragraph(_markup(pl.print_intro), st["body"]),
        _checklist(pl.runs, width, st, look),
        Spacer(1, look.table_space_pt),
        _print_table(pl, width, st, look),
        Spacer(1, look.table_space_pt),
        Paragraph(escape(label("kit.packing.bring_heading")), st["heading"]),
        _checklist(pl.bring, width, st, look),
        Paragraph(escape(label("kit.packing.table_heading")), st["heading"]),
        _checklist(pl.per_table, width, st, look),
        *_on_table(pl, width, st, look),
    ]


def _on_table(pl: PackingList, width: float, st: dict, look: PackingLook) -> list[Flowable]:
    if not pl.on_table:
        return []
    return [
        Paragraph(_markup(pl.on_table_heading, st["check"].fontSize), st["heading"]),
        _checklist(list(pl.on_table), width, st, look),
    ]


def packing_pdf(pl: PackingList, paper: str) -> tuple[bytes, int]:
    """The packing list on as many pages as it needs (one for any ordinary kit)."""
    size = paper_size(paper)
    width, height = pt(size.width), pt(size.height)
    buffer = BytesIO()
    c = new_canvas(buffer, (width, height), PdfMeta(title=pl.title, subject=label("kit.packing.title")))
    look = kit_pages().packing
    story, pages = _story(pl, width - 2 * pt(look.margin), look), 0
    while story:
        frame = Frame(
            pt(look.margin),
            pt(look.bottom),
            width - 2 * pt(look.margin),
            height - pt(look.margin + look.bottom),
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
