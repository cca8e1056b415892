"""`kolaps-print tables --ruleset ID`: a bundled ruleset's quick-reference sheet, its sections
of tables flowed down portrait pages, every chance exact (content/ruleset_sheet.py).

Library API: build_ruleset_sheet(ruleset_id, paper) -> Reference; write_ruleset_sheet writes
it atomically (default output/reference-ID.pdf)."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame

from kolaps_print.content.ruleset_sheet import SectionContent, sheet_content
from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC
from kolaps_print.jobs.tables import Reference, TablesOptions
from kolaps_print.labels import label, overriding_labels
from kolaps_print.layout.reference.look import ink, mark_grey
from kolaps_print.layout.ruleset_card import RulesetFace
from kolaps_print.layout.ruleset_sheet import Kept, SheetLook, fill_frame, sheet_look, sheet_story
from kolaps_print.layout.sheets import paper_size
from kolaps_print.layout.units import pt
from kolaps_print.model.ruleset_load import Ruleset, find_ruleset
from kolaps_print.write import PDF, PdfMeta, new_canvas, planned_output, source_inputs
from kolaps_print.write.pdfx import press_ready


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
    """The sheet drawn, and its page count. The page count is printed (« 1/2 »), so runs with
    total 0 only count the pages (the last page's columns are not balanced: that never changes
    the count) and a last one draws them with it."""
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
        for i, box in enumerate(_balanced(story, columns, size) if total else columns):
            frame = Frame(*box, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
            if not fill_frame(frame, story, canvas) and i == 0:  # an empty page took nothing
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
        fill_frame(Frame(*box, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0), rest, scratch)
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
    with overriding_labels(ruleset.labels_file):  # the ruleset's own labels first
        return _sheet(ruleset, paper)


def _sheet(ruleset: Ruleset, paper: str) -> Reference:
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


CARDS = TablesOptions(format="cards")
SHEET = TablesOptions()


def build_ruleset_reference_cards(ruleset_id: str, options: TablesOptions = CARDS) -> Reference:
    """The sheet's tables as reference cards, imposed like KOLAPS's (--card, --layout, --flip, --paper)."""
    ruleset = find_ruleset(ruleset_id)
    with overriding_labels(ruleset.labels_file):
        return _reference_cards(ruleset, options)


def _reference_cards(ruleset: Ruleset, options: TablesOptions) -> Reference:
    from kolaps_print.draw.ruleset_card import RulesetCard
    from kolaps_print.impose import ImposeOptions, impose, slots_per_sheet
    from kolaps_print.layout.ruleset_reference_cards import CardOverflow, reference_faces
    from kolaps_print.layout.sheets import card_size

    look = sheet_look()
    try:
        size = card_size(options.card)
        impose_options = ImposeOptions(
            card=size, paper=paper_size(options.paper), mode=options.layout, flip=options.flip
        )
        slots_per_sheet(impose_options.resolved())  # the card fits the paper inside its margins
        faces = reference_faces(ruleset, sheet_content(ruleset), pt(size.width), pt(size.height), look)
    except (ValueError, CardOverflow) as exc:
        raise KolapsError([Diagnostic("<options>", 1, 1, "error", str(exc))]) from None
    foot = (ruleset.spec.name, label("rulesets.sheet.cards_foot"))
    colour = look.colour(ruleset.id)
    blank = RulesetFace("", [])
    cards = [
        RulesetCard(faces[i], faces[i + 1] if i + 1 < len(faces) else blank, look.card, colour, foot)
        for i in range(0, len(faces), 2)
    ]
    title = label("rulesets.sheet.cards_title", name=ruleset.spec.name)
    imposed = impose(cards, impose_options, PdfMeta(title=title, subject=label("rulesets.sheet.cards_subject")))
    pdf = press_ready(imposed.pdf) if options.layout == "print-shop" else imposed.pdf  # PDF/X-4, as KOLAPS's cards
    return Reference(pdf, imposed.pages, None, faces=len(faces), cards=len(cards))


def default_ruleset_cards_output(ruleset_id: str) -> Path:
    return Path("output") / f"reference-cards-{ruleset_id}.pdf"


def write_ruleset_reference(
    ruleset_id: str, output: Path | str | None = None, options: TablesOptions = SHEET
) -> Reference:
    """The sheet, or with format cards the reference cards; built, then written atomically:
    on any error nothing is written."""
    cards = options.format == "cards"
    default = default_ruleset_cards_output(ruleset_id) if cards else default_ruleset_output(ruleset_id)
    out = planned_output(output or default, PDF, source_inputs())
    reference = (
        build_ruleset_reference_cards(ruleset_id, options) if cards else build_ruleset_sheet(ruleset_id, options.paper)
    )
    out.write(reference.pdf)
    return reference


def write_ruleset_sheet(ruleset_id: str, output: Path | str | None = None, paper: str = "a4") -> Reference:
    """Build, then write atomically: on any error nothing is written."""
    return write_ruleset_reference(ruleset_id, output, TablesOptions(paper=paper))
