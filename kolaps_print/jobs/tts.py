"""Tabletop Simulator's formats: how many cards a deck sheet holds, and the saved object (JSON)
that makes a deck of them.

A custom deck sheet is a grid of at most 10 × 7 cards; its last slot is the "hidden card" the
game shows for a card in another player's hand, so a sheet holds at most 69 cards. The saved
object goes in Tabletop Simulator's "Saves/Saved Objects" folder (docs/screen-and-tabletop.md).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass

MAX_COLUMNS, MAX_ROWS = 10, 7
MIN_SIDE = 2  # the game's deck importer takes at least 2 × 2


@dataclass(frozen=True)
class DeckGrid:
    columns: int
    rows: int

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows - 1  # the last slot: the hidden card


def grid_for(cards: int) -> DeckGrid:
    """The squarest grid with room for cards (at most 69) and the hidden card."""
    slots = min(cards, MAX_COLUMNS * MAX_ROWS - 1) + 1
    columns = min(MAX_COLUMNS, max(MIN_SIDE, math.ceil(math.sqrt(slots))))
    rows = max(MIN_SIDE, math.ceil(slots / columns))
    while rows > MAX_ROWS:
        columns += 1
        rows = math.ceil(slots / columns)
    return DeckGrid(columns, rows)


@dataclass(frozen=True)
class DeckSheet:
    face_url: str
    back_url: str
    grid: DeckGrid
    names: list[str]  # the cards on the sheet, in order


def saved_object(deck_name: str, sheets: list[DeckSheet]) -> str:
    """The saved-object JSON of one deck holding every card of sheets (keys 1, 2...)."""
    custom = {str(k): _custom_deck(s) for k, s in enumerate(sheets, 1)}
    cards = [
        _card(name, 100 * k + i, {str(k): custom[str(k)]})
        for k, s in enumerate(sheets, 1)
        for i, name in enumerate(s.names)
    ]
    if len(cards) == 1:
        state = cards[0]  # a deck of one is a card
    else:
        state = {
            "Name": "DeckCustom",
            "GUID": _guid(deck_name),
            "Transform": _transform(),
            "Nickname": deck_name,
            "Description": "",
            "DeckIDs": [c["CardID"] for c in cards],
            "CustomDeck": custom,
            "ContainedObjects": cards,
        }
    return json.dumps({"SaveName": deck_name, "ObjectStates": [state]}, ensure_ascii=False, indent=2) + "\n"


def _custom_deck(sheet: DeckSheet) -> dict:
    return {
        "FaceURL": sheet.face_url,
        "BackURL": sheet.back_url,
        "NumWidth": sheet.grid.columns,
        "NumHeight": sheet.grid.rows,
        "BackIsHidden": True,
        "UniqueBack": True,  # the backs sheet matches the fronts card for card
        "Type": 0,
    }


def _card(name: str, card_id: int, custom: dict) -> dict:
    return {
        "Name": "Card",
        "GUID": _guid(f"{card_id}|{name}"),
        "Transform": _transform(),
        "Nickname": name,
        "Description": "",
        "CardID": card_id,
        "CustomDeck": custom,
    }


def _transform() -> dict:
    return {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180, "scaleX": 1, "scaleY": 1, "scaleZ": 1}


def _guid(key: str) -> str:
    """Six hex digits, the game's object id, from the object (the same JSON on every run)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:6]
