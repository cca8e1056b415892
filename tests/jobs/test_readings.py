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
from pdf_colours import seen  # tests/support
from pdf_text import page_texts, text_objects  # tests/support

from kolaps_print import resources
from kolaps_print.jobs.cards import build_cards
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.layout.card_data import card_layout
from kolaps_print.layout.reference.look import mark_grey, muted
from kolaps_print.model.army_book import load_army
from kolaps_print.model.gamedata import GameData, load_game_data
from kolaps_print.provenance import find_marks
from kolaps_print.rulebook import styles as st

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
    pdfs: dict[str, list[bytes]]  # product -> its PDFs, for positions and colours


def _print_everything(folder: Path) -> Printed:
    data = load_game_data(folder)
    armies = [
        load_army(resources.kolaps_folder(folder) / "armies" / f"{name}.yaml", data)
        for name in ("section-kappa", "les-damnes", "vampires")
    ]
    pdfs = {
        "cartes": [build_cards(book).pdf for book in armies],
        "aide": [build_reference(TablesOptions(), data).pdf],
        "cartes-aide": [build_reference(TablesOptions(format="cards"), data).pdf],
        "demarrage": [build_rulebook(RulebookOptions(edition="quickstart", data=folder)).pdf],
        "livre": [build_rulebook(RulebookOptions(data=folder)).pdf],
    }
    return Printed(data, {p: flat(" ".join(t for pdf in pdfs[p] for t in page_texts(pdf))) for p in PRODUCTS}, pdfs)


@pytest.fixture(scope="module")
def default():
    return _print_everything(REPO / "data")


@pytest.fixture(scope="module")
def switched(tmp_path_factory):
    folder = tmp_path_factory.mktemp("readings") / "data"
    shutil.copytree(REPO / "data", folder)
    readings = resources.kolaps_folder(folder) / "readings.yaml"
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
    """E32: after an Éraflure or a Mauvais coup too, in those words, on the sheet, reference cards,
    book and quick-start (the demo keeps the secondary effect, E80: issue 16's attack ends with it).
    """
    sentence = flat(default.data.rules.wounds.secondary.text)
    assert "Éraflure et Mauvais coup compris" in sentence and "gravité − 1" in sentence
    for product in ("aide", "cartes-aide", "livre", "demarrage"):
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
    # A scenario the default quick-start does not print is marked when chosen (--scenario):
    # tests/cli/test_rulebook.py reads that mark.
    chosen_only = {s.ruling for s in printed.data.scenarios if s != printed.data.scenario()}
    for erratum in printed.data.errata:
        if erratum.id in chosen_only:
            continue
        where = {p for p in PRODUCTS if erratum.id in found[p]}
        assert where == (set(erratum.printed) if erratum.mark else set()), erratum.id


def test_invented_specialisations_are_marked_on_the_cards_and_in_the_book(default):
    for affiliation in default.data.catalogue.affiliations.values():
        for spec in affiliation.specialisations:
            if spec.ruling == "E26":
                for product in ("cartes", "livre"):
                    assert flat(f"{spec.text} † E26") in default.texts[product], (spec.id, product)


# ---- the right arm (E27), both ways ---------------------------------------------------------
ACTIONS = (
    "Bras droit estropié Diff. 3 Échec",
    "Ensuite, +2 à ses actions ; Ambidextre ne sert plus à manier deux armes, mais dispense du +2.",
    "Bras droit estropié : pas de +2 à ses actions. † E27",
)
SURVIVAL = (
    "Bras droit estropié Diff. 3, +2 sans Ambidextre Échec",
    None,
    "Bras droit estropié : pas de +2 au test de survie. † E27",
)


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
@pytest.mark.parametrize(
    "which, chosen, other", [("default", "on_fill", "on_overflow"), ("switched", "on_overflow", "on_fill")]
)
def test_full_location_follows_the_reading(which, chosen, other, request):
    printed = request.getfixturevalue(which)
    wounds = printed.data.rules.wounds
    assert flat(wounds.full_location.text) != flat(
        request.getfixturevalue("switched" if which == "default" else "default").data.rules.wounds.full_location.text
    )
    for product in ("aide", "cartes-aide", "demarrage", "livre"):
        text = printed.texts[product]
        assert flat(wounds.full_location.text) in text
        assert ("remplit la zone" in text) == (chosen == "on_fill"), product
    for product in ("aide", "cartes-aide", "livre"):  # the haemorrhage defers to the same reading
        assert flat(wounds.haemorrhage) in printed.texts[product], product
    assert printed.data.erratum("E28").reading.option(chosen).text != _option_texts(printed, "E28", other)


# ---- the review of the renders (issue 10 polish) ---------------------------------------------
# "E…", not "En": the legend must not read as the French word « en » (nor as the mark of E1)
LEGEND = "† E… : règle provisoire de l’éditeur, en attendant l’auteur"


@pytest.mark.parametrize("product", ["aide", "cartes-aide", "demarrage", "livre"])
def test_every_product_with_marks_explains_them_once_in_one_line(default, product):
    assert default.texts[product].count(LEGEND) >= 1, product
    assert flat(label("common.ruling_legend")).startswith(LEGEND)


def test_the_legend_is_on_the_first_card_of_the_reference_cards(default):
    """On the first card, under its table on its front: the first topic has no other
    explanation, and a back holding that one line read as a misprint (review 12, item 5; the
    sixth session's front holding the table alone stands for every longer explanation); once on
    the sheet, never on a back."""
    fronts, backs = page_texts(default.pdfs["cartes-aide"][0])[:2]  # duplex: the first sheet's two sides
    first_front = fronts.split(label("tables.sheet.card_of", card=1, cards=1))[1]  # from the first card's « 1/… »
    first_front = first_front.split(label("tables.sheet.card_of", card=2, cards=1))[0]  # to a next card's
    assert LEGEND in flat(first_front) and LEGEND not in flat(backs)
    assert flat(fronts).count(LEGEND) == 1


def test_a_mark_never_starts_a_line(default, switched):
    for printed in (default, switched):
        for product, pdfs in printed.pdfs.items():
            for pdf in pdfs:
                for page in page_texts(pdf):
                    for line in re.split(r"[\r\n]+", page):
                        assert not re.match(r"\s*†\s*E\d", line), (product, line)  # the legend's « † En » may


def test_a_mark_follows_the_end_of_its_sentence(default):
    """Never « difficulté 2 † E31. », « ordre † E37 : » nor « encore † E39) »: the punctuation comes first."""
    for product, text in default.texts.items():
        assert not re.search(r"† E\d+ ?[.;:)]", text), product


def test_removal_is_always_hors_de_combat(default):
    for product, text in default.texts.items():
        assert "retiré," not in text and "raté, retiré" not in text and "retirée comme perte" not in text, product
    for product in ("aide", "cartes-aide", "demarrage", "livre"):
        assert "raté, hors de combat" in default.texts[product], product


def test_ambidextre_is_never_banned_and_waiving_at_once(default):
    for product in ("aide", "cartes-aide", "livre"):
        assert "Interdits pour la partie : Ambidextre" not in default.texts[product], product
        assert "et la spécialisation Ambidextre" not in default.texts[product], product


def test_rallying_keeps_its_condition(default):
    for product in ("aide", "cartes-aide", "livre"):
        assert "Sans AFF, bilan : diff. 2, +1 (+2 si 6)" in default.texts[product], product  # the condition, too
        assert "+1 moral ou +2" not in default.texts[product], product


def test_carapace_and_first_aid_say_what_they_do(default):
    for product in ("cartes", "livre"):
        text = default.texts[product]
        assert "ni perte de moral, ni test d’effet secondaire. † E45" in text, product
        assert "une de ses hémorragies s’arrête (sauf case C). † E26" in text, product
        assert "aucun effet pour l’instant" not in text, product


def test_a_critical_failure_of_1_to_5_says_how_it_differs_from_an_action_failure(default):
    for product in ("aide", "cartes-aide", "livre"):
        assert "Comme un échec d’action, mais −1 moral à tout rang, jamais sous 3." in default.texts[product], product


def test_the_vampire_countess_keeps_her_two_hands_reminder(default):
    """Finding 4: her Soif de sang mark once pushed « Deux mains » off the card, without a word."""
    vampires = default.pdfs["cartes"][2]
    text = flat(" ".join(page_texts(vampires)))
    countess = text[text.index("Comtesse Ilona Varga") : text.index("Mihail le Pâle")]
    page = load_game_data(resources.bundled("data")).rules.trait("deux-mains").book_pages["a4"]
    said = flat("Deux mains" + label("cards.front.reminder_page", page=page))  # « Deux mains p. 11 — »
    assert f"{said} Au contact, chaque 6 annule un échec" in countess  # with its page in the book


def test_the_mark_on_character_cards_is_the_muted_grey_italic(default):
    muted = seen(card_layout().colours.muted)
    marks = [o for pdf in default.pdfs["cartes"] for o in text_objects(pdf) if o.text.startswith("†")]
    assert marks, "no mark on the cards"
    for o in marks:
        assert o.fill == muted and "Italic" in o.font, o


def test_the_book_states_each_rule_once_and_never_points_at_its_own_page(default):
    """Finding 24: table notes no longer repeat the prose under them; no « voir p. 15 » on page 15."""
    wounds = default.data.rules.wounds
    book = default.texts["livre"]
    for sentence in (
        wounds.full_location.text,
        wounds.secondary.text,
        wounds.cumulative_rule.text,
        wounds.haemorrhage,
        wounds.friendly_fire,
    ):
        assert book.count(flat(sentence)) == 1, sentence
    for number, page in enumerate(page_texts(default.pdfs["livre"][0]), start=1):
        assert f"voir p. {number})" not in flat(page), number


def test_the_book_sets_the_lethal_rules_in_bold_body_type(default):
    """Finding 7: the survival and secondary-effect tests are read in the text, not in a grey note."""
    wounds = default.data.rules.wounds
    objects = text_objects(default.pdfs["livre"][0])
    for sentence in (wounds.full_location.text, wounds.secondary.text):
        start = flat(sentence)[:12]
        # the objects that print the sentence's start (a line may end after its first word)
        runs = [
            objects[i : i + 3]
            for i in range(len(objects))
            if flat(" ".join(o.text for o in objects[i : i + 3])).startswith(start)
        ]
        bold = [o for run in runs for o in run[: 1 + (len(flat(run[0].text)) < len(start))]]
        assert bold and all("Bold" in o.font and o.fill == seen(st.palette().ink) for o in bold), (sentence, bold)


def _rgb255(colour) -> tuple[int, int, int]:
    return tuple(round(c * 255) for c in colour.rgb())


def test_marks_are_never_darker_than_the_grey_notes_they_sit_in(default):
    """Finding 13: on the sheet and the reference cards a mark is a shade lighter than the notes'
    grey, so it stands apart from black body text. The book (issue 12: no grey text) sets it in its
    text's ink, smaller and raised (test_book_design reads its size and position). The one exception:
    a reference card set under 7 pt to keep its note on the front prints its marks in solid ink, as
    the house style wants of any type that small (test_style); those marks are smaller than every grey one."""
    marks = [o for o in text_objects(default.pdfs["livre"][0]) if re.match(r"†\s*E\d", o.text)]
    assert marks and {o.fill for o in marks} == {seen(st.palette().ink)}
    for product in ("aide", "cartes-aide"):
        marks = [o for o in text_objects(default.pdfs[product][0]) if re.match(r"†\s*E\d", o.text)]
        grey = [o for o in marks if o.fill == seen(mark_grey())]
        solid = [o for o in marks if o.fill != seen(mark_grey())]
        assert grey and all(o.fill == seen(st.palette().ink) for o in solid), product
        assert product == "cartes-aide" or not solid, product
        if solid:
            height = lambda o: o.bounds[3] - o.bounds[1]  # noqa: E731
            assert max(map(height, solid)) < min(map(height, grey)), product
        assert all(m >= n for m, n in zip(_rgb255(mark_grey()), _rgb255(muted()), strict=True))
