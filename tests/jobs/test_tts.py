"""Tabletop Simulator's grid rule and saved object, on their own."""

from __future__ import annotations

import json

import pytest

from kolaps_print.jobs.tts import DeckGrid, DeckSheet, grid_for, saved_object


@pytest.mark.parametrize("cards", [1, 2, 3, 8, 15, 24, 35, 48, 60, 68, 69, 70, 200])
def test_a_grid_holds_the_cards_and_the_hidden_card_within_10_by_7(cards):
    grid = grid_for(cards)
    assert 2 <= grid.columns <= 10 and 2 <= grid.rows <= 7
    assert grid.per_sheet >= min(cards, 69)
    assert grid.columns * grid.rows - 1 == grid.per_sheet


def test_a_full_sheet_is_10_by_7_with_69_cards():
    assert grid_for(69) == DeckGrid(10, 7) and grid_for(69).per_sheet == 69


def test_the_saved_object_is_one_deck_with_a_card_per_name_in_order():
    sheets = [
        DeckSheet("file:///a/f1.png", "file:///a/b1.png", DeckGrid(10, 7), [f"C{i}" for i in range(69)]),
        DeckSheet("file:///a/f2.png", "file:///a/b2.png", DeckGrid(2, 2), ["Z", "Y"]),
    ]
    (deck,) = json.loads(saved_object("Armée", sheets))["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Armée"
    assert deck["CustomDeck"]["2"] == {
        "FaceURL": "file:///a/f2.png",
        "BackURL": "file:///a/b2.png",
        "NumWidth": 2,
        "NumHeight": 2,
        "BackIsHidden": True,
        "UniqueBack": True,
        "Type": 0,
    }
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert names == [f"C{i}" for i in range(69)] + ["Z", "Y"]
    ids = [c["CardID"] for c in deck["ContainedObjects"]]
    assert deck["DeckIDs"] == ids and ids[:2] == [100, 101] and ids[-2:] == [200, 201]
    assert len({c["GUID"] for c in deck["ContainedObjects"]}) == 71


def test_a_single_card_is_a_card_not_a_deck():
    (state,) = json.loads(saved_object("A", [DeckSheet("file:///f", "file:///b", DeckGrid(2, 2), ["Seul"])]))[
        "ObjectStates"
    ]
    assert (state["Name"], state["Nickname"], state["CardID"]) == ("Card", "Seul", 100)
