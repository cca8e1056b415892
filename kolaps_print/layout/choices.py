"""The fixed choices the commands and the kit file offer: one Literal each, so typer lists
them in --help and pydantic checks the kit file against the same values.

Papers and named card sizes are not here: they are data (data/layouts/sizes.yaml, see
layout.sheets.paper_names and card_names). This module imports nothing heavy: the CLI reads
it at start-up.
"""

from __future__ import annotations

from typing import Literal, get_args

Layout = Literal["duplex", "fold"]  # cards --layout, kit cards.layout
Mode = Literal["duplex", "fold", "print-shop"]  # how cards are imposed (tables --layout)
Flip = Literal["long", "short"]  # the edge a duplex printer turns the sheet on
Format = Literal["sheet", "cards"]  # tables --format
CardsFormat = Literal["pdf", "png", "tts"]  # cards --format: to print, for screens, for Tabletop Simulator
Schema = Literal["army", "kit", "ruleset"]  # schema --for

LAYOUTS: tuple[Layout, ...] = get_args(Layout)
MODES: tuple[Mode, ...] = get_args(Mode)
FLIPS: tuple[Flip, ...] = get_args(Flip)


def one_of(value: str, allowed: tuple[str, ...]) -> str:
    """value if it is one of allowed; else ValueError with the message typer gives for a bad
    choice, so a bad --paper reads the same whether it was typed or written in a kit file."""
    if value not in allowed:
        raise ValueError(f"{value!r} is not one of {', '.join(map(repr, allowed))}.")
    return value
