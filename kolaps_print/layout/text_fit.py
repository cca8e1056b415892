"""Measure, shrink, wrap and cut text so it fits a width (in mm), never below a minimum size.

Widths come from the embedded fonts' metrics, so what fits here fits in the PDF.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from kolaps_print.fonts import register_fonts
from kolaps_print.layout.shapes import Ink
from kolaps_print.units import to_mm

ELLIPSIS = "…"
_BREAKABLE = re.compile(r"[ \t\r\n]+")  # not U+00A0 / U+202F: French keeps "mot :" together
SIZE_STEP = 0.25  # points


def width_mm(text: str, font: str, size: float, tracking: float = 0.0) -> float:
    register_fonts(font.split("-")[0])
    return to_mm(stringWidth(text, font, size) + tracking * max(len(text) - 1, 0))


@dataclass(frozen=True)
class Fitted:
    """A text fitted to a width: its size, and whether it was cut."""

    text: str
    size: float
    cut: bool  # True when text had to be shortened with an ellipsis


def fit_line(text: str, font: str, size: float, min_size: float, width: float, tracking: float = 0.0) -> Fitted:
    """The largest size from size down to min_size at which text fits; below that, cut it."""
    text = _BREAKABLE.sub(" ", text).strip()  # one line: a tab or line break in the data is a space
    current = size
    while True:
        if width_mm(text, font, current, tracking) <= width:
            return Fitted(text, current, False)
        if current <= min_size:
            return Fitted(ellipsize(text, font, min_size, width, tracking), min_size, True)
        current = max(min_size, current - SIZE_STEP)


def ellipsize(text: str, font: str, size: float, width: float, tracking: float = 0.0) -> str:
    """text if it fits, else the longest start of it that fits with '…' after it."""
    if width_mm(text, font, size, tracking) <= width:
        return text
    return shorten(text, font, size, width, tracking)


def shorten(text: str, font: str, size: float, width: float, tracking: float = 0.0) -> str:
    """The longest start of text followed by '…' that fits width (cut at a word if it can)."""
    low, high = 0, len(text)
    while low < high:  # binary search on the number of characters kept
        mid = (low + high + 1) // 2
        if width_mm(text[:mid].rstrip() + ELLIPSIS, font, size, tracking) <= width:
            low = mid
        else:
            high = mid - 1
    kept = text[:low]
    space = kept.rfind(" ")
    if space > low * 0.6:  # prefer a word boundary when it costs little
        kept = kept[:space]
    return kept.rstrip(" ,;:·-–") + ELLIPSIS if kept.strip() else ELLIPSIS


@dataclass(frozen=True)
class Run:
    """A piece of a paragraph set in one font (and its own colour, or the paragraph's).

    A no-break space where two runs meet glues them: « texte.\u00a0» + « † E26 » never
    splits between the two (runs are otherwise separate words).
    """

    text: str
    font: str
    colour: Ink | None = None


@dataclass(frozen=True)
class Segment:
    """A piece of a line of mixed fonts or colours."""

    x: float  # mm from the line's start
    text: str
    font: str
    colour: Ink | None = None


Line = tuple[Segment, ...]
_GLUE = ("\u00a0", "\u202f")
_Piece = tuple[str, str, Ink | None]  # text, font, colour
_Word = list[_Piece]  # pieces never broken apart


def _words(runs: list[Run]) -> list[_Word]:
    words: list[_Word] = []
    glue = False  # the next piece continues the last word
    for run in runs:
        glue = glue or run.text.startswith(_GLUE)
        parts = _BREAKABLE.split(run.text)
        for i, part in enumerate(parts):
            if part:
                if glue and i == 0 and words:
                    words[-1].append((part, run.font, run.colour))
                else:
                    words.append([(part, run.font, run.colour)])
        glue = run.text.endswith(_GLUE)
    return words


def _word_width(word: _Word, size: float) -> float:
    return sum(width_mm(text, font, size) for text, font, _ in word)


def wrap(runs: list[Run], size: float, width: float, indent: float = 0.0) -> list[Line]:
    """Greedy word wrap of runs at size into lines no wider than width (a too-long word is cut);
    indent: the lines after the first are that much narrower (a hanging indent, set by the caller)."""
    lines: list[Line] = []
    current: list[_Word] = []
    used = 0.0
    for word in _words(runs):
        word_w = _word_width(word, size)
        space = width_mm(" ", current[-1][-1][1], size) if current else 0.0  # set in the font before it
        room = width - indent if lines else width
        if current and used + space + word_w > room:
            lines.append(_segments(current, size))
            current, used, space, room = [], 0.0, 0.0, width - indent
        if not current and word_w > room:
            text, font, colour = word[0]
            word = [(ellipsize("".join(t for t, _, _ in word), font, size, room), font, colour)]
            word_w = _word_width(word, size)
        current.append(word)
        used += space + word_w
    if current:
        lines.append(_segments(current, size))
    return lines


def _segments(words: list[_Word], size: float) -> Line:
    """Join words into as few same-font, same-colour segments as possible, with their x offsets."""
    segments: list[Segment] = []
    text, style, start = "", None, 0.0
    for i, word in enumerate(words):
        for j, (piece, font, colour) in enumerate(word):
            gap = " " if i and j == 0 else ""
            if (font, colour) != style:
                if style is not None:
                    segments.append(Segment(start, text, style[0], style[1]))
                    start += width_mm(text + gap, style[0], size)
                    gap = ""
                text, style = piece, (font, colour)
            else:
                text += gap + piece
    if style is not None:
        segments.append(Segment(start, text, style[0], style[1]))
    return tuple(segments)


def cut_last_line(line: Line, size: float, width: float) -> Line:
    """line with '…' at its end, shortened so that it still fits width."""
    *head, last = line
    room = width - last.x
    text = last.text + ELLIPSIS
    if width_mm(text, last.font, size) > room:
        text = shorten(last.text, last.font, size, room)
    return tuple(head) + (Segment(last.x, text, last.font, last.colour),)
