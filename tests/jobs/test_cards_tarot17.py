"""Tarot fronts use their height (issue 12, « Tarot and other large sizes scale type and spacing up
instead of leaving 40 % empty »; seventeenth session, tarot17): the rules (FACULTÉS) start at one
place on every card of the army, as low as its fullest card allows, and the room left under them
spreads the sections after; the type keeps the army's one size. Read back from the PDF."""

import pypdfium2 as pdfium
import pytest
from pdf_text import page_bounds, page_text_objects  # tests/support

from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.labels import label
from kolaps_print.layout.card_data import card_layout
from kolaps_print.model.army_book import load_army
from kolaps_print.units import to_mm

TAROT = (70, 120)


@pytest.fixture(scope="module")
def damnes_tarot(demo_armies):
    """{character name: [(text, size pt, top mm, bottom mm)]} of each tarot front, from its trim's top."""
    book = load_army(next(p for p in demo_armies if p.stem == "les-damnes"))
    doc = pdfium.PdfDocument(build_cards(book, CardOptions(print_shop=True, card="tarot")).pdf)
    fronts = {}
    for i in range(0, len(doc), 2):
        page = doc[i]
        trim_top = page.get_trimbox()[3]
        words = []
        for obj in page_text_objects(page):
            _, bottom, _, top = page_bounds(obj)
            size = round(obj.get_font_size() * obj.get_matrix().d, 2)
            words.append((obj.extract().strip(), size, to_mm(trim_top - top), to_mm(trim_top - bottom)))
        name = next(m.character.name for m in book.members if any(w[0] == m.character.name for w in words))
        fronts.setdefault(name, words)
    return fronts


def _heading(words, key: str) -> float:
    title = label(f"cards.front.{key}")
    return next(top for text, _, top, _ in words if text == title)


def _footer_top() -> float:
    return TAROT[1] - card_layout().for_card(*TAROT).front.footer.height


def test_the_rules_start_at_one_place_on_every_tarot_card_of_the_army(damnes_tarot):
    """FACULTÉS at the same height on the three « Damné errant » (one weapon, one trait: main left
    53 mm of the card empty under them) as on the army's fullest cards (fails on main: at 52.6 mm
    on four cards, 61.9 on the others; now 68.2 on all)."""
    tops = {name: _heading(words, "reminders") for name, words in damnes_tarot.items()}
    assert max(tops.values()) - min(tops.values()) < 0.05, tops
    assert tops["Damné errant"] > TAROT[1] * 0.5  # the lower half of the card, not its upper third


def test_a_sparse_tarot_card_spreads_its_sections_to_the_foot(damnes_tarot):
    """Le Chien (main: 30 % empty): its last line ends within 6 mm of the foot band, the sections'
    gaps grown (fails on main: 12.5 mm; now 4.6)."""
    footer = _footer_top()
    body = [bottom for _, _, top, bottom in damnes_tarot["Le Chien"] if top < footer]
    assert 0 < footer - max(body) < 6, footer - max(body)


def test_every_tarot_front_keeps_its_body_above_the_foot_band(damnes_tarot):
    """The spread never pushes a line into the band: the fullest cards keep body.anchor's air (2 mm at
    poker size) under their last line, every card more than 2 mm."""
    footer = _footer_top()
    for name, words in damnes_tarot.items():
        body = [bottom for _, _, top, bottom in words if top < footer]
        assert footer - max(body) > 2, (name, footer - max(body))


def test_the_army_keeps_one_type_size_per_kind_of_text(damnes_tarot):
    """Spacing differs between cards, never the type: every section heading one size, every weapon's range line one."""
    heads = {
        size for words in damnes_tarot.values() for text, size, _, _ in words if text == label("cards.front.weapons")
    }
    assert len(heads) == 1
    contact = {size for words in damnes_tarot.values() for text, size, _, _ in words if text == "Contact"}
    assert len(contact) == 1, contact
