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


def _inflected(word: str) -> str:
    """A word of a rejected variant and its French plural and feminine forms (offensif, offensifs,
    offensive, offensives; ordre, ordres; retiré, retirées). Words of one or two letters (de, la, l’)
    stay as they are, so « de » does not become « des »."""
    if len(word) < 3 or not word.isalpha():
        return re.escape(word)
    if word.endswith("f"):
        return re.escape(word[:-1]) + "(?:fs?|ves?)"
    return re.escape(word) + "(?:e?s|e|x)?"


def rejected_pattern(variant: str) -> re.Pattern[str]:
    """A rejected variant as whole words, each in any of its inflected forms: « ordre offensif »
    finds « d’ordres offensifs » but not « désordre offensif » nor « ordre offensant »."""
    words = re.findall(r"\w+|[^\w\s]", normal(variant))
    spaced = [_inflected(word) if word[0].isalnum() else re.escape(word) for word in words]
    return re.compile(r"(?<!\w)" + r"\s*".join(spaced) + r"(?!\w)")


@pytest.mark.parametrize("term", sorted(TERMS))
def test_no_product_prints_a_rejected_variant(printed, term):
    entry = TERMS[term]
    found = [
        (product, match.group(0))
        for product, text in printed.items()
        for variant in entry.get("rejected", [])
        for match in rejected_pattern(variant).finditer(text)
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


def test_the_checker_finds_the_inflected_forms_of_a_rejected_variant():
    assert rejected_pattern("ordre offensif").search(normal("Pas d’enchères ni d’ordres offensifs."))
    assert rejected_pattern("directive offensive").search(normal("deux directives offensives"))
    assert rejected_pattern("retiré de la table").search(normal("elles sont retirées de la table"))
    assert rejected_pattern("perd l’ordre").search(normal("il perd l'ordre"))
    assert rejected_pattern("fiche").search(normal("on coche sur les fiches"))


def test_the_checker_leaves_other_words_alone():
    assert not rejected_pattern("ordre offensif").search(normal("un désordre offensif, un ordre offensant"))
    assert not rejected_pattern("fiche").search(normal("une affiche, un fichier"))
    assert not rejected_pattern("retiré de la table").search(normal("retiré des tables"))
    assert not rejected_pattern("pas offensif").search(normal("le passage offensif"))
