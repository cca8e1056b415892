"""The quick-start as a handout: one sheet folded to four pages (issue 12).

Page 1 opens with a title band, then the first chapter (the scenario and the set-up); every
chapter starts a page; two columns everywhere, a --- in a chapter ends the column; no title
page, no contents, no chapter numbers.
Fewer than four pages are padded with blank ones (a fold has four); more than four is an
error, located in book.yaml: the text must be cut, not the sheet extended.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from io import BytesIO

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
)

from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.fonts import SANS, SANS_BOLD, register_fonts
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.book import Furniture, document_options
from kolaps_print.rulebook.flowables import Registry, StoryContext, block_flowables, hoist_page_break, too_short
from kolaps_print.rulebook.handout_look import Columns, columns, handout_layout, handout_styles
from kolaps_print.rulebook.inline import InlineContext
from kolaps_print.rulebook.markdown import Heading, TableBlock, ThematicBreak
from kolaps_print.rulebook.markdown import Paragraph as MdParagraph
from kolaps_print.typography import french
from kolaps_print.units import pt
from kolaps_print.write.pdf import PdfMeta

HANDOUT_PAGES = 4  # one sheet folded once


class HandoutDoc(BaseDocTemplate):
    """Two columns a page; page 1 under the title band, the others under a running head.

    fits: each chapter page's columns, balanced (handout_balance.page_fits(); a subclass sets
    them); a page not listed has its columns at full height.
    """

    fits: tuple[PageFit, ...] = ()

    def __init__(
        self, buffer: BytesIO, geometry: st.PageGeometry, meta: PdfMeta, furniture: Furniture, registry: Registry
    ):
        register_fonts()
        self.geometry, self.furniture, self.registry = geometry, furniture, registry
        super().__init__(
            buffer,
            pagesize=geometry.pagesize,
            leftMargin=0,
            rightMargin=0,
            topMargin=0,
            bottomMargin=0,
            **document_options(meta),
        )
        front, inside = page_columns(geometry)
        balanced = [
            _template(f"page{i}", (inside if i else front).balanced(h), self._inside_page if i else self._front_page)
            for i, h in enumerate([f.height for f in self.fits] or [None])
        ]
        self.addPageTemplates(balanced + [_template("inside", inside, self._inside_page)])

    def _front_page(self, canvas: Canvas, doc) -> None:
        canvas.saveState()
        self.furniture.cover(canvas, self.geometry)  # the band (see pages.HandoutBand)
        self._folio(canvas)
        canvas.restoreState()
        self._stamp(canvas)

    def _inside_page(self, canvas: Canvas, doc) -> None:
        canvas.saveState()
        self._running_head(canvas)
        self._folio(canvas)
        canvas.restoreState()
        self._stamp(canvas)

    def _stamp(self, canvas: Canvas) -> None:
        if self.furniture.stamp:
            canvas.saveState()
            self.furniture.stamp(canvas, self.geometry, canvas.getPageNumber())
            canvas.restoreState()

    def _running_head(self, canvas: Canvas) -> None:
        look, (w, h) = handout_layout(), self.geometry.pagesize
        x, top = pt(look.margin), h - pt(look.margin)
        canvas.setFont(SANS, look.furniture.running_head)
        canvas.setFillColor(st.palette().muted)
        canvas.drawString(x, top - pt(3), french(self.furniture.running_title))
        canvas.setStrokeColor(st.palette().rule)
        canvas.setLineWidth(0.5)
        canvas.line(x, top - pt(4.5), w - x, top - pt(4.5))

    def _folio(self, canvas: Canvas) -> None:
        look, (w, _) = handout_layout(), self.geometry.pagesize
        canvas.setFont(SANS_BOLD, look.furniture.folio)
        canvas.setFillColor(st.palette().ink)
        canvas.drawCentredString(w / 2, pt(look.margin), str(canvas.getPageNumber()))


def _template(name: str, cols: Columns, on_page: Callable, frame_class: type[Frame] = Frame) -> PageTemplate:
    pad = dict(leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    frames = [
        frame_class(x, cols.bottom, cols.width, cols.height, id=f"{name}{i}", **pad) for i, x in enumerate(cols.xs)
    ]
    return PageTemplate(name, frames, onPageEnd=on_page)


def page_columns(geometry: st.PageGeometry) -> tuple[Columns, Columns]:
    """Page 1's columns (under the title band) and the other pages' (under the running head)."""
    look = handout_layout()
    return columns(geometry, look.band + look.margin * 0.6), columns(geometry, look.margin + look.head)


def _context(
    pages: dict[str, int],
    registry: Registry,
    tables,
    outside,
    geometry: st.PageGeometry,
    table_scale: float = 1.0,
    page: int = -1,
) -> StoryContext:
    cols = columns(geometry, handout_layout().band)
    inline, styles = InlineContext(pages, outside), handout_styles(page, geometry.paper)  # quickstart.yaml pages
    return StoryContext(
        inline, tables, registry, cols.width, cols.height, styles=styles, numbered=False, table_scale=table_scale
    )


def _chapter_flow(chapter, ctx: StoryContext) -> list[Flowable]:
    """One chapter's blocks for its page's two columns: --- ends the column; a heading keeps two
    lines of what follows (as in the book), a table's introduction stays with it, and a block
    quote is a worked example's box (handout_example)."""
    flow: list[Flowable] = []
    previous, title = None, None
    leading = (ctx.styles or handout_styles())["body"].leading
    for block, following in zip(chapter.blocks, chapter.blocks[1:] + [None], strict=True):
        if isinstance(block, ThematicBreak):  # in a handout, --- ends the column
            flow.append(FrameBreak())
            if isinstance(following, TableBlock) and title is not None:
                flow.append(TitleRoom(title))  # its caption level with the first beside it (review 22b, 12)
            title, previous = None, block
            continue
        parts = block_flowables(block, ctx)  # a quote: the house's example box (handout_example)
        if previous is None and isinstance(block, Heading) and block.level == 1:
            title = parts[0]  # the page's title, over its first column
        if isinstance(previous, Heading) and too_short(parts, ctx.width, ctx.frame_height, leading):
            parts[-1].keepWithNext = 1  # the heading keeps this and the next block: two lines at least
        if isinstance(following, TableBlock) and isinstance(block, (MdParagraph, Heading)):
            parts[-1].keepWithNext = 1
        previous = block
        flow = hoist_page_break(flow, parts, ctx.width, ctx.frame_height)
    return flow


class TitleRoom(Flowable):
    """Room at a column's top as tall as the page's title over the column beside it, parted from
    what follows as the title is: a page of tables (the back) starts its right column's first
    caption level with the left's (« Effets secondaires (démo) » stood level with « Tables »:
    review 22b, 12)."""

    def __init__(self, title: Flowable):
        super().__init__()
        self.title = title

    def wrap(self, availWidth, availHeight):
        self.width, self.height = availWidth, self.title.wrap(availWidth, availHeight)[1]
        return self.width, self.height

    def getSpaceAfter(self) -> float:  # the frame parts it from the caption as it parts the title
        return self.title.getSpaceAfter()

    def draw(self) -> None:
        pass


@dataclass(frozen=True)
class PageFit:
    """How a chapter's page is set: its columns' height (points) and its tables' scale."""

    height: float
    table_scale: float = 1.0
    page_type: int = -1  # the page (from 0) whose running text of quickstart.yaml it is set in; -1: the default


def handout_story_factory(
    chapters, tables, outside, geometry: st.PageGeometry, blank_pages: int = 0, fits: tuple[PageFit, ...] = ()
):
    """The story of every layout pass: each chapter from a new page (page{i}: its balanced
    columns), its tables at fits[i]'s scale, in two columns, then blank_pages empty pages (a
    folded sheet has four)."""

    def make(pages: dict[str, int], registry: Registry) -> list[Flowable]:
        flow: list[Flowable] = [NextPageTemplate("inside")]
        for i, chapter in enumerate(chapters):
            if i:
                flow += [NextPageTemplate(f"page{i}"), PageBreak()]
            fit = fits[i] if i < len(fits) else PageFit(0.0)
            flow += _chapter_flow(
                chapter, _context(pages, registry, tables, outside, geometry, fit.table_scale, fit.page_type)
            )
        for _ in range(blank_pages):
            flow += [NextPageTemplate("inside"), PageBreak(), Spacer(0, 1)]
        return flow

    return make


def too_long(pages: int, book_file: str) -> KolapsError:
    return KolapsError(
        [
            Diagnostic(
                book_file,
                1,
                1,
                "error",
                f"the quick-start is a handout of {HANDOUT_PAGES} pages (one folded sheet) "
                f"but its chapters fill {pages}: shorten them",
            )
        ]
    )
