"""Inline Markdown (emphasis, links, cross-references) -> reportlab paragraph markup."""

from __future__ import annotations

from dataclasses import dataclass, replace

from markdown_it.tree import SyntaxTreeNode

from kolaps_print.labels import label
from kolaps_print.layout.ruling_style import raised_marks
from kolaps_print.rulebook import styles as st
from kolaps_print.typography import escape

PLACEHOLDER_PAGE = "00"  # before the first layout pass knows where anchors land


@dataclass(frozen=True)
class InlineContext:
    pages: dict[str, int]  # anchor -> page number (from the previous layout pass)
    outside: frozenset[str]  # anchors this edition leaves out
    serif: bool = True  # body text: bold switches to KSans Bold (see styles.py)
    italic: bool = False  # inside emphasis
    here: frozenset[int] = frozenset()  # the pages the text spanned in the previous pass, when known
    above: frozenset[str] = frozenset()  # anchors the story placed before this text


def _strong(inner: str) -> str:
    return f"<b>{inner}</b>"  # the style's family maps it to its bold face


def page_ref(anchor: str, ctx: InlineContext) -> str:
    page = ctx.pages.get(anchor)
    return label("rulebook.xref.page", page=PLACEHOLDER_PAGE if page is None else page)


def _xref(anchor: str, inner: str, ctx: InlineContext) -> str:
    if anchor in ctx.outside:
        elsewhere = escape(label("rulebook.xref.elsewhere"))
        return f"{inner}\u00a0{elsewhere}" if inner else elsewhere
    ref = escape(page_ref(anchor, ctx) if ctx.pages.get(anchor) not in ctx.here else _nearby(anchor, ctx))
    return _linked(anchor, f"{inner}\u00a0{ref}" if inner else ref, ctx)


def _linked(anchor: str, text: str, ctx: InlineContext) -> str:
    # In italic and the body's colour: a cross-reference is read, not an alarm. Inside italic
    # text it turns upright, as emphasis does in italic.
    shape = ("", "") if ctx.italic else ("<i>", "</i>")
    return f'<a href="#{anchor}" color="{st.palette().markup("ink")}">{shape[0]}{text}{shape[1]}</a>'


def _nearby(anchor: str, ctx: InlineContext) -> str:
    """« plus haut » or « plus bas »: a reference never names the page it is printed on."""
    return label("rulebook.xref.above" if anchor in ctx.above else "rulebook.xref.below")


def render_inline(nodes: list[SyntaxTreeNode], ctx: InlineContext, italic: bool = False) -> str:
    out = []
    nodes = list(nodes)
    while nodes:
        node = nodes.pop(0)
        kind = node.type
        paired = _paired_xref(node, nodes, replace(ctx, italic=italic), italic)
        if paired is not None:
            out.append(paired)
            del nodes[:2]
            continue
        if kind == "text":
            out.append(raised_marks(escape(node.content), st.palette().markup("ink")))
        elif kind == "softbreak":
            out.append(" ")
        elif kind == "hardbreak":
            out.append("<br/>")
        elif kind == "code_inline":
            out.append(f'<font face="KSans">{escape(node.content)}</font>')
        elif kind == "em":
            out.append(f"<i>{render_inline(node.children, ctx, True)}</i>")
        elif kind == "strong":
            out.append(_strong(render_inline(node.children, ctx, italic)))
        elif kind == "link":
            out.append(_link(node, replace(ctx, italic=italic), italic))
        else:
            out.append(render_inline(node.children, ctx, italic))
    return "".join(out)


def _anchor(node: SyntaxTreeNode) -> str | None:
    href = str(node.attrs.get("href", "")) if node.type == "link" else ""
    return href[1:] if href.startswith("#") else None


def _paired_xref(node: SyntaxTreeNode, after: list[SyntaxTreeNode], ctx: InlineContext, italic: bool) -> str | None:
    """« [voir](#a) et [voir](#b) » printed once: « voir p. 10 » when both land on one page (the
    A4 book's « voir p. 10 et voir p. 10 », review 13), « voir p. 10 et 11 » when on two; None
    when the nodes are not two such references."""
    first = _anchor(node)
    joint = label("rulebook.xref.joint")
    if first is None or len(after) < 2 or after[0].type != "text" or after[0].content != joint:
        return None
    second = _anchor(after[1])
    if second is None or {first, second} & ctx.outside:
        return None
    pages = ctx.pages.get(first), ctx.pages.get(second)
    if None in pages or ctx.here & set(pages):  # unknown yet, or « plus haut / plus bas »
        return None
    inner = render_inline(node.children, ctx, italic).strip()
    if inner != render_inline(after[1].children, ctx, italic).strip():
        return None
    head = _xref(first, inner, ctx)
    if pages[0] == pages[1]:
        return head
    return f"{head}{escape(joint)}{_linked(second, escape(str(pages[1])), ctx)}"


def _link(node: SyntaxTreeNode, ctx: InlineContext, italic: bool) -> str:
    href = str(node.attrs.get("href", ""))
    inner = render_inline(node.children, ctx, italic).strip()
    if href.startswith("#"):
        return _xref(href[1:], inner, ctx)
    return f'<a href="{escape(href, {chr(34): "&quot;"})}">{inner}</a>'
