"""Every block of every card face measures what it draws (the drawing protocol, card_blocks/
protocol.py): laid out for its width, the ink of the shapes it emits stands inside its measured
height and reaches down to its foot, for every block kind of every ruleset (KOLAPS's back parts
and front body blocks; the other systems' paragraphs, tables, section heads, tiles and tracks),
and the rulesets' printed faces read back from the PDF end where their measured parts end."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from io import BytesIO

import pytest
from pdf_boxes import path_boxes  # tests/support
from pdf_text import text_objects  # tests/support
from pypdf import PdfReader
from reportlab.platypus import Paragraph
from ruleset_products import demo_army  # tests/support

from kolaps_print.fonts import SANS
from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import _deck_side, _values, build_ruleset_cards
from kolaps_print.labels import overriding_labels
from kolaps_print.layout.card_back import BackBuilder
from kolaps_print.layout.card_data import card_layout
from kolaps_print.layout.card_face import ASCENT
from kolaps_print.layout.card_front import FrontBuilder, Identity
from kolaps_print.layout.geometry import Size
from kolaps_print.layout.reference.row_table import RowTable
from kolaps_print.layout.ruleset.blocks import BoxesBlock, SectionHead
from kolaps_print.layout.ruleset.card import RulesetCardFace, story_room
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.layout.ruleset.parts import FlowablePart, ShapedPart
from kolaps_print.layout.shapes import Box, Drop, Rule, Text
from kolaps_print.model.army_book import load_army
from kolaps_print.units import pt, to_mm

RULESETS = ("d100", "3d6", "d12")
SIZES = {"poker": (63.0, 88.0), "tarot": (70.0, 120.0)}
INK = 0.05  # mm: the glyphs' ink is estimated from the font's ascent and descent (conftest.text_bounds)


@dataclass(frozen=True)
class Laid:
    """One part laid out: what it is, its measured top and height, its ink's top and bottom."""

    kind: str
    top: float
    height: float
    ink: tuple[float, float]
    over: float = INK  # how far its ink may stand past its measured top or foot (mm)
    slack: float = INK  # how much room its foot may leave under its ink (mm)


def _ink(shapes, text_bounds) -> tuple[float, float] | None:
    tops, bottoms = [], []
    for s in shapes:
        if isinstance(s, (Box, Drop)):
            tops.append(s.y)
            bottoms.append(s.y + s.height)
        elif isinstance(s, Rule):  # a butt end stops at its point: an upright one reaches no further
            half = to_mm(s.line_pt) / 2
            length = math.hypot(s.x2 - s.x1, s.y2 - s.y1)
            reach = half if s.cap == "round" or not length else half * abs(s.x2 - s.x1) / length
            tops.append(min(s.y1, s.y2) - reach)
            bottoms.append(max(s.y1, s.y2) + reach)
        elif isinstance(s, Text) and s.text.strip():
            _, top, _, bottom = text_bounds(s)
            tops.append(top)
            bottoms.append(bottom)
    return (min(tops), max(bottoms)) if tops else None


def _assert_measured(laid: list[Laid]) -> None:
    assert laid
    for part in laid:
        foot = part.top + part.height
        assert part.ink[0] >= part.top - part.over, (part, "ink above its top")
        assert part.ink[1] <= foot + part.over, (part, "ink below its foot")
        assert part.ink[1] >= foot - part.slack, (part, "its height leaves room it does not draw in")


# ---- the rulesets -------------------------------------------------------------------------
def _ruleset_faces(ruleset_id: str, card: str) -> tuple[list[RulesetCardFace], tuple[float, float, float, float]]:
    """Every front and back of the demo army at card's size, laid out as the job lays them, and
    the room between the bands (x, top, width, height; mm)."""
    army, style = demo_army(ruleset_id), sheet_look()
    look, colour = style.card, style.colour(ruleset_id)
    width, height = SIZES[card]
    size = (pt(width), pt(height))
    faces: list[RulesetCardFace] = []
    with overriding_labels(army.ruleset.labels_file):
        for side in ("front", "back"):
            faces += _deck_side(army, _values(army), look, colour, size, height, side)[0]
    x, bottom, room_width, room = story_room(look, *size)
    return faces, (to_mm(x), to_mm(size[1] - bottom - room), to_mm(room_width), to_mm(room))


def _kind(part) -> str:
    if isinstance(part, FlowablePart):  # a face's paragraphs are shared ones (KeptParagraph): paragraphs
        return "Paragraph" if isinstance(part.flowable, Paragraph) else type(part.flowable).__name__
    return type(part).__name__


def _allowances(part, sizes: list[float], text_bounds) -> tuple[float, float]:
    """(over, slack) in mm: what a kind of block is known to draw past its measured height, and
    what it keeps under its ink by design, from its own look (no number copied from the output)."""
    largest = to_mm(max(sizes, default=0.0))
    if isinstance(part, BoxesBlock):
        # its labels' line is inside, as tall as the house's ASCENT: INK, and what this test's
        # estimate of a glyph's top (conftest.text_bounds) reaches above ASCENT
        return INK + largest * max(0.0, _estimated_ascent(text_bounds) - ASCENT), INK
    if isinstance(part, SectionHead):  # its gap under it: where the block it heads starts
        return INK, part.look.head_gap_mm + 0.5 * to_mm(part.look.section_pt)
    if isinstance(part, FlowablePart) and isinstance(part.flowable, RowTable):  # the rule under its last row
        return to_mm(part.flowable.look.rule_pt) / 2 + INK, 0.5 * largest + to_mm(2)  # its cells' padding
    return INK, 0.35 * largest  # a paragraph: its last line's leading under the descenders


def _estimated_ascent(text_bounds) -> float:
    """How far text_bounds puts a glyph's top above its baseline, in ems."""
    _, top, _, _ = text_bounds(Text(0.0, 0.0, "0", SANS, 10.0, (0, 0, 0, 1)))
    return -top / to_mm(10.0)


def _laid_ruleset_parts(face: RulesetCardFace, room, text_bounds) -> list[Laid]:
    x, top, width, _ = room
    laid = []
    for part in face.story:
        height = part.measure(width)
        shapes = part.shapes(x, top)
        ink = _ink(shapes, text_bounds)
        if ink is not None:
            over, slack = _allowances(part, [s.size for s in shapes if isinstance(s, Text)], text_bounds)
            laid.append(Laid(_kind(part), top, height, ink, over, slack))
        top += height
    return laid


@pytest.mark.parametrize("card", SIZES)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_ruleset_block_draws_within_its_measured_height(ruleset_id, card, geo):
    faces, room = _ruleset_faces(ruleset_id, card)
    laid = [p for face in faces for p in _laid_ruleset_parts(face, room, geo.text_bounds)]
    _assert_measured(laid)
    kinds = {p.kind for p in laid}
    assert {"Paragraph", "RowTable", "SectionHead", "TilesBlock", "BoxesBlock"} <= kinds  # every kind was checked


@pytest.mark.parametrize("card", SIZES)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_track_s_marked_lines_stand_within_its_measured_height(ruleset_id, card, geo):
    """Found by the test above (a strict xfail until session 9): the d12's hit points mark their
    50 % after a first-row box, and its label stood a box gap above the track's measured top, in
    its head's gap. The track now measures its first row's labels, and its head leaves its gap
    to them: every track's ink (boxes, lines, labels) within its measured height, allowed only
    what this test's estimate of a glyph's top reaches past the house's ASCENT (0.05 mm at 9 pt)."""
    faces, room = _ruleset_faces(ruleset_id, card)
    laid = [p for face in faces for p in _laid_ruleset_parts(face, room, geo.text_bounds) if p.kind == "BoxesBlock"]
    _assert_measured(laid)


def test_the_rulesets_own_blocks_are_parts_themselves():
    """SectionHead, TilesBlock and BoxesBlock implement the protocol (no adapter); a table or a
    paragraph comes through FlowablePart."""
    faces, _ = _ruleset_faces("d100", "poker")
    own = {type(part).__name__ for face in faces for part in face.story if isinstance(part, ShapedPart)}
    assert own == {"SectionHead", "TilesBlock", "BoxesBlock"}


# ---- read back from the PDF -------------------------------------------------------------------
def _printed_ink(pdf: bytes, page: int, trim, band: float, foot: float) -> tuple[float, float]:
    """The top and bottom (mm from the trim's top) of what a face page draws between its bands."""
    left, bottom, right, top = trim
    ys = []
    boxes = [b for b in path_boxes(pdf, page)]
    boxes += [o.bounds for o in text_objects(pdf, page_space=True) if o.page == page and o.text.strip()]
    for box in boxes:
        y_top, y_bottom = (top - box[3]) / pt(1), (top - box[1]) / pt(1)
        if band < y_top and y_bottom < foot and box[0] >= left and box[2] <= right:
            ys.append((y_top, y_bottom))
    return min(t for t, _ in ys), max(b for _, b in ys)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_printed_face_ends_where_its_measured_parts_end(ruleset_id):
    """Each page of the print-shop deck (one face a page, trim box known): what it prints between
    its bands starts at the room's top and ends at the foot of its last part as measured."""
    army, look = demo_army(ruleset_id), sheet_look().card
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True)).pdf
    faces, (_, top, width, _) = _ruleset_faces(ruleset_id, "poker")
    fronts, backs = faces[: len(faces) // 2], faces[len(faces) // 2 :]
    pages = [  # a face a page: each copy's front then back, in the army's order
        face
        for member, front, back in zip(army.members, fronts, backs, strict=True)
        for _ in range(member.character.copies)
        for face in (front, back)
    ]
    reader = PdfReader(BytesIO(pdf))
    assert len(reader.pages) == len(pages)
    height = SIZES["poker"][1]
    for i, face in enumerate(pages):
        trim = tuple(float(v) for v in reader.pages[i].trimbox)
        printed = _printed_ink(pdf, i, trim, look.band_mm, height - look.footer_mm)
        parts = [(part.measure(width), part) for part in face.story]
        last = max(j for j, (_, part) in enumerate(parts) if part.shapes(0.0, 0.0))
        foot = top + sum(h for h, _ in parts[: last + 1])
        assert printed[0] >= top - INK, (i, printed, top)
        assert foot - 0.8 <= printed[1] <= foot + 0.8, (i, printed, foot)


# ---- KOLAPS -------------------------------------------------------------------------------
def _kolaps_builders(path, size: Size):
    book = load_army(path)
    identity = Identity(book.army.name, book.affiliation.name, book.affiliation.color)
    layout = card_layout().for_card(size.width, size.height)
    return book, FrontBuilder(identity, book.rules, layout, size), BackBuilder(identity, book.rules, layout, size)


@pytest.mark.parametrize("card", SIZES)
def test_every_kolaps_block_draws_within_its_measured_height(card, demo_armies, geo):
    laid: dict[str, list[Laid]] = defaultdict(list)
    size = Size(*SIZES[card])
    for path in demo_armies:
        book, front, back = _kolaps_builders(path, size)
        top = 0.0  # stacked as the back stacks them: the band first, from the trim
        for part in back._parts(size.width)[0]:
            height = part.measure(back.right - back.left)
            shapes = part.shapes(back.left, top)
            if (
                top == 0.0
            ):  # the band's texts are each character's (BackBuilder.name): a tarot's stat line goes under it
                shapes = shapes + back.name(book.members[0], values=False).shapes
            ink = _ink(shapes, geo.text_bounds)
            over = back.layout.bleed_paint if top == 0.0 else 0.3  # the band runs past the trim
            laid["back"].append(Laid("back part", top, height, ink or (top, top + height), over, 1.2))
            top += height + back.back.gap
        style = front._style(1.0)
        for member in book.members:
            for block in front._blocks(member, style):
                ink = _ink(block.shapes(style.x, 10.0), geo.text_bounds)
                if ink:
                    over, slack = 0.3, block.gap_before + 0.6 * to_mm(10)
                    laid["front"].append(Laid("body block", 10.0, block.measure(style.width), ink, over, slack))
    for side in ("front", "back"):
        _assert_measured(laid[side])
