"""The quick-start's worked examples: a block quote (`> ...`) of its chapters set as a box of its
own, so that a reader never takes an example for a rule (issue 12). A tinted ground, the
accent's rule down its left edge, a head line in the accent (the quote's heading, « Exemple :
Stefan Solmeyer tire sur Piotr Nicolescu », or the label « Exemple »), then its text, lists
included, in the sans face. Its type follows the page's running text and its geometry is
quickstart.yaml `example`; the book keeps its own boxes (flowables._quote)."""

from __future__ import annotations

from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from kolaps_print.fonts import SANS
from kolaps_print.labels import label
from kolaps_print.layout.style import cell_ink
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.flowables import HeadingFlowable, StoryContext, block_flowables
from kolaps_print.rulebook.handout_look import handout_layout
from kolaps_print.rulebook.inline import InlineContext, render_inline
from kolaps_print.rulebook.markdown import Heading, ListBlock, Quote
from kolaps_print.typography import escape


def example_box(block: Quote, ctx: StoryContext) -> list[Flowable]:
    """The quote as one box (a one-cell table: it never splits, an example is read whole)."""
    look = handout_layout().example
    text, item, head = ctx.style("example"), ctx.style("example_item"), ctx.style("example_head")
    heading = block.blocks[0] if block.blocks and isinstance(block.blocks[0], Heading) else None
    blocks = block.blocks[1:] if heading else block.blocks
    inner: list[Flowable] = []
    if heading is not None:
        markup = render_inline(heading.inline, InlineContext(ctx.inline.pages, ctx.inline.outside, serif=False))
        ctx.placed.add(heading.anchor)
        inner.append(HeadingFlowable(markup, head, heading.level, heading.title, heading.anchor, ctx.registry))
    else:
        inner.append(Paragraph(escape(label("rulebook.handout.example")), head))
    for b in blocks:  # a list's items closer than its paragraphs
        inner += block_flowables(b, ctx, item if isinstance(b, ListBlock) else text, serif=False)
    top, right, bottom, left = look.pad
    width = ctx.width - look.rule / 2  # the rule's outer half stays inside the column
    box = Table([[inner]], colWidths=[width], hAlign="RIGHT", spaceBefore=look.before, spaceAfter=look.below)
    box.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), SANS),  # else reportlab sets its Helvetica, never embedded
                cell_ink(),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BACKGROUND", (0, 0), (-1, -1), st.palette().shade),
                ("LINEBEFORE", (0, 0), (0, -1), look.rule, st.palette().accent),
                ("TOPPADDING", (0, 0), (-1, -1), top),
                ("RIGHTPADDING", (0, 0), (-1, -1), right),
                ("BOTTOMPADDING", (0, 0), (-1, -1), bottom),
                ("LEFTPADDING", (0, 0), (-1, -1), left),
            ]
        )
    )
    return [box]
