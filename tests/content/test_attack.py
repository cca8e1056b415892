"""The attack walk-through's steps (data/rulesets/kolaps/rules/attack.yaml) as the sheet and the quick-start read them."""

from __future__ import annotations

import pytest

from kolaps_print.content.attack import attack_steps
from kolaps_print.model.gamedata import builtin_game_data


@pytest.fixture(scope="module")
def data():
    return builtin_game_data()


def test_the_full_edition_follows_the_attack_in_play_order(data):
    names = [s.name for s in attack_steps(data, "full")]
    assert names == [
        "Difficulté",
        "Dés",
        "Seuil",
        "Réussite critique",
        "Gravité",
        "Localisation",
        "Cases",
        "Hémorragie",
        "Zone pleine",
        "Effet secondaire",
        "Moral",
    ]
    assert [s.number for s in attack_steps(data, "full")] == list(range(1, 12))


def test_the_quickstart_drops_what_the_demo_drops_and_numbers_again(data):
    steps = attack_steps(data, "quickstart")
    # the demo drops morale but keeps the secondary effect (E80): without it a severity 1 or 2 does nothing
    assert "Moral" not in [s.name for s in steps] and steps[-1].name == "Effet secondaire"
    assert [s.number for s in steps] == list(range(1, len(steps) + 1))


def test_each_step_says_who_rolls(data):
    who = {s.name: s.who for s in attack_steps(data, "full")}
    assert who["Dés"] == "Attaquant" and who["Localisation"] == "Attaquant"
    assert who["Hémorragie"] == "Cible" and who["Zone pleine"] == "Cible"


def test_a_step_restating_a_wounds_rule_prints_that_rule_and_its_mark(data):
    steps = {s.name: s for s in attack_steps(data, "full")}
    assert data.rules.wounds.full_location.text in steps["Zone pleine"].text
    assert steps["Zone pleine"].text.endswith("†\u00a0E28")
    assert data.rules.wounds.secondary.text in steps["Effet secondaire"].text


def test_the_two_wound_dice_are_told_apart_by_colour(data):
    gravity = next(s for s in attack_steps(data, "full") if s.name == "Gravité")
    assert "couleurs différentes" in gravity.text and "E60" in gravity.text
