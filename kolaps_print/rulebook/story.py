"""The book's story, rebuilt for each layout pass: cover, contents, chapters, proof report."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    FrameBreak,
    Indenter,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
)

from kolaps_print.content.tables import TableContent
from kolaps_print.labels import label
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.book import cover_story
from kolaps_print.rulebook.flowables import (
    BlankPage,
    FootSpacer,
    HeadingFlowable,
    HeadingPlace,
    OutlineMark,
    Registry,
    RoomMark,
    RuledLines,
    StoryContext,
    block_flowables,
    hoist_page_break,
    title_rule,
    toc_flowables,
    too_short,
)
from kolaps_print.rulebook.index import INDEX_ANCHOR, index_flowables
from kolaps_print.rulebook.inline import InlineContext
from kolaps_print.rulebook.markdown import Chapter, Heading, TableBlock
from kolaps_print.rulebook.markdown import Paragraph as MdParagraph
from kolaps_print.rulebook.proof_pages import ProofAppendix, errata_pages, marks_pages
from kolaps_print.rulebook.report import CATEGORIES, ConsistencyReport
from kolaps_print.typography import escape, french
from kolaps_print.units import pt

if TYPE_CHECKING:  # the pacing page is a proof's only: imported when one is made (start-up time)
    from kolaps_print.rulebook.pacing_page import DemoPacing

TOC_ANCHOR = "sommaire"
COVER_ANCHOR = "couverture"
REPORT_ANCHOR = "rapport-de-coherence"
TEXT_END_ANCHOR = "fin-du-texte"  # where the text ends: the blank pages and credits follow
TEXT_ROOM_ANCHOR = "place-sous-le-texte"  # the points left under the text in its column (not a page)
TEXT_COLUMN_ANCHOR = "colonne-du-texte"  # the left edge of the column the text ends in (not a page)
CHAPTER_ROOM = 0.31  # a chapter's opening never asks for more than this share of a column
CHAPTER_LINES = 8  # a chapter's title keeps at least this many lines of text under it
SECTION_LINES = 4  # the first section's heading keeps a few lines under it (with the heading's own height)


@dataclass(frozen=True)
class StoryInput:
    chapters: list[Chapter]
    tables: dict[str, TableContent]
    outside: frozenset[str]  # anchors this edition leaves out
    report: ConsistencyReport | None  # set for a proof: printed after the chapters
    appendix: ProofAppendix | None = None  # set for a proof: the errata to confirm and the marks, last
    credits: list[str] | None = None  # the last page's paragraphs (title first), in French
    pages_multiple_of: int = 1  # blank pages before the credits make the count up to a multiple of this
    index: bool = False  # an index of the defined terms and the sections after the chapters
    pacing: DemoPacing = None  # set for a proof: the demo's pacing, on the report page


def _toc_entries(chapters: list[Chapter]) -> list[HeadingPlace]:
    return [HeadingPlace(h.level, h.title, h.anchor, 0) for c in chapters for h in c.headings if h.level <= 2]


def _contents(chapters: list[Chapter], pages: dict[str, int], registry: Registry, index: bool) -> list[Flowable]:
    s = st.styles()
    title = french(label("rulebook.book.toc"))
    head = HeadingFlowable(escape(title), s["h1"], 0, title, TOC_ANCHOR, registry)
    entries = _toc_entries(chapters)
    if index:
        entries.append(HeadingPlace(1, french(label("rulebook.book.index")), INDEX_ANCHOR, 0))
    return [head, Spacer(0, 6)] + toc_flowables(entries, pages)


CONTENTS_RUN_ON = 0.5  # contents shorter than this share of a column: the first chapter runs on under them


def _after_contents(contents: list[Flowable], width: float, height: float, columns: int) -> list[Flowable]:
    """Long contents on a page of their own, in its columns; after short ones (a ruleset's
    booklet: 10-15 lines), room before the first chapter, which opens under them (a page of a
    five-page booklet is not spent on them alone)."""
    heights = [f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in contents]
    if sum(heights) <= height * CONTENTS_RUN_ON:
        return contents + [Spacer(0, st.styles()["h1"].leading)]
    return (_in_two_columns(contents, heights, height) if columns == 2 else contents) + [PageBreak()]


def _in_two_columns(contents: list[Flowable], heights: list[float], height: float) -> list[Flowable]:
    """The contents' page in its two columns (one left the page's right half empty: review 13,
    N9): the second opens on a chapter's line, level with the first's (under the title), where
    the two end most nearly level; as they were when no such break fits both columns."""
    head = heights[0] + heights[1]  # the title and the space under it
    splits = {}
    for i in range(2, len(contents)):
        if isinstance(contents[i], Spacer):  # the gap before a chapter's line
            splits[i] = max(sum(heights[:i]), head + sum(heights[i + 1 :]))
    best = min((i for i in splits if splits[i] <= height), key=splits.__getitem__, default=None)
    if best is None:
        return contents
    return contents[:best] + [FrameBreak(), Spacer(0, head)] + contents[best + 1 :]


def _report_page(report: ConsistencyReport, registry: Registry) -> list[Flowable]:
    s = st.styles()
    title = french(label("rulebook.report.title"))
    out: list[Flowable] = [
        PageBreak(),
        HeadingFlowable(escape(title), s["h1"], 0, title, REPORT_ANCHOR, registry),
        Paragraph(escape(french(label("rulebook.report.intro"))), s["body"]),
    ]
    if not report.checked_coverage:
        out.append(Paragraph(escape(french(label("rulebook.report.selection"))), s["body"]))
    if not report.findings:
        out.append(Paragraph(escape(french(label("rulebook.report.clean"))), s["body"]))
    for category in CATEGORIES:
        findings = report.by_category(category)
        if not findings:
            continue
        out.append(
            Paragraph(escape(french(f"{label(f'rulebook.report.categories.{category}')} ({len(findings)})")), s["h3"])
        )
        for f in findings:
            where = f"{f.diagnostic.file}:{f.diagnostic.line}"
            out.append(
                Paragraph(
                    f"\u2013 {escape(french(f.subject))} <font "
                    f"color='{st.palette().markup('muted')}' size='8'>{escape(where)}</font>",
                    s["report"],
                )
            )
    return out


def _back_matter(
    story: StoryInput, pages: dict[str, int], registry: Registry, geometry: st.PageGeometry
) -> list[Flowable]:
    """Blank pages, then the credits as the last page, so that the page count is a multiple of
    story.pages_multiple_of; or, when the text's last page already makes that count and the
    credits fit under its text, the credits as a colophon at that column's foot (a ruleset's
    booklet: no page spent on them). The text's last page and the room under it are read from
    the previous layout pass."""
    end = [RoomMark(TEXT_END_ANCHOR, TEXT_ROOM_ANCHOR, registry, TEXT_COLUMN_ANCHOR)]
    last = pages.get(TEXT_END_ANCHOR)
    _, _, width, height = geometry.column_frames[0]
    if story.credits and last is not None and last % story.pages_multiple_of == 0:
        colophon = _colophon(story.credits)
        need = sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in colophon)
        if _column_beside(pages, geometry) and need <= height:  # the text ends short of the page's last
            return end + [FrameBreak(), FootSpacer(need)] + colophon  # column: the colophon at that one's foot
        if need <= pages.get(TEXT_ROOM_ANCHOR, 0):
            return end + [FootSpacer(need)] + colophon
    credits = _credits_page(story.credits, width, geometry.frame[2], height) if story.credits else []
    if last is None or (story.pages_multiple_of == 1 and not credits):
        return end + ([NextPageTemplate("plain"), PageBreak()] + credits if credits else [])
    blank = -(last + (1 if credits else 0)) % story.pages_multiple_of
    blanks = [f for _ in range(blank) for f in [PageBreak(), *_notes_page()]]
    return end + [NextPageTemplate("notes")] + blanks + [NextPageTemplate("plain"), PageBreak()] + credits


def _column_beside(pages: dict[str, int], geometry: st.PageGeometry) -> bool:
    """Whether the text ended, in the previous pass, in a column with an empty one beside it (the d12
    booklet's last page: its credits at the left column's foot, the right column blank, review 15)."""
    at = pages.get(TEXT_COLUMN_ANCHOR)
    return at is not None and at < geometry.column_frames[-1][0] - 1


def _notes_page() -> list[Flowable]:
    """A page the count leaves over is ruled for notes under its title, as a chapter opens (a blank
    page reads as a printing fault; a page to write on is of use at the table)."""
    s = st.styles()
    pitch = pt(st.rulebook_layout().notes_pitch)
    return [
        BlankPage(),
        Paragraph(escape(french(label("rulebook.book.notes"))), s["h1"]),
        title_rule(),
        RuledLines(pitch, st.palette().rule),
    ]


def _colophon(paragraphs: list[str]) -> list[Flowable]:
    """The credits set small under their title, one column wide."""
    s = st.styles()
    title, *lines = paragraphs
    return [Paragraph(escape(title), s["h3"])] + [Paragraph(escape(line), s["colophon"]) for line in lines]


def _credits_page(paragraphs: list[str], width: float, page_width: float, height: float) -> list[Flowable]:
    """The credits page: the colophon at the foot of the last page, one column wide."""
    flow = _colophon(paragraphs)
    used = sum(f.wrap(width, height)[1] + 6 for f in flow)
    narrow = page_width - width  # the plain page's frame spans both columns
    return [Spacer(0, max(height * 0.5, height - used - 40)), Indenter(right=narrow)] + flow + [Indenter(right=-narrow)]


def _chapter_flow(chapter: Chapter, ctx: StoryContext, width: float, height: float) -> list[Flowable]:
    """A chapter runs on from the previous one; it opens in the next column only when this one
    cannot hold its opening (see _opening_room)."""
    flow: list[Flowable] = []
    opening = 0  # flowables up to the end of the chapter's opening
    previous = None
    for block, following in zip(chapter.blocks, chapter.blocks[1:] + [None], strict=True):
        parts = block_flowables(block, ctx)
        if (
            isinstance(previous, Heading)
            and previous.level > 1
            and too_short(parts, width, height, st.styles()["body"].leading)
        ):
            parts[-1].keepWithNext = 1  # the heading keeps this and the next block: two lines at least
        previous = block
        if isinstance(following, TableBlock) and isinstance(block, MdParagraph) and _announces_below(parts[-1]):
            parts[-1].keepWithNext = 1  # « la table ci-dessous » stays true; other tables may float
        flow = hoist_page_break(flow, parts, width, height)
        if not opening and (isinstance(block, TableBlock) or isinstance(following, Heading) and following.level == 2):
            opening = len(flow)  # the opening ends before the first section, or with the first table
    section = flow[opening : opening + 2] if opening else []  # the first section's heading and what it keeps
    section = section if all(isinstance(f, Paragraph) for f in section) else section[:1]
    return [CondPageBreak(_opening_room(flow[: opening or len(flow)], section, width, height))] + flow


def _announces_below(paragraph: Flowable) -> bool:
    """Whether a paragraph points at the table under it (« la table ci-dessous »): it keeps with it."""
    return french(label("rulebook.book.below")) in getattr(paragraph, "text", "")


def _opening_room(opening: list[Flowable], section: list[Flowable], width: float, height: float) -> float:
    """Room a chapter needs where it opens, so that it never shows only its title or its
    introduction at a column's foot: its title and introduction, then the first section's
    heading and what it keeps with it (its first block moves with it as one piece) or at least
    a few lines (or, where the introduction leads to a table, that table's title and first
    rows), and at least CHAPTER_LINES of text. Capped at CHAPTER_ROOM of a column."""
    leading = st.styles()["body"].leading
    used, needed = 0.0, 0.0
    for f in opening:
        if isinstance(f, CondPageBreak):  # a table's own break: it asks for its chain and first rows,
            needed, used = used + f.height, 0.0  # and what follows can go to the next column
            break
        used += f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter()
    head = sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in opening[:3])
    kept = sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in section)
    wanted = max(needed, used + max(SECTION_LINES * leading, kept), head + CHAPTER_LINES * leading)
    return min(wanted, height * CHAPTER_ROOM)


def make_story_factory(
    story: StoryInput, geometry: st.PageGeometry
) -> Callable[[dict[str, int], Registry], list[Flowable]]:
    _, _, width, height = geometry.column_frames[0]  # text, tables and boxes fill one column

    def make(pages: dict[str, int], registry: Registry) -> list[Flowable]:
        ctx = StoryContext(InlineContext(pages, story.outside), story.tables, registry, width, height)
        ctx.terms = {} if story.index else None
        flow: list[Flowable] = [OutlineMark(french(label("rulebook.book.cover_outline")), COVER_ANCHOR, registry)]
        flow += cover_story()
        contents = _contents(story.chapters, pages, registry, story.index)
        flow += _after_contents(contents, width, height, len(geometry.column_frames))
        for chapter in story.chapters:
            flow += _chapter_flow(chapter, ctx, width, height)
        if ctx.terms is not None:
            flow += index_flowables(story.chapters, ctx.terms, pages, registry)
        # The book's own pages first, so a proof numbers them as the printed book does.
        flow += _back_matter(story, pages, registry, geometry) + [NextPageTemplate("body")]
        if story.report is not None:
            from kolaps_print.rulebook.pacing_page import pacing_flowables  # a proof's only (start-up time)

            flow += _report_page(story.report, registry) + pacing_flowables(story.pacing)
        if story.appendix is not None:
            flow += errata_pages(story.appendix, registry) + marks_pages(story.appendix, registry)
        return flow

    return make
