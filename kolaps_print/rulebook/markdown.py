"""Rendered Markdown -> a small tree of blocks the book renderer understands.

Parsing is markdown-it-py (CommonMark, raw HTML off). Added conventions:
- `## Embuscade {#embuscade}`: a heading with an anchor others can point at;
- `[voir](#embuscade)`: a cross-reference, printed "voir p. 12";
- a fenced block `table` holding a table name (what `{{ table("name") }}` writes);
- a block quote is an example or designer's note, set in a box.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.rulebook.templating import COLUMNS_OPTION, TABLE_FENCE, WITHOUT_NOTE, RenderedChapter
from kolaps_print.typography import french

ANCHOR_RE = re.compile(r"\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$")
_PARSER = MarkdownIt("commonmark", {"html": False, "typographer": False})


@dataclass
class Heading:
    level: int  # 1 chapter, 2 section, 3 subsection
    inline: list[SyntaxTreeNode]
    title: str  # plain text, for the TOC, outline and running header
    anchor: str
    explicit: bool  # written as {#id}: others may refer to it
    line: int


@dataclass
class Paragraph:
    inline: list[SyntaxTreeNode]
    line: int


@dataclass
class ListBlock:
    ordered: bool
    items: list[list[Block]]
    start: int = 1


@dataclass
class Quote:
    blocks: list[Block]


@dataclass
class TableBlock:
    name: str
    line: int
    note: bool = True  # False: the prose around it already says what the note would (no repeat)
    columns: int | None = None  # only the first N columns (a selection leaves out what it does not use)


@dataclass
class ThematicBreak:
    """--- on a line of its own: printed as a short rule between paragraphs."""


Block = Heading | Paragraph | ListBlock | Quote | TableBlock | ThematicBreak


@dataclass
class XRef:
    anchor: str
    file: str
    line: int  # in the rendered Markdown, 1-based


@dataclass
class Chapter:
    name: str
    file: str
    blocks: list[Block]
    headings: list[Heading] = field(default_factory=list)
    xrefs: list[XRef] = field(default_factory=list)


def plain_text(nodes: list[SyntaxTreeNode]) -> str:
    out = []
    for node in nodes:
        if node.type in ("text", "code_inline"):
            out.append(node.content)
        elif node.type in ("softbreak", "hardbreak"):
            out.append(" ")
        else:
            out.append(plain_text(node.children))
    return "".join(out)


def slug(text: str) -> str:
    ascii_ = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-") or "section"


class _Parser:
    def __init__(self, chapter: RenderedChapter, auto_prefix: str):
        self.chapter = chapter
        self.auto_prefix = auto_prefix
        self.out = Chapter(chapter.name, chapter.file, [])
        self.auto_count = 0

    def fail(self, line: int, message: str) -> KolapsError:
        return KolapsError([Diagnostic(self.chapter.file, line, 1, "error", message)])

    def blocks(self, nodes: list[SyntaxTreeNode]) -> list[Block]:
        return [b for node in nodes if (b := self.block(node)) is not None]

    def block(self, node: SyntaxTreeNode) -> Block | None:
        line = (node.map[0] + 1) if node.map else 1
        if node.type == "heading":
            return self.heading(node, line)
        if node.type == "paragraph":
            inline = self.inline(node.children[0].children if node.children else [], line)
            return Paragraph(inline, line)
        if node.type in ("bullet_list", "ordered_list"):
            items = [self.blocks(item.children) for item in node.children]
            start = int(node.attrs.get("start", 1)) if node.type == "ordered_list" else 1
            return ListBlock(node.type == "ordered_list", items, start)
        if node.type == "blockquote":
            return Quote(self.blocks(node.children))
        if node.type == "fence":
            return self.fence(node, line)
        if node.type == "hr":
            return ThematicBreak()
        if node.type == "code_block":
            raise self.fail(line, "indented code block: the rulebook has no code; remove the 4-space indent")
        raise self.fail(line, f"Markdown element '{node.type}' is not supported in the rulebook")

    def heading(self, node: SyntaxTreeNode, line: int) -> Heading:
        level = int(node.tag[1])
        if level > 3:
            raise self.fail(line, f"heading level {level} is too deep: use #, ## or ###")
        inline = node.children[0].children if node.children else []
        anchor, explicit = None, False
        token = inline[-1].token if inline and inline[-1].type == "text" else None  # a text node is one token
        if token is not None:
            match = ANCHOR_RE.search(token.content)
            if match:
                anchor, explicit = match.group(1), True
                token.content = token.content[: match.start()]
        title = plain_text(inline).strip()
        if not title:
            raise self.fail(line, "empty heading")
        if anchor is None:
            self.auto_count += 1
            anchor = f"{self.auto_prefix}-{self.auto_count}-{slug(title)}"
        heading = Heading(level, self.inline(inline, line), title, anchor, explicit, line)
        self.out.headings.append(heading)
        return heading

    def fence(self, node: SyntaxTreeNode, line: int) -> TableBlock:
        if node.info.strip() != TABLE_FENCE:
            raise self.fail(
                line,
                f"fenced block '{node.info.strip()}' is not supported; "
                'data tables are written {{ table("name") }}',
            )
        name, *options = node.content.split() or [""]  # an empty fence: an unknown table, said later
        columns = [o for o in options if re.fullmatch(f"{COLUMNS_OPTION}=[1-9]", o)]
        unknown = [o for o in options if o != WITHOUT_NOTE and o not in columns]
        if unknown or len(columns) > 1:
            raise self.fail(
                line,
                f"data table '{name}': unknown option '{' '.join(unknown or columns)}' "
                f"(only '{WITHOUT_NOTE}' and '{COLUMNS_OPTION}=N')",
            )
        keep = int(columns[0].split("=")[1]) if columns else None
        return TableBlock(name, line, note=WITHOUT_NOTE not in options, columns=keep)

    def inline(self, nodes: list[SyntaxTreeNode], line: int) -> list[SyntaxTreeNode]:
        for node in nodes:
            if node.type == "image":
                raise self.fail(line, "images are not supported in the rulebook text")
            if node.type == "link" and str(node.attrs.get("href", "")).startswith("#"):
                self.out.xrefs.append(XRef(str(node.attrs["href"])[1:], self.chapter.file, line))
            self.inline(node.children, line)
        return nodes


# The last parse of each chapter with the text it was parsed from: a --watch rebuild (or a
# proof, which checks the quick-start beside the book) parses again only the chapters whose
# rendered text changed. Parsed chapters are read, never changed, by everything after.
_PARSED: dict[tuple[str, str, str], tuple[str, Chapter]] = {}


def parse_chapter(chapter: RenderedChapter, auto_prefix: str) -> Chapter:
    """Parse a rendered chapter (French typography applied first) into blocks."""
    key = (chapter.name, chapter.file, auto_prefix)
    kept = _PARSED.get(key)
    if kept is not None and kept[0] == chapter.markdown:
        return kept[1]
    tree = SyntaxTreeNode(_PARSER.parse(french(chapter.markdown)))
    parser = _Parser(chapter, auto_prefix)
    parser.out.blocks = parser.blocks(tree.children)
    _PARSED[key] = (chapter.markdown, parser.out)
    return parser.out
