"""The values of --paper, --card and --back-offset, parsed by the functions the library (and
the kit file) checks them with. Imports no typer: options.py hands them to typer, quick.py
(a `cards` run without typer) calls them itself, so both read a value the same way."""

from __future__ import annotations

# The defaults typer's options give (options.py, cards.py) and a run without typer takes (quick.py)
PAPER, CARD, BACK_OFFSET = "a4", "poker", "0,0"
LAYOUT, FLIP, EDITION = "duplex", "long", "full"


def paper(value: str) -> str:
    from kolaps_print.layout.sheets import paper_name

    return paper_name(value)


def card(value: str) -> str:
    from kolaps_print.layout.sheets import card_size

    card_size(value)
    return value.strip()


def offset(value: str) -> tuple[float, float]:
    from kolaps_print.layout.sheets import parse_offset

    return parse_offset(value)
