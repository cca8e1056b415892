"""`kolaps-print tables --ruleset ID`: a bundled ruleset's quick-reference sheet, its sections
of tables flowed down portrait pages, every chance exact (content/ruleset_sheet.py).

Library API: build_ruleset_sheet(ruleset_id, paper) -> Reference; write_ruleset_sheet writes
it atomically (default output/reference-ID.pdf)."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame
from reportlab.platypus.doctemplate import ActionFlowable

from kolaps_print.content.ruleset_sheet import sheet_content
from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC
from kolaps_print.jobs.tables import Reference
from kolaps_print.labels import label
from kolaps_print.layout.reference.look import ink, mark_grey
from kolaps_print.layout.ruleset_sheet import SheetLook, sheet_look, sheet_story
from kolaps_print.layout.sheets import paper_size
from kolaps_print.layout.units import pt
from kolaps_print.model.ruleset_load import Ruleset, find_ruleset
from kolaps_print.write import PDF, PdfMeta, new_canvas, planned_output, source_inputs


def default_ruleset_output(ruleset_id: str) -> Path:
    return Path("output") / f"reference-{ruleset_id}.pdf"


def _page_furniture(canvas: Canvas, ruleset: Ruleset, look: SheetLook, size: tuple[float, float], page: int) -> None:
    width, height = size
    margin = pt(look.margin_mm)
    canvas.setFillColor(ink())
    canvas.setFont(SANS_BOLD, look.title_pt)
    canvas.drawString(margin, height - margin - look.title_pt, ruleset.spec.sheet.title)
    canvas.setFont(SANS, look.title_pt)
    canvas.drawRightString(width - margin, height - margin - look.title_pt, str(page))
    canvas.setFont(SANS_ITALIC, look.body_pt)
    canvas.setFillColor(mark_grey())
    footer = label("rulesets.sheet.footer", name=ruleset.spec.name, seed=ruleset.spec.seed)
    canvas.drawString(margin, margin, footer)


def _fill(frame: Frame, story: list, canvas: Canvas) -> bool:
    """Flow story into frame, splitting what does not fit whole (a table between rows, a kept
    group before its table); True if anything was placed. What is placed leaves story."""
    placed = False
    while story:
        if isinstance(story[0], ActionFlowable):  # a kept group's « go on at the next frame »
            del story[0]
            if placed:
                return True
            continue
        if frame.add(story[0], canvas, trySplit=0):
            del story[0]
            placed = True
            continue
        parts = frame.split(story[0], canvas)
        if not parts or (len(parts) == 1 and parts[0] is story[0]):
            return placed
        story[0:1] = parts
    return placed


def build_ruleset_sheet(ruleset_id: str, paper: str = "a4") -> Reference:
    ruleset = find_ruleset(ruleset_id)
    look = sheet_look()
    paper_mm = paper_size(paper)
    size = (pt(paper_mm.width), pt(paper_mm.height))
    margin = pt(look.margin_mm)
    frame_box = (margin, margin + pt(look.footer_mm), size[0] - 2 * margin)
    frame_height = size[1] - 2 * margin - pt(look.header_mm) - pt(look.footer_mm)
    story = sheet_story(sheet_content(ruleset), frame_box[2] - 12, look)  # Frame pads 6 pt a side
    buffer = BytesIO()
    title = label("rulesets.sheet.pdf_title", name=ruleset.spec.name, title=ruleset.spec.sheet.title)
    canvas = new_canvas(buffer, size, PdfMeta(title=title, subject=label("rulesets.sheet.subject")))
    pages = 0
    while story:
        pages += 1
        canvas.setFont(SANS, look.body_pt)  # never leave reportlab's default font selected
        _page_furniture(canvas, ruleset, look, size, pages)
        if not _fill(Frame(*frame_box, frame_height), story, canvas):  # an empty page took nothing
            where = str(ruleset.folder / "tables.yaml")
            raise KolapsError([Diagnostic(where, 1, 1, "error", "a table does not fit on a page: split it")])
        canvas.showPage()
    canvas.save()
    return Reference(buffer.getvalue(), pages)


def write_ruleset_sheet(ruleset_id: str, output: Path | str | None = None, paper: str = "a4") -> Reference:
    """Build, then write atomically: on any error nothing is written."""
    out = planned_output(output or default_ruleset_output(ruleset_id), PDF, source_inputs())
    reference = build_ruleset_sheet(ruleset_id, paper)
    out.write(reference.pdf)
    return reference
