"""Review 19's S1 and S6 on the 3d6 products (sheet20), read back from the PDFs: the sheet's « Coût
de l'expérience » at its neighbours' size (A4 and Letter), and the cards' « Dommages » naming the
text set under its rows (« Effet : … ») on every deck, no deck a card longer."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from pdf_text import flat, page_texts, text_objects  # tests/support
from ruleset_products import ruleset_pdf  # tests/support

XP_TITLE = "Coût de l’expérience"
COLUMN_PT = 270  # wider than a sheet's column (255 pt on A4, 263 on Letter), narrower than two


def _xp_table_sizes(pdf: bytes) -> tuple[set[float], float]:
    """The sizes the texts of « Coût de l'expérience » print at (its title down its column), and the
    page's body size (the size most of its texts print at)."""
    texts = [t for t in text_objects(pdf, page_space=True) if t.text.strip()]
    (title,) = [t for t in texts if t.text.strip() == XP_TITLE]
    page = [t for t in texts if t.page == title.page]
    body = Counter(round(t.size, 2) for t in page).most_common(1)[0][0]
    left, top = title.bounds[0], title.bounds[1]
    table = [t for t in page if left - 2 <= t.bounds[0] < left + COLUMN_PT and t.bounds[3] < top]
    assert any("Hausse" in t.text for t in table) and any("XP" in t.text for t in table), table
    return {round(t.size, 2) for t in table}, body


@pytest.mark.parametrize("kind", ["sheet", "sheet-letter"])
def test_the_xp_table_prints_at_its_neighbours_size(kind):
    """Main's A4 sheet set the table at 10.5 pt beside 11.5 pt tables: at 11.5 no share of the column
    held « De 3 à 4 : 4 XP » whole beside the tied « 5 XP × niveau visé » with « Nouvelle compétence
    (enseignée par un tiers) » within three lines, and the sheet took a size smaller for it. Its
    examples now go under its rows (« Ex. : … ») at the sheet's size, as on the Letter sheet (which
    passes on main: a guard) and the cards."""
    sizes, body = _xp_table_sizes(ruleset_pdf("3d6", kind))
    assert sizes == {body}, (sizes, body)


DAMAGE_EFFECTS = (
    "Effet : ôtés d’ASSOMMANT",  # book21 (review 20 N2): « ôtés de COUPS et d’ASSOMMANT »
    "Effet : ôtés de COUPS",
    "Effet : +1d6 par point de FOR",
    "Effet : ignore le KD.",
)


@pytest.mark.parametrize("card", ["mini", "poker", "tarot"])
def test_the_damage_texts_under_their_rows_say_their_head(card):
    """Main set « Dommages »'s effects plain under its rows on every deck (heads19: « Effet : » cost
    the poker deck a card and the mini the table's face), the only third column under its rows with
    no name; each now reads « Effet : … », as « Sauf : » and the Combat's « Effet : »."""
    text = " ".join(flat(page) for page in page_texts(ruleset_pdf("3d6", card)))
    assert [effect for effect in DAMAGE_EFFECTS if effect not in text] == []


@pytest.mark.parametrize(("card", "cards"), [("mini", 12), ("poker", 7), ("tarot", 6)])
def test_no_deck_takes_a_card_more(card, cards):
    """The decks count the cards they did before the labels (a guard: passes on main)."""
    numbers = {
        int(m.group(2)) for page in page_texts(ruleset_pdf("3d6", card)) for m in re.finditer(r"\b(\d+)/(\d+)\b", page)
    }
    assert numbers == {cards}, numbers
