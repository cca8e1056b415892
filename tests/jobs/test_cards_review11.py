"""The eleventh session's review of KOLAPS's character cards, read back from the PDF: the Avatar's
star where the front has it on the back too, the mini backs' location labels clear of their
modifiers and the last wound box clear of the drop, the demo's backs using their room."""

import pypdfium2 as pdfium
import pytest
from pdf_boxes import path_boxes  # tests/support
from pdf_text import as_printed, text_objects  # tests/support

from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.model.army_book import load_army
from kolaps_print.units import pt


def _band_marks(pdf: bytes, page: int, name: str) -> tuple[list, list]:
    """The small shapes (emblem, star, its disc) in the name's band on page: those left of the
    name and those right of it (page space, pt)."""
    objs = [o for o in text_objects(pdf, page_space=True) if o.page == page and as_printed(o.text).strip() == name]
    assert objs, (page, name)
    left, bottom, right, top = max(objs, key=lambda o: o.size).bounds
    middle = (bottom + top) / 2
    marks = [
        b
        for b in path_boxes(pdf, page)
        if pt(1) < b[2] - b[0] < pt(6) and pt(1) < b[3] - b[1] < pt(6) and b[1] < middle < b[3]
    ]
    return [b for b in marks if b[2] <= left], [b for b in marks if b[0] >= right]


@pytest.mark.parametrize("card", ["mini", "poker", "tarot"])
def test_the_avatars_star_stands_right_of_the_name_on_both_faces(demo_armies, card):
    """Review 11, item 6: the mini back read « ★ ■ Ézéchiel » while the front set the star at the
    band's right. Now on both faces of every demo Avatar the star (and its disc) stands right of
    the name, and left of the name there is only what a character who is not the Avatar has there
    (the affiliation's emblem)."""
    checked = 0
    for path in demo_armies:
        book = load_army(path)
        pdf = build_cards(book, CardOptions(print_shop=True, card=card)).pdf
        doc = pdfium.PdfDocument(pdf)
        pages = {
            m.character.name: next(
                i for i in range(0, len(doc), 2) if m.character.name in doc[i].get_textpage().get_text_range()
            )
            for m in book.members
        }
        avatar = next(m.character.name for m in book.members if m.character.avatar)
        other = next(m.character.name for m in book.members if not m.character.avatar)
        for side in (0, 1):  # front, back
            lefts, rights = _band_marks(pdf, pages[avatar] + side, avatar)
            plain_lefts, plain_rights = _band_marks(pdf, pages[other] + side, other)
            assert rights and not plain_rights, (path.stem, card, side, rights)
            assert len(lefts) == len(plain_lefts), (path.stem, card, side, lefts, plain_lefts)
            checked += 1
    assert checked == 2 * len(demo_armies)


MODIFIERS = ("+1", "+2", "+3")
LINE = 0.6  # pt: pdfium's box of a stroked path reaches a line width past its middle, the ink half of it


@pytest.mark.parametrize("army", ["les-damnes", "section-kappa", "vampires"])
def test_a_mini_back_s_location_names_and_last_boxes_keep_clear_of_their_neighbours(demo_armies, army):
    """Review 11, item 4: on mini backs the 7 pt bold « 3 Jambes », « 5 Poitrine » came within
    0.3–0.5 mm of their first « +1 »/« +2 », and the third box of each arm and leg touched the
    blood drop. Every name keeps 1 mm of paper before its row's first modifier, and the last wound
    box of each row 0.8 mm (ink to ink) before the drop."""
    book = load_army(next(a for a in demo_armies if a.stem == army))
    names = {loc.short or loc.name for loc in book.rules.wounds.locations}
    pdf = build_cards(book, CardOptions(print_shop=True, card="mini")).pdf
    texts = text_objects(pdf, page_space=True)
    checked = 0
    for page in range(1, 2 * sum(m.character.copies for m in book.members), 2):
        own = [o for o in texts if o.page == page]
        paths = path_boxes(pdf, page)
        for name in (o for o in own if as_printed(o.text).strip() in names):
            middle = (name.bounds[1] + name.bounds[3]) / 2
            row = [o for o in own if o.text.strip() in MODIFIERS and o.bounds[1] < middle < o.bounds[3]]
            first = min(o.bounds[0] for o in row if o.bounds[0] > name.bounds[2])
            assert first - name.bounds[2] >= pt(1) - 0.01, (army, page, name.text, (first - name.bounds[2]) / pt(1))
            inked = [
                (b[0] + LINE / 2, b[2] - LINE / 2) for b in paths if b[1] < middle < b[3] and pt(2.5) < b[2] - b[0]
            ]
            inked = [b for b in inked if b[1] - b[0] < pt(4)]
            boxes = sorted(b for b in inked if b[0] > first)
            drop = next(b for b in sorted(inked) if b[0] > first and (b[1] - b[0]) < pt(3))  # narrower than a box
            last = max((b for b in boxes if b[1] < drop[0]), key=lambda b: b[1])
            assert drop[0] - last[1] >= pt(0.8) - 0.01, (army, page, name.text, (drop[0] - last[1]) / pt(1))
            checked += 1
    assert checked >= 6 * 7


def test_the_demo_backs_set_their_location_rows_larger_and_leave_no_empty_third(demo_armies):
    """Review 11, item 5: the demo's poker backs (the kit's cards: no morale, no status boxes) left
    15–20 mm empty under « Blessures », their location rows about 6 pt. The rows grow with that
    room: the names 7.5 pt or more, and the last row of the wound table within 6 mm of the foot band."""
    book = load_army(next(a for a in demo_armies if a.stem == "les-damnes"))
    pdf = build_cards(book, CardOptions(print_shop=True, edition="quickstart")).pdf
    doc = pdfium.PdfDocument(pdf)
    texts = text_objects(pdf, page_space=True)
    names = {loc.name for loc in book.rules.wounds.locations}
    for page in range(1, len(doc), 2):
        own = [o for o in texts if o.page == page]
        shown = [o for o in own if as_printed(o.text).strip() in names]
        assert len(shown) == len(names) and min(o.size for o in shown) >= 7.5, (page, {o.size for o in shown})
        trim_bottom = doc[page].get_trimbox()[1]
        lowest = min(o.bounds[1] for o in own if o.fill != (255, 255, 255))  # the wound table's last row
        foot = pt(3)  # card.yaml back.footer: the colour band at the foot
        assert lowest - (trim_bottom + foot) <= pt(6), (page, (lowest - trim_bottom - foot) / pt(1))
