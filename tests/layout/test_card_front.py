"""The front: everything inside the card, nothing overlapping, text legible, cuts reported."""

import pytest

from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_data import card_layout
from kolaps_print.layout.card_front import FrontBuilder, Identity
from kolaps_print.layout.geometry import Size
from kolaps_print.layout.shapes import Picture, Text
from kolaps_print.layout.sheets import card_size
from kolaps_print.model.army_book import load_army

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
    footer_top = size.height - layout.front.footer.height
    texts = [s for s in face.shapes if isinstance(s, Text) and s.text]
    for t in texts:
        left, top, right, bottom = geo.text_bounds(t)
        assert left >= layout.margin - 0.3 and right <= size.width - layout.margin + 0.3, t
        assert top >= 2.0 and bottom <= size.height - 2.0, t  # cutting slack
        assert t.size >= layout.min_font, t
        assert bottom <= footer_top or top >= footer_top, t  # above the footer strip, or in it
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
    assert member.character.name in words
    assert label("cards.front.footer", army=book.army.name, affiliation=book.affiliation.name) in words
    assert all(w.name in words for w in member.weapons)
    c = member.character
    raw = {
        label("cards.front.stat_label", label=label(f"cards.front.{k}"), value=v)
        for k, v in (("mvt", c.mvt), ("cib", c.cib))
    }
    assert raw <= words


def test_an_overfull_card_shrinks_then_cuts_and_reports_each_field(geo, write_army, heavy_character):
    book = write_army([heavy_character])
    face = front_texts(book, book.members[0])
    assert_clean(geo, face, POKER)
    assert face.cuts, "six weapons and three specialisations cannot fit a poker card"
    for cut in face.cuts:
        assert cut.path[:2] == ("characters", 0) and cut.path[2] in ("weapons", "specialisations")
        assert "Stefan Solmeyer" in cut.message
    texts = " ".join(s.text for s in face.shapes if isinstance(s, Text))
    assert "Discipline · Ambidextre · Premiers secours." in texts  # the texts gave way to the names
    assert not any(cut.lost for cut in face.cuts)  # and then every weapon fits: no rule is missing
    mini = front_texts(book, book.members[0], card_size("mini"))
    lost = {cut.path for cut in mini.cuts if cut.lost}
    assert ("characters", 0, "weapons", 5) in lost  # on a mini card even the names leave a weapon out: refused


def test_a_long_name_is_cut_with_a_warning_at_the_name(geo, write_army):
    long = "Maximilien-Alexandre de La Tour d’Auvergne-Lauraguais, dit le Très Long"
    book = write_army([{"name": long, "rank": 1, "mvt": 4, "cib": 2, "avatar": True}])
    face = front_texts(book, book.members[0])
    assert_clean(geo, face, POKER)
    assert [c.path for c in face.cuts] == [("characters", 0, "name")]
    shown = [s.text for s in face.shapes if isinstance(s, Text) and s.text.startswith("Maximilien")]
    assert shown and shown[0].endswith("…")


def test_a_portrait_leaves_room_for_itself(geo, write_army, portrait):
    book = write_army(
        [{"name": "Hélène Marchal", "rank": 4, "mvt": 4, "cib": 3, "avatar": True, "portrait": portrait.name}]
    )  # beside the army file
    face = front_texts(book, book.members[0])
    assert_clean(geo, face, POKER)
    picture = next(s for s in face.shapes if isinstance(s, Picture))
    for t in (s for s in face.shapes if isinstance(s, Text) and s.y < picture.y + picture.height and s.y > picture.y):
        assert not geo.overlap(
            geo.text_bounds(t), (picture.x, picture.y, picture.x + picture.width, picture.y + picture.height)
        ), t


@pytest.mark.parametrize("name", ["tarot", "mini"])
def test_other_card_sizes_stay_clean(geo, demo_armies, name):
    size = card_size(name)
    for path in demo_armies:
        book = load_army(path)
        for member in book.members:
            assert_clean(geo, front_texts(book, member, size), size)


# ---- FACULTÉS: the weapon traits' reminder -----------------------------------------------------
def reminder_texts(face, size):
    """The reminder's heading and the texts under it, down to the footer strip."""
    heading = [s for s in face.shapes if isinstance(s, Text) and s.text == label("cards.front.reminders")]
    if not heading:
        return []
    footer_top = size.height - card_layout().front.footer.height
    return [s for s in face.shapes if isinstance(s, Text) and heading[0].y <= s.y < footer_top]


def without_reminder(monkeypatch, book, member, size):
    with monkeypatch.context() as m:
        m.setattr(FrontBuilder, "_place_reminder", lambda self, *args: ([], []))
        return front_texts(book, member, size)


@pytest.mark.parametrize("name", ["poker", "tarot", "mini"])
def test_the_reminder_never_takes_room_from_weapons_or_specialisations(
    monkeypatch, demo_armies, heavy_character, write_army, name
):
    """The same weapons and specialisations, at the same size and place, with or without it."""
    size = card_size(name)
    books = [load_army(p) for p in demo_armies] + [write_army([heavy_character])]
    for book in books:
        for member in book.members:
            alone, full = without_reminder(monkeypatch, book, member, size), front_texts(book, member, size)
            assert full.shapes[: len(alone.shapes)] == alone.shapes, member.character.name
            assert [c for c in full.cuts if "no room on the card to remind" not in c.message] == alone.cuts


@pytest.mark.parametrize("name", ["poker", "tarot", "mini"])
def test_the_reminder_sits_under_everything_else_and_drops_from_the_end(geo, demo_armies, name):
    size = card_size(name)
    for path in demo_armies:
        book = load_army(path)
        for member in book.members:
            face = front_texts(book, member, size)
            assert_clean(geo, face, size)
            shown = reminder_texts(face, size)
            if not shown:
                continue
            above = [t for t in face.shapes if isinstance(t, Text) and t not in shown and t.y < shown[0].y]
            assert max(geo.text_bounds(t)[3] for t in above) < geo.text_bounds(shown[0])[1]
            present = [r.short in reading(shown) for r in card_text.trait_reminders(member.weapons, book.rules)]
            assert any(present) and present == sorted(present, reverse=True), (
                member.character.name,
                present,
            )  # a prefix


def reading(texts) -> str:
    """The texts in reading order, one space between pieces (a wrapped sentence reads whole)."""
    return " ".join(t.text for t in sorted(texts, key=lambda t: (round(t.y, 2), t.x)))


def test_tarot_cards_show_every_trait_of_the_demo_armies(demo_armies):
    size = card_size("tarot")
    for path in demo_armies:
        book = load_army(path)
        for member in book.members:
            shown = reading(reminder_texts(front_texts(book, member, size), size))
            for reminder in card_text.trait_reminders(member.weapons, book.rules):
                entry = label("cards.front.reminder_name", name=reminder.name) + " " + reminder.short
                assert entry in shown, (member.character.name, reminder.name)
