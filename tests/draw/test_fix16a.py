"""Sixteenth session, fix16a (issue 12; review 16, S1, S4, N3, N4): the d100, 3d6 and d12
reference cards read back from their PDFs.

- One name a section in every product: each band of a deck (mini, poker, tarot) names its section
  by the title the system's sheet gives it (« (suite) » aside), never a second, shorter name (the
  minis' « Les jets » beside the tarots' « Réussir un jet », 3d6's « Dégâts » for « Dommages »).
- A table whose text goes under its rows reads its sides in order: d12's attacker before the
  defender, in a grid or with one side under the row.
- d12's « Attaque ou défense totale » heads « Ensuite »: one line.
- d100's « Recharger » on the tarot: « Arme de jet » on one line, no cell over two."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import set_texts, text_objects  # tests/support
from ruleset_products import RULESETS, reference_deck  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print.content.ruleset_sheet import sheet_content
from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards, build_ruleset_sheet
from kolaps_print.jobs.tables import TablesOptions
from kolaps_print.labels import label
from kolaps_print.model.ruleset_load import find_ruleset
from kolaps_print.provenance import mark_pattern

CARDS = ("mini", "poker", "tarot")
BAND_DEPTH = 12  # pt under a face's topmost text: the band's line


@cache
def _deck(system: str, card: str) -> bytes:
    return build_ruleset_reference_cards(system, TablesOptions(format="cards", card=card)).pdf


def _titles(system: str) -> list[str]:
    """The sections' titles, as the system's data names them (its sheet's bars)."""
    return [" ".join(mark_pattern().sub("", s.title).split()) for s in sheet_content(find_ruleset(system)) if s.title]


def _band_names(pdf: bytes) -> list[str]:
    """Each face's band name (its leftmost bold text on the band's line), without « (suite) »."""
    texts, out = set_texts(pdf), []
    suite = label("rulesets.sheet.continued")
    for page in sorted({t.page for t in texts}):
        on = [t for t in texts if t.page == page and t.text.strip()]
        top = max(t.bounds[3] for t in on)
        line = sorted((t for t in on if t.bounds[3] > top - BAND_DEPTH), key=lambda t: t.bounds[0])
        name = next(t for t in line if "Bold" in t.font and not t.text.strip()[0].isdigit())
        out.append(" ".join(name.text.split()).removesuffix(suite).strip())
    return out


@pytest.fixture(scope="module")
def print_shop(cli, tmp_path_factory):
    folder = tmp_path_factory.mktemp("fix16a")
    return {(s, c): reference_deck(cli, folder, s, c) for s in RULESETS for c in CARDS}


@pytest.mark.parametrize("system", RULESETS)
def test_a_section_has_one_name_in_every_product(print_shop, system):
    """Review 16, S1: d100's mini said « Les jets », « Défenses », « Le tir » where its poker, tarot
    and sheet said « Réussir un jet », « Se défendre », « Armes à feu »; 3d6's mini « Dégâts » for
    « Dommages ». Every deck's bands name every section, each by its sheet's title."""
    titles = _titles(system)
    for card in CARDS:
        assert list(dict.fromkeys(_band_names(print_shop[system, card]))) == titles, card
    sheet = " ".join(" ".join(t.text.split()) for t in text_objects(build_ruleset_sheet(system).pdf))
    assert all(title in sheet for title in titles), titles


def test_3d6_says_dommages_never_degats_in_a_band(print_shop):
    """The 3d6 game's word is « dommages » (its book's chapter, its cards' « +3 aux dommages »)."""
    for card in CARDS:
        assert "Dégâts" not in _band_names(print_shop["3d6", card]), card


def _words(pdf: bytes, word: str) -> list[tuple[int, float, float]]:
    """Each printed line holding word (in any case: « Défenseur : l’attaque… » under a row): its page,
    minus its top and its left, for reading order."""
    return [
        (t.page, -t.bounds[3], t.bounds[0])
        for t in text_objects(pdf, page_space=True)
        if word.casefold() in " ".join(t.text.split()).casefold()
    ]


@pytest.mark.parametrize("card", CARDS)
def test_d12_critical_hits_read_the_attacker_first(card):
    """Review 16, S4: d12's poker set « Dé | Défenseur » with « Attaquant : … » under each row, the
    attacker read after the defender. Each row's attacker text comes before its defender's: above
    it, or left of it on its line."""
    pdf = _deck("d12", card)
    # the defender's 12 by « quel que » (words18): its first line is « L’attaque » alone on the tarot
    for attacker, defender in (("+1d6 aux dégâts.", "quel que"), ("Arme brisée", "Armure perdue")):
        (a,), (d,) = _words(pdf, attacker), _words(pdf, defender)
        same_line = abs(a[1] - d[1]) <= 2
        assert a[0] == d[0] and (a[2] < d[2] if same_line else a[1] < d[1]), (a, d)


@pytest.mark.parametrize("card", CARDS)
def test_d12_total_attack_heads_its_next_turn_on_one_line(card):
    """Review 16, N3: « Tour / suivant » wrapped on the sheet, poker and tarot; « Ensuite » does not."""
    pdf = _deck("d12", card)
    assert _words(pdf, "Ensuite") and not _words(pdf, "suivant")


def test_d100_tarot_reloading_keeps_arme_de_jet_on_a_line_and_cells_within_two():
    """Review 16, N4: the tarot's 5/5 read « Arme / de jet » beside « Une fois par round ; au
    premier / round, elle part en / dernier. † D100-E8 »."""
    cells = grid_cells(_deck("d100", "tarot"))
    name = [c for c in cells if " ".join(c.text.split()) == "Arme de jet"]
    assert name and all(c.lines == 1 for c in name), name
    throw = [c for c in cells if "D100-E8" in c.text]
    assert throw and all(c.lines <= 2 for c in throw), throw
