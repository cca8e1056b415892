"""Review 18b's M1 (heads19), read back from the reference decks: a two-column table prints both its
headings as a grid while its cells keep within three lines (d100's « Recharger », 3d6's « Phases et
initiative » on the minis had printed « Arme », « Temps » alone over their rows); one that cannot has
no head row at all, each term in bold with its text under it (3d6's « États »: no lone « Quand »);
and a third column set under its row says its head (d100's « Bout portant »: « Sauf : … »)."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import flat, page_texts  # tests/support

from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards
from kolaps_print.jobs.tables import TablesOptions


@cache
def _deck(system: str, card: str) -> str:
    pdf = build_ruleset_reference_cards(system, TablesOptions(format="cards", card=card)).pdf
    return flat(" ".join(page_texts(pdf)))


@pytest.mark.parametrize(("system", "heads"), [("d100", "Arme Temps"), ("3d6", "Temps Ce qui s’y passe")])
def test_a_two_column_table_prints_both_headings_on_a_mini(system, heads):
    assert heads in _deck(system, "mini")


def test_a_two_column_table_set_as_terms_has_no_lone_heading():
    text = _deck("3d6", "mini")
    assert "Quand" not in text  # « États »'s first head, over its terms on main
    assert "La moitié des ASSOMMANT perdue en une attaque Sonné un round" in text


@pytest.mark.parametrize("card", ["mini", "tarot"])
def test_a_third_column_under_its_row_says_its_head(card):
    text = _deck("d100", card)
    assert "Sauf : dégâts inchangés ; pas en rafale." in text
