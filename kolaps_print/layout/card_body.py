"""The front's flexible area: weapons and specialisations, shrunk then cut to fit its height."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kolaps_print.layout.card_blocks.protocol import stack
from kolaps_print.layout.card_data import CardLayout
from kolaps_print.layout.card_face import Cut
from kolaps_print.layout.shapes import Ink, Rule, Shape, Text
from kolaps_print.layout.text_fit import Line, Run, cut_last_line, fit_line, width_mm, wrap
from kolaps_print.units import to_mm

Emit = Callable[[float], list[Shape]]  # the shapes of a line whose top is at y (mm)
ASCENT = 0.93  # KSans ascent as a fraction of the size: where the baseline sits in a line


@dataclass(frozen=True)
class BodyLine:
    height: float
    emit: Emit
    emit_cut: Emit | None = None  # the same line ending with '…' (paragraph lines)
    cut: Cut | None = None  # set when this line was already shortened to fit the width


def _nothing(y: float) -> list[Shape]:
    return []


@dataclass(frozen=True)
class Block:
    lines: tuple[BodyLine, ...]
    gap_before: float = 0.0
    path: tuple | None = None  # where it comes from in the army file; None: a header
    what: str = ""  # for messages, e.g. "weapon 'Pistolet'"

    @property
    def height(self) -> float:
        return self.gap_before + sum(line.height for line in self.lines)

    # the drawing protocol (card_blocks/protocol.Drawn): a body block is laid out for the body's
    # width and at its left when the front makes it, so measure() gives that height and shapes()
    # draws its lines from top
    def measure(self, width: float) -> float:
        return self.height

    def shapes(self, x: float, top: float) -> list[Shape]:
        return _emit_block(self, top)[0]


@dataclass(frozen=True)
class Style:
    """The body's geometry, fonts and colours at one scale (1: the sizes in card.yaml)."""

    layout: CardLayout
    scale: float
    x: float
    width: float
    colour: Ink
    ink: Ink
    muted: Ink
    rule: Ink

    def size(self, nominal: float) -> float:
        return max(self.layout.min_font, round(nominal * self.scale * 4) / 4)

    def line_height(self, size: float) -> float:
        return to_mm(size * (self.layout.front.body.leading or self.layout.leading))

    @property
    def at_minimum(self) -> bool:
        return self.layout.front.weapon.name_size * self.scale <= self.layout.min_font


def text_line(
    style: Style, text: str, font: str, nominal: float, colour: Ink, path: tuple | None = None, what: str = ""
) -> BodyLine:
    """One line, shrunk then cut to the width; a cut is reported at path."""
    fitted = fit_line(text, font, style.size(nominal), style.layout.min_font, style.width)
    baseline = to_mm(fitted.size) * ASCENT

    def emit(y: float) -> list[Shape]:
        return [Text(style.x, y + baseline, fitted.text, font, fitted.size, colour)]

    cut = (
        Cut(path, f"{what} is too long for the card; printed as '{fitted.text}'")
        if fitted.cut and path is not None
        else None
    )
    return BodyLine(style.line_height(fitted.size), emit, cut=cut)


def pair_line(
    style: Style, first: tuple[str, str, float, Ink], second: tuple[str, str, float, Ink], gap: float = 2.0
) -> BodyLine | None:
    """Two texts (text, font, nominal size, colour) side by side on one baseline; None if too wide."""
    (t1, f1, n1, c1), (t2, f2, n2, c2) = first, second
    s1, s2 = style.size(n1), style.size(n2)
    w1 = width_mm(t1, f1, s1)
    if w1 + gap + width_mm(t2, f2, s2) > style.width:
        return None
    baseline = to_mm(max(s1, s2)) * ASCENT

    def emit(y: float) -> list[Shape]:
        return [Text(style.x, y + baseline, t1, f1, s1, c1), Text(style.x + w1 + gap, y + baseline, t2, f2, s2, c2)]

    return BodyLine(style.line_height(max(s1, s2)), emit)


def section(style: Style, title: str, first: bool, colour: Ink | None = None) -> Block:
    """A spaced capital title and a rule to the right edge; small text is solid black (docs/style.md)."""
    s = style.layout.front.section
    title_w = width_mm(title, "KSans-Bold", s.size, s.tracking)
    x, right = style.x, style.x + style.width
    ink = colour or style.ink

    def emit(y: float) -> list[Shape]:
        baseline = y + s.height * 0.72
        mid = y + section_rule_drop(style)
        return [
            Text(x, baseline, title, "KSans-Bold", s.size, ink, tracking=s.tracking, width=title_w),
            Rule(x + title_w + 1.2, mid, right, mid, style.rule, s.rule_pt),
        ]

    return Block((BodyLine(s.height, emit),), 0.0 if first else s.gap_before)


def section_rule_drop(style: Style) -> float:
    """How far a section heading's rule sits under the heading line's top (mm): level with the
    capitals' middle, so the NOTES lines can be counted from it (card_notes)."""
    s = style.layout.front.section
    return s.height * 0.72 - to_mm(s.size) * 0.33


def paragraph(
    style: Style,
    runs: list[Run],
    nominal: float,
    gap: float,
    path: tuple | None,
    what: str,
    colour: Ink | None = None,
    hang: float = 0.0,
) -> Block:
    """A wrapped paragraph; when the card is full it may stop after any line, with '…'.
    hang: the lines after the first are indented this much (mm at poker size), so a wrapped
    entry never reads as the start of the next one."""
    size = style.size(nominal)
    height = style.line_height(size)
    ink = colour or style.ink
    indent = hang * style.scale
    lines = tuple(
        BodyLine(
            height,
            _emit_line(style, line, size, ink, indent if i else 0.0),
            _emit_line(
                style, cut_last_line(line, size, style.width - (indent if i else 0.0)), size, ink, indent if i else 0.0
            ),
        )
        for i, line in enumerate(wrap(runs, size, style.width, indent))
    )
    return Block(lines + (BodyLine(gap * style.scale, _nothing),), 0.0, path, what)


def _emit_line(style: Style, line: Line, size: float, colour: Ink, indent: float = 0.0) -> Emit:
    baseline = to_mm(size) * ASCENT
    x = style.x + indent

    def emit(y: float) -> list[Shape]:
        return [Text(x + seg.x, y + baseline, seg.text, seg.font, size, seg.colour or colour) for seg in line]

    return emit


def place(blocks: list[Block], top: float, bottom: float) -> tuple[list[Shape], list[Cut]]:
    """Stack blocks from top; what does not fit above bottom is cut (paragraphs) or left out."""
    whole, y = _whole(blocks, top, bottom)
    placed = blocks[:whole]
    cuts = [line.cut for block in placed for line in block.lines if line.cut]
    partial: list[Shape] = []
    if whole < len(blocks):
        block = blocks[whole]
        partial = _emit_partial(block, y, bottom)
        if (
            partial and block.path is not None
        ):  # as for a cut line: a paragraph without a path has nowhere to be reported
            cuts.append(Cut(block.path, f"{block.what} is too long for the card: its text is cut with '…'", True))
        elif block.path is not None:
            cuts.append(Cut(block.path, f"{block.what} does not fit on the card and is left out", True))
        cuts += [
            Cut(b.path, f"{b.what} does not fit on the card and is left out", True)
            for b in blocks[whole + 1 :]
            if b.path
        ]
        partial = partial if block.path is not None else []  # a paragraph without a path ends nothing: as a header
    while not partial and placed and placed[-1].path is None:  # never end on a header with nothing under it
        placed.pop()
    return stack(placed, 0.0, top, 0.0, 0.0) + partial, cuts  # laid out at the body's left and width already


def _whole(blocks: list[Block], top: float, bottom: float) -> tuple[int, float]:
    """How many blocks fit whole from top above bottom, and where the next one would start."""
    y = top
    for index, block in enumerate(blocks):
        if y + block.height > bottom + 1e-6:
            return index, y
        y += block.height
    return len(blocks), y


def needed_height(blocks: list[Block]) -> float:
    return sum(b.height for b in blocks)


def _emit_block(block: Block, y: float) -> tuple[list[Shape], float]:
    shapes: list[Shape] = []
    y += block.gap_before
    for line in block.lines:
        shapes += line.emit(y)
        y += line.height
    return shapes, y


def _emit_partial(block: Block, y: float, bottom: float) -> list[Shape]:
    """The lines of a paragraph that fit, the last ending with '…' ([] if none fits)."""
    y += block.gap_before
    fitting: list[tuple[BodyLine, float, Emit]] = []
    for line in block.lines:
        if line.emit_cut is None or y + line.height > bottom + 1e-6:
            break
        fitting.append((line, y, line.emit_cut))
        y += line.height
    if not fitting:
        return []
    shapes: list[Shape] = []
    for line, top, _ in fitting[:-1]:
        shapes += line.emit(top)
    _, top, emit_cut = fitting[-1]
    return shapes + emit_cut(top)
