"""Review 18's MUSTs, read back from the mini reference decks: a two-column table keeps both its
headings as a grid (M2: d100's « Entre | Départage », d12's « Situation | Qui agit d'abord » had set
their answer under their rows, one heading of two), and 3d6's « Coût de l’expérience » prints whole on
one face with its example under each row (M1: cut by its columns, « Hausse | Exemple » took the back)."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import flat, page_texts  # tests/support

from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards
from kolaps_print.jobs.tables import TablesOptions


@cache
def _mini(system: str) -> str:
    pdf = build_ruleset_reference_cards(system, TablesOptions(format="cards", card="mini")).pdf
    return flat(" ".join(page_texts(pdf)))


@pytest.mark.parametrize(("system", "heads"), [("d100", "Entre Départage"), ("d12", "Situation Qui agit d’abord")])
def test_a_two_column_table_keeps_both_headings_on_a_mini(system, heads):
    assert heads in _mini(system)


def test_the_3d6_experience_prints_whole_on_a_mini():
    text = _mini("3d6")
    assert "Coût de l’expérience (suite)" not in text
    assert "Hausse Exemple" not in text
    assert "Nouvelle compétence (enseignée par un tiers)" in text  # words19: a condition, not an example
