"""The book template and its layout passes.

Page numbers are physical (the title page is page 1). A pass lays the whole book out and
records where each heading lands; the TOC and every "voir p. N" use the previous pass's
pages, so passes repeat until the pages stop moving.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from io import BytesIO

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, NextPageTemplate, PageBreak, PageTemplate, Spacer

from kolaps_print import __version__
from kolaps_print.fonts import SANS, SANS_BOLD, SERIF, register_fonts
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.flowables import HeadingFlowable, Registry, fills_past, floating
from kolaps_print.typography import french
from kolaps_print.units import pt
from kolaps_print.write.pdf import PdfMeta

MAX_PASSES = 5


@dataclass(frozen=True)
class Furniture:
    """What every page carries besides the text, all of it already in French."""

    running_title: str  # left of the running header
    cover: Callable  # draws the title page: cover(canvas, geometry)
    stamp: Callable | None = None  # proof stamp: stamp(canvas, geometry, page)


def document_options(meta: PdfMeta) -> dict:
    """What every edition's document template is given: metadata, byte-identical reruns, French."""
    return dict(
        title=meta.title,
        author=meta.author,
        subject=meta.subject,
        creator=f"kolaps-print {__version__}",
        keywords=meta.keywords,
        invariant=1,
        pageCompression=1,
        initialFontName=SERIF,
        lang="fr-FR",
    )


class RulebookDoc(BaseDocTemplate):
    def __init__(
        self, buffer: BytesIO, geometry: st.PageGeometry, meta: PdfMeta, furniture: Furniture, registry: Registry
    ):
        register_fonts()
        self.geometry, self.furniture, self.registry = geometry, furniture, registry
        self._chapter: str | None = None  # the chapter being set (level 0 or 1 heading)
        self._page_chapter: str | None = None  # the chapter in force at the top of this page
        self._page_drawn = 0  # flowables with ink drawn on this page so far, a chapter's kicker aside
        self._column_drawn = 0  # the same, in this column
        self._story: list[Flowable] = []
        self._floating: list[Flowable] = []  # a table waiting for the next column (_float)
        self._filling: list[Flowable] = []  # the flowables that fill the column before it
        x, y, w, h = geometry.frame
        super().__init__(
            buffer,
            pagesize=geometry.pagesize,
            leftMargin=x,
            bottomMargin=y,
            rightMargin=geometry.pagesize[0] - x - w,
            topMargin=geometry.pagesize[1] - y - h,
            **document_options(meta),
        )
        cover_frame = Frame(x, y, w, h, id="cover", showBoundary=0)
        columns = [_bare_frame(f"column-{i}", *box) for i, box in enumerate(geometry.column_frames)]
        self.addPageTemplates(
            [
                PageTemplate("cover", [cover_frame], onPageEnd=self._cover_page),
                PageTemplate("body", columns, onPageEnd=self._body_page),
                PageTemplate("plain", [_bare_frame("plain", x, y, w, h)], onPageEnd=self._plain_page),
                PageTemplate("notes", [_bare_frame("notes", x, y, w, h)], onPageEnd=self._notes_page),
            ]
        )

    def build(self, flowables, *args, **kwargs) -> None:
        self._story = flowables  # the list build() works through: a floated table waits in it
        self._floating = []
        super().build(flowables, *args, **kwargs)

    def handle_flowable(self, flowables) -> None:
        count = floating(flowables[0]) if flowables else 0
        if count and flowables is self._story and self._float(flowables, count):
            return
        super().handle_flowable(flowables)

    def _float(self, flowables: list[Flowable], count: int) -> bool:
        """A table kept whole that does not fit what is left of this column, while it would fit a
        column: the paragraphs after it (up to the next heading, table or kept chain) fill the
        column and it heads the next one (handle_frameBegin), rather than leaving the gap empty.
        If those paragraphs run out first, it comes next in the same column as it would have."""
        chain, frame = flowables[:count], self.frame
        flowables[0].floats = 0  # considered once
        width = frame._getAvailableWidth()
        need = _height(chain, width, frame._aH)
        room = frame._y - frame._y1p
        if frame._atTop or need <= room or need > frame._aH:
            return False
        fillers = 0
        for f in flowables[count:]:
            if not fills_past(f):
                break
            fillers += 1
        if not fillers:
            return False
        self._filling = flowables[count : count + fillers]
        flowables[: count + fillers] = flowables[count : count + fillers] + chain
        self._floating = chain
        return True

    def handle_frameBegin(self, *args, **kwargs) -> None:
        """A floated table heads the column, after the rest of a paragraph that filled the last
        one and went on over the column's turn (review 21b, 7: « …met fin à la », the Moral
        table, then « fuite. »): a table stands between paragraphs, never inside one."""
        super().handle_frameBegin(*args, **kwargs)
        self._column_drawn = 0
        chain, self._floating = self._floating, []
        if not chain or not any(f is chain[0] for f in self._story):
            return  # none waiting, or already set
        head = self._story[0]
        rest = [f for f in self._story if not any(f is c for c in chain)]
        if head is not chain[0] and not any(head is f for f in self._filling):  # a filler's rest, cut
            self._story[:] = rest[:1] + chain + rest[1:]  # at the column's foot: it ends before the table
        else:
            self._story[:] = rest
            self._hanging.extend(chain)

    def handle_pageBegin(self) -> None:
        super().handle_pageBegin()
        self._page_chapter, self._page_drawn = self._chapter, 0

    def afterFlowable(self, flowable: Flowable) -> None:
        """Follow the chapter in force: the running head names the chapter a page opens in,
        or the one whose title (after its « Chapitre N » kicker) opens the page; the index names
        the page whose right column it opens (review 21b, 8), as the head's right end stands over it."""
        if isinstance(flowable, HeadingFlowable) and flowable.level <= 1:
            self._chapter = flowable.title
            column_top = not self._column_drawn and getattr(flowable, "names_its_column", False)
            if not self._page_drawn and self.frame.id in ("column-0", "plain", "cover") or column_top:
                self._page_chapter = flowable.title
        drawn = getattr(flowable, "height", 0) or getattr(flowable, "_height", 0)  # a table keeps it in _height
        kicker = getattr(getattr(flowable, "style", None), "name", "") == "kicker"  # « Chapitre N » over a title
        if drawn > 0 and not isinstance(flowable, Spacer) and not kicker:
            self._page_drawn += 1
            self._column_drawn += 1
            self.registry.reached(self.canv.getPageNumber())  # the sections being set reach this page

    def _cover_page(self, canvas, doc) -> None:
        self.furniture.cover(canvas, self.geometry)
        self._stamp(canvas)

    def _plain_page(self, canvas, doc) -> None:
        """The credits: no running head, no folio."""
        self._stamp(canvas)

    def _notes_page(self, canvas, doc) -> None:
        """A « Notes » page: the book's folio (a page without one reads as a stray sheet), no
        running head (its title opens it, as a chapter's opens its first page)."""
        canvas.saveState()
        self._footer(canvas, canvas.getPageNumber())
        canvas.restoreState()
        self._stamp(canvas)

    def _body_page(self, canvas, doc) -> None:
        page = canvas.getPageNumber()
        canvas.saveState()
        self._header(canvas, page)
        self._footer(canvas, page)
        canvas.restoreState()
        self._stamp(canvas)

    def _stamp(self, canvas) -> None:
        if self.furniture.stamp:
            canvas.saveState()
            self.furniture.stamp(canvas, self.geometry, canvas.getPageNumber())
            canvas.restoreState()

    def _header(self, canvas, page: int) -> None:
        if page in self.registry.opener_pages:
            return  # a chapter's first page has its big title instead
        x, y, w, h = self.geometry.frame
        top = y + h + pt(8)
        size = st.rulebook_layout().furniture.running_head
        canvas.setFont(SANS, size)
        canvas.setFillColor(st.palette().muted)
        canvas.drawString(x, top, french(self.furniture.running_title))
        chapter = self._page_chapter
        if chapter:
            canvas.setFont(SANS_BOLD, size)
            canvas.setFillColor(st.palette().ink)
            canvas.drawRightString(x + w, top, french(chapter))
        canvas.setStrokeColor(st.palette().rule)
        canvas.setLineWidth(0.5)
        canvas.line(x, top - pt(2), x + w, top - pt(2))

    def _footer(self, canvas, page: int) -> None:
        x, y, w, _ = self.geometry.frame
        base = y - pt(11)
        canvas.setFont(SANS_BOLD, st.rulebook_layout().furniture.folio)
        canvas.setFillColor(st.palette().ink)
        canvas.drawCentredString(x + w / 2, base, str(page))
        canvas.setStrokeColor(st.palette().accent)
        canvas.setLineWidth(1.2)
        canvas.line(x + w / 2 - pt(9), base + pt(4.5), x + w / 2 + pt(9), base + pt(4.5))


def _height(flowables: list[Flowable], width: float, height: float) -> float:
    return sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables)


def _bare_frame(name: str, x: float, y: float, w: float, h: float) -> Frame:
    return Frame(x, y, w, h, id=name, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)


def cover_story() -> list[Flowable]:
    """The title page is all drawn by Furniture.cover; the story just leaves it."""
    return [NextPageTemplate("body"), PageBreak()]


class ReadPages(dict[str, int]):
    """The previous pass's pages, noting which ones the story read (while it is made and while
    it is laid out): the story depends on the pages through these reads only, so another pass
    would print the same unless one of them moved. A story that reads none (a quick-start
    without page references) is laid out once; one whose reference moved gets its next pass
    (tests/rulebook/test_book.py). A read this class does not see (a whole-dict copy in C, as
    json.dumps makes) would make that wrong: such uses go through the methods below, which count
    as reading every page."""

    def __init__(self, pages: dict[str, int]) -> None:
        super().__init__(pages)
        self.read: dict[str, int | None] = {}  # anchor -> the page the story was told (None: unknown)
        self.whole = False  # the story looked at all of them

    def _note(self, key: object) -> None:
        if isinstance(key, str):
            self.read[key] = dict.get(self, key)
        else:
            self.whole = True

    def get(self, key, default=None):
        self._note(key)
        return dict.get(self, key, default)

    def __getitem__(self, key: str) -> int:
        self._note(key)
        return dict.__getitem__(self, key)

    def __contains__(self, key: object) -> bool:
        self._note(key)
        return dict.__contains__(self, key)

    def _everything(self) -> ReadPages:
        self.whole = True
        return self

    def __iter__(self):
        return dict.__iter__(self._everything())

    def __len__(self) -> int:
        return dict.__len__(self._everything())

    def keys(self):
        return dict.keys(self._everything())

    def values(self):
        return dict.values(self._everything())

    def items(self):
        return dict.items(self._everything())

    def __eq__(self, other: object) -> bool:
        return dict.__eq__(self._everything(), other)

    def __repr__(self) -> str:
        return dict.__repr__(self._everything())

    def copy(self) -> dict[str, int]:
        return dict(dict.items(self._everything()))

    def moved(self, found: dict[str, int]) -> bool:
        """Would the next pass, told found, be told something else than this one was?"""
        if self.whole:
            return not dict.__eq__(self, found)
        return any(found.get(anchor) != page for anchor, page in self.read.items())


@dataclass
class LayoutResult:
    pdf: bytes
    pages: int
    registry: Registry
    passes: int


def layout(
    make_story: Callable[[dict[str, int], Registry], list[Flowable]],
    geometry: st.PageGeometry,
    meta: PdfMeta,
    furniture: Furniture,
    observe: Callable[[bytes, Registry], bool] | None = None,
    doc_class: type[BaseDocTemplate] = RulebookDoc,
) -> LayoutResult:
    """Build until every anchor lands where the previous pass said it would.

    observe, when given, reads each finished pass (the proof's list of marked pages) and says
    whether what it read moved since the previous one: then another pass is needed too.
    """
    remembered = _remembered.get()
    key = (doc_class.__qualname__, repr(meta), repr(geometry))
    pages: dict[str, int] = dict(remembered.get(key, {})) if remembered is not None else {}
    for attempt in range(1, MAX_PASSES + 1):  # noqa: B007 (the pass count is returned below)
        registry = Registry()
        buffer = BytesIO()
        doc = doc_class(buffer, geometry, meta, furniture, registry)
        given = ReadPages(pages)
        doc.build(make_story(given, registry))
        moved = observe(buffer.getvalue(), registry) if observe else False
        if not given.moved(registry.pages) and not moved:
            break
        pages = dict(registry.pages)
    if remembered is not None:
        remembered[key] = dict(registry.pages)
    return LayoutResult(buffer.getvalue(), doc.page, registry, attempt)


# Within remember_pages() (each --watch rebuild), a layout starts from the pages the last layout
# of the same book found, not from nothing: a rebuild whose edit moved no page reference is
# laid out once instead of twice (a guess that moved costs the passes it always cost). A
# one-shot build starts from nothing, as before.
_remembered: ContextVar[dict | None] = ContextVar("kolaps_remembered_pages", default=None)


@contextmanager
def remember_pages(store: dict) -> Iterator[None]:
    """Layouts within the block read and update store (kept by the caller across rebuilds)."""
    token = _remembered.set(store)
    try:
        yield
    finally:
        _remembered.reset(token)
