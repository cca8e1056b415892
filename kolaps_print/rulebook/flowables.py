"""Blocks -> reportlab platypus flowables: headings that register themselves, data tables,
example boxes, lists and the table of contents.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    HRFlowable,
    ListFlowable,
    ListItem,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from kolaps_print import resources
from kolaps_print.content.ruleset_table import RulesetTable
from kolaps_print.content.tables import TableContent
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.labels import label, overriding_file
from kolaps_print.layout.reference.tables import (
    column_part,
    continued_title,
    hang_widths,
    hangs_list,
    hung_columns,
    numbered_list,
)
from kolaps_print.layout.ruleset.columns import column_widths, fewer_row_lines
from kolaps_print.layout.ruling_style import raised_marks
from kolaps_print.layout.style import TableBreaks, cell_ink, table_breaks, table_commands, table_paint
from kolaps_print.load.source_tree import folder_digest
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.inline import InlineContext, render_inline
from kolaps_print.rulebook.markdown import Block, Heading, ListBlock, Quote, TableBlock, ThematicBreak
from kolaps_print.rulebook.markdown import Paragraph as MdParagraph
from kolaps_print.typography import (
    closing_mark_held,
    escape,
    french,
    loose_ties,
    loosened,
    marks_apart,
    run_in,
    unstretchable,
)
from kolaps_print.units import pt

_ALIGN = {"l": TA_LEFT, "c": TA_CENTER, "r": TA_RIGHT}
# A table whose title, rows and note take at most rulebook.yaml's whole_share of a column never
# splits, nor one of table_breaks().whole_rows body rows or fewer; a longer one keeps table_breaks().split_rows rows
# at least under its title and carries as many over, under its title « (suite) » and its header
# (style.yaml `table`, the same rule as the sheets').


@dataclass
class HeadingPlace:
    """Where a heading landed in a layout pass."""

    level: int
    title: str
    anchor: str
    page: int


@dataclass
class Registry:
    """Filled while drawing: anchor pages and the headings in order (for TOC and headers)."""

    pages: dict[str, int] = field(default_factory=dict)
    headings: list[HeadingPlace] = field(default_factory=list)
    opener_pages: set[int] = field(default_factory=set)
    outline_level: int = -1  # of the last outline entry: a level may only go one deeper
    open_sections: list[tuple[int, str]] = field(default_factory=list)  # (level, anchor) being set

    def outline(self, level: int) -> int:
        self.outline_level = min(level, self.outline_level + 1)
        return self.outline_level

    def record(self, level: int, title: str, anchor: str, page: int) -> bool:
        if anchor in self.pages:
            return False
        self.pages[anchor] = page
        self.headings.append(HeadingPlace(level, title, anchor, page))
        if level == 0:  # chapters run on; only the contents and report pages open a page
            self.opener_pages.add(page)
        # a heading ends the sections of its level and deeper, and opens its own (an opener's none)
        self.open_sections = [s for s in self.open_sections if 0 < s[0] < level] + [(level, anchor)] * (level > 0)
        self.reached(page)
        return True

    def reached(self, page: int) -> None:
        """Text was set on page: the sections being set run to it at least (anchor + LAST_PAGE:
        the index prints a section that turns a page as a range, « 11–12 »)."""
        for _, anchor in self.open_sections:
            self.pages[anchor + LAST_PAGE] = page


# Parsed markup by (text, style, case sensitivity): reportlab parses a paragraph's markup with
# Python's HTML parser, a sixth of a --watch rebuild, and a book makes the same paragraphs again
# in each rebuild (and the quick-start's balancing for each table scale). Styles are keys by
# identity: they are made once per data folder (styles._styles, handout_look._styles, the cells'
# _cell_style) and never changed. Bounded, so a long --watch session does not grow without end.
_PARSED: dict[tuple, tuple] = {}
PARSED_KEPT = 20_000  # KOLAPS's full book and quick-start make some 1100 between them


# A paragraph's wraps by (class, parse key, the widths it was wrapped at since it was made): the
# state reportlab's wrap leaves on it (its lines, its fragments as words, its height). A --watch
# rebuild makes the same paragraphs again and wraps each at the same widths (line breaking was
# a fifth of a rebuild); a one-shot build's second pass does too. The kept objects are shared by
# every paragraph made from them: reportlab only reads them when it draws, but a split changes
# them in place, so a paragraph that shares them first wraps again from its own parse, at the
# same widths (SteadyParagraph._own): it then holds what its own wraps would have made, and goes
# on exactly as it would have. Bounded, the least recently used dropped first.
_LINES: dict[tuple, tuple[dict, tuple]] = {}
LINES_KEPT = 6_000  # KOLAPS's full book keeps some 1100, its quick-start as many more: about 4 KB each
_MISSING = object()


class SteadyParagraph(Paragraph):
    """A paragraph that keeps its lines between wraps at one width. reportlab wraps a flowable
    again and again at its column's width: a Table each cell when it sizes its rows, splits
    and draws; a frame a paragraph the story measured already (a heading's first lines, a
    table's first rows), or one moved on to the next column; the quick-start's balancing a whole
    chapter some thirty times. Two wraps in three of a rulebook build. A paragraph's lines depend
    on its width only (Paragraph.wrap ignores the height); a split may change its fragments
    (reportlab re-marks a hyphenated last word), so it forgets what it kept. What its wraps make
    is kept across paragraphs too (_LINES)."""

    _wrapped_at: float | None = None
    _size: tuple[float, float] = (0.0, 0.0)
    _history: tuple[float, ...] | None = None  # widths wrapped at since _setup parsed it; None: not kept
    _shared = False  # its wrapped state is _LINES's (read only)
    _unwrapped: dict  # the attributes its wraps set, as they were before the first (set by _setup)
    _wrapped: dict  # what its wraps set, as _LINES keeps it

    def _setup(self, text, style, bulletText, frags, cleaner):
        """reportlab's parse of the markup, made once per text and style (see _PARSED)."""
        if frags is not None or not isinstance(text, str) or bulletText is not None:
            return super()._setup(text, style, bulletText, frags, cleaner)
        key = (text, style, self.caseSensitive)
        found = _PARSED.get(key)
        if found is None:
            super()._setup(text, style, bulletText, frags, cleaner)
            if self.bulletText is not None:  # markup with a bullet of its own: not kept
                return None
            found = _PARSED[key] = (self.text, self.style, [f.clone() for f in self.frags])
            while len(_PARSED) > PARSED_KEPT:
                del _PARSED[next(iter(_PARSED))]  # the oldest first
        else:
            self.text, self.style, kept = found
            self.frags = [f.clone() for f in kept]  # a split may change a fragment: each gets its own
            self.bulletText, self.debug = None, 0
        self._parse_key, self._parsed, self._history = key, found[2], ()
        self._unwrapped, self._wrapped = {}, {}
        return None

    def wrap(self, availWidth, availHeight):
        if availWidth != self._wrapped_at:
            if self._history is None:
                self._size = super().wrap(availWidth, availHeight)
            else:
                self._size = self._kept_wrap(availWidth, availHeight)
            self._wrapped_at = availWidth
        return self._size

    def _kept_wrap(self, availWidth, availHeight) -> tuple[float, float]:
        """A wrap of a paragraph that never split: what the same paragraph wrapped at the same
        widths was left with (shared), or made now and kept."""
        assert self._history is not None
        history = (*self._history, availWidth)
        key = (type(self), self._parse_key, history)
        found = _LINES.pop(key, None)
        if found is None:
            self._own()
            before = dict(self.__dict__)
            size = super().wrap(availWidth, availHeight)
            step = {k: v for k, v in self.__dict__.items() if before.get(k, _MISSING) is not v}
            found = ({**self._wrapped, **step}, size)
            while len(_LINES) >= LINES_KEPT:
                del _LINES[next(iter(_LINES))]  # the least recently used first
        _LINES[key] = found
        kept, size = found
        for name in kept:
            if name not in self._unwrapped:
                self._unwrapped[name] = self.__dict__.get(name, _MISSING)
        self.__dict__.update(kept)
        self._wrapped, self._history, self._shared = kept, history, True
        return size

    def _own(self) -> None:
        """Before reportlab may change its lines or fragments: its wraps again, from its own
        copy of its parse, so that what it changes is its own (the same state, not shared)."""
        if not self._shared:
            return
        self._shared = False
        for name, value in self._unwrapped.items():  # as before its first wrap
            if value is _MISSING:
                del self.__dict__[name]
            else:
                self.__dict__[name] = value
        self.frags = [f.clone() for f in self._parsed]  # a wrap marks the fragments it breaks
        for width in self._history or ():
            super().wrap(width, 0)

    def _unkept(self) -> None:
        """From now on its own, and no longer kept: reportlab may change it."""
        self._own()
        self._history = None

    def split(self, availWidth, availHeight):
        self._unkept()
        self._wrapped_at = None
        try:
            return super().split(availWidth, availHeight)
        finally:
            self._wrapped_at = None

    def minWidth(self):
        self._unkept()
        return super().minWidth()


class HeadingFlowable(SteadyParagraph):
    """A heading that, when drawn, becomes a link target, an outline entry and a TOC line."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, title: str, anchor: str, registry: Registry):
        super().__init__(text, style)
        self.level, self.title, self.anchor, self.registry = level, title, anchor, registry

    def draw(self) -> None:
        page = self.canv.getPageNumber()
        if self.registry.record(self.level, self.title, self.anchor, page):
            self.canv.bookmarkHorizontal(self.anchor, 0, self.height + self.style.fontSize * 0.5)
            outline = self.registry.outline(max(self.level - 1, 0))
            self.canv.addOutlineEntry(self.title, self.anchor, level=outline, closed=outline > 0)
        super().draw()

    def split(self, availWidth, availHeight):  # a heading never breaks across pages
        return []


LAST_PAGE = (
    "\u2192"  # suffix of the key under which a referring paragraph, or a heading's section, records its last page
)


class BodyParagraph(SteadyParagraph):
    """A paragraph set as a print designer wants its line ends: never a hyphenated word at the
    foot of a column (the reader would carry half a word over a page turn), never a last line
    that is only the stub of a hyphenated word (« tra-/verse. »), never two hyphens within
    HYPHEN_GAP lines, and never a widow at a column's top: one line (its style's rule) or two
    whose last is a stub (« Section / Kappa. »). It breaks earlier, line by line."""

    page_key: str | None = None  # set: record the page it is drawn on (Registry.pages)
    registry: Registry | None = None
    defines: tuple[str, ...] = ()  # anchors of the index terms it defines (set in bold)
    settled = False  # a column's share of a split paragraph: its line ends were chosen whole

    def draw(self) -> None:
        if self.page_key and self.registry:  # its first page, and its last (a paragraph may turn a page)
            self.registry.pages.setdefault(self.page_key, self.canv.getPageNumber())
            self.registry.pages[self.page_key + LAST_PAGE] = self.canv.getPageNumber()
        for anchor in self.defines:  # the index sends the reader to where a term is first defined
            if self.registry and anchor not in self.registry.pages:
                self.registry.pages[anchor] = self.canv.getPageNumber()
                self.canv.bookmarkHorizontal(anchor, 0, self.height)
        super().draw()

    def breakLines(self, width):
        """reportlab's lines, broken again without each hyphen the rules above refuse: that
        occurrence of the word is set whole (reportlab hyphenates a word only where it overflows)."""
        hyphenator, style = self.style.hyphenationLang, self.style
        if self.settled or not callable(hyphenator):
            return super().breakLines(width)
        refused: set[int] = set()
        while True:
            rule = _Refusing(hyphenator, self, refused)
            self.style = ParagraphStyle(style.name, parent=style, hyphenationLang=rule)
            try:
                lines = super().breakLines(width)
            finally:
                self.style = style
            call = rule.misplaced(lines.lines)
            if call is None or call in refused:
                return lines
            refused.add(call)

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        while len(parts) == 2 and (ends_hyphenated(parts[0]) or self._widowed(parts[0], availWidth)):
            availHeight -= self.style.leading  # two hyphenated lines may follow, or a stub
            parts = super().split(availWidth, availHeight)
        for part in parts:  # the first part drawn records the page (each split's parts: a later one's too)
            part.page_key, part.registry, part.defines = self.page_key, self.registry, self.defines
        if len(parts) == 2:
            parts[0].settled = True  # re-wrapped, it must keep the lines it was cut with
        return parts

    def _widowed(self, head: Paragraph, width: float) -> bool:
        """Whether the lines carried to the next column are two, the last a stub."""
        lines = self.blPara.lines
        if len(lines) - len(head.blPara.lines) != 2:
            return False
        return line_width(lines[-1], width) < WIDOW_SHARE * width


HYPHEN_GAP = 2  # lines: a hyphen never ends a line within this many lines under another (hyphenate-limit-lines)
WIDOW_SHARE = 1 / 3  # of the measure: a paragraph's last line shorter than this is a stub


class _Refusing:
    """A hyphenator that logs its calls (reportlab calls it once for each word that overflows a
    line, in order) and sets the refused calls' words whole. A refused call leaves the calls
    before it as they were, so a call's number names the same word from one breaking to the next."""

    def __init__(self, hyphenator, paragraph: Paragraph, refused: set[int]):
        self.hyphenator, self.paragraph, self.refused = hyphenator, paragraph, frozenset(refused)
        self.calls: list[tuple[int, str]] = []  # (the paragraph's hyphenations before it, the bare word)

    def __call__(self, word: str):
        self.calls.append((self.paragraph._hyphenations, _bare(word)))
        return [] if len(self.calls) - 1 in self.refused else self.hyphenator(word)

    def misplaced(self, lines) -> int | None:
        """The call that hyphenated the first word where the rules refuse it: on the second-to-last
        line (the last would be its stub), or within HYPHEN_GAP lines under another hyphen."""
        texts = [_line_text(line).rstrip() for line in lines]
        hyphenated = [i for i, text in enumerate(texts[:-1]) if text.endswith(HYPHENS)]
        previous = -HYPHEN_GAP - 1
        for nth, i in enumerate(hyphenated):
            if (i == len(texts) - 2 and " " not in texts[-1].strip()) or i - previous <= HYPHEN_GAP:
                head, tail = texts[i].split()[-1].rstrip("".join(HYPHENS)), (texts[i + 1].split() or [""])[0]
                return self._call(nth, _bare(head + tail))
            previous = i
        return None

    def _call(self, nth: int, word: str) -> int | None:
        """The call that made the paragraph's nth hyphen: the last one made after nth - 1 of them
        (a call that hyphenates is the last before the count goes up); None if its word differs."""
        found = [k for k, (before, _) in enumerate(self.calls) if before == nth]
        return found[-1] if found and self.calls[found[-1]][1] == word else None


def _bare(word: str) -> str:
    return re.sub(r"^\W+|\W+$", "", word)


def _line_text(line) -> str:
    return " ".join(line[1]) if isinstance(line, tuple) else "".join(getattr(w, "text", "") for w in line.words)


def line_width(line, width: float) -> float:
    """A laid-out line's width, from what it leaves of the measure."""
    return width - (line[0] if isinstance(line, tuple) else line.extraSpace)


HYPHENS = ("-", "\u2010", "\u00ad")


def ends_hyphenated(paragraph: Paragraph) -> bool:
    """Whether the paragraph's last laid-out line ends with a hyphen."""
    return _line_text(paragraph.blPara.lines[-1]).rstrip().endswith(HYPHENS)


class NoteParagraph(SteadyParagraph):
    """A table's note: read as one piece, it never splits unless a column break leaves at
    least MIN_LINES of it on each side (else it moves whole to the next column)."""

    MIN_LINES = 3

    def split(self, availWidth, availHeight):
        leading = self.style.leading
        total = round(self.wrap(availWidth, 1e6)[1] / leading)
        fit = int(availHeight // leading)
        if fit < self.MIN_LINES or total - fit < self.MIN_LINES:
            return []
        return super().split(availWidth, availHeight)


class OutlineMark(Flowable):
    """An outline entry and link target for a page without a heading (title page, TOC)."""

    def __init__(self, title: str, anchor: str, registry: Registry):
        super().__init__()
        self.title, self.anchor, self.registry = title, anchor, registry
        self.width = self.height = 0

    def wrap(self, availWidth, availHeight):
        return 0, 0

    def draw(self) -> None:
        if self.registry.record(0, self.title, self.anchor, self.canv.getPageNumber()):
            self.canv.bookmarkHorizontal(self.anchor, 0, 0)
            self.canv.addOutlineEntry(self.title, self.anchor, level=self.registry.outline(0))


class PageMark(Flowable):
    """Records the page it lands on under an anchor, invisibly (no outline entry, no link)."""

    def __init__(self, anchor: str, registry: Registry):
        super().__init__()
        self.anchor, self.registry = anchor, registry
        self.width = self.height = 0

    def wrap(self, availWidth, availHeight):
        return 0, 0

    def draw(self) -> None:
        self.registry.pages.setdefault(self.anchor, self.canv.getPageNumber())


class RoomMark(PageMark):
    """A PageMark that also records, under room_anchor, the points left in its column where it
    lands (whole points), and under column_anchor where that column stands across the page (its
    left edge, whole points): the next pass knows whether a colophon fits under the text, or goes
    to the foot of the page's empty column beside it. One flowable, not a second mark: each
    drawn flowable adds its own operators to the page."""

    def __init__(self, anchor: str, room_anchor: str, registry: Registry, column_anchor: str = ""):
        super().__init__(anchor, registry)
        self.room_anchor, self.column_anchor, self.room = room_anchor, column_anchor, 0

    def wrap(self, availWidth, availHeight):
        self.room = int(availHeight)
        return 0, 0

    def draw(self) -> None:
        super().draw()
        self.registry.pages.setdefault(self.room_anchor, self.room)
        if self.column_anchor:  # drawn at its frame's left edge: the page's x of the column
            self.registry.pages.setdefault(self.column_anchor, int(self.canv.absolutePosition(0, 0)[0]))


class FootSpacer(Flowable):
    """Empty room down to `kept` points above its column's foot: what follows sits at the foot."""

    def __init__(self, kept: float):
        super().__init__()
        self.kept = kept

    def wrap(self, availWidth, availHeight):
        self.width, self.height = 0, max(0.0, availHeight - self.kept)
        return self.width, self.height

    def draw(self) -> None:
        pass


class BlankPage(Flowable):
    """Nothing, drawn: it makes its page exist (two page breaks in a row give one page)."""

    def wrap(self, availWidth, availHeight):
        return 0, 0

    def draw(self) -> None:
        pass


class RuledLines(Flowable):
    """Hairlines across the measure every pitch points, down to the frame's foot: a page to write on."""

    def __init__(self, pitch: float, colour, weight: float = 0.5):
        super().__init__()
        self.pitch, self.colour, self.weight = pitch, colour, weight

    def wrap(self, availWidth, availHeight):
        self.width, self.height = availWidth, availHeight // self.pitch * self.pitch
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.setStrokeColor(self.colour)
        c.setLineWidth(self.weight)
        y = self.height - self.pitch
        while y >= 0:
            c.line(0, y, self.width, y)
            y -= self.pitch


class TocLine(Flowable):
    """'Title ........ 12', the whole line a link to the heading."""

    def __init__(self, title: str, page: str, anchor: str, style: ParagraphStyle, indent: float):
        super().__init__()
        self.title, self.page, self.anchor, self.style, self.indent = title, page, anchor, style, indent

    def wrap(self, availWidth, availHeight):
        self.width = availWidth
        self.height = self.style.leading + (4 if self.style.fontName == SANS_BOLD else 1)
        return self.width, self.height

    def draw(self) -> None:
        c, s = self.canv, self.style
        base = self.height - s.leading + (s.leading - s.fontSize) / 2 + 1
        c.setFont(s.fontName, s.fontSize)
        c.setFillColor(st.palette().ink)
        c.drawString(self.indent, base, self.title)
        title_end = self.indent + c.stringWidth(self.title, s.fontName, s.fontSize) + 4
        page_start = self._draw_pages(base) - 4
        c.setFillColor(st.palette().rule)
        dot = c.stringWidth(".", s.fontName, s.fontSize) * 2.2
        x, dots = page_start - dot, []
        while x > title_end:  # right-aligned dots, so columns of dots line up
            dots.append(x)
            x -= dot
        draw_again(c, ".", dots, base)
        c.linkRect("", self.anchor, (0, 0, self.width, self.height), relative=1, thickness=0)

    def _draw_pages(self, base: float) -> float:
        """Draws the page flush right; returns where it starts."""
        self.canv.drawRightString(self.width, base, self.page)
        return self.width - self.canv.stringWidth(self.page, self.style.fontName, self.style.fontSize)


def draw_again(canvas, text: str, xs: list[float], y: float) -> None:
    """canvas.drawString(x, y, text) at each x, in the same font and colour: what reportlab writes
    for the first, written again at the others' origins. Each drawString makes a text object and
    formats the text anew (its TrueType subset looked up glyph by glyph): the contents' and the
    index's dot leaders, some 4600 of them, were an eighth of a --watch rebuild. The text object's
    code differs from one origin to the next only by its origin (« 1 0 0 1 x y Tm »); if the
    first's is not found once in its code (another reportlab), every one is drawn as before."""
    if not xs:
        return
    canvas.drawString(xs[0], y, text)
    code = getattr(canvas, "_code", None)
    origin = f"1 0 0 1 {fp_str(xs[0], y)} Tm"
    if not isinstance(code, list) or not code or not isinstance(code[-1], str) or code[-1].count(origin) != 1:
        for x in xs[1:]:
            canvas.drawString(x, y, text)
        return
    before, after = code[-1].split(origin)
    code.extend(f"{before}1 0 0 1 {fp_str(x, y)} Tm{after}" for x in xs[1:])


class IndexLine(TocLine):
    """An index entry, 'Échec ........ 7, 10': its pages in order, the pages of the sections
    that treat it in bold (the others define or name it in passing)."""

    def __init__(self, title: str, pages: list[tuple[str, bool]], anchor: str, style: ParagraphStyle):
        super().__init__(title, ", ".join(text for text, _ in pages), anchor, style, 0)
        self.pages = pages

    def _draw_pages(self, base: float) -> float:
        c, size = self.canv, self.style.fontSize
        x = self.width
        pieces: list[tuple[str, bool]] = []
        for text, bold in self.pages:
            pieces += [(", ", False)] * bool(pieces) + [(text, bold)]
        for text, bold in reversed(pieces):  # right to left, each piece in its own weight
            font = SANS_BOLD if bold else self.style.fontName
            x -= c.stringWidth(text, font, size)
            c.setFont(font, size)
            c.drawString(x, base, text)
        c.setFont(self.style.fontName, size)
        return x


# ---- tables -------------------------------------------------------------------
# Every table takes its column's full measure, short ones too (« Seuils », « Tir en rafale »):
# tables of one page then share their edges (review 14b, N6); a table's columns share that width.
def _column_widths(content: TableContent, width: float, scale: float = 1.0) -> list[float]:
    """Widths by the table's weights, but never narrower than a column's longest word: in a
    book column a header must not break inside a word (« Modi-f. »). A table without weights
    (a ruleset's) takes widths from its texts, as the sheets do (layout/ruleset/columns.py):
    « Étape » as wide as its word, the column of sentences the rest."""
    n = len(content.columns)
    if not content.widths:
        # its no-break spaces hold words together; a mark is raised small in the book, not a full-size word's tail
        printed = [[marks_apart(closing_mark_held(french(cell))) for cell in row] for row in content.rows]
        strong = 0 if 0 in _bold(content) else None
        measured = RulesetTable(content.title, [french(c) for c in content.columns], printed, strong=strong)
        size, pad = st.styles()["cell"].fontSize * scale, CELL_PADDING / 2 * scale
        # then reshared as the sheet's: a cell takes a line less where another column has width over
        # its text (review 15, S1: « 5 XP × niveau / visé » beside « Caractéristique (primaire / ou
        # dérivée) », 6 mm over its longest line; N8: « Arme de / jet » beside « Temps »)
        return fewer_row_lines(measured, column_widths(measured, width, size, pad=pad), size, pad, under=False)
    weights = list(content.widths[:n]) + [1.0] * (n - len(content.widths[:n]))
    floors = [_longest_word(content, i, scale) + CELL_PADDING * scale + 1 for i in range(n)]  # 1 pt: rounding
    fixed: dict[int, float] = {}
    while True:
        free = width - sum(fixed.values())
        total = sum(w for i, w in enumerate(weights) if i not in fixed)
        widths = [fixed.get(i, free * weights[i] / total) for i in range(n)]
        narrow = {i: floors[i] for i in range(n) if i not in fixed and widths[i] < floors[i]}
        if not narrow or len(fixed) + len(narrow) == n:
            return widths
        fixed.update(narrow)


CELL_PADDING = 8  # the cells' left and right padding (_table_style)
TABLE_ANCHOR = "table-"  # the index's anchor of a data table, at its title (its place of the index: the table itself)


def _longest_word(content: TableContent, column: int, scale: float = 1.0) -> float:
    # Words as a line may break them: not at a no-break space (« −2 à −1 » is one)
    head = [(w, SANS_BOLD) for w in french(content.columns[column]).split(" ")]
    font = SANS_BOLD if column in _bold(content) else SANS
    cells = [(w, font) for row in content.rows if column < len(row) for w in french(row[column]).split(" ")]
    return max((stringWidth(word, font, 8.6 * scale) for word, font in head + cells), default=0)


def _bold(content: TableContent) -> frozenset[int]:
    """The body columns the house table sets bold (style.yaml `table`): the first, as the sheets do."""
    return table_paint().bold_columns(content.columns, content.rows)


@cache  # one style per base, alignment, scale and weight: a style is a key of the parsed markup (_PARSED)
def _cell_style(base: ParagraphStyle, align: str, scale: float = 1.0, bold: bool = False) -> ParagraphStyle:
    font = {"fontName": SANS_BOLD} if bold else {}
    name = f"{base.name}-{align}" + ("-bold" if bold else "")
    if scale == 1.0:
        return ParagraphStyle(name, parent=base, alignment=_ALIGN[align], **font)
    size, leading = base.fontSize * scale, base.leading * scale
    return ParagraphStyle(name, parent=base, alignment=_ALIGN[align], fontSize=size, leading=leading, **font)


@cache  # as _cell_style
def _hung_style(base: ParagraphStyle, indent: float) -> ParagraphStyle:
    """A text under a hung list's row: it starts `indent` in, at its name's left edge."""
    return ParagraphStyle(f"{base.name}-hung", parent=base, leftIndent=indent) if indent else base


@cache  # as _cell_style
def _caption_style(title: ParagraphStyle, cell: ParagraphStyle, scale: float) -> ParagraphStyle:
    """A table set larger (a handout's page of tables) takes a caption as large as its cells at
    least: a caption smaller than what it names reads as a footnote (the book's, unscaled, stay)."""
    if scale == 1.0:
        return title
    size = max(title.fontSize, cell.fontSize * scale)
    return ParagraphStyle(
        f"{title.name}-{scale:g}", parent=title, fontSize=size, leading=title.leading * size / title.fontSize
    )


def _cells(
    content: TableContent, scale: float = 1.0, widths: list[float] | None = None, bold: frozenset[int] | None = None
) -> list[list[Paragraph]]:
    """Head and body cells; bold: the body columns set bold (by default the house table's for content)."""
    s = st.styles()
    size = s["head"].fontSize * scale
    room = [w - CELL_PADDING * scale for w in widths] if widths else [float("inf")] * len(content.columns)
    head: list[Paragraph] = [
        SteadyParagraph(_head_markup(c, room[i], size), _cell_style(s["head"], content.column_align(i), scale))
        for i, c in enumerate(content.columns)
    ]
    bold = _bold(content) if bold is None else bold
    rows: list[list[Paragraph]] = [
        [
            SteadyParagraph(_markup(cell), _cell_style(s["cell"], content.column_align(i), scale, i in bold))
            for i, cell in enumerate(row)
        ]
        for row in content.rows
    ]
    return [head] + rows


def _head_markup(text: str, room: float, size: float) -> str:
    """A column head; one of two parts (« 0 · 2C6 ») too wide for its column goes on two lines
    at its dot, the dot dropped (it broke after the dot, leaving « 0 · » over « 2C6 »). The
    separator is the labels' (tables.format.head_break), read by the sheet and the cards too."""
    parts = text.split(label("tables.format.head_break"))
    if len(parts) == 1 or stringWidth(french(text), SANS_BOLD, size) <= room:
        return _markup(text)
    return "<br/>".join(_markup(part) for part in parts)


def _markup(text: str) -> str:
    return _marked(text, st.palette().markup("ink"), resources.data_dir())


@resources.cleared_with_reads  # emptied before each --watch rebuild, as french() (whose rules it applies)
@lru_cache(maxsize=8192)  # a table's cells are marked up once per trial of its arrangement, then again
def _marked(text: str, ink: str, data_dir: object) -> str:
    return raised_marks(escape(french(text)), ink)


def _table_style(rows: int, scale: float = 1.0, group: int = 1, hung: bool = False) -> TableStyle:
    """The cells' type and padding and the house table's paint; group > 1: each body row is followed
    by group - 1 texts on full-width lines under it (spanning the row, no padding above). hung: a
    numbered list's, its numbers' column without right padding (hang_widths), its texts' rows with it."""
    commands = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),  # reportlab's default is Helvetica, never embedded
        cell_ink(),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.6 * scale),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3.2 * scale),
        ("LEFTPADDING", (0, 0), (-1, -1), 4 * scale),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4 * scale),
    ]
    under = [r for r in range(1, rows) if (r - 1) % group]
    if hung:  # a spanning text takes its first cell's padding: it keeps the right one
        commands += [("RIGHTPADDING", (0, 0), (0, -1), 0)] + [
            ("RIGHTPADDING", (0, r), (0, r), 4 * scale) for r in under
        ]
    commands += [("SPAN", (0, r), (-1, r)) for r in under]
    commands += [("TOPPADDING", (0, r), (-1, r), 0) for r in under]
    return TableStyle(commands + table_commands(rows, group))  # the house table's fills and rules, as on the sheet


def book_breaks() -> TableBreaks:
    """The house's table breaks, a book's table kept whole up to rulebook.yaml `whole_rows` rows."""
    house = table_breaks()
    return replace(house, whole_rows=max(house.whole_rows, st.rulebook_layout().whole_rows))


class ContinuedTable(Table):
    """A table that splits only when it is long (table_breaks), leaving split_rows rows at least
    on each side, and carries the rest under its title followed by « (suite) » (its header row
    repeats under it). A table taller than a whole column splits anyway: it fits nowhere whole.
    A row and the texts set under it (group rows) are never parted."""

    continued: Paragraph | None = None
    frame_height: float = float("inf")  # its column's height
    whole: bool = False  # with its title and note at most whole_share of a column: never split (_kept_whole)
    group: int = 1  # table rows a body row takes (itself and the texts under it)

    def split(self, availWidth, availHeight):
        breaks, body = book_breaks(), self._body_rows()
        if (
            self.whole
            or not breaks.may_split(body)
            and self.wrap(availWidth, self.frame_height)[1] <= self.frame_height
        ):
            return []  # it moves whole
        least = breaks.split_rows if breaks.may_split(body) else 1
        parts = self._split_whole(availWidth, availHeight)
        while len(parts) == 2 and parts[1]._body_rows() < least:
            rows = parts[0]._body_rows()  # the body rows kept: one fewer
            if rows <= least:
                return []  # it moves whole
            availHeight = self._height_of(rows - 1) if self.group > 1 else sum(parts[0]._rowHeights[:rows]) - 0.01
            parts = self._split_whole(availWidth, availHeight)
        if len(parts) == 2 and parts[0]._body_rows() < least:
            return []  # too few rows would stay under its title: it moves whole
        if len(parts) == 2 and self.continued is not None:
            title = Paragraph(self.continued.text, self.continued.style)
            title.keepWithNext = 1
            parts[1].continued = self.continued
            return [parts[0], title, parts[1]]
        return parts

    def _height_of(self, groups: int) -> float:
        """The height of the head and the first groups of rows (a hair over: reportlab splits where
        the rows' sum is at most the height)."""
        return sum(self._rowHeights[: 1 + groups * self.group]) + 0.01

    def _body_rows(self) -> int:
        return (len(self._cellvalues) - 1) // self.group

    def _split_whole(self, availWidth, availHeight) -> list:
        """reportlab's split, moved up to the last whole group of rows that fits."""
        parts = super().split(availWidth, availHeight)
        while len(parts) == 2 and (len(parts[0]._cellvalues) - 1) % self.group:
            whole = (len(parts[0]._cellvalues) - 1) // self.group
            if whole == 0:
                return []
            parts = super().split(availWidth, self._height_of(whole))
        for part in parts:
            part.group, part.frame_height = self.group, self.frame_height
        return parts


class AnchoredTitle(SteadyParagraph):
    """A table's title that, drawn, becomes a link target and records its page (the index's entry)."""

    def __init__(self, text: str, style: ParagraphStyle, anchor: str, registry: Registry):
        super().__init__(text, style)
        self.anchor, self.registry = anchor, registry

    def draw(self) -> None:
        if self.anchor not in self.registry.pages:
            self.registry.pages[self.anchor] = self.canv.getPageNumber()
            self.canv.bookmarkHorizontal(self.anchor, 0, self.height)
        super().draw()


def fills_past(flowable: Flowable) -> bool:
    """Whether a flowable may fill a column ahead of a floated table: running text, lists and a
    section's heading (the table, titled, heads the next column), not a chapter's opening nor
    another table or what keeps with one."""
    if isinstance(flowable, HeadingFlowable):
        return flowable.level >= 2
    if floating(flowable) or isinstance(flowable, (CondPageBreak, Table)):
        return False
    return isinstance(flowable, (BodyParagraph, ListFlowable, Spacer)) and not flowable.getKeepWithNext()


def floating(title: Flowable) -> int:
    """How many flowables, title first, make a table kept whole that may float (0: none): when
    they do not fit what is left of a column, the paragraphs after them (up to the next heading
    or table) fill it and the table heads the next column (RulebookDoc.handle_flowable)."""
    return getattr(title, "floats", 0)


def data_table(
    content: TableContent,
    width: float,
    frame_height: float,
    note: bool = True,
    anchor: tuple | None = None,
    scale: float = 1.0,
) -> list[Flowable]:
    """Title, table (header repeated on every page it spans) and note, kept together when small.

    note=False leaves the note out where the prose states the same rules in body type; anchor,
    (name, registry), makes the title a link target for the index; scale sets the cells' type and
    padding larger (a handout's page of tables).
    """
    s = st.styles()
    key, (keys, under, widths, tried) = _arrangement_key(content, width, scale), _arranged(content, width, scale)
    hung = hangs_list(content, len(under))
    # bold as the whole table would be, a hung list as its keys: its names, not its numbers (fix20),
    # those too when they are a die's faces (review 22b, 6)
    key_cells = (
        tried
        if tried is not None
        else _cells(keys, scale, widths, _hung_bold(content, keys) if hung else _bold(content))
    )
    hang = widths[0] if hung else 0.0
    die_head = hung and _die_list_head(content, under)
    if die_head:  # one head across the list, saying what its columns are
        key_cells = [
            [SteadyParagraph(_markup(die_head), _cell_style(s["head"], "l", scale))] + [""] * (len(key_cells[0]) - 1)
        ] + key_cells[1:]
    cells = _with_texts_under(key_cells, content, under, scale, hang, sum(widths))
    caption = _caption_style(s["table_title"], s["cell"], scale)
    group = 1 + len(under)
    style = _table_style(len(cells), scale, group, hung=bool(hang))
    if die_head:
        style.add("SPAN", (0, 0), (-1, 0))
        style.add("RIGHTPADDING", (0, 0), (0, 0), 4 * scale)
    table = ContinuedTable(cells, colWidths=widths, repeatRows=1, style=style, hAlign="LEFT")
    table.group = group
    table.continued = Paragraph(_markup(continued_title(content.title)), caption)
    table.frame_height = frame_height
    title = (
        AnchoredTitle(_markup(content.title), caption, *anchor)
        if anchor
        else Paragraph(_markup(content.title), caption)
    )
    title.keepWithNext = 1
    parts: list[Flowable] = [title, table]
    if content.full_note and note:
        table.keepWithNext = 1  # the note reads with the table
        parts.append(NoteParagraph(_markup(content.full_note), s["note"]))
    else:
        parts.append(Spacer(0, 8))
    measured = None if key is None else (key, frame_height, note, anchor is None)
    height = _kept(measured, "height", lambda: table.wrap(width, frame_height)[1])
    breaks = book_breaks()
    table.whole = _kept_whole(parts, height, width, frame_height)
    if table.whole or not breaks.may_split(len(content.rows)):
        table.keepWithNext = 1  # the whole chain title-table-note moves as one (KeepTogether would break
        title.floats = len(parts)  # a keep-with-next chain coming from the heading above)
        return parts

    # A long table may split, but never leaving fewer than a few rows under its title.
    def room() -> float:
        head_rows = _row_height(cells[0], widths, frame_height) + 8
        first = _first_rows(len(content.rows), height <= frame_height, breaks.split_rows)
        first_rows = sum(_row_height(row, widths, frame_height) + 6 for row in cells[1 : 1 + first * group])
        title_h = title.wrap(width, frame_height)[1] + title.getSpaceBefore() + title.getSpaceAfter()
        return title_h + head_rows + first_rows + 2

    table.keepWithNext = 0
    return [CondPageBreak(_kept(measured, "room", room))] + parts


def _kept_whole(parts: list[Flowable], height: float, width: float, frame_height: float) -> bool:
    """Whether a table's title, table and note take at most rulebook.yaml's whole_share of a column:
    it is then never split, whatever its rows (review 21b, 6: « Actions de base », 13 rows, ran
    from one page to the next); a taller table splits, its head repeated under its title
    « (suite) », rather than leave most of a column empty (review 21d: every table that fit a
    column kept whole left 55-60 % holes in the KOLAPS and 3d6 books)."""
    title, _, after = parts
    extra = sum(f.wrap(width, frame_height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in (title, after))
    return height + extra <= frame_height * st.rulebook_layout().whole_share


# Each table's arrangement (columns kept, columns set under, widths) kept between --watch rebuilds,
# by everything it is made from: the table's content, its measure and scale, and the data folder's
# digest (labels, layouts, typography rules and the house table's paint all come from there).
# Not kept under a ruleset's labels (read from a file the digest may not cover).
_ARRANGED: OrderedDict[tuple, tuple[TableContent, list[int], list[float]]] = OrderedDict()
ARRANGED_KEPT = 500  # the full book has 69 tables, the quick-start fewer; a few books' worth


def _arranged(
    content: TableContent, width: float, scale: float
) -> tuple[TableContent, list[int], list[float], list[list[Paragraph]] | None]:
    """_arrangement and the widths of its key columns, the last two as data_table sets them;
    fourth: the cells counted, when just made and the table's own (else None)."""
    key = _arrangement_key(content, width, scale)
    if key is not None and key in _ARRANGED:
        _ARRANGED.move_to_end(key)
        keys, under, widths = _ARRANGED[key]
        return keys, list(under), list(widths), None
    keys, under, tried = _arrangement(content, width, scale)
    widths = _column_widths(keys, width, scale)  # every table the column's full measure (review 14b, N6)
    if under:
        widths = _close_keys(keys, widths, width, scale, _bold(content))
        # the last key column takes the rest of the measure: its texts start it, not centred in it
        keys = replace(keys, align=(*(keys.column_align(i) for i in range(len(keys.columns) - 1)), "l"))
        if hangs_list(content, len(under)):  # as the sheets and cards set it (hung19)
            keys = hung_columns(keys)
            widths = hang_widths(widths, _numbers_width(keys, scale, _hung_bold(content, keys)), -1)
    if key is not None:
        _ARRANGED[key] = (keys, list(under), list(widths))
        while len(_ARRANGED) > ARRANGED_KEPT:
            _ARRANGED.popitem(last=False)
    return keys, under, widths, tried


def _arrangement_key(content: TableContent, width: float, scale: float) -> tuple | None:
    if overriding_file() is not None:
        return None
    return (folder_digest(resources.data_dir()), repr(content), width, scale)


# What data_table measures of a table made from a kept arrangement (its height, and for a long
# one the room it needs under its title), by the arrangement's key, the column's height and the
# note and anchor options: the same cells at the same widths in the same styles, so the same
# heights; measuring them wrapped the whole table once more than the build does.
_MEASURED: OrderedDict[tuple, float] = OrderedDict()


def _kept(key: tuple | None, what: str, measure: Callable[[], float]) -> float:
    if key is None:
        return measure()
    found = _MEASURED.get((what, *key))
    if found is None:
        found = _MEASURED[(what, *key)] = measure()
        while len(_MEASURED) > 2 * ARRANGED_KEPT:
            _MEASURED.popitem(last=False)
    else:
        _MEASURED.move_to_end((what, *key))
    return found


def _first_rows(rows: int, fits: bool, least: int) -> int:
    """The rows a table must have room for under its title where it starts: split_rows, or, for one
    that fits a column whole, rulebook.yaml `first_share` of them (a few rows at a column's foot
    and the rest « (suite) » at the next one's top read worse than the table whole: d12's ladder,
    6 + 7 rows); short of that room, the title and the table start the next column."""
    share = math.ceil(rows * st.rulebook_layout().first_share) if fits else 0
    return min(rows, max(least, share))


def _arrangement(
    content: TableContent, width: float, scale: float
) -> tuple[TableContent, list[int], list[list[Paragraph]] | None]:
    """The columns kept side by side and those set under each row, on a full-width line each:
    the fewest last columns under that leave no cell over rulebook.yaml `cell_lines` lines (as the
    reference cards do). A table that no such cut helps stays whole. Third: the cells counted,
    when they are the table's own (every column kept: the same columns, widths and alignment),
    so that data_table does not make and wrap them a second time; None otherwise."""
    n = len(content.columns)
    for kept in range(n, 1, -1):
        keys, under = column_part(content, list(range(kept))), list(range(kept, n))
        widths = _column_widths(keys, width, scale)
        cells = _cells(keys, scale, widths, _bold(content))
        if _most_lines(cells, widths, scale) <= _line_limit(content, kept):
            return keys, under, (cells if not under else None)
    return content, [], None


def _line_limit(content: TableContent, kept: int) -> int:
    """The most lines a cell may wrap to with `kept` columns side by side: rulebook.yaml
    `cell_lines`, but `list_lines` for a numbered list with names kept whole (« Effets
    secondaires »: three lines a row in the book's grid, hung in the quick-start at the same
    measure; review 20 S3), so that its running text goes under its rows, hung, as there. A list
    whose texts hold a line or two keeps its grid and its columns' heads (book21 hung every such
    list: a one-line list's head lost its texts' column). Rank and threshold (« Seuils ») have no names."""
    layout = st.rulebook_layout()
    n = len(content.columns)
    if kept == n and n >= 3 and numbered_list(content):
        return min(layout.list_lines, layout.cell_lines)
    return layout.cell_lines


def _row_height(row: list[Paragraph | str], widths: list[float], height: float) -> float:
    """A row's tallest cell; a text alone in its row (set under the row above) spans the table."""
    if all(isinstance(c, str) for c in row[1:]) and not isinstance(row[0], str) and len(row) > 1:
        return row[0].wrap(sum(widths), height)[1]
    return max((c.wrap(w, height)[1] for c, w in zip(row, widths, strict=False) if not isinstance(c, str)), default=0)


def _close_keys(
    keys: TableContent, widths: list[float], width: float, scale: float, bold: frozenset[int]
) -> list[float]:
    """The key columns of a table whose texts go under its rows close together (« 6 à 4 » beside
    « Bon moral », not across the measure): each but the last no wider than its texts need on one
    line and rulebook.yaml `key_gap`, the last taking the rest of the measure, so that the texts
    under and the zebra still span it and no column is added (an empty last column, tried in the
    twelfth session, moved the book's flow and lost its Notes page). A column that wraps at its
    share takes what the others freed, up to its texts on one line (« Blessures critiques »'s
    « Blessure »), the last column keeping its share at least."""
    size = st.styles()["cell"].fontSize * scale
    head = st.styles()["head"].fontSize * scale
    need = [
        max(
            [stringWidth(french(keys.columns[i]), SANS_BOLD, head)]
            + [stringWidth(french(r[i]), SANS_BOLD if i in bold else SANS, size) for r in keys.rows if i < len(r)]
        )
        + (CELL_PADDING + st.rulebook_layout().key_gap) * scale
        for i in range(len(keys.columns) - 1)
    ]
    close = [min(w, n) for w, n in zip(widths, need, strict=False)]
    spare = width - sum(close) - widths[-1]  # what the closed columns freed, the last keeping its share
    for i, n in enumerate(need):  # a column that wraps takes of it up to its texts on one line
        more = max(0.0, min(n - close[i], spare))
        close[i], spare = close[i] + more, spare - more
    return close + [width - sum(close)]


DIE = re.compile(r"(\d*)D(\d+)")  # a column of a die's faces is headed by the die (« D6 », « 1D6 »)


def _die_faces(content: TableContent) -> bool:
    """Whether the table's first column is a die's faces (its head names the die: « D6 »)."""
    return bool(content.columns) and DIE.fullmatch(content.columns[0].strip()) is not None


def _hung_bold(content: TableContent, keys: TableContent) -> frozenset[int]:
    """A hung list's bold key columns: its names (fix20), and its numbers when they are a die's
    faces, bold as every other table's die column (« Effets secondaires »: review 22b, 6)."""
    return _bold(keys) | (frozenset({0}) if _die_faces(content) else frozenset())


def _die_list_head(content: TableContent, under: list[int]) -> str:
    """The head of a hung list numbered by a die, across it: the die, the names' head and the texts'
    (« 1D6 · zone — effet en cas d’échec »), as the sheet's three heads say; "" for another list.
    The hung list dropped the texts' head and left its numbers unheaded: « Zone » alone (review 22b, 6)."""
    if not _die_faces(content) or len(under) != 1 or len(content.columns) != 3:
        return ""
    count, faces = DIE.fullmatch(content.columns[0].strip()).groups()  # type: ignore[union-attr]
    return label(
        "tables.format.die_list_head",
        die=f"{count or 1}D{faces}",
        name=_lower_first(content.columns[1]),
        text=_lower_first(content.columns[under[0]]),
    )


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _numbers_width(keys: TableContent, scale: float, bold: frozenset[int]) -> float:
    """A hung list's numbers' column: its widest number or head on one line and its left padding
    (no right padding: the names' own parts them), 1 pt for rounding."""
    size, head = st.styles()["cell"].fontSize * scale, st.styles()["head"].fontSize * scale
    font = SANS_BOLD if 0 in bold else SANS
    texts = [(keys.columns[0], SANS_BOLD, head)] + [(row[0], font, size) for row in keys.rows]
    return max(stringWidth(french(t), f, z) for t, f, z in texts) + (CELL_PADDING / 2) * scale + 1


def _most_lines(cells: list[list[Paragraph]], widths: list[float], scale: float) -> int:
    """The most lines a cell of these rows takes in columns this wide."""
    return max(
        round(cell.wrap(w - CELL_PADDING * scale, 1e9)[1] / cell.style.leading)
        for row in cells
        for cell, w in zip(row, widths, strict=True)
    )


def _with_texts_under(
    cells: list[list[Paragraph]],
    content: TableContent,
    under: list[int],
    scale: float,
    hang: float = 0.0,
    width: float = 0.0,
) -> list[list[Paragraph | str]]:
    """Each body row followed by its texts of the columns under, one a line across the row; with
    more than one, each after its head in bold (« Réussite critique : … »). hang: the numbers'
    column of a hung list, the texts starting past it, under the names; width: the table's."""
    if not under:
        return list(cells)
    style = _hung_style(_cell_style(st.styles()["cell"], "l", scale), hang)
    measure = width - CELL_PADDING * scale  # a spanning text's room (Paragraph takes its indent off)
    rows: list[list[Paragraph | str]] = [list(cells[0])]
    for key_cells, row in zip(cells[1:], content.rows, strict=True):
        rows.append(list(key_cells))
        for i in under:
            text = _markup(row[i]) if len(under) == 1 else run_in(content.columns[i], row[i], _markup)
            rows.append([_well_ragged(text, style, measure)] + [""] * (len(key_cells) - 1))
    return rows


def _well_ragged(markup: str, style: ParagraphStyle, width: float) -> Paragraph:
    """A text under a row, its weakest ties (typography.loose_ties: « plus de 25 cm ») given way
    where holding them leaves a line shorter than rulebook.yaml `short_line` of the measure and
    breaking there makes it longer, in no more lines (review 20 S1: « il s’éloigne alors à » /
    « plus de 25 cm… », the hung text's measure 1.6 pt short of the bound)."""
    paragraph = SteadyParagraph(markup, style)
    if not width or not loose_ties(markup):
        return paragraph
    room = width - style.leftIndent - style.rightIndent
    best = (len(_lines_at(paragraph, width)), _slack(paragraph, width, room))
    for at in loose_ties(markup):  # a tie and a space are one character: the positions hold
        if best[1] <= st.rulebook_layout().short_line:
            break
        trial = SteadyParagraph(loosened(markup, at), style)
        found = (len(_lines_at(trial, width)), _slack(trial, width, room))
        if found[0] <= best[0] and found[1] < best[1]:
            markup, paragraph, best = loosened(markup, at), trial, found
    return paragraph


def _lines_at(paragraph: Paragraph, width: float) -> list:
    paragraph.wrap(width, 1e9)
    return paragraph.blPara.lines


def _slack(paragraph: Paragraph, width: float, room: float) -> float:
    """The most a line but the last leaves of the measure, as a share of it."""
    lines = _lines_at(paragraph, width)[:-1]
    return max((room - line_width(line, room)) / room for line in lines) if lines and room > 0 else 0.0


def _first_columns(content: TableContent, keep: int | None) -> TableContent:
    """The table cut to its first columns (the quick-start's severities without the morale ones)."""
    if keep is None or keep >= len(content.columns):
        return content
    shade = tuple(r[:keep] for r in content.shade) if content.shade else None
    return replace(
        content,
        columns=content.columns[:keep],
        rows=[r[:keep] for r in content.rows],
        align=content.align[:keep],
        widths=content.widths[:keep],
        shade=shade,
    )


HEADING_LINES = 2  # a section's heading keeps at least this many lines of what follows


def too_short(parts: list[Flowable], width: float, height: float, leading: float) -> bool:
    """A heading's first block shorter than HEADING_LINES lines of this leading: keepWithNext on
    the heading alone would leave it at a column's foot with one line (« Les Vampires », rulebook p. 12)."""
    if len(parts) != 1 or not isinstance(parts[0], Paragraph):
        return False
    return parts[0].wrap(width, height)[1] < HEADING_LINES * leading


def hoist_page_break(flow: list[Flowable], parts: list[Flowable], width: float, frame_height: float) -> list[Flowable]:
    """Put a long table's CondPageBreak before the headings and lines kept with it, so they move too."""
    if not parts or not isinstance(parts[0], CondPageBreak):
        return flow + parts
    start = len(flow)
    while start > 0 and flow[start - 1].getKeepWithNext():
        start -= 1
    kept = flow[start:]
    extra = sum(f.wrap(width, frame_height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in kept)
    # The break makes the room; kept together, the chain and the whole table would move as one
    # block (reportlab's KeepTogether) and leave the column half empty instead of splitting.
    for f in kept + parts[1:2]:
        f.keepWithNext = 0
    return flow[:start] + [CondPageBreak(parts[0].height + extra)] + kept + parts[1:]


# ---- blocks -------------------------------------------------------------------
@dataclass
class StoryContext:
    inline: InlineContext
    tables: dict[str, TableContent]
    registry: Registry
    width: float
    frame_height: float
    chapter_number: int = 0
    placed: set[str] = field(default_factory=set)  # anchors of the headings already in the story
    referring: int = 0  # paragraphs with a cross-reference so far: their keys in Registry.pages
    styles: dict[str, ParagraphStyle] | None = None  # None: the book's (styles.styles()); a handout sets its own
    numbered: bool = True  # chapter openers say « Chapitre N » (a handout's do not)
    terms: dict[str, str] | None = None  # for an edition with an index: term set in bold where defined -> anchor
    table_scale: float = 1.0  # the tables' cells set this much larger (a handout's page of tables)

    def style(self, name: str) -> ParagraphStyle:
        return (self.styles or st.styles())[name]


def heading_flowables(h: Heading, ctx: StoryContext) -> list[Flowable]:
    text = render_inline(h.inline, InlineContext(ctx.inline.pages, ctx.inline.outside, serif=False))
    ctx.placed.add(h.anchor)
    flow = HeadingFlowable(text, ctx.style(f"h{h.level}"), h.level, h.title, h.anchor, ctx.registry)
    if h.level != 1 or not ctx.numbered:
        return [flow]
    s = st.styles()
    ctx.chapter_number += 1
    kicker = Paragraph(french(label("rulebook.book.chapter", number=ctx.chapter_number)), s["kicker"])
    return [kicker, flow, title_rule()]


def title_rule() -> HRFlowable:
    """The accent rule under a chapter's title."""
    rule = HRFlowable(width="100%", thickness=2.2, color=st.palette().accent, spaceBefore=0, spaceAfter=10)
    rule.keepWithNext = 1  # a chapter's title never ends a column without its first lines
    return rule


def _list(block: ListBlock, ctx: StoryContext, style: ParagraphStyle, serif: bool) -> Flowable:
    items = [
        ListItem(block_flowables_list(item, ctx, style, serif), value=block.start + i if block.ordered else None)
        for i, item in enumerate(block.items)
    ]
    # Markers in the text's own face and size, so they sit on its baseline (reportlab draws a
    # bullet's baseline one bullet size below the item's top, as a paragraph its first line): a
    # smaller sans marker rose above the line like a superscript, and the sans dash sat near the
    # serif's x-height top; the text face's own en dash is drawn at mid x-height.
    kwargs = dict(bulletType="1", bulletFormat="%s.") if block.ordered else dict(bulletType="bullet", start="\u2013")
    indent = pt(5)
    if block.ordered:  # « 10. » keeps a word space before its text
        widest = f"{block.start + len(block.items) - 1}. "
        indent = max(indent, stringWidth(widest, style.fontName, style.fontSize))
    return ListFlowable(
        items,
        leftIndent=indent,
        bulletFontName=style.fontName,
        bulletFontSize=style.fontSize,
        bulletColor=st.palette().ink,  # a small glyph in several inks blurs when the plates slip
        spaceAfter=ctx.style("body").spaceAfter,
        **kwargs,
    )


def _paragraph(block: MdParagraph, ctx: StoryContext, inline: InlineContext, style: ParagraphStyle) -> Flowable:
    """A paragraph; one with a cross-reference records its page, so that the next pass can
    say « plus haut » where the target is on that same page. Its bold terms go to the index."""
    paragraph = _linked_paragraph(block, ctx, inline, style)
    if ctx.terms is not None:
        paragraph.defines = tuple(_index_anchor(term, ctx.terms) for term in defined_terms(block.inline))
        paragraph.registry = ctx.registry
    return paragraph


def defined_terms(nodes) -> list[str]:
    """Words set in bold where the text defines them (« le **seuil** »), not run-in headings
    (« **Marcher.** ») nor questions."""
    terms = []
    for node in _walk(nodes):
        if node.type == "strong":
            text = " ".join("".join(n.content for n in _walk(node.children) if n.type == "text").split())
            if 1 < len(text) <= INDEX_TERM_MAX and not text.endswith((".", "?", "!", ":")) and not text[:1].isdigit():
                terms.append(french(text))
    return terms


INDEX_TERM_MAX = 32  # characters: longer bold runs are emphasis, not a term


def _index_anchor(term: str, terms: dict[str, str]) -> str:
    return terms.setdefault(term, f"terme-{len(terms) + 1}")


def _linked_paragraph(block: MdParagraph, ctx: StoryContext, inline: InlineContext, style: ParagraphStyle):
    if not any(n.type == "link" and str(n.attrs.get("href", "")).startswith("#") for n in _walk(block.inline)):
        return BodyParagraph(unstretchable(render_inline(block.inline, inline)), style)  # justified
    ctx.referring += 1
    key = f"\u00b6{ctx.referring}"  # ¶n: no anchor starts with it
    spanned = frozenset(ctx.inline.pages[k] for k in (key, key + LAST_PAGE) if k in ctx.inline.pages)
    here = replace(inline, here=spanned, above=frozenset(ctx.placed))
    paragraph = BodyParagraph(unstretchable(render_inline(block.inline, here)), style)
    paragraph.page_key, paragraph.registry = key, ctx.registry
    return paragraph


def _walk(nodes):
    for node in nodes:
        yield node
        yield from _walk(node.children)


def block_flowables_list(blocks: list[Block], ctx: StoryContext, style: ParagraphStyle, serif: bool) -> list[Flowable]:
    out: list[Flowable] = []
    for block in blocks:
        out += block_flowables(block, ctx, style, serif)
    return out


def block_flowables(
    block: Block, ctx: StoryContext, style: ParagraphStyle | None = None, serif: bool = True
) -> list[Flowable]:
    style = style or ctx.style("body")
    inline_ctx = InlineContext(ctx.inline.pages, ctx.inline.outside, serif=serif)
    if isinstance(block, Heading):
        return heading_flowables(block, ctx)
    if isinstance(block, MdParagraph):
        return [_paragraph(block, ctx, inline_ctx, style)]
    if isinstance(block, ListBlock):
        item_style = ctx.style("item") if serif else style
        return [_list(block, ctx, item_style, serif)]
    if isinstance(block, Quote):  # an example or a note: the house's boxed aside (layout/aside.py)
        from kolaps_print.rulebook.handout_example import example_box  # it sets its text with this module

        return example_box(block, ctx)
    if isinstance(block, TableBlock):
        content = _first_columns(ctx.tables[block.name], block.columns)
        anchor = None
        if ctx.terms is not None:  # the index lists the table under its title, where it first appears
            anchor = (ctx.terms.setdefault(content.title, f"{TABLE_ANCHOR}{block.name}"), ctx.registry)
        return data_table(content, ctx.width, ctx.frame_height, block.note, anchor, ctx.table_scale)
    if isinstance(block, ThematicBreak):
        return [HRFlowable(width="40%", thickness=0.6, color=st.palette().rule, spaceBefore=6, spaceAfter=10)]
    raise TypeError(f"unknown block {block!r}")


def toc_flowables(placed: list[HeadingPlace], registry_pages: dict[str, int]) -> list[Flowable]:
    """One line per chapter and section, with the page found in the previous pass."""
    s = st.styles()
    out: list[Flowable] = []
    for p in placed:
        if p.level > 2:
            continue
        page = str(registry_pages.get(p.anchor, "00"))
        if p.level == 1 and out:
            out.append(Spacer(0, 3))
        out.append(TocLine(french(p.title), page, p.anchor, s[f"toc{p.level}"], 0 if p.level == 1 else pt(6)))
    return out
