"""The back's `morale` block: MORAL 6 -> 1, a row per level with what it allows, or (small cards,
back.morale.style: track) one row of boxes after its label; the reference sheet has the texts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print import resources
from kolaps_print.content.formats import number
from kolaps_print.diagnostics import display_path
from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_blocks.protocol import BackBlock, Part
from kolaps_print.layout.card_face import Cut
from kolaps_print.layout.card_face import cap_height as cap
from kolaps_print.layout.shapes import Shape, Text
from kolaps_print.layout.text_fit import fit_line, width_mm

if TYPE_CHECKING:
    from kolaps_print.layout.card_back import BackBuilder

BOLD, REGULAR = "KSans-Bold", "KSans"
LABEL_GAP = 1.0  # mm at least between an inline label and its boxes


class MoraleBack(BackBlock):
    def parts(self, back: BackBuilder, cuts: list[Cut]) -> list[Part]:
        return [_morale(back, cuts)] if back.layout.shows.morale else []  # an edition may play without it


def _morale(b: BackBuilder, cuts: list[Cut]) -> Part:
    if b.back.morale.style == "track":
        return _morale_track(b)
    bk = b.back
    rows = card_text.morale_rows(b.rules)
    pitch = bk.box + bk.box_gap
    most = max(len(r.levels) for r in rows)
    text_x = b.left + most * pitch - bk.box_gap + 1.8
    fitted = []
    for row in rows:
        f = fit_line(row.text, REGULAR, bk.morale.text_size, b.layout.min_font, b.right - text_x)
        if f.cut:
            cuts.append(Cut((), f"morale text '{row.text}' ({_actions_file()}) is cut on this card size"))
        fitted.append(f)
    left, right = b.left, b.right

    how = label("cards.back.how_to_mark") if bk.cumulative.show else ""  # the total is circled in the table

    def emit(y: float) -> list[Shape]:
        shapes = b.header(label("cards.back.morale"), left, right, y, how)
        top = y + bk.section.height
        for i, (row, f) in enumerate(zip(rows, fitted, strict=True)):
            row_top = top + i * bk.morale.row
            box_y = row_top + (bk.morale.row - bk.box) / 2
            for k, level in enumerate(row.levels):
                shapes += b.tick_box(left + (most - len(row.levels) + k) * pitch, box_y, number(level))
            shapes.append(Text(text_x, row_top + bk.morale.row / 2 + cap(f.size) / 2, f.text, REGULAR, f.size, b.ink))
        return shapes

    return Part(bk.section.height + len(rows) * bk.morale.row, emit)


def _morale_track(b: BackBuilder) -> Part:
    """One row: the label, then boxes 6 -> 1 against the right margin, grouped like the level texts."""
    bk, mo, st = b.back, b.back.morale, b.back.status
    groups = [row.levels for row in card_text.morale_rows(b.rules)]
    pitch = bk.box + bk.box_gap
    boxes_w = sum(len(g) * pitch - bk.box_gap for g in groups) + mo.group_gap * (len(groups) - 1)
    title = label("cards.back.morale")
    title_w = width_mm(title, BOLD, st.label_size, bk.section.tracking)
    left, right = b.left, b.right

    def emit(y: float) -> list[Shape]:
        box_y = y + (mo.row - bk.box) / 2
        shapes: list[Shape] = [
            Text(
                left,
                y + mo.row / 2 + cap(st.label_size) / 2,
                title,
                BOLD,
                st.label_size,
                b.ink,
                tracking=bk.section.tracking,
                width=title_w,
            )
        ]
        x = right - boxes_w
        for group in groups:
            for level in group:
                shapes += b.tick_box(x, box_y, number(level))
                x += pitch
            x += mo.group_gap - bk.box_gap
        return shapes

    return Part(mo.row, emit, title_w + LABEL_GAP + boxes_w)


def _actions_file() -> str:
    """The rules file holding the morale texts, as messages name it (the data folder may be renamed)."""
    return display_path(resources.kolaps_dir() / "rules" / "actions.yaml")
