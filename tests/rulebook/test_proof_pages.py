"""The proof's appendix read back: every erratum with its boxes to tick, and the marked places."""

from __future__ import annotations

import re

import pytest

from pdf_text import page_texts  # tests/support
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook, marks_elsewhere
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.model.army_book import load_army
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print import resources
from kolaps_print.provenance import find_marks, marked_pages


def flat(text: str) -> str:
    return " ".join(re.sub("\ufffe\n?", "", text).replace("\u00a0", " ").split())


@pytest.fixture(scope="module")
def data():
    return builtin_game_data()


@pytest.fixture(scope="module")
def proof():
    return build_rulebook(RulebookOptions(proof=True))


@pytest.fixture(scope="module")
def pages(proof):
    return page_texts(proof.pdf)


def _from(pages: list[str], title: str) -> int:
    return next(i for i, t in enumerate(pages) if title in t)


def test_every_erratum_has_its_heading_decision_and_two_boxes(pages, data):
    errata = flat(" ".join(pages[_from(pages, "Errata à confirmer"):_from(pages, "Marques de provenance")]))
    for e in data.errata:
        assert flat(f"{e.id} · {e.title}") in errata, e.id
        if e.decision:
            assert flat(f"Décision. {e.decision}") in errata, e.id
    assert errata.count("confirmé à revoir") == len(data.errata)


def test_a_switchable_erratum_shows_the_chosen_reading_and_the_other(pages, data):
    errata = flat(" ".join(pages[_from(pages, "Errata à confirmer"):]))
    for e in (x for x in data.errata if x.reading):
        chosen = data.readings[e.reading.id]
        assert flat(f"Lecture retenue ({e.reading.id} = {chosen}). {e.reading.option(chosen).text}") in errata
        for other in (o for o in e.reading.options if o.id != chosen):
            assert flat(f"Autre lecture ({other.id}). {other.text}") in errata


def test_the_marks_page_lists_this_books_marked_pages(proof, pages):
    last = flat(pages[-1])
    assert last.startswith("Marques de provenance")
    end = _from(pages, "Errata à confirmer")
    own = [(i + 1, list(dict.fromkeys(find_marks(t)))) for i, t in enumerate(pages[:end])]
    own = [(p, ids) for p, ids in own if ids]
    assert own, "the book prints no mark"
    for page, ids in own:
        assert f"Ce livre (Règles complètes) {page} {', '.join(ids)}" in last


def test_the_marks_page_lists_the_other_products(pages, data):
    last = flat(pages[-1])
    sheet = marked_pages(build_reference(TablesOptions(), data).pdf)
    assert sheet
    for page, ids in sheet:
        assert f"Aide de jeu {page} {', '.join(ids)}" in last
    kappa = load_army(resources.data_dir() / "armies" / "section-kappa.yaml", data)
    assert any(p.product == f"Cartes : {kappa.army.name}" and "E26" in p.errata for p in marks_elsewhere(data, [kappa]))
    assert f"Cartes : {kappa.army.name} 1" in last


def test_the_plain_book_has_no_appendix():
    texts = " ".join(page_texts(build_rulebook(RulebookOptions(edition="quickstart")).pdf))
    assert "Errata à confirmer" not in texts and "Marques de provenance" not in texts
