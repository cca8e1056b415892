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

from kolaps_print.content.ruleset_sheet import SectionContent, sheet_content
from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC
from kolaps_print.jobs.tables import Reference
from kolaps_print.labels import label
from kolaps_print.layout.reference.look import ink, mark_grey
from kolaps_print.layout.ruleset_sheet import Kept, SheetLook, sheet_look, sheet_story
from kolaps_print.layout.sheets import paper_size
from kolaps_print.layout.units import pt
from kolaps_print.model.ruleset_load import Ruleset, find_ruleset
from kolaps_print.write import PDF, PdfMeta, new_canvas, planned_output, source_inputs


def default_ruleset_output(ruleset_id: str) -> Path:
    return Path("output") / f"reference-{ruleset_id}.pdf"


def _page_furniture(
    canvas: Canvas, ruleset: Ruleset, look: SheetLook, size: tuple[float, float], pages: tuple[int, int]
) -> None:
    """The title in bold ink over a rule of the system's colour, as on KOLAPS's sheet (nothing
    painted to the edge an office printer cannot reach), « 1/2 » at its right when there are
    pages; the rulings' key at the foot."""
    width, height = size
    margin = pt(look.margin_mm)
    baseline = height - margin - look.title_pt
    canvas.setFillColor(ink())
    canvas.setFont(SANS_BOLD, look.title_pt)
    canvas.drawString(margin, baseline, ruleset.spec.sheet.title)
    if pages[1] > 1:
        canvas.setFont(SANS, look.title_pt)
        canvas.drawRightString(width - margin, baseline, label("rulesets.sheet.page", page=pages[0], pages=pages[1]))
    canvas.setStrokeColor(look.colour(ruleset.spec.id))
    canvas.setLineWidth(look.title_rule_pt)
    rule = baseline - look.title_pt * 0.45
    canvas.line(margin, rule, width - margin, rule)
    canvas.setFont(SANS_ITALIC, look.body_pt)
    canvas.setFillColor(mark_grey())
    canvas.drawString(margin, margin, label("rulesets.sheet.footer", name=ruleset.spec.name))


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


def _columns(look: SheetLook, size: tuple[float, float]) -> list[tuple[float, float, float, float]]:
    """x, y, width, height of each column of a page, left to right."""
    margin, gap = pt(look.margin_mm), pt(look.column_gap_mm)
    width = (size[0] - 2 * margin - gap * (look.columns - 1)) / look.columns
    bottom = margin + pt(look.footer_mm)
    height = size[1] - 2 * margin - pt(look.header_mm) - pt(look.footer_mm) - pt(look.section_bar_mm) / 2
    return [(margin + i * (width + gap), bottom, width, height) for i in range(look.columns)]


def _flow(
    ruleset: Ruleset, sections: list[SectionContent], look: SheetLook, size: tuple[float, float], total: int = 0
) -> tuple[bytes, int]:
    """The sheet drawn, and its page count. The page count is printed (« 1/2 »), so a first run
    with total 0 counts the pages and a second one draws them with it."""
    columns = _columns(look, size)
    story = sheet_story(sections, columns[0][2], look, look.colour(ruleset.spec.id))
    buffer = BytesIO()
    title = label("rulesets.sheet.pdf_title", name=ruleset.spec.name, title=ruleset.spec.sheet.title)
    canvas = new_canvas(buffer, size, PdfMeta(title=title, subject=label("rulesets.sheet.subject")))
    pages = 0
    while story:
        pages += 1
        canvas.setFont(SANS, look.body_pt)  # never leave reportlab's default font selected
        _page_furniture(canvas, ruleset, look, size, (pages, total))
        for i, box in enumerate(_balanced(story, columns, size)):
            frame = Frame(*box, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
            if not _fill(frame, story, canvas) and i == 0:  # an empty page took nothing
                where = str(ruleset.folder / "tables.yaml")
                raise KolapsError([Diagnostic(where, 1, 1, "error", "a table does not fit on a page: split it")])
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), pages


def _fits(story: list, columns: list[tuple[float, float, float, float]], size: tuple[float, float]) -> bool:
    """Whether all of story fits these columns (tried on a scratch canvas; story is untouched)."""
    rest = list(story)
    scratch = Canvas(BytesIO(), pagesize=size)
    for box in columns:
        _fill(Frame(*box, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0), rest, scratch)
    return not rest


def _balanced(
    story: list, columns: list[tuple[float, float, float, float]], size: tuple[float, float]
) -> list[tuple[float, float, float, float]]:
    """The columns, shortened alike from the bottom when what is left fits a page: the last page's
    columns end level instead of one full and one nearly empty."""
    if not _fits(story, columns, size):
        return columns
    full, width = columns[0][3], columns[0][2]
    heights = [f.whole_height(width) if isinstance(f, Kept) else f.wrap(width, full)[1] for f in story]

    def cut(height: float) -> list[tuple[float, float, float, float]]:
        return [(x, y + full - height, w, height) for x, y, w, _ in columns]

    low, high = max([*heights, sum(heights) / len(columns)]) - 1, full  # a kept table never splits
    while high - low > pt(2):  # to 2 mm
        middle = (low + high) / 2
        low, high = (low, middle) if _fits(story, cut(middle), size) else (middle, high)
    return cut(high)


def build_ruleset_sheet(ruleset_id: str, paper: str = "a4") -> Reference:
    ruleset = find_ruleset(ruleset_id)
    look = sheet_look()
    paper_mm = paper_size(paper)
    size = (pt(paper_mm.width), pt(paper_mm.height))
    sections = sheet_content(ruleset)
    look, total = _fewest_pages(ruleset, sections, look, size)
    pdf, pages = _flow(ruleset, sections, look, size, total)
    return Reference(pdf, pages)


def _fewest_pages(
    ruleset: Ruleset, sections: list[SectionContent], look: SheetLook, size: tuple[float, float]
) -> tuple[SheetLook, int]:
    """The look at the largest body size (from max_body_pt down to min_body_pt) that prints the
    sheet on the fewest pages, and that page count: a sheet spilling a few lines onto a second
    page sets them a little smaller, a short one a little larger."""

    def at(body: float) -> SheetLook:
        return look.model_copy(update={"body_pt": body})

    sizes = [look.max_body_pt]
    while sizes[-1] - look.body_step_pt >= look.min_body_pt - 1e-9:
        sizes.append(round(sizes[-1] - look.body_step_pt, 2))
    fewest = _flow(ruleset, sections, at(sizes[-1]), size)[1]
    low, high = 0, len(sizes) - 1  # pages grow with the size: the first size at the fewest, by halves
    while low < high:
        middle = (low + high) // 2
        if _flow(ruleset, sections, at(sizes[middle]), size)[1] == fewest:
            high = middle
        else:
            low = middle + 1
    return at(sizes[low]), fewest


def write_ruleset_sheet(ruleset_id: str, output: Path | str | None = None, paper: str = "a4") -> Reference:
    """Build, then write atomically: on any error nothing is written."""
    out = planned_output(output or default_ruleset_output(ruleset_id), PDF, source_inputs())
    reference = build_ruleset_sheet(ruleset_id, paper)
    out.write(reference.pdf)
    return reference
