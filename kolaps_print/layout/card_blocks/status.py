"""The back's `status` block: the Offensive box, the AFF box and the fatigue track, spread across
the width (wrapping if narrow), in the order the edition lists them (card.yaml shows.status)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.content.formats import number
from kolaps_print.labels import label
from kolaps_print.layout.card_blocks.morale import LABEL_GAP
from kolaps_print.layout.card_blocks.protocol import BackBlock, Part
from kolaps_print.layout.card_face import Cut
from kolaps_print.layout.card_face import cap_height as cap
from kolaps_print.layout.shapes import Shape, Text
from kolaps_print.layout.text_fit import width_mm
from kolaps_print.units import to_mm

if TYPE_CHECKING:
    from kolaps_print.layout.card_back import BackBuilder

BOLD = "KSans-Bold"


class StatusBack(BackBlock):
    def parts(self, back: BackBuilder, cuts: list[Cut]) -> list[Part]:
        return [_status(back)] if back.layout.shows.status else []


def _status(b: BackBuilder) -> Part:
    """Offensive box, AFF box and fatigue track, spread across the width (wrapping if narrow)."""
    bk, st = b.back, b.back.status
    fatigue = b.rules.actions.fatigue.max
    pitch = bk.box + bk.box_gap
    every = {
        "offensive": (label("cards.back.offensive"), bk.box, lambda x, y: b.tick_box(x, y)),
        "aff": (label("cards.back.aff"), st.aff_width, lambda x, y: b.tick_box(x, y, width=st.aff_width)),
        "fatigue": (
            label("cards.back.fatigue"),
            fatigue * pitch - bk.box_gap,
            lambda x, y: [s for i in range(fatigue) for s in b.tick_box(x + i * pitch, y, number(i + 1))],
        ),
    }
    groups = [every[name] for name in b.layout.shows.status]  # the edition's, in the data's order
    tracking, inline = bk.section.tracking, st.labels == "inline"
    sized = [
        (title, _group_width(width_mm(title, BOLD, st.label_size, tracking), content, inline), content, draw)
        for title, content, draw in groups
    ]
    rows = _flow([g[1] for g in sized], b.right - b.left, st.group_gap)
    label_h = 0.0 if inline else to_mm(st.label_size * b.layout.leading) + 0.5
    row_h, row_gap = label_h + bk.box, bk.gap if inline else 1.0  # inline: spaced like the morale row above
    left, width = b.left, b.right - b.left

    def emit(y: float) -> list[Shape]:
        shapes: list[Shape] = []
        for r, row in enumerate(rows):
            top = y + r * (row_h + row_gap)
            used = sum(sized[i][1] for i in row)
            gap = (width - used) / (len(row) - 1) if len(row) > 1 else 0
            x = left
            for i in row:
                title, group_w, content_w, draw = sized[i]
                if len(row) == 1:  # alone on its row: the boxes against the right margin
                    group_w = width
                baseline = top + (bk.box / 2 + cap(st.label_size) / 2 if inline else cap(st.label_size) + 0.2)
                shapes.append(Text(x, baseline, title, BOLD, st.label_size, b.ink, tracking=tracking))
                shapes += draw(x + group_w - content_w if inline else x, top + label_h)
                x += group_w + gap
        return shapes

    return Part(len(rows) * row_h + (len(rows) - 1) * row_gap, emit, max(g[1] for g in sized))


def _group_width(title: float, content: float, inline: bool) -> float:
    """A status group: its label above its boxes, or beside them."""
    return title + LABEL_GAP + content if inline else max(title, content)


def _flow(widths: list[float], room: float, gap: float) -> list[list[int]]:
    """Indices of groups per row: as many as fit side by side with at least gap between them."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, w in enumerate(widths):
        need = w if not rows[-1] else used + gap + w
        if rows[-1] and need > room:
            rows.append([i])
            used = w
        else:
            rows[-1].append(i)
            used = need
    return rows
