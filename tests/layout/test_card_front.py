"""The front: everything inside the card, nothing overlapping, text legible, cuts reported."""

import pytest

from kolaps_print.layout.card_data import card_layout
from kolaps_print.layout.card_front import FrontBuilder, Identity
from kolaps_print.layout.geometry import Size
from kolaps_print.layout.shapes import Picture, Text
from kolaps_print.layout.sheets import card_size
from kolaps_print.model.army_check import load_army

POKER = Size(63, 88)


def builder(book, size=POKER):
    identity = Identity(book.army.name, book.affiliation.name, book.affiliation.color)
    return FrontBuilder(identity, book.rules, card_layout(), size)


def front_texts(book, member, size=POKER):
    b = builder(book, size)
    face = b.furniture()
    face.extend(b.build(member))
    return face


def assert_clean(geo, face, size):
    layout = card_layout()
    texts = [s for s in face.shapes if isinstance(s, Text) and s.text]
    for t in texts:
        left, top, right, bottom = geo.text_bounds(t)
        assert left >= layout.margin - 0.3 and right <= size.width - layout.margin + 0.3, t
        assert top >= 2.0 and bottom <= size.height - 2.0, t  # cutting slack
        assert t.size >= layout.min_font, t
    bounds = [geo.text_bounds(t) for t in texts]
    for i, a in enumerate(bounds):
        for j in range(i + 1, len(bounds)):
            assert not geo.overlap(a, bounds[j]), (texts[i].text, texts[j].text)


def test_demo_armies_fit_without_cuts(geo, demo_armies):
    for path in demo_armies:
        book = load_army(path)
        for member in book.members:
            face = front_texts(book, member)
            assert_clean(geo, face, POKER)
            assert face.cuts == [], (path.name, member.character.name, face.cuts)


def test_the_front_shows_name_stats_weapons_and_specialisations(demo_armies):
    book = load_army(demo_armies[0])
    member = next(m for m in book.members if m.weapons and m.specialisations)
    words = {s.text for s in front_texts(book, member).shapes if isinstance(s, Text)}
    assert member.character.name in words and book.army.name in words
    assert all(w.name in words for w in member.weapons)
    assert str(member.character.mvt) in words and str(member.character.cib) in words


def test_an_overfull_card_shrinks_then_cuts_and_reports_each_field(geo, write_army, heavy_character):
    book = write_army([heavy_character])
    face = front_texts(book, book.members[0])
    assert_clean(geo, face, POKER)
    assert face.cuts, "six weapons and three specialisations cannot fit a poker card"
    for cut in face.cuts:
        assert cut.path[:2] == ("characters", 0) and cut.path[2] in ("weapons", "specialisations")
        assert "Stefan Solmeyer" in cut.message


def test_a_long_name_is_cut_with_a_warning_at_the_name(geo, write_army):
    long = "Maximilien-Alexandre de La Tour d’Auvergne-Lauraguais, dit le Très Long"
    book = write_army([{"name": long, "rank": 1, "mvt": 4, "cib": 2, "avatar": True}])
    face = front_texts(book, book.members[0])
    assert_clean(geo, face, POKER)
    assert [c.path for c in face.cuts] == [("characters", 0, "name")]
    shown = [s.text for s in face.shapes if isinstance(s, Text) and s.text.startswith("Maximilien")]
    assert shown and shown[0].endswith("…")


def test_a_portrait_leaves_room_for_itself(geo, write_army, portrait):
    book = write_army([{"name": "Hélène Marchal", "rank": 4, "mvt": 4, "cib": 3, "avatar": True, "portrait": str(portrait)}])
    face = front_texts(book, book.members[0])
    assert_clean(geo, face, POKER)
    picture = next(s for s in face.shapes if isinstance(s, Picture))
    for t in (s for s in face.shapes if isinstance(s, Text) and s.y < picture.y + picture.height and s.y > picture.y):
        assert not geo.overlap(geo.text_bounds(t), (picture.x, picture.y, picture.x + picture.width, picture.y + picture.height)), t


@pytest.mark.parametrize("name", ["tarot", "mini"])
def test_other_card_sizes_stay_clean(geo, demo_armies, name):
    size = card_size(name)
    book = load_army(demo_armies[0])
    for member in book.members:
        assert_clean(geo, front_texts(book, member, size), size)
