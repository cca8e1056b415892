"""The book's story, rebuilt for each layout pass: cover, contents, chapters, proof report."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer

from kolaps_print.content.tables import TableContent
from kolaps_print.labels import label
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.book import cover_story
from kolaps_print.rulebook.flowables import (
    HeadingFlowable,
    OutlineMark,
    Placed,
    Registry,
    StoryContext,
    block_flowables,
    hoist_page_break,
    toc_flowables,
)
from kolaps_print.rulebook.inline import InlineContext
from kolaps_print.rulebook.markdown import Chapter, Heading, TableBlock
from kolaps_print.rulebook.markdown import Paragraph as MdParagraph
from kolaps_print.rulebook.proof_pages import ProofAppendix, errata_pages, marks_pages
from kolaps_print.rulebook.report import CATEGORIES, ConsistencyReport
from kolaps_print.rulebook.typography import french

TOC_ANCHOR = "sommaire"
COVER_ANCHOR = "couverture"
REPORT_ANCHOR = "rapport-de-coherence"


@dataclass(frozen=True)
class StoryInput:
    chapters: list[Chapter]
    tables: dict[str, TableContent]
    outside: frozenset[str]  # anchors this edition leaves out
    report: ConsistencyReport | None  # set for a proof: printed after the chapters
    appendix: ProofAppendix | None = None  # set for a proof: the errata to confirm and the marks, last


def _toc_entries(chapters: list[Chapter]) -> list[Placed]:
    return [Placed(h.level, h.title, h.anchor, 0) for c in chapters for h in c.headings if h.level <= 2]


def _contents(chapters: list[Chapter], pages: dict[str, int], registry: Registry) -> list[Flowable]:
    s = st.styles()
    title = french(label("rulebook.book.toc"))
    head = HeadingFlowable(escape(title), s["h1"], 0, title, TOC_ANCHOR, registry)
    return [head, Spacer(0, 6)] + toc_flowables(_toc_entries(chapters), pages)


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
                    f"\u2022 {escape(french(f.subject))} <font "
                    f"color='{st.palette().markup('muted')}' size='8'>{escape(where)}</font>",
                    s["report"],
                )
            )
    return out


def make_story_factory(
    story: StoryInput, geometry: st.PageGeometry
) -> Callable[[dict[str, int], Registry], list[Flowable]]:
    _, _, width, height = geometry.frame

    def make(pages: dict[str, int], registry: Registry) -> list[Flowable]:
        ctx = StoryContext(InlineContext(pages, story.outside), story.tables, registry, width, height)
        flow: list[Flowable] = [OutlineMark(french(label("rulebook.book.cover_outline")), COVER_ANCHOR, registry)]
        flow += cover_story()
        flow += _contents(story.chapters, pages, registry)
        for chapter in story.chapters:
            for block, following in zip(chapter.blocks, chapter.blocks[1:] + [None], strict=True):
                if isinstance(block, Heading) and block.level == 1:
                    flow.append(PageBreak())
                parts = block_flowables(block, ctx)
                if isinstance(following, TableBlock) and isinstance(block, MdParagraph):
                    parts[-1].keepWithNext = 1  # a table's introduction never stays behind on its own
                flow = hoist_page_break(flow, parts, width, height)
        if story.report is not None:
            flow += _report_page(story.report, registry)
        if story.appendix is not None:
            flow += errata_pages(story.appendix, registry) + marks_pages(story.appendix, registry)
        return flow

    return make
