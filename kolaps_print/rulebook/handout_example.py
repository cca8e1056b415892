"""A block quote (`> ...`) of the book's and the quick-start's chapters set as the house's boxed
aside (layout/aside.py, style.yaml `aside`), so that a reader never takes an example for a rule
(issue 12) nor an editorial note for an example (review 22b, 8).

A quote is an example unless it opens on a bold run-in head other than « Exemple »
(« **Provisoire.** », « **Pourquoi enchérir ?** »): that one is a note. An example's head line is
the quote's `##` heading (« Exemple : un tir de Stefan Solmeyer »), else the label « Exemple »
(its run-in « **Exemple.** » lifted to that line); its text, lists included, in the sans face. A
note keeps its run-in head in its first line. The type follows the running text around it."""

from __future__ import annotations

from dataclasses import replace

from reportlab.platypus import Flowable, Paragraph

from kolaps_print.labels import label
from kolaps_print.layout.aside import EXAMPLE, NOTE, aside_box, aside_styles
from kolaps_print.rulebook.flowables import HeadingFlowable, StoryContext, block_flowables
from kolaps_print.rulebook.inline import InlineContext, render_inline
from kolaps_print.rulebook.markdown import Heading, ListBlock, Quote
from kolaps_print.rulebook.markdown import Paragraph as MdParagraph
from kolaps_print.typography import escape


def quote_kind(block: Quote) -> str:
    """EXAMPLE or NOTE: a note opens on a bold run-in head that is not « Exemple »."""
    head = _run_in(block)
    return NOTE if head is not None and not _is_example_head(head) else EXAMPLE


def example_box(block: Quote, ctx: StoryContext) -> list[Flowable]:
    """The quote as one box of the house's look, in the running text's type (ctx's body style)."""
    body = ctx.style("body")
    kind = quote_kind(block)
    styles = aside_styles(kind, body.fontSize, body.leading)
    text, item, head = styles["text"], styles["item"], styles["head"]
    heading = block.blocks[0] if block.blocks and isinstance(block.blocks[0], Heading) else None
    blocks = block.blocks[1:] if heading else list(block.blocks)
    inner: list[Flowable] = []
    if kind == EXAMPLE:
        if heading is not None:
            markup = render_inline(heading.inline, InlineContext(ctx.inline.pages, ctx.inline.outside, serif=False))
            ctx.placed.add(heading.anchor)
            inner.append(HeadingFlowable(markup, head, heading.level, heading.title, heading.anchor, ctx.registry))
        else:
            inner.append(Paragraph(escape(label("rulebook.handout.example")), head))
            if _run_in(block) is not None:  # « **Exemple.** » said by the head line now
                blocks[0] = _without_run_in(blocks[0])  # type: ignore[arg-type]
    for b in blocks:  # a list's items closer than its paragraphs
        inner += block_flowables(b, ctx, item if isinstance(b, ListBlock) else text, serif=False)
    return [aside_box(kind, inner, ctx.width)]


def _run_in(block: Quote) -> str | None:
    """The text of the bold run-in the quote's first paragraph opens on, or None."""
    first = block.blocks[0] if block.blocks else None
    if not isinstance(first, MdParagraph) or not first.inline:
        return None
    node = next((n for n in first.inline if not (n.type == "text" and not n.content.strip())), None)
    if node is None or node.type != "strong":
        return None
    return "".join(n.content for n in _walk(node.children) if n.type == "text")


def _is_example_head(text: str) -> bool:
    word = label("rulebook.handout.example").casefold()
    return text.strip().rstrip(".:\u00a0 ").casefold() == word


def _without_run_in(paragraph: MdParagraph) -> MdParagraph:
    """The paragraph without its bold run-in and the space after it."""
    nodes = list(paragraph.inline)
    at = next(i for i, n in enumerate(nodes) if n.type == "strong")
    rest = nodes[at + 1 :]
    if rest and rest[0].type == "text":
        stripped = rest[0].content.lstrip()
        if stripped:
            rest[0] = _with_content(rest[0], stripped)
        else:
            rest = rest[1:]
    return replace(paragraph, inline=nodes[:at] + rest)


def _with_content(node, content: str):
    """A copy of a text node with other content (markdown-it's nodes are not frozen: no edit in place)."""
    import copy

    twin = copy.copy(node)
    twin.token = copy.copy(node.token)
    twin.token.content = content
    return twin


def _walk(nodes):
    for node in nodes:
        yield node
        yield from _walk(node.children)
