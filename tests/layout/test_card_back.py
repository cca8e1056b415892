"""The back: tracks a pencil can tick, every location and level from the rules, no overlaps."""

import pytest

from kolaps_print.labels import label
from kolaps_print.layout.card_back import BackBuilder
from kolaps_print.layout.card_data import card_layout
from kolaps_print.layout.card_front import Identity
from kolaps_print.layout.geometry import Size
from kolaps_print.layout.shapes import Drop, Text
from kolaps_print.layout.sheets import card_size
from kolaps_print.model.army_book import load_army

POKER = Size(63, 88)


def back(book, size=POKER):
    """The back as the cards job builds it: the layout made for the card's size (a mini's band is its own)."""
    identity = Identity(book.army.name, book.affiliation.name, book.affiliation.color)
    return BackBuilder(identity, book.rules, card_layout().for_card(size.width, size.height), size)


@pytest.fixture(scope="module")
def book(demo_armies):
    return load_army(demo_armies[0])


def test_the_back_fits_a_poker_card_at_full_size(geo, book):
    b = back(book)
    assert not b.shrunk
    boxes = geo.tick_boxes(b.furniture().shapes)
    assert boxes and all(min(x.width, x.height) >= 3.5 for x in boxes)


def test_every_track_comes_from_the_rules(geo, book):
    rules = book.rules
    shapes = back(book).furniture().shapes
    texts = [s.text for s in shapes if isinstance(s, Text)]
    for loc in rules.wounds.locations:
        assert loc.name in texts
    assert len([s for s in shapes if isinstance(s, Drop)]) == len(rules.wounds.locations)
    for level in rules.actions.morale.levels:
        assert level.short in texts
    fatigue_hints = [t for t in texts if t.isdigit()]
    assert str(rules.actions.fatigue.max) in fatigue_hints
    wound_boxes = sum(loc.capacity for loc in rules.wounds.locations)
    critical = len(rules.wounds.locations)
    morale = len(rules.actions.morale.levels)
    stroked = [s for s in geo.tick_boxes(shapes) if not isinstance(s, Drop)]
    assert len(stroked) == wound_boxes + critical + morale + rules.actions.fatigue.max + 2  # + Offensive + AFF


def _assert_clean(geo, shapes, size):
    layout = card_layout()
    texts = [s for s in shapes if isinstance(s, Text)]
    boxes = geo.tick_boxes(shapes)
    for t in texts:
        left, top, right, bottom = geo.text_bounds(t)
        assert left >= layout.margin - 0.3 and right <= size.width - layout.margin + 0.3, t
        assert bottom <= size.height - 2.0 and t.size >= layout.min_font - 1e-6, t
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            assert not geo.overlap(geo.text_bounds(a), geo.text_bounds(b)), (a.text, b.text)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not geo.overlap(geo.box_bounds(a), geo.box_bounds(b)), (a, b)
    for t in texts:  # a text touching a box must be the hint printed inside it
        for bx in boxes:
            tb, bb = geo.text_bounds(t), geo.box_bounds(bx)
            if geo.overlap(tb, bb):
                assert bb[0] <= tb[0] and tb[2] <= bb[2], (t.text, bx)


def test_no_overlaps_and_nothing_outside(geo, book):
    b = back(book)
    face = b.furniture()
    face.extend(b.name(book.members[0]))
    _assert_clean(geo, face.shapes, POKER)


def test_tarot_spreads_out_without_shrinking(geo, book):
    b = back(book, card_size("tarot"))
    assert not b.shrunk
    _assert_clean(geo, b.furniture().shapes, card_size("tarot"))


def test_mini_takes_the_compact_back_at_full_size(geo, book):
    """Tracks at pencil size (≥ 3 mm), nothing outside or overlapping; the texts the reference sheet gives are left out."""
    layout, mini = card_layout(), card_size("mini")
    assert layout.back.compact is not None
    b = back(book, mini)
    assert not b.shrunk and b.back == layout.back.variants()[1]
    face = b.furniture()
    face.extend(b.name(book.members[0]))
    boxes = geo.tick_boxes(face.shapes)
    assert boxes and all(min(x.width, x.height) >= 3.0 for x in boxes)  # the wound boxes: 3.15, a modifier before each
    assert sum(min(x.width, x.height) >= 3.5 for x in boxes) >= 13  # morale, offensive, fatigue
    _assert_clean(geo, face.shapes, mini)
    texts = [s.text for s in face.shapes if isinstance(s, Text)]
    assert all((loc.short or loc.name) in texts for loc in book.rules.wounds.locations)  # « Bras g. » on mini
    assert not any(level.short in texts for level in book.rules.actions.morale.levels)
    assert label("cards.back.cumulative") not in texts


def test_a_back_too_small_even_for_the_compact_arrangement_shrinks(geo, book):
    tiny = Size(36, 50)
    b = back(book, tiny)
    assert b.shrunk and b.scale < 1
    for s in geo.tick_boxes(b.furniture().shapes):
        assert s.x + s.width <= tiny.width and s.y + s.height <= tiny.height


def test_a_long_name_on_the_back_is_cut_and_reported(write_army):
    long = "Maximilien-Alexandre de La Tour d’Auvergne-Lauraguais, dit le Très Long"
    book = write_army([{"name": long, "rank": 1, "mvt": 4, "cib": 2, "avatar": True}])
    face = back(book).name(book.members[0])
    assert face.cuts and face.cuts[0].path == ("characters", 0, "name")
    name = [s for s in face.shapes if isinstance(s, Text) and s.text.startswith("Maximilien")]
    assert name and name[0].text.endswith("…")


@pytest.mark.parametrize("name", ["poker", "tarot", "mini"])
def test_duplex_drift_meets_colour_with_colour(book, name):
    """A back printed 1–2 mm off its front: a band of colour at the top and at the foot, both run off the
    trim, and the stripes run off the sides too (no sliver on the neighbour, no white hairline)."""
    from kolaps_print.layout.shapes import Box
    from kolaps_print.layout.style import cmyk, cmyk_of_hex

    size = card_size(name)
    shapes = back(book, size).furniture().shapes
    colour = cmyk_of_hex(book.affiliation.color)
    bands = [s for s in shapes if isinstance(s, Box) and s.fill == colour]
    assert any(b.y < -1 and b.x < -1 and b.x + b.width > size.width + 1 for b in bands)  # the top band
    assert any(b.y + b.height > size.height + 1 and b.y < size.height - 2 for b in bands)  # the foot band
    stripes = [s for s in shapes if isinstance(s, Box) and s.fill not in (None, colour, cmyk("paper"))]
    stripes = [s for s in stripes if s.stroke is None and s.width > size.width / 2]
    assert stripes
    for s in stripes:
        assert s.x < -2 and s.x + s.width > size.width + 2, s  # never stopping 1–4 mm inside the trim


def test_one_name_size_on_every_back_of_an_army(demo_armies):
    """Review: one type size per element across an army (mini backs had names at 7.75, 8.75 and 9 pt)."""
    for name in ("mini", "poker", "tarot"):
        size = card_size(name)
        for path in demo_armies:
            book = load_army(path)
            identity = Identity(book.army.name, book.affiliation.name, book.affiliation.color)
            b = BackBuilder(identity, book.rules, card_layout().for_card(size.width, size.height), size)
            b.size_names(book.members)
            sizes = {
                s.size
                for m in book.members
                for s in b.name(m, (1, m.character.copies) if m.character.copies > 1 else None).shapes
                if isinstance(s, Text) and s.text == m.character.name
            }
            assert len(sizes) == 1, (name, path.name, sizes)
