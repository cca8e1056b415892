"""The quick-start's level columns (issue 12): the least column height that still holds a chapter.

Found by trial layouts of the chapter alone, bisecting between a height too short and one tall
enough. A trial is only a measurement (issue 15: the quick-start was most of the kit's time), so
it does what a full layout does up to the answer and no more:
- the chapter's flowables are made once per table scale and reused by every trial (reportlab's
  own multi-pass mechanism, ``_multiBuildEdits``, undoes what a build changes on them:
  keepWithNext, postponement);
- nothing is drawn and no PDF is written: whether the chapter fits depends only on wrapping and
  splitting;
- a trial stops when the chapter turns to a second page: it does not fit.
The answer is the one full layouts give (tests/rulebook/test_handout_balance.py compares both).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from io import BytesIO

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, LayoutError

from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.flowables import Registry, StoryContext
from kolaps_print.rulebook.handout import PageFit, _chapter_flow, _context, _template, page_columns
from kolaps_print.rulebook.handout_look import Columns, PageType, handout_layout, handout_styles
from kolaps_print.rulebook.markdown import Heading, TableBlock, ThematicBreak

BALANCE_STEP = 2.0  # points: how close page_fits() gets to the least height
BALANCE_LINES = 3  # the search's first guess: half the chapter and this many lines


def page_fits(chapters, tables, outside, geometry: st.PageGeometry) -> tuple[PageFit, ...]:
    """Each chapter page's setting. A page of tables only (the back) takes its tables as large as
    still fits (quickstart.yaml table_scale_max); then its columns' height is the least at which
    the chapter still fills exactly its two columns, so both end level (found by laying the
    chapter out alone, BALANCE_STEP points apart, above the lower bound _bracket estimates and
    does not try: a chapter may also fit a little below it). A chapter longer than its page
    keeps full columns."""
    front, inside = page_columns(geometry)
    out = []
    for i, chapter in enumerate(chapters):
        full = (inside if i else front).height

        def trials_in(page: int, chapter=chapter) -> ChapterTrials:
            """Trials in this page's running text (quickstart.yaml pages; -1: the default)."""
            return ChapterTrials(chapter, lambda s: _context({}, Registry(), tables, outside, geometry, s, page), page)

        typed, trials = i, trials_in(i)
        scale = _table_scale(chapter, partial(trials.fits, full), handout_layout().page_type(i, geometry.paper))
        if not trials.fits(full, scale):  # grown past what its page's own type holds: the default type
            typed, trials = -1, trials_in(-1)
            scale = _table_scale(chapter, partial(trials.fits, full))  # and its tables at the book's size
        if not trials.fits(full, scale):
            out.append(PageFit(full, scale, typed))
            continue
        low, high = _bracket(chapter, full, partial(trials.fits, scale=scale), trials.flow(scale), trials.width)
        while high - low > BALANCE_STEP:
            middle = (low + high) / 2
            low, high = (low, middle) if trials.fits(middle, scale) else (middle, high)
        out.append(PageFit(high, scale, typed))
    return tuple(out)


class ChapterTrials:
    """One chapter's trial layouts: its flowables made once per table scale, each answer kept
    (the table scale's search and the page's first question ask the same one)."""

    def __init__(self, chapter, context: Callable[[float], StoryContext], page: int = -1):
        self.chapter, self._context = chapter, context
        self.page = page  # whose running text context() sets (quickstart.yaml pages; -1: the default)
        self._flows: dict[float, list[Flowable]] = {}
        self._answers: dict[tuple[float, float], bool] = {}
        self.width = context(1.0).width

    def flow(self, scale: float) -> list[Flowable]:
        if scale not in self._flows:
            self._flows[scale] = _chapter_flow(self.chapter, self._context(scale))
        return self._flows[scale]

    def fits(self, height: float, scale: float) -> bool:
        """Whether the chapter, its tables at this scale, goes into two columns of this height."""
        if (height, scale) not in self._answers:
            self._answers[height, scale] = _fits_one_page(self.flow(scale), self.width, height)
        return self._answers[height, scale]


def _bracket(
    chapter, full: float, fits: Callable[[float], bool], flow: list[Flowable], width: float
) -> tuple[float, float]:
    """Heights too short and tall enough for the chapter's two columns. Stacked in one column
    its blocks take H: two columns need at least half of it (less the space a column's top
    drops), and one line or so more unless a kept group is tall, so the search starts close to
    the answer instead of at half the page; a chapter that ends a column (---) keeps the page."""
    if any(isinstance(block, ThematicBreak) for block in chapter.blocks):
        return full / 2, full
    spaces = [f.getSpaceBefore() for f in flow]
    canvas = Canvas(BytesIO())  # measured only: some flowables measure on a canvas
    stacked = sum(f.wrapOn(canvas, width, full)[1] + f.getSpaceAfter() for f in flow) + sum(spaces)
    low = max(stacked / 2 - max(spaces, default=0.0) - BALANCE_STEP, 0.0)
    guess = min(full, stacked / 2 + BALANCE_LINES * handout_styles()["body"].leading)
    return (low, guess) if fits(guess) else (max(low, guess), full)


def _table_scale(chapter, fits: Callable[[float], bool], page: PageType | None = None) -> float:
    """The largest table scale (by the layout's step, up to its maximum) at which a chapter of
    tables only still fits its page; for any other chapter, its page's own (quickstart.yaml
    pages, `table_scale`), or 1."""
    look = handout_layout()
    if not all(isinstance(b, (Heading, TableBlock, ThematicBreak)) for b in chapter.blocks):
        return page.table_scale if page is not None and page.table_scale is not None else 1.0
    steps = int((look.table_scale_max - 1) / look.table_scale_step + 1e-9)
    scales = [round(1 + k * look.table_scale_step, 4) for k in range(steps, 0, -1)]
    return next((s for s in scales if fits(s)), 1.0)


class _TurnedPage(Exception):
    """The trial's chapter went on to a second page: it does not fit."""


class _TrialDoc(BaseDocTemplate):
    """Two columns of the height tried, nothing drawn or written, stopped at a second page."""

    def __init__(self, width: float, height: float):
        super().__init__(BytesIO(), leftMargin=0, rightMargin=0, topMargin=0, bottomMargin=0)
        frames = Columns((0.0, width + 10), 0.0, width, height)
        self.addPageTemplates([_template("trial", frames, lambda canvas, doc: None, frame_class=_MeasuringFrame)])
        self._doSave = 0  # reportlab's switch (multiBuild's): no PDF at the end of build()

    def handle_pageBegin(self) -> None:
        if self.page:
            raise _TurnedPage
        super().handle_pageBegin()


class _MeasuringFrame(Frame):
    """A frame that places flowables without drawing them: a trial only asks where they go."""

    def _add(self, flowable: Flowable, canv, trySplit=0):
        if "drawOn" in vars(flowable):  # never seen: such a flowable is placed and drawn as usual
            return super()._add(flowable, canv, trySplit)
        flowable.drawOn = _undrawn  # shadows the class's method for this one call
        try:
            return super()._add(flowable, canv, trySplit)
        finally:
            del flowable.drawOn

    add = _add


def _undrawn(*args, **kwargs) -> None:
    return None


def _fits_one_page(flow: list[Flowable], width: float, height: float) -> bool:
    """Whether the flowables go into two columns of this height; what the build changed on them
    is put back (multiBuild's edits), so that the next trial starts from the same flowables."""
    trial = _TrialDoc(width, height)
    edits: list[tuple] = []
    trial._multiBuildEdits = edits.append
    try:
        trial.build(list(flow))
    except (LayoutError, _TurnedPage):  # a block taller than the column, or a second page
        return False
    finally:
        for undo, *args in edits:
            undo(*args)
    return trial.page == 1
