"""The rulesets' card blocks in the drawing protocol (layout/ruleset/parts.py): a reportlab block
through FlowablePart, the rulesets' own blocks as parts themselves, measured in mm and drawn from
a top in mm, as the flow draws them from a lower-left corner in points."""

from __future__ import annotations

import pytest
from reportlab.platypus import Paragraph

from kolaps_print.content.ruleset_card import Tiles
from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.layout.card_blocks.protocol import stack
from kolaps_print.layout.reference.as_shapes import Area, block_shapes
from kolaps_print.layout.ruleset.blocks import SectionHead, TilesBlock
from kolaps_print.layout.ruleset.look import paragraph_style, sheet_look
from kolaps_print.layout.ruleset.parts import FlowablePart, Spacing
from kolaps_print.layout.shapes import Box, Text
from kolaps_print.units import pt, to_mm

LOOK = sheet_look().card
TEXT = "Une esquive annoncée se joue avant le jet d’attaque, une fois par round, jamais contre une balle."


def _paragraph() -> Paragraph:
    register_fonts(SANS)
    return Paragraph(TEXT, paragraph_style("body", SANS, 8, LOOK.leading))


class _Counted(Paragraph):
    wraps = 0

    def wrap(self, aW, aH):
        type(self).wraps += 1
        return super().wrap(aW, aH)


def test_a_flowable_part_measures_its_wrap_in_mm():
    part, reference = FlowablePart(_paragraph()), _paragraph()
    assert part.measure(30.0) == pytest.approx(to_mm(reference.wrap(pt(30.0), 1e9)[1]))
    assert part.measure(30.0) > part.measure(60.0)  # narrower, more lines


def test_a_face_s_paragraph_is_broken_into_lines_once_per_width():
    register_fonts(SANS)
    part = FlowablePart(_Counted(TEXT, paragraph_style("body", SANS, 8, LOOK.leading)))
    part.measure(30.0)
    part.measure(30.0)
    stack([part], 0.0, 0.0, 0.0, 30.0)
    assert _Counted.wraps == 1


def test_a_flowable_part_draws_where_the_flow_would_from_its_top():
    """The same lines as the flow draws with the block's lower-left corner at (x, y) points."""
    part, reference = FlowablePart(_paragraph()), _paragraph()
    height = part.measure(30.0)
    mine = part.shapes(5.0, 12.0)
    area_height = pt(100.0)  # a face 100 mm tall: the block's top 12 mm under its top
    h = reference.wrap(pt(30.0), 1e9)[1]
    theirs = block_shapes(reference, pt(5.0), area_height - pt(12.0) - h, Area(area_height))
    assert [(t.text, t.x) for t in mine] == [(t.text, t.x) for t in theirs]
    assert [t.y for t in mine] == pytest.approx([t.y for t in theirs], abs=1e-9)
    assert all(12.0 < t.y < 12.0 + height for t in mine if isinstance(t, Text))


def test_the_rulesets_own_blocks_stack_one_under_the_other():
    head, tiles = (
        SectionHead("armes", LOOK),
        TilesBlock(Tiles((("FOR", "12"), ("DEX", "14"))), LOOK, sheet_look().colour("d12")),
    )
    shapes = stack([head, Spacing(2.0), tiles], 4.0, 10.0, 0.5, 50.0)
    tile_boxes = [s for s in shapes if isinstance(s, Box)]
    assert tile_boxes and all(b.y == pytest.approx(10.0 + head.measure(50.0) + 0.5 + 2.0 + 0.5) for b in tile_boxes)
    assert all(b.height == pytest.approx(tiles.measure(50.0)) for b in tile_boxes)
    assert Spacing(2.0).shapes(0.0, 0.0) == []
