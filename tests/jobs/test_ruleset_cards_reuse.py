"""A ruleset deck's work done once where its cards repeat it (issue 13, speed15r): a table's
setting once per table, width and look while the type size is fitted; a card's name one text on
its front and its back, encoded once; the printed cards as before (the names read back)."""

import pypdfium2 as pdfium
from ruleset_products import demo_army  # tests/support

from kolaps_print import resources
from kolaps_print.draw import card_render
from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.layout.ruleset import card as ruleset_card

SHOP = CardOptions(print_shop=True)  # one face a page: front, then its back


def page_texts(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


def test_a_table_is_set_once_per_width_and_look_while_the_deck_is_fitted(monkeypatch):
    """d12's demo deck asks again for settings it made (its backs' sets of kinds keep the same
    tables): each distinct one is searched once."""
    resources.clear_cached_reads()  # none kept from another test
    asked: list[str] = []
    real = ruleset_card._deck_table

    def counting(table, width, look):
        asked.append(repr((table, width, look)))
        return real(table, width, look)

    monkeypatch.setattr(ruleset_card, "_deck_table", counting)
    build_ruleset_cards(demo_army("d12"), SHOP)
    assert asked, "the d12 demo's weapons are a table"
    assert len(asked) == len(set(asked))


def test_a_card_s_name_is_one_text_encoded_once_for_its_front_and_back(monkeypatch):
    army = demo_army("3d6")
    names = {m.name.upper() for m in army.members} | {m.name for m in army.members}
    encoded: list[str] = []
    real = card_render.ShapePainter._operators

    def counting(self, doc, text):
        if text.text in names:
            encoded.append(text.text)
        return real(self, doc, text)

    monkeypatch.setattr(card_render.ShapePainter, "_operators", counting)
    pages = page_texts(build_ruleset_cards(army, SHOP).pdf)
    cards = sum(m.character.copies for m in army.members)
    assert len(pages) == 2 * cards
    assert len(encoded) == cards  # one a card, not one a side
    for member in army.members:  # the name still printed on both sides of each of its cards
        sides = [p for p in pages if member.name.upper() in p.upper()]
        assert len(sides) == 2 * member.character.copies
