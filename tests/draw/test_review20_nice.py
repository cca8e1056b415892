"""book21 (review 20 N2–N5), read back from the PDFs: no last line holds one short word and its
erratum's mark (« pas. † E31 »); the « Tête » effect fills its lines on the mini decks (main:
« être activé pendant » / « gravité ÷ 2 activations… »); 3d6 « Dommages » reads « ôtés de COUPS et
d'ASSOMMANT » and its examples of experience carry one colon (« Ex. : CORPS de 4 à 5, 25 XP »), no
deck a card longer."""

from __future__ import annotations

import re
from functools import cache

import pytest
from pdf_text import flat, page_texts  # tests/support
from ruleset_products import ruleset_pdf  # tests/support

from kolaps_print.jobs.tables import TablesOptions, build_reference

# A line of one short word (a sentence's end: at most three letters or digits) and its mark:
# « pas. † E31 ». A longer word keeps its mark company (review 22b, 7: holding two words there left
# ragged justified lines): « zone. † E32 » may end a text; a mark alone on a line never.
LONE_WORD = re.compile(r"^[^\w\s]*(?:\w[^\w\s]*){1,3}[.…)] † (?:[A-Z0-9]{1,8}-)?E\d+$")
LONE_MARK = re.compile(r"^† (?:[A-Z0-9]{1,8}-)?E\d+$")


@cache
def _kolaps(card: str, paper: str = "a4", edition: str = "full") -> bytes:
    if card == "sheet":
        return build_reference(TablesOptions(paper=paper, edition=edition)).pdf  # type: ignore[arg-type]
    return build_reference(TablesOptions(format="cards", card=card, edition=edition)).pdf  # type: ignore[arg-type]


def _lines(pdf: bytes) -> list[str]:
    """Every printed line, as pdfium reads it (a line of a card's cell is a line of its own)."""
    return [flat(line) for page in page_texts(pdf) for line in re.split(r"[\r\n]+", page) if line.strip()]


PRODUCTS = {
    "sheet-letter": lambda: _kolaps("sheet", "letter"),
    "sheet-a4": lambda: _kolaps("sheet"),
    "mini": lambda: _kolaps("mini"),
    "poker": lambda: _kolaps("poker"),
    "tarot": lambda: _kolaps("tarot"),
    "kit-mini": lambda: _kolaps("mini", edition="quickstart"),
    "kit-sheet": lambda: _kolaps("sheet", edition="quickstart"),
    "3d6-mini": lambda: ruleset_pdf("3d6", "mini"),
    "3d6-tarot": lambda: ruleset_pdf("3d6", "tarot"),
}


@pytest.mark.parametrize("product", PRODUCTS)
def test_no_last_line_holds_one_short_word_and_its_mark(product):
    """Main: the tarot's card 11 « pas. † E31 », the Letter sheet's « pas. † E31 »… A text's closing
    mark holds its last two words when the last is short (typography: the word before goes down with
    it); after a longer word (« zone. † E32 », « l'arme. † 3D6-E4 ») the mark holds that word only
    (review 22b, 7), and no mark is ever alone on its line."""
    lines = _lines(PRODUCTS[product]())
    lone = [line for line in lines if LONE_WORD.match(line) or LONE_MARK.match(line)]
    assert lone == [], lone


@pytest.mark.parametrize("edition", ["full", "quickstart"])
def test_the_head_effect_leaves_no_short_line_on_the_mini(edition):
    """Main set « Tombe au sol, inerte : ne peut pas / être activé pendant / gravité ÷ 2 activations,
    arrondi à / l'inférieur (1 à 3). » on the mini decks (card 16 verso, the kit's 14): the second
    line half empty before the held « gravité ÷ 2 activations ». « inerte pendant (gravité ÷ 2)
    activations » now (review 22b, 5: « perd gravité ÷ 2 activations » read « loses gravity »), the
    same rule, the held expression whole, in three lines."""
    lines = _lines(_kolaps("mini", edition=edition))
    (start,) = [i for i, line in enumerate(lines) if line.startswith("Tombe au sol, inerte")]
    text = lines[start : start + 3]
    assert text[-1].endswith("(1 à 3)."), text
    assert any("(gravité ÷ 2) activations" in line for line in text), text


DECKS = ("mini", "poker", "tarot")


@pytest.mark.parametrize("kind", ["sheet", "sheet-letter", *DECKS])
def test_3d6_damage_is_taken_from_both_totals(kind):
    """Main: « ôtés des COUPS et ASSOMMANT » (the second article dropped): « ôtés de COUPS et
    d'ASSOMMANT » now, as the errata name the totals (« Totaux d'ASSOMMANT et de COUPS »)."""
    text = " ".join(flat(page) for page in page_texts(ruleset_pdf("3d6", kind)))
    assert "tés de COUPS et d’ASSOMMANT." in text, kind
    assert "COUPS et ASSOMMANT" not in text


@pytest.mark.parametrize("kind", ["sheet", "sheet-letter", "book", *DECKS])
def test_3d6_experience_examples_carry_one_colon(kind):
    """Main: « Ex. : CORPS de 4 à 5 : 25 XP », two colons on a line: « … de 4 à 5, 25 XP » now (« = »
    began a line in the book, « → » is not in the cards' face, « (25 XP) » reshared the book's table)."""
    text = " ".join(flat(page) for page in page_texts(ruleset_pdf("3d6", kind)))
    assert "CORPS de 4 à 5, 25 XP" in text and "De 3 à 4, 4 XP" in text, kind
    assert not re.search(r"[0-9] : [0-9]+ XP", text), kind
