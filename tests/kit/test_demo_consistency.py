"""No contradiction between the products of a demo kit (issue 16): the quick-start, the demo
reference sheet, the demo cards and the tokens are read back from the kit's own PDFs, and each
rule that two of them print must read the same, or not be printed where the demo drops it.

Expected words come from the rules data and the labels, never from the PDFs.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from pdf_text import page_texts  # tests/support

from kolaps_print import resources
from kolaps_print.content.attack import attack_steps
from kolaps_print.content.wound_state import hit_chance
from kolaps_print.kit.build import build_kit
from kolaps_print.labels import label
from kolaps_print.layout.card_data import card_layout
from kolaps_print.layout.tokens import token_sheet
from kolaps_print.model.gamedata import builtin_game_data

DEMO = resources.kolaps_dir() / "kits" / "demo.yaml"
SPEC = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
DATA = builtin_game_data()


def flat(text: str) -> str:
    """Words as a reader sees them: hyphens added at line ends removed, all spaces one space."""
    text = re.sub("\ufffe\n?|\u00ad", "", text)
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.fixture(scope="module")
def products(tmp_path_factory) -> dict[str, str]:
    """Each printed product of the demo kit: name -> its whole text, flattened."""
    assert SPEC["rulebook"] == "quickstart"
    folder: Path = tmp_path_factory.mktemp("kit") / "demo"
    build_kit(DEMO, folder)
    names = {"quickstart": "quickstart.pdf", "sheet": "reference.pdf", "tokens": "tokens.pdf"}
    names |= {f"cards-{Path(a).stem}": f"cards-{Path(a).stem}.pdf" for a in SPEC["armies"]}
    texts = {name: flat(" ".join(page_texts((folder / file).read_bytes()))) for name, file in names.items()}
    return texts | {"packing": (folder / "packing-list.md").read_text(encoding="utf-8")}


def cards(products: dict[str, str]) -> list[str]:
    return [text for name, text in products.items() if name.startswith("cards-")]


def test_the_tokens_are_printed_on_the_paper_the_packing_list_gives_them(products):
    """Designer's review (issue 29): the token sheet said « Collez la feuille sur du carton »
    while the packing list already printed it on 200–250 g/m² card. One instruction: the sheet
    names the packing list's paper for it, and asks for no gluing."""
    row = next(line for line in products["packing"].splitlines() if "`tokens.pdf`" in line)
    paper = [cell.strip() for cell in row.strip("|").split("|")][4]  # Document, Fichier, Pages, Exemplaires, Papier
    stock = flat(paper.split(", ", 1)[1])  # « A4, papier cartonné 200 à 250 g/m² »: the paper's name first
    assert "g/m²" in stock
    assert stock in products["tokens"]
    assert "Collez" not in products["tokens"] and "sur du carton" not in products["tokens"]


def roll_type(code: str):
    return next(r for r in DATA.rules.dice.roll_types if r.code == code)


# ---- the critical at difficulty 0 (2C6) ----------------------------------------------------
def test_the_critical_at_2c6_is_the_kept_die_on_the_quick_start_and_the_sheet(products):
    """The draft: every die a 6, « un seul » at 2C6, so the kept one; XD6: every die."""
    from kolaps_print.typography import after_colon

    kept, every = flat(roll_type("C").critical_success), flat(roll_type("D").critical_success)
    assert "gardé" in kept and "Tous les dés" in every  # the data says it the draft's way
    sheet = products["sheet"]
    for said in (kept, every):  # under « Réussite critique : », in lower case (after_colon)
        assert said in sheet or after_colon(said) in sheet, said
    qs = products["quickstart"]
    assert f"À 2C6, {kept[0].lower()}{kept[1:]}" in qs
    for text in (qs, products["sheet"]):
        # nowhere may « every die » be said of the 2C6 roll, nor the attack step send to a table it lacks
        assert not re.search(r"2C6[^.]{0,40}tous les dés donnent 6", text, re.IGNORECASE)
        assert "voir les trois jets" not in text or "Les trois jets" in text


def test_the_attack_step_of_the_critical_says_what_it_is_on_both_products(products):
    step = next(s for s in attack_steps(DATA, "quickstart") if "critique" in s.name.lower())
    for name in ("quickstart", "sheet"):
        assert flat(step.text) in products[name], name
    assert "2C6, le dé gardé" in flat(step.text)


def test_the_pacing_engine_counts_the_critical_at_2c6_as_the_printed_rule_says():
    # 2C6: the kept die shows 6 when either die does, 11 throws of 36, counted by hand
    assert hit_chance(3, 0, DATA.rules).critical == Fraction(11, 36)


# ---- the full location: one test per wound from the one that fills it -------------------
def test_the_full_location_test_reads_the_same_on_the_quick_start_and_the_sheet(products):
    rule = flat(DATA.rules.wounds.full_location.text)
    assert "et les suivantes" in rule  # per extra wound (E28, on_fill), not once per zone
    for name in ("quickstart", "sheet"):
        assert rule in products[name], name
    for text in products.values():
        assert "un seul test de survie" not in text and "un test de survie par zone" not in text


def test_the_worked_example_tests_as_many_times_as_the_rule_says(products):
    """The second hit of the example: survival tests = wounds from the filling box on (on_fill)."""
    qs = products["quickstart"]
    found = re.search(r"soit \d+ \([^)]*\) : (\d+) blessures? pour (\d+) cases? libres?\. (La zone [^.]*\.)", qs)
    assert found, "the example's second hit is not on the quick-start"
    wounds, free, sentence = int(found.group(1)), int(found.group(2)), found.group(3)
    tests = max(0, wounds - free + 1) if wounds >= free else 0  # counted here, from the printed rule
    if tests == 1:
        assert "un test de survie" in sentence
    elif tests > 1:
        assert f"{tests} tests de survie" in sentence
    else:
        assert "pas de test de survie" in sentence


# ---- what the demo drops is printed nowhere but in « what the demo leaves out » -----------
DROPPED = {
    "fatigue": label("cards.back.fatigue"),
    "morale": label("cards.back.morale"),
    "aff": label("cards.back.aff"),
    "offensive": label("cards.back.offensive"),
    "avatar": label("cards.front.avatar"),
}


@pytest.mark.parametrize("word", sorted(DROPPED))
def test_no_product_keeps_a_track_or_rule_the_demo_drops(products, word):
    upper = DROPPED[word]
    named = re.compile(rf"\b{re.escape(upper)}s?\b", re.IGNORECASE)
    note = flat(label(f"cards.front.{card_layout().editions['quickstart'].note}"))  # names what it leaves out
    for name, text in products.items():
        if name == "quickstart":
            continue
        assert not named.search(text.replace(note, "")), (name, upper)
    # the quick-start names each once, in the paragraph saying the demo leaves it out
    qs = products["quickstart"]
    leaves_out = qs[qs.index("Ces règles sont une porte d’entrée") :]
    leaves_out = leaves_out[: leaves_out.index("† E86")]
    elsewhere = qs.replace(leaves_out, "")
    assert named.search(leaves_out), upper
    assert not named.search(elsewhere), upper


def test_weapon_traits_and_specialisations_appear_on_no_demo_card(products):
    for text in cards(products):
        assert label("cards.front.reminders") not in text
        assert label("cards.front.specialisations") not in text
        for trait in DATA.rules.traits.traits:
            assert f"{trait.name}." not in text, trait.name


# ---- the riposte ------------------------------------------------------------------------
def test_the_riposte_reads_the_same_on_both_quick_start_pages_and_the_sheet(products):
    riposte = flat(label("common.riposte"))
    assert products["quickstart"].count(riposte) == 1  # the activation (p. 2); the attack (p. 3) points there
    assert products["sheet"].count(riposte) == 1  # the turn's Action row
    other_target = flat(next(m for m in DATA.rules.combat.modifiers if m.id == "riposte-autre-cible").text)
    other_target = other_target.replace("{test_difficulty}", "3")
    for name in ("quickstart", "sheet"):
        assert other_target in products[name], name


# ---- the tokens and the quick-start name the same things --------------------------------
def test_every_token_is_one_the_quick_start_tells_players_to_use(products):
    kinds = [entry.kind for entry in token_sheet().kinds("quickstart")]
    assert kinds
    qs = products["quickstart"].lower()
    for kind in kinds:
        word = flat(label(f"kit.tokens.{kind}.heading")).lower()
        assert word in products["tokens"].lower(), kind
        assert word in qs, kind


# ---- what the written playthrough (docs/playthrough.md) had to guess, now printed ---------
def test_the_scenario_says_who_places_the_terrain_and_what_cannot_be_crossed(products):
    scenario = DATA.scenario(SPEC["scenario"])
    assert scenario is not None and scenario.placement
    assert flat(scenario.placement) in products["quickstart"]
    rubble = next(t for t in scenario.terrain if "gravats" in t.name)
    assert "même en courant" in rubble.effect and flat(rubble.effect) in products["quickstart"]


def test_measuring_and_the_riposte_s_turn_are_ruled_where_they_are_used(products):
    qs = products["quickstart"]
    assert re.search(r"Mesurer : [^†]*d’un bord de socle à l’autre[^†]*† E87", qs)
    assert "gravité sur 2C6 : le meilleur de deux dés, plus celui de localisation" in qs
    riposte = flat(label("common.riposte"))
    assert "le camp de l’attaquant reprend la main" in riposte
    assert qs.count(f"{riposte} † E88") == 1 and f"{riposte} † E88" in products["sheet"]
    assert (
        "Puis la riposte (voir « Une activation »), si la cible touchée n’a pas encore joué." in qs
    )  # the attack sends there


def test_the_belly_s_effect_and_the_chest_s_both_last_until_the_next_activation(products):
    effects = {loc.id: loc.demo_effect for loc in DATA.rules.wounds.locations if loc.demo_effect}
    assert effects
    for effect in effects.values():
        assert "au tour suivant" not in effect.text
        for name in ("quickstart", "sheet"):
            assert flat(effect.text) in products[name], name
