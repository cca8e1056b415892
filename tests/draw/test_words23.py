"""words23 (review 22b, findings 4, 5, 11, 13), read back from the PDFs: a number stays with the short
word that announces it (« Sur 18 : +2d6 », « pas tous 6 »); the « Tête » effect reads « inerte pendant
(gravité ÷ 2) activations » in every product, its « (1 à 3). » never alone on a line; the KOLAPS
sheet's « Modif. » column in one alignment."""

from __future__ import annotations

import re
from functools import cache

import pypdfium2 as pdfium
import pytest
from pdf_text import flat, page_texts, split_across_lines  # tests/support
from review_books import book_pdf  # tests/support
from ruleset_products import ruleset_pdf  # tests/support

from kolaps_print.jobs.tables import TablesOptions, build_reference


@cache
def _sheet(paper: str = "a4", edition: str = "full") -> bytes:
    return build_reference(TablesOptions(paper=paper, edition=edition)).pdf  # type: ignore[arg-type]


@cache
def _deck(card: str) -> bytes:
    return build_reference(TablesOptions(format="cards", card=card)).pdf  # type: ignore[arg-type]


NUMBERS = {
    "3d6-sheet-letter": (lambda: ruleset_pdf("3d6", "sheet-letter"), ("Sur 18 :", "sur 3 :")),
    "3d6-sheet": (lambda: ruleset_pdf("3d6", "sheet"), ("Sur 18 :", "sur 3 :")),
    "3d6-book": (lambda: book_pdf("3d6"), ("Sur 18 :", "sur 3 :")),
    "quickstart": (lambda: book_pdf("quickstart"), ("tous 6 :",)),
}


@pytest.mark.parametrize("product", NUMBERS)
def test_a_number_stays_with_the_short_word_before_it(product):
    """Main: « Sur / 18 : +2d6 » (3d6 Letter sheet), « sur / 3 : −2d6 » (3d6 book), « pas tous / 6 »
    (quick-start p. 3, step 4 of the example). « sur » and « tous » are words that name a number
    (labels common.typography.before_number): french() holds the number to them."""
    build, phrases = NUMBERS[product]
    pdf = build()
    text = flat(" ".join(page_texts(pdf)))
    for phrase in phrases:
        assert phrase in text, phrase
        assert split_across_lines(pdf, phrase) == [], phrase


HEAD_EFFECT = "inerte pendant (gravité ÷ 2) activations, arrondi à l’inférieur (1 à 3)."
HEAD_PRODUCTS = {
    "sheet-a4": lambda: _sheet(),
    "sheet-letter": lambda: _sheet("letter"),
    "quickstart-sheet": lambda: _sheet(edition="quickstart"),
    "poker": lambda: _deck("poker"),
    "book": lambda: book_pdf("kolaps-a4"),
    "quickstart": lambda: book_pdf("quickstart"),
}


@pytest.mark.parametrize("product", HEAD_PRODUCTS)
def test_the_head_effect_reads_inert_for_half_the_severity(product):
    """Review 22b, 5: « perd gravité ÷ 2 activations » read as « loses gravity ». One source (the
    wounds' data) gives every product « inerte pendant (gravité ÷ 2) activations », and no line of a
    product holds « (1 à 3). » alone (4: the A4 sheet's « Tête » cell)."""
    pdf = HEAD_PRODUCTS[product]()
    pages = page_texts(pdf)
    assert HEAD_EFFECT in flat(" ".join(pages)), product
    assert "perd gravité" not in flat(" ".join(pages))
    lines = [flat(line) for page in pages for line in re.split(r"[\r\n]+", page)]
    assert "(1 à 3)." not in lines


def _right_edges(pdf: bytes, words: tuple[str, ...]) -> dict[str, float]:
    """The right edge (points) of each word's first occurrence on page 1."""
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[0].get_textpage()
        text = page.get_text_range()
        edges = {}
        for word in words:
            at = text.index(word)
            edges[word] = max(page.get_charbox(i)[2] for i in range(at, at + len(word)))
        return edges
    finally:
        document.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_modifiers_column_is_set_in_one_alignment(paper):
    """Review 22b, 13: centred, « = 0 » and « Diff. 3 » stood apart from « 0 » and « +1 » in the KOLAPS
    sheet's « Modificateurs de difficulté ». The column is right-aligned: its head and every value
    end on one line."""
    edges = _right_edges(_sheet(paper), ("Modif.", "Diff. 3", "= 0"))
    assert max(edges.values()) - min(edges.values()) < 0.8, edges
