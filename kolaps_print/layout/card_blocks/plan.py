"""Which blocks KOLAPS's card walks: data/rulesets/kolaps/card.yaml of the data folder in use, or
the bundled one when that folder has none (a data folder of the old layout prints as before)."""

from __future__ import annotations

from pathlib import Path

from kolaps_print import resources
from kolaps_print.diagnostics import Report, display_path
from kolaps_print.load import load_yaml
from kolaps_print.model import data_cache
from kolaps_print.model.gamedata import validate_model
from kolaps_print.model.kolaps_card import KolapsCard, KolapsCardFile, check_card

CARD_FILE = "card.yaml"


def card_file() -> Path:
    """The card.yaml in use: the data folder's own, else the bundled copy."""
    own = resources.kolaps_dir() / CARD_FILE
    return own if own.is_file() else resources.kolaps_folder(resources.bundled("data")) / CARD_FILE


def card_plan() -> KolapsCard:
    """The front's and back's blocks; KolapsError (located) if card.yaml is wrong."""
    return _load(card_file())


@resources.cached_read
def _load(path: Path) -> KolapsCard:
    return data_cache.cached("card plan", lambda: [path], lambda: _read(path))


def _read(path: Path) -> KolapsCard:
    doc = load_yaml(path, display_path(path))
    report = Report()
    value = validate_model(KolapsCardFile, doc, doc.data, (), report)
    if value is not None:
        check_card(value.card, doc, report)
    report.raise_if_errors()
    assert value is not None
    return value.card
