"""A ruleset character's faces as shapes (no PDF): the bands past the trim, everything else inside
the room between them, no two texts on top of each other, each table's columns starting at the
same place on every row, boxes in groups of five with a mark line, « 1/2 » at the band's right."""

import pytest
from ruleset_products import demo_army  # tests/support

from kolaps_print.content.ruleset_card import SHEDS, back_items, front_items
from kolaps_print.labels import overriding_labels
from kolaps_print.layout.reference.as_shapes import Area, block_shapes
from kolaps_print.layout.reference.row_table import RowTable
from kolaps_print.layout.ruleset.card import (
    FaceSetting,
    RulesetCardFace,
    deck_widths,
    face_layout,
    face_shapes,
    story_room,
)
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.layout.shapes import Box, Rule, Text
from kolaps_print.units import pt, to_mm

POKER = (pt(63), pt(88))
FOOT = ("Armée", "Système · id")


@pytest.fixture(scope="module", params=["d100", "3d6", "d12"])
def faces(request):
    """Every front and back of the demo army at the look's base size, as the job sets them."""
    army = demo_army(request.param)
    style = sheet_look()
    look, colour = style.card, style.colour(request.param)
    width, room = story_room(look, *POKER)[2:]
    setting = FaceSetting(look, colour, POKER)
    laid = []
    with overriding_labels(army.ruleset.labels_file):
        for items in (front_items, back_items):
            contents = [items(army.ruleset, m, army.name) for m in army.members]
            widths = deck_widths(contents, width, look)
            faces = [face_layout(c, width, look, colour, widths) for c in contents]
            # a side too tall in full gives by name what it has no room for, as the job does (tracks11)
            for i, (member, face) in enumerate(zip(army.members, faces, strict=True)):
                if face.height(to_mm(width)) > to_mm(room):
                    contents[i] = items(army.ruleset, member, army.name, shed=SHEDS)
                    faces[i] = face_layout(contents[i], width, look, colour, widths)
            laid += list(zip(contents, faces, strict=True))
        return request.param, setting, [(c, f, face_shapes(f, setting, FOOT)) for c, f in laid]


def _texts(shapes):
    return [s for s in shapes if isinstance(s, Text)]


def _is_band(shape, setting) -> bool:
    return isinstance(shape, Box) and shape.x < 0 and to_mm(POKER[0]) < shape.x + shape.width


def test_the_bands_run_past_the_trim_on_every_side(faces):
    _, setting, laid = faces
    width, height = (to_mm(v) for v in POKER)
    for _, _, shapes in laid:
        bands = [s for s in shapes if _is_band(s, setting)]
        assert len(bands) == 2
        top, foot = sorted(bands, key=lambda b: b.y)
        assert top.y < 0 and top.x < 0 and top.x + top.width > width
        assert foot.y + foot.height > height and foot.y == pytest.approx(height - setting.look.footer_mm)


def test_everything_but_the_bands_lies_in_the_room_between_them(faces, geo):
    _, setting, laid = faces
    x, y, w, h = (to_mm(v) for v in story_room(setting.look, *POKER))
    top, bottom = to_mm(POKER[1]) - y - h, to_mm(POKER[1]) - y
    for _, face, shapes in laid:
        for shape in shapes[2:]:  # the two bands, then the texts on them
            if isinstance(shape, Text) and (shape.y < setting.look.band_mm or shape.y > bottom + 1):
                left, _, right, _ = geo.text_bounds(shape)  # on a band: still inside the safe margin
                assert left >= setting.look.margin_mm - 0.01 and right <= to_mm(POKER[0]) - setting.look.margin_mm
                continue
            left, upper, right, lower = geo.text_bounds(shape) if isinstance(shape, Text) else _bounds(shape)
            assert x - 0.01 <= left and right <= x + w + 0.3, (face.name, shape)
            assert top - 0.5 <= upper and lower <= bottom + 0.01, (face.name, shape)


def _bounds(shape):
    if isinstance(shape, Rule):
        return min(shape.x1, shape.x2), min(shape.y1, shape.y2), max(shape.x1, shape.x2), max(shape.y1, shape.y2)
    return shape.x, shape.y, shape.x + shape.width, shape.y + shape.height


def test_no_two_texts_of_a_face_overlap(faces, geo):
    _, _, laid = faces
    for _, face, shapes in laid:
        texts = [t for t in _texts(shapes) if t.text.strip()]
        bounds = [geo.text_bounds(t) for t in texts]
        for i, a in enumerate(bounds):
            for j in range(i + 1, len(bounds)):
                assert not geo.overlap(a, bounds[j], tolerance=0.1), (face.name, texts[i].text, texts[j].text)


def test_a_table_s_cells_start_at_their_column_on_every_row(faces):
    _, setting, laid = faces
    checked = 0
    for _, face, _ in laid:
        for part in face.story:
            block = getattr(part, "flowable", None)  # a FlowablePart's
            if not isinstance(block, RowTable):
                continue
            block.wrap(sum(block.column_widths), 1e6)
            starts = [to_mm(sum(block.column_widths[:c]) + block.look.left[c]) for c in range(len(block.column_widths))]
            lines = {}
            for text in _texts(block_shapes(block, 0, 0, Area(1000))):
                if not text.follows:
                    lines.setdefault(round(text.y, 2), []).append(text.x)
            for xs in lines.values():
                assert all(min(abs(x - s) for s in starts) < 0.01 for x in xs), (face.name, xs, starts)
            checked += 1
    assert checked  # every demo army prints a table


def test_a_copy_prints_its_number_at_the_band_s_right(faces):
    _, setting, laid = faces
    _, face, _ = laid[0]
    shapes = face_shapes(RulesetCardFace(face.name, face.story, copy="1/2"), setting, FOOT)
    (copy,) = [t for t in _texts(shapes) if t.text == "1/2"]
    assert copy.align == "right" and copy.x == pytest.approx(to_mm(POKER[0]) - setting.look.margin_mm)
    assert copy.y < setting.look.band_mm


def test_the_ruling_key_closes_a_face_that_prints_a_mark_and_only_such_a_face(faces):
    ruleset_id, setting, laid = faces
    keyed = 0
    for _, face, shapes in laid:
        body = [t.text for t in _texts(shapes) if setting.look.band_mm < t.y < to_mm(POKER[1]) - setting.look.footer_mm]
        marks = [t for t in body[:-1] if "†" in t]
        key = body[-1].startswith("† :")
        assert key == bool(marks), (face.name, body[-1], marks)
        keyed += key
    assert keyed or ruleset_id == "3d6"  # the 3d6 demo's cards print none of its rulings
