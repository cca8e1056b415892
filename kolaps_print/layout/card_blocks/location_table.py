"""The back's `location_table` block: the six hit locations, each with its wound boxes and their
severity modifiers, the haemorrhage drop and the C box, under column heads in the title row."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.content.formats import number, signed
from kolaps_print.labels import label
from kolaps_print.layout.card_blocks.protocol import BackBlock, Part
from kolaps_print.layout.card_face import Cut
from kolaps_print.layout.card_face import cap_height as cap
from kolaps_print.layout.shapes import Drop, Shape, Text
from kolaps_print.layout.text_fit import width_mm

if TYPE_CHECKING:
    from kolaps_print.layout.card_back import BackBuilder

BOLD, REGULAR = "KSans-Bold", "KSans"


class LocationTableBack(BackBlock):
    def parts(self, back: BackBuilder, cuts: list[Cut]) -> list[Part]:
        return [_wounds(back)]


def _wounds(b: BackBuilder) -> Part:
    """The six hit locations: wound boxes with their modifiers beside them, the drop and the C box,
    under column heads set in the section's title row."""
    bk, lo = b.back, b.back.locations
    locations = sorted(b.rules.wounds.locations, key=lambda loc: loc.roll)
    names = [(loc.short or loc.name) if lo.names == "short" else loc.name for loc in locations]
    mod_w = max(width_mm(signed(m), REGULAR, lo.modifier_size) for loc in locations for m in loc.box_modifiers)
    rows = [_box_row(b, loc.box_modifiers, mod_w) for loc in locations]
    roll_w = max(width_mm(number(loc.roll), BOLD, lo.roll_size) for loc in locations) + lo.roll_gap
    name_font = BOLD if lo.name_bold else REGULAR
    name_w = max(width_mm(name, name_font, lo.name_size) for name in names) + lo.column_gap
    boxes_w = max(width for _, width in rows)
    left, right, box = b.left, b.right, lo.box or bk.box
    boxes_x = left + roll_w + name_w
    drop_clear = lo.column_gap if lo.drop_clear is None else lo.drop_clear
    critical_x = right - box
    # beside the C box, or halfway between the last wound box and it where that is further right:
    # the drop never stands nearer the wound boxes than the C box (mini backs)
    drop_x = max(critical_x - bk.box_gap - box, (boxes_x + boxes_w + critical_x - box) / 2)
    if boxes_x + boxes_w + drop_clear > drop_x:  # too wide for the card: the back's fit scales it
        drop_x = boxes_x + boxes_w + drop_clear
        critical_x = drop_x + box + bk.box_gap
    drop = lo.drop or box
    drop_x += box - drop  # a smaller drop at its column's right: clear of the wound boxes
    heads = [
        (boxes_x + boxes_w / 2, label("cards.back.boxes_head")),
        (drop_x + drop / 2, label("cards.back.bleeding_head")),
        (critical_x + box / 2, label("cards.back.critical")),
    ]

    def emit(y: float) -> list[Shape]:
        shapes = b.header(label("cards.back.locations"), left, right, y, heads=heads, head_size=lo.head_size)
        top = y + bk.section.height
        for i, (loc, name, (boxes, _)) in enumerate(zip(locations, names, rows, strict=True)):
            row_top = top + i * lo.row
            mid = row_top + lo.row / 2
            if i % 2 == 0:  # stripes run off the trim: a drifted back shows no sliver nor hairline
                shapes.append(b.stripe_box(row_top, lo.row, b.stripe))
            shapes.append(Text(left, mid + cap(lo.roll_size) / 2, number(loc.roll), BOLD, lo.roll_size, b.ink))
            shapes.append(Text(left + roll_w, mid + cap(lo.name_size) / 2, name, name_font, lo.name_size, b.ink))
            box_y = mid - box / 2
            for offset, modifier in boxes:
                if modifier:  # black, left of an empty box: never under the pencil mark
                    baseline = mid + cap(lo.modifier_size) / 2
                    x = boxes_x + offset - lo.modifier_gap
                    shapes.append(Text(x, baseline, modifier, REGULAR, lo.modifier_size, b.ink, "right"))
                shapes += b.tick_box(boxes_x + offset, box_y, size=box)
            shapes.append(Drop(drop_x, mid - drop / 2, drop, drop, b.blood, bk.box_pt))  # no taller than a box
            shapes += b.tick_box(critical_x, box_y, size=box)
        return shapes

    wounds = Part(
        bk.section.height + len(locations) * lo.row,
        emit,
        roll_w + name_w + boxes_w + drop_clear + 2 * box + bk.box_gap,
    )
    return wounds


def _box_row(b: BackBuilder, modifiers: list[int], mod_w: float) -> tuple[list[tuple[float, str]], float]:
    """Each wound box's offset from the row's first and the modifier printed before it (beside:
    every box; grouped: the first of each run of equal ones), and the row's width."""
    bk, lo = b.back, b.back.locations
    box = lo.box or bk.box
    gap = bk.box_gap if lo.box_gap is None else lo.box_gap
    boxes, x = [], 0.0
    for k, modifier in enumerate(modifiers):
        shown = lo.modifiers == "beside" or k == 0 or modifier != modifiers[k - 1]
        if shown:
            x += (lo.modifier_clear if k else 0.0) + mod_w + lo.modifier_gap
        boxes.append((x, signed(modifier) if shown else ""))
        x += box + gap
    return boxes, x - gap
