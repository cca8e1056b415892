"""The back's `cumulative_wounds` block: wounds 1..6 across and this character's RNG / MVT / CIB
down, worked out from the cumulative table (no sum to do at the table). The grid is furniture;
each character's values go in its cells (wound_cells, drawn once per stats as a form)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.content.formats import number
from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_blocks.protocol import BackBlock, Part
from kolaps_print.layout.card_face import Cut
from kolaps_print.layout.card_face import cap_height as cap
from kolaps_print.layout.shapes import Shape, Text
from kolaps_print.layout.style import tint
from kolaps_print.layout.text_fit import fit_line, width_mm
from kolaps_print.model.army_book import Member

if TYPE_CHECKING:
    from kolaps_print.layout.card_back import BackBuilder

BOLD, REGULAR = "KSans-Bold", "KSans"


class CumulativeWoundsBack(BackBlock):
    def parts(self, back: BackBuilder, cuts: list[Cut]) -> list[Part]:
        return [_cumulative(back)] if back.back.cumulative.show else []  # compact backs leave it to the sheet


def _cumulative(b: BackBuilder) -> Part:
    """How to mark, then wounds 1..6 across and this character's RNG / MVT / CIB down.

    The grid is shared; the values are each character's own (name() writes them in the
    cells this records), worked out from the cumulative table: no sum to do at the table.
    """
    cu = b.back.cumulative
    # split rows: one more in about the same height (an edition that splits them has the room)
    split = cu.split_moves or b.split_moves
    row = cu.split_row if split and cu.split_row and not b.layout.shows.split_moves else cu.row
    count = len(b.rules.wounds.cumulative)
    short = cu.names == "short"
    heads = [label(f"cards.back.cumulative{'_short' if short else ''}"), *(number(i + 1) for i in range(count))]
    # (label, lines): what each row gives (threshold, cm, dice: the names the poker back uses), on
    # a line each; MVT's walk and run on two rows of their own with split_moves
    groups = [(label(f"cards.back.{key}"), 1) for key in ("rng", "mvt", "cib")]
    if cu.split_moves or b.split_moves:  # b.split_moves: the army's 12,5/25 does not fit a cell
        groups[1:2] = [(label("cards.back.walk"), 1), (label("cards.back.run"), 1)]
    left, right = b.left, b.right
    label_w = max(width_mm(g[0], BOLD, cu.size, cu.label_tracking) for g in [(heads[0], 1), *groups]) + cu.label_gap
    label_w = label_w if cu.labels else 0.0
    column = (right - left - label_w) / count
    centres = [left + label_w + (c + 0.5) * column for c in range(count)]
    wash = tint(b.colour, b.layout.colours.tint)

    def emit(y: float) -> list[Shape]:
        shapes: list[Shape] = [b.stripe_box(y, row, wash)]
        baseline = y + row / 2 + cap(cu.size) / 2
        if cu.labels and heads[0]:
            shapes.append(Text(left, baseline, heads[0], BOLD, cu.size, b.ink, tracking=cu.label_tracking))
        shapes += [
            Text(x, baseline, t, BOLD, cu.size, b.ink, "centre") for x, t in zip(centres, heads[1:], strict=True)
        ]
        b.cells, top = [], y + row
        for g, (name, lines) in enumerate(groups):
            height = lines * row
            if g % 2 == 1:  # the group's lines share one stripe: a walk and its run read together
                shapes.append(b.stripe_box(top, height, b.stripe))
            if cu.labels:  # centred on its lines
                middle = top + height / 2 + cap(cu.size) / 2
                shapes.append(Text(left, middle, name, BOLD, cu.size, b.ink, tracking=cu.label_tracking))
            for line in range(lines):
                b.cells.append([(x, top + (line + 0.5) * row + cap(cu.size) / 2) for x in centres])
            top += height
        return shapes

    b.column, b.cell_size = column, cu.size
    return Part((1 + sum(lines for _, lines in groups)) * row, emit)


def cell_room(b: BackBuilder) -> float:
    """A value's width in its cell: the column less the clear gap, which a back printed smaller
    (scale < 1) must still keep on paper."""
    return b.column - b.back.cumulative.value_gap / b.scale


def wound_cells(b: BackBuilder, member: Member) -> list[Shape]:
    """The values in their cells (the walk and the run on lines of their own with split_moves, or
    when the army's walk/run is too wide for a cell: BackBuilder.size_names); a walk/run too wide
    for a cell even at the smallest type otherwise gives the walk alone (for the whole row: the
    band's stat line shows both), never a value cut short."""
    room = cell_room(b)
    lines: list[tuple[str, ...]]
    if b.back.cumulative.split_moves or b.split_moves:  # per wound: threshold, walk, run, dice
        walks, runs = (card_text.wounded_values(member, b.rules, moves) for moves in ("walk", "run"))
        lines = [(w[1], w[2], r[2], w[3]) for w, r in zip(walks, runs, strict=True)]
    else:  # per wound: threshold, moves, dice
        rows = card_text.wounded_values(member, b.rules)
        if any(width_mm(values[2], REGULAR, b.layout.min_font) > room for values in rows):
            rows = card_text.wounded_values(member, b.rules, "walk")
        lines = [values[1:] for values in rows]
    shapes: list[Shape] = []
    for row, texts in enumerate(zip(*lines, strict=True)):
        # one size along a row: a shrunk 7,5/15 beside a full-size 5/10 reads as a different value
        size = min(fit_line(text, REGULAR, b.cell_size, b.layout.min_font, room).size for text in texts)
        for (x, baseline), text in zip(b.cells[row], texts, strict=True):
            shapes.append(Text(x, baseline, text, REGULAR, size, b.ink, "centre"))
    return shapes
