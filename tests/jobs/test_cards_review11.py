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
