"""Every product read back from its PDF: the same rule in the same words, the marks of our rulings
exactly where the errata say, and the two switchable readings (E27, E28) followed both ways.

Products: the demo armies' cards, the reference sheet, the reference cards, the quick-start and
the full rules. The switched data is a copy of data/ with both readings set to their other option.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from pdf_text import page_texts  # tests/support
from kolaps_print.jobs.cards import build_cards
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.model.army_book import load_army
from kolaps_print.model.gamedata import GameData, load_game_data
from kolaps_print.provenance import find_marks

REPO = Path(__file__).resolve().parents[2]
PRODUCTS = ("cartes", "aide", "cartes-aide", "demarrage", "livre")


def flat(text: str) -> str:
    """Words as a reader sees them: a hyphen added at a line end removed, all spaces one space."""
    text = re.sub("\ufffe\n?|\u00ad", "", text)
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@dataclass
class Printed:
    data: GameData
    texts: dict[str, str]  # product -> its whole text, flattened


def _print_everything(folder: Path) -> Printed:
    data = load_game_data(folder)
    armies = [load_army(folder / "armies" / f"{name}.yaml", data) for name in ("section-kappa", "les-damnes", "vampires")]
    pdfs = {
        "cartes": [build_cards(book).pdf for book in armies],
        "aide": [build_reference(TablesOptions(), data).pdf],
        "cartes-aide": [build_reference(TablesOptions(format="cards"), data).pdf],
        "demarrage": [build_rulebook(RulebookOptions(edition="quickstart", data=folder)).pdf],
        "livre": [build_rulebook(RulebookOptions(data=folder)).pdf],
    }
    return Printed(data, {p: flat(" ".join(t for pdf in pdfs[p] for t in page_texts(pdf))) for p in PRODUCTS})


@pytest.fixture(scope="module")
def default():
    return _print_everything(REPO / "data")


@pytest.fixture(scope="module")
def switched(tmp_path_factory):
    folder = tmp_path_factory.mktemp("readings") / "data"
    shutil.copytree(REPO / "data", folder)
    readings = folder / "readings.yaml"
    text = readings.read_text(encoding="utf-8")
    text = text.replace("right_arm_malus: actions", "right_arm_malus: survival")
    text = text.replace("full_location_test: on_fill", "full_location_test: on_overflow")
    readings.write_text(text, encoding="utf-8")
    printed = _print_everything(folder)
    assert printed.data.readings == {"right_arm_malus": "survival", "full_location_test": "on_overflow"}
    return printed


def _option_texts(printed: Printed, erratum: str, option: str) -> str:
    return printed.data.erratum(erratum).reading.option(option).text


# ---- the same rule says the same thing everywhere ---------------------------------------
@pytest.mark.parametrize("which", ["default", "switched"])
def test_the_full_location_rule_reads_the_same_in_every_product_that_prints_it(which, request):
    printed = request.getfixturevalue(which)
    sentence = flat(printed.data.rules.wounds.full_location.text)
    for product in ("aide", "cartes-aide", "demarrage", "livre"):
        assert sentence in printed.texts[product], product
    assert sentence not in printed.texts["cartes"]


def test_the_secondary_effect_test_after_every_hit_reads_the_same_everywhere(default):
    """E32: after an Éraflure or a Mauvais coup too, in those words, on the sheet, cards, quick-start, book."""
    sentence = flat(default.data.rules.wounds.secondary.text)
    assert "Éraflure et Mauvais coup compris" in sentence and "gravité − 1" in sentence
    for product in ("aide", "cartes-aide", "demarrage", "livre"):
        assert sentence in default.texts[product], product
    for product in ("aide", "cartes-aide", "demarrage", "livre"):
        assert "Après une blessure survécue" not in default.texts[product]


def test_catching_breath_keeps_its_minimum_on_the_sheet(default):
    short = flat(next(a.short for a in default.data.rules.actions.actions if a.id == "reprendre-son-souffle"))
    assert "min. 1" in short
    for product in ("aide", "cartes-aide", "livre"):
        assert short in default.texts[product]


def test_no_note_of_ours_is_signed_by_the_author(default):
    for product, text in default.texts.items():
        assert "Note de l’auteur" not in text and "Note de l'auteur" not in text, product


# ---- the marks are exactly where the errata say -----------------------------------------
@pytest.mark.parametrize("which", ["default", "switched"])
def test_each_marked_erratum_is_marked_in_exactly_its_products(which, request):
    printed = request.getfixturevalue(which)
    found = {product: set(find_marks(text)) for product, text in printed.texts.items()}
    for erratum in printed.data.errata:
        where = {p for p in PRODUCTS if erratum.id in found[p]}
        assert where == (set(erratum.printed) if erratum.mark else set()), erratum.id


def test_invented_specialisations_are_marked_on_the_cards_and_in_the_book(default):
    for affiliation in default.data.catalogue.affiliations.values():
        for spec in affiliation.specialisations:
            if spec.ruling == "E26":
                for product in ("cartes", "livre"):
                    assert flat(f"{spec.text} † E26") in default.texts[product], (spec.id, product)


# ---- the right arm (E27), both ways ---------------------------------------------------------
ACTIONS = ("Bras droit estropié Diff. 3 Échec", "Ensuite, +2 à ses actions, sauf avec Ambidextre.",
           "Bras droit estropié : ses actions échappent au +2. † E27")
SURVIVAL = ("Bras droit estropié Diff. 3, +2 sans Ambidextre Échec", None,
            "Bras droit estropié : pas de +2 au test de survie. † E27")


@pytest.mark.parametrize("which, chosen, other", [("default", ACTIONS, SURVIVAL), ("switched", SURVIVAL, ACTIONS)])
def test_right_arm_follows_the_reading(which, chosen, other, request):
    """actions: the survival test at 3 and +2 on his actions; survival: +2 on the test. Ambidextre says the same."""
    texts = request.getfixturevalue(which).texts
    (test, lasting, ambidextre), (other_test, other_lasting, other_ambidextre) = chosen, other
    for product in ("aide", "cartes-aide", "livre"):
        assert test in texts[product] and other_test not in texts[product], product
        for sentence, printed in ((lasting, True), (other_lasting, False)):
            if sentence:
                assert (sentence in texts[product]) == printed, product
    for product in ("cartes", "livre"):
        assert flat(ambidextre) in texts[product] and flat(other_ambidextre) not in texts[product], product


# ---- the full location (E28), both ways -----------------------------------------------------
@pytest.mark.parametrize("which, chosen, other", [("default", "on_fill", "on_overflow"), ("switched", "on_overflow", "on_fill")])
def test_full_location_follows_the_reading(which, chosen, other, request):
    printed = request.getfixturevalue(which)
    wounds = printed.data.rules.wounds
    assert flat(wounds.full_location.text) != flat(request.getfixturevalue("switched" if which == "default" else "default")
                                                      .data.rules.wounds.full_location.text)
    for product in ("aide", "cartes-aide", "demarrage", "livre"):
        text = printed.texts[product]
        assert flat(wounds.full_location.text) in text
        assert ("remplit la zone" in text) == (chosen == "on_fill"), product
    for product in ("aide", "cartes-aide", "livre"):  # the haemorrhage defers to the same reading
        assert flat(wounds.haemorrhage) in printed.texts[product], product
    assert printed.data.erratum("E28").reading.option(chosen).text != _option_texts(printed, "E28", other)
