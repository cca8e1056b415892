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
    """As the job builds them: the layout for this card size, one size of values and body for the army."""
    identity = Identity(book.army.name, book.affiliation.name, book.affiliation.color)
    front = FrontBuilder(identity, book.rules, card_layout().for_card(size.width, size.height), size)
    front.size_stats(book.members)
    front.size_body(book.members)
    front.size_names(book.members)
    return front


def front_texts(book, member, size=POKER):
    b = builder(book, size)
    face = b.furniture()
    face.extend(b.build(member))
    return face


def assert_clean(geo, face, size):
    layout = card_layout().for_card(size.width, size.height)
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
    assert face.cuts == [], "by their names, six weapons' traits and three specialisations fit a poker card"
    texts = " ".join(s.text for s in face.shapes if isinstance(s, Text))
    assert "Discipline · Ambidextre · Premiers secours." in texts  # the texts gave way to the names
    assert label("cards.front.reminders_elsewhere") in texts  # the traits' texts too: their names are by the weapons
    assert not any(cut.lost for cut in face.cuts)  # and then every weapon fits: no rule is missing
    mini = front_texts(book, book.members[0], card_size("mini"))
    lost = {cut.path for cut in mini.cuts if cut.lost}
    assert ("characters", 0, "specialisations") in lost  # on a mini card even the names leave rules out: refused


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


# ---- FACULTÉS: the weapon traits' reminder, and where the sections sit ----------------------------
def reading(texts) -> str:
    """The texts in reading order, one space between pieces (a wrapped sentence reads whole)."""
    return " ".join(t.text for t in sorted(texts, key=lambda t: (round(t.y, 2), t.x)))


def body_texts(face, size):
    """The texts from ARMES down to the footer strip, in reading order."""
    layout = card_layout().for_card(size.width, size.height)
    top, footer_top = layout.front.body.top, size.height - layout.front.footer.height
    return [s for s in face.shapes if isinstance(s, Text) and top <= s.y < footer_top]


def heading(face, key):
    hits = [s for s in face.shapes if isinstance(s, Text) and s.text == label(key)]
    return hits[0] if hits else None


@pytest.mark.parametrize("name", ["poker", "tarot", "mini"])
def test_every_trait_is_explained_on_every_demo_card_at_every_size(geo, demo_armies, name):
    """FACULTÉS are rules: each weapon trait's text is on the card, whole (never dropped, never cut),
    or on a full card its name and where the book has it (no paper here: its chapter)."""
    size = card_size(name)
    for path in demo_armies:
        book = load_army(path)
        for member in book.members:
            face = front_texts(book, member, size)
            assert_clean(geo, face, size)
            assert face.cuts == [], (name, member.character.name, face.cuts)
            shown = reading(body_texts(face, size))
            assert "…" not in shown.replace(label("common.ruling_legend"), ""), (name, member.character.name)
            for reminder in card_text.trait_reminders(member.weapons, book.rules):
                entry = " ".join(
                    (label("cards.front.reminder_name", name=reminder.name) + " " + reminder.short).split()
                )
                book_pointer = " ".join(label("cards.front.reminders_see_book").split())
                said = " ".join(shown.split())
                pointed = book_pointer in said and said.rindex(" ".join(reminder.name.split())) > said.index(
                    book_pointer
                )
                assert entry in said or (name == "mini" and pointed), (name, member.character.name)


@pytest.mark.parametrize("name", ["poker", "tarot", "mini"])
def test_the_traits_sit_right_under_the_weapons_and_the_specialisations_under_them(geo, demo_armies, name):
    """Stacked from the top with fixed gaps: no section floats to fill the card, the space left pools at the foot."""
    size = card_size(name)
    for path in demo_armies:
        book, gaps = load_army(path), set()
        for member in (m for m in book.members if card_text.trait_reminders(m.weapons, book.rules)):
            face = front_texts(book, member, size)
            texts = body_texts(face, size)
            name0 = card_text.trait_reminders(member.weapons, book.rules)[0].name
            opening = label("cards.front.reminder_name", name=name0).strip()
            head = heading(face, "cards.front.reminders")  # a full mini card may give the first by name alone
            if head is None:
                first = next(t for t in texts if t.text in (opening, name0))
            else:  # the first may be by page, on the pointer after the others
                first = min((t for t in texts if t.y > head.y), key=lambda t: t.y)
            weapons = [t for t in texts if t.y < first.y]
            last_weapon = max(geo.text_bounds(t)[3] for t in weapons)
            gaps.add(round(geo.text_bounds(first)[1] - last_weapon, 1))
            specs = heading(face, "cards.front.specialisations")
            if specs is not None:
                assert specs.y > max(t.y for t in texts if t.y < specs.y and t.font == "KSans"), member.character.name
                assert all(
                    t.y < specs.y
                    for t in texts
                    if t.font == "KSans" and t.text and member.specialisations and t.y <= first.y
                )
        assert len(gaps) == 1, (path.name, name, gaps)  # the same distance from the last weapon line on every card


@pytest.mark.parametrize("name", ["poker", "tarot", "mini"])
def test_every_card_of_an_army_opens_its_body_at_the_same_place(demo_armies, name):
    size = card_size(name)
    for path in demo_armies:
        book = load_army(path)
        tops = {heading(front_texts(book, m, size), "cards.front.weapons").y for m in book.members if m.weapons}
        assert len(tops) == 1, (path.name, name, tops)


def test_one_type_size_per_element_across_an_army(demo_armies):
    """Mini: the weapon names (and every body text) have one size on every card of the army."""
    size = card_size("mini")
    for path in demo_armies:
        book = load_army(path)
        sizes = {
            s.size
            for m in book.members
            for s in front_texts(book, m, size).shapes
            if isinstance(s, Text) and s.font == "KSans-Bold" and s.text in {w.name for w in m.weapons}
        }
        assert len(sizes) == 1, (path.name, sizes)
        names = {
            s.size
            for m in book.members
            for s in front_texts(book, m, size).shapes
            if isinstance(s, Text) and s.text == m.character.name
        }
        assert len(names) == 1, (path.name, names)  # the names in the band too


def test_mini_values_are_the_largest_text_on_the_card(demo_armies):
    """What the table uses (4+, 12,5/25, 4D6) reads first: 14–16 pt (an army's MVT down to its unit
    floor, 12 pt, so that « cm » follows it: words18), larger than the name in the band."""
    size = card_size("mini")
    floor = card_layout().for_card(size.width, size.height).front.stats.unit_floor
    assert floor is not None and 11 <= floor < 14
    for path in demo_armies:
        book = load_army(path)
        for member in book.members:
            texts = [s for s in front_texts(book, member, size).shapes if isinstance(s, Text)]
            values = card_text.table_values(
                member.character.rank, member.character.mvt, member.character.cib, book.rules
            )
            shown = [t for t in texts if t.text in values]
            assert len(shown) == 3, (member.character.name, [t.text for t in shown])
            assert all((floor if "/" in t.text else 14) <= t.size <= 16 for t in shown), [
                (t.text, t.size) for t in shown
            ]
            assert max(t.size for t in texts if t not in shown) < min(t.size for t in shown)


def test_tarot_type_is_set_for_the_tarot_not_scaled_from_poker(demo_armies):
    """Tarot cards: specialisation text at 8.5–9 pt and values above 20 pt (poker: 6.7 and 15)."""
    size = card_size("tarot")
    book = load_army(next(p for p in demo_armies if p.stem == "vampires"))
    member = next(m for m in book.members if m.specialisations)
    texts = [s for s in front_texts(book, member, size).shapes if isinstance(s, Text)]
    spec = next(t for t in texts if t.text.startswith(member.specialisations[0].name))
    assert 8.5 <= spec.size <= 9.5, spec
    values = card_text.table_values(member.character.rank, member.character.mvt, member.character.cib, book.rules)
    assert all(t.size >= 20 for t in texts if t.text in values)
