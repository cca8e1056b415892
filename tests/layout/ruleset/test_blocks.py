"""The rulesets' own blocks as shapes: a track's boxes in groups of five in balanced rows, each
zone's label on its row, a section head's rule that stops where the head is too wide, a tile's value centred in its
tile, a sheet section's white title on its bar."""

import pytest

from kolaps_print.content.ruleset_card import Tiles, Track, TrackMark
from kolaps_print.fonts import register_fonts
from kolaps_print.layout.reference.as_shapes import Area, block_shapes
from kolaps_print.layout.ruleset.blocks import BoxesBlock, SectionBar, SectionHead, TilesBlock
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.layout.shapes import Box, Rule, Text
from kolaps_print.layout.style import cmyk, colour
from kolaps_print.units import pt, to_mm

LOOK = sheet_look().card


def shapes_of(block, width: float):
    register_fonts()
    block.wrap(width, 1e6)
    return block_shapes(block, 0, 0, Area(1000))


def test_boxes_go_in_groups_of_five_in_balanced_rows_each_zone_labelled_on_its_row():
    look = LOOK.model_copy(update={"zone_pad_mm": 0.4})  # « 50 % » within one column (the data's 0.8 takes two)
    marks = (TrackMark(4, "hémorragie", 4, short="50 %"), TrackMark(6, "inconscient", 2, short="25 %"))
    block = BoxesBlock(Track("PV", 8, marks), look)  # 8 and two labels: the ten columns of one row
    shapes = shapes_of(block, pt(56))
    boxes = sorted((s for s in shapes if isinstance(s, Box)), key=lambda b: b.x)
    texts = sorted((s for s in shapes if isinstance(s, Text)), key=lambda t: t.x)
    assert len(boxes) == 8 and len({round(b.y, 2) for b in boxes}) == 1
    assert [t.text for t in texts] == ["50 %", "25 %"]  # each between the zone's last box and the next's first
    assert (
        boxes[3].x + boxes[3].width < texts[0].x < boxes[4].x and boxes[5].x + boxes[5].width < texts[1].x < boxes[6].x
    )
    assert all(boxes[0].y < t.y < boxes[0].y + boxes[0].height for t in texts)  # on the boxes' row, not between rows
    # the row keeps the grid's ends; its runs of boxes (4, 2, 2: none of more than 7, so no group gap,
    # backs24) keep the pitch, their labels taking the group gap left out (review 23, 3)
    columns = [to_mm(block.left_of(c)) for c in range(10)]
    assert round(boxes[0].x, 3) == round(columns[0], 3) and round(boxes[-1].x, 3) == round(columns[9], 3)
    pitch = round(columns[1] - columns[0], 3)
    for run in ((0, 1, 2, 3), (4, 5), (6, 7)):
        assert {round(boxes[b].x - boxes[a].x, 3) for a, b in zip(run, run[1:], strict=False)} == {pitch}
    rules = sorted((s for s in shapes if isinstance(s, Rule)), key=lambda r: r.x1)
    assert len(rules) == 2  # a thin rule in the gap after each zone's last box, inside no box's edge
    for rule, before in zip(rules, (boxes[3], boxes[5]), strict=True):
        assert rule.x1 == rule.x2 and rule.line_pt < 1
        assert before.x + before.width < rule.x1 < before.x + before.width + look.box_gap_mm
    eleven = [s for s in shapes_of(BoxesBlock(Track("PV", 11), look), pt(56)) if isinstance(s, Box)]
    rows = sorted({round(b.y, 2) for b in eleven})
    assert sorted(sum(round(b.y, 2) == y for b in eleven) for y in rows) == [5, 6]  # 6 + 5, never 10 + 1
    first = sorted(
        (b for b in eleven if max(rows, key=[round(c.y, 2) for c in eleven].count) == round(b.y, 2)), key=lambda b: b.x
    )
    gaps = [round(b.x - a.x - a.width, 2) for a, b in zip(first, first[1:], strict=False)]
    assert gaps == [look.box_gap_mm] * 5  # a run of 6 is not split 5 + 1 (review 22a, 9; backs24)


def test_boxes_below_zero_are_tinted_and_a_narrow_track_keeps_whole_boxes():
    block = BoxesBlock(Track("Santé", 3, negative=2), LOOK)
    boxes = [s for s in shapes_of(block, pt(20)) if isinstance(s, Box)]
    assert [b.fill != cmyk("paper") for b in boxes] == [False, False, False, True, True]
    assert all(b.x + b.width <= 20 + 1e-6 for b in boxes)  # no group fits 20 mm: as many boxes as do


def test_a_section_head_is_tracked_capitals_and_its_rule_runs_to_the_edge_unless_too_wide():
    (text, rule) = shapes_of(SectionHead("armes", LOOK), pt(50))
    assert isinstance(text, Text) and text.text == "ARMES" and text.tracking == LOOK.section_tracking_pt
    assert isinstance(rule, Rule) and rule.x2 == pytest.approx(50) and text.x < rule.x1
    wide = shapes_of(SectionHead("compétences", LOOK), pt(12))
    assert [type(s) for s in wide] == [Text]


def test_a_tile_s_value_is_centred_in_its_tile_under_its_name():
    block = TilesBlock(Tiles((("FOR", "3"), ("Dextérité", "12"))), LOOK, colour("moss"))
    shapes = shapes_of(block, pt(40))
    tiles = [s for s in shapes if isinstance(s, Box)]
    assert len(tiles) == 2 and tiles[1].x - tiles[0].x - tiles[0].width == pytest.approx(LOOK.tile_gap_mm)
    for tile, value in zip(tiles, ("3", "12"), strict=True):
        (printed,) = [t for t in shapes if isinstance(t, Text) and t.text == value]
        assert printed.align == "centre" and printed.x == pytest.approx(tile.x + tile.width / 2)
        assert printed.size == LOOK.tile_value_pt and tile.y < printed.y <= tile.y + tile.height
        name = next(t for t in shapes if isinstance(t, Text) and t.x == printed.x and t.size == LOOK.tile_label_pt)
        assert name.y < printed.y


def test_a_section_bar_prints_its_title_in_paper_white_inside_the_bar():
    look = sheet_look()
    bar, title = shapes_of(SectionBar("Combat", look, colour("moss")), pt(80))
    assert isinstance(bar, Box) and bar.fill == cmyk("moss") and bar.width == pytest.approx(80)
    assert title.colour == cmyk("paper") and bar.y < title.y < bar.y + bar.height
    assert to_mm(look.body_pt * 0.6) == pytest.approx(title.x)  # KOLAPS's band: its title inset by its padding
    assert title.size == look.body_pt + 3.5
