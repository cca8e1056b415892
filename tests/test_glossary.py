"""One vocabulary (data/labels/fr/glossary.yaml, errata E100): every product's printed text is
read back, and no rejected variant of a term may appear in any of them."""

from __future__ import annotations

import re
from io import BytesIO

import pypdf
import pytest
from pdf_text import page_texts  # tests/support
from products import PRINTED  # tests/support

from kolaps_print.labels import labels

PRODUCTS = PRINTED
TERMS = labels("glossary.terms")


def normal(text: str) -> str:
    """As a reader sees it: line-end hyphens gone, every space one space, one apostrophe, lower case."""
    text = re.sub("\ufffe\n?|\u00ad|\u2010\n", "", text)
    text = text.replace("\u00a0", " ").replace("\u202f", " ").replace("'", "\u2019")
    return " ".join(text.split()).lower()


def _shown_metadata(pdf: bytes) -> list[str]:
    """The title and subject a viewer shows in its window and file properties."""
    meta = pypdf.PdfReader(BytesIO(pdf)).metadata or {}
    return [str(meta.get(key, "")) for key in ("/Title", "/Subject")]


@pytest.fixture(scope="module")
def printed(every_product) -> dict[str, str]:
    texts = {
        name: normal(" ".join(page_texts(every_product[name]) + _shown_metadata(every_product[name])))
        for name in PRODUCTS
    }
    texts["packing-list"] = normal(every_product["packing-list"])
    return texts


@pytest.mark.parametrize("term", sorted(TERMS))
def test_no_product_prints_a_rejected_variant(printed, term):
    entry = TERMS[term]
    found = [
        (product, variant)
        for product, text in printed.items()
        for variant in entry.get("rejected", [])
        if normal(variant) in text
    ]
    found += [
        (product, match.group(0))
        for product, text in printed.items()
        for pattern in entry.get("rejected_patterns", [])
        for match in re.finditer(pattern, text, re.IGNORECASE)
    ]
    assert found == [], f"{term}: use « {entry['name']} »"


@pytest.mark.parametrize("term", sorted(TERMS))
def test_the_products_use_the_chosen_name(printed, term):
    assert any(normal(TERMS[term]["name"]) in text for text in printed.values()), TERMS[term]["name"]


def test_the_checker_finds_a_rejected_variant_across_a_line_break_and_apostrophes():
    text = normal("Le personnage perd l'ordre\u00a0; il ne peut plus être\n offensif.")
    assert normal("perd l’ordre") in text and normal("être offensif") in text
    pattern = TERMS["valeur-de-faculte"]["rejected_patterns"][0]
    assert re.search(pattern, normal("Explosion (5 / 10)."), re.IGNORECASE)
    assert not re.search(pattern, normal("Explosion (5 / 10 cm)."), re.IGNORECASE)
