"""Issue 12's wording and typography after a print designer's review (eighteenth session,
words18), read back from the PDFs: a rate (« −1 PV par heure »), a location or weapon name
(« Bras gauche », « Grenade à fragmentation ») never split across lines; the d12 defender's
critical, the KOLAPS walk-through's step 5 and two 3d6 actions said plainly; every army's mini
cards print « cm » after MVT.

Expected words come from the rules data and the labels, never from the PDF."""

from __future__ import annotations

import re
from functools import cache

import pytest
import yaml
from pdf_text import flat, page_texts, split_across_lines, text_objects, with_line_ends  # tests/support
from review_books import book_pdf  # tests/support
from ruleset_products import ReferenceDecks  # tests/support

from kolaps_print import resources
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_data import card_layout
from kolaps_print.layout.sheets import card_size
from kolaps_print.model.army_book import load_army
from kolaps_print.model.gamedata import builtin_game_data

CARDS = ("mini", "poker", "tarot")


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    return ReferenceDecks(cli, tmp_path_factory.mktemp("words18"))


@cache
def _d12_sheet() -> bytes:
    return build_ruleset_sheet("d12", "a4").pdf


def _d12_products(decks) -> dict[str, bytes]:
    return {"sheet": _d12_sheet(), "book": book_pdf("d12"), **{card: decks["d12", card] for card in CARDS}}


# ---- 1. « −1 PV par heure »: a rate held whole -----------------------------------------------
def test_a_rate_never_splits_on_the_d12_products(decks):
    """« −1 PV / par heure » broke on the d12 sheet and tarot reference cards (main b018a48):
    every « PV par heure » the products print now sits on one line."""
    products = _d12_products(decks)
    assert any("PV par heure" in flat(" ".join(page_texts(pdf))) for pdf in products.values())
    broken = {name: pages for name, pdf in products.items() if (pages := split_across_lines(pdf, "PV par heure"))}
    assert not broken, broken


# ---- 2. the d12 defender's natural 12 ------------------------------------------------------
def _critiques_defender() -> str:
    tables = yaml.safe_load((resources.data_dir() / "rulesets/d12/tables.yaml").read_text(encoding="utf-8"))
    table = next(t for t in tables["tables"] if t["id"] == "critiques")
    return next(row[2] for row in table["rows"] if row[0] == 12)


def test_the_d12_defender_s_critical_says_the_attack_fails_whatever_the_total(decks):
    """« L’attaque est évitée, même dépassée. » read unclear: the cell says the attack fails
    whatever its total, on every d12 product, and no longer « dépassée »."""
    said = flat(_critiques_defender())
    assert "quel que soit" in said and "dépassée" not in said
    for name, pdf in _d12_products(decks).items():
        text = flat(" ".join(page_texts(pdf)))
        assert said[1:] in text, name  # the cards' run-in head lowers its capital (« Défenseur : l’attaque… »)
        assert "même dépassée" not in text, name


# ---- 3. the walk-through's step 5 -------------------------------------------------------------
def _step(step_id: str) -> str:
    steps = yaml.safe_load((resources.kolaps_dir() / "rules/attack.yaml").read_text(encoding="utf-8"))["steps"]
    return next(s["text"] for s in steps if s["id"] == step_id)


@pytest.mark.parametrize("card", CARDS)
def test_the_walk_through_s_severity_step_keeps_whole(decks, card):
    """« (étape / suivante) » broke across lines on the tarot reference cards (and mini): step 5
    names where the zone comes from in words (« la zone que donne l’autre dé »), nothing to break."""
    step = flat(_step("gravite"))
    assert "(étape" not in step and "autre dé" in step
    pdf = decks["kolaps", card]
    assert step in flat(" ".join(page_texts(pdf))).replace("- ", "-")
    assert not split_across_lines(pdf, "(étape suivante)")


# ---- 4. 3d6: a third of what, how far the dive --------------------------------------------------
@pytest.mark.parametrize(
    "words",
    ["10 m ; on en subit le tiers.", "5 m ; on en subit la moitié.", "+1 par mètre plongé en plus"],
)
def test_the_3d6_sheet_says_what_the_third_is_and_how_far_the_dive(words):
    """« 1/3 pour soi » did not say a third of what (now: of the blow one deals, « on en subit
    1/3 », since words19 « on en subit le tiers », the draft’s « un tiers de ces dommages
    vous-même » in words); « +1 le mètre plongé en plus » was awkward (now a rate: « +1 par mètre »). The sheet
    sets them under their rows since cells18 (its grid broke « Coup puissant »)."""
    text = flat(" ".join(page_texts(build_ruleset_sheet("3d6", "a4").pdf)))
    assert words in text
    assert "le mètre plongé" not in text and "pour soi" not in text


# ---- 5. names that hold together -----------------------------------------------------------
def _location_names() -> list[str]:
    return [loc.name for loc in builtin_game_data().rules.wounds.locations if " " in loc.name]


def _weapon_names() -> list[str]:
    return [w.name for w in builtin_game_data().catalogue.weapons.values() if " " in w.name]


def test_the_book_never_splits_a_location_or_weapon_name():
    """Book p. 9 « Bras / gauche » (secondary effects), p. 12 « Grenade à / fragmentation »."""
    pdf = book_pdf("kolaps-a4")
    names = _location_names() + _weapon_names()
    assert "Bras gauche" in names and "Grenade à fragmentation" in names
    broken = {name: pages for name in names if (pages := split_across_lines(pdf, name))}
    assert not broken, broken


def test_the_kit_sheet_s_secondary_effects_hold_their_zones_whole():
    """The kit's reference sheet set « Bras / gauche » in « Effets secondaires (démo) »."""
    pdf = build_reference(TablesOptions(edition="quickstart")).pdf
    lines = [with_line_ends(text).splitlines() for text in page_texts(pdf)]
    for name in _location_names():
        # the row « 1 Bras gauche | Lâche ce qu’il tient… »: its roll and its name whole on one line
        assert any(re.search(rf"(^|\s)\d {name}(\s|$)", line) for page in lines for line in page), name


# ---- 6. « cm » on every army's mini cards ----------------------------------------------------
ARMIES = sorted(p.stem for p in (resources.kolaps_dir() / "armies").glob("*.yaml"))


@pytest.mark.parametrize("army", ARMIES)
def test_every_army_s_mini_cards_print_cm_after_mvt(army):
    """Les Damnés and Section Kappa printed « 12,5/25 » with no « cm » (it filled the tile at 15 pt):
    every MVT value on a mini front has its « cm » right after it, smaller, and the
    value stays at least stats.unit_floor and larger than every raw stat's label."""
    size = card_size("mini")
    stats = card_layout().for_card(size.width, size.height).front.stats
    book = load_army(resources.kolaps_dir() / "armies" / f"{army}.yaml")
    values = {card_text.stats(m, book.rules)[1].value for m in book.members}  # « 10/20 »: walk/run, no unit
    pdf = build_cards(book, CardOptions(card="mini")).pdf
    texts = [t for t in text_objects(pdf, page_space=True) if t.text.strip()]
    moves = [t for t in texts if t.text.strip() in values and t.size > stats.label.size]  # not the back's band
    unit = label("cards.front.moves_short")
    assert moves
    for value in moves:
        after = [
            t
            for t in texts
            if t.page == value.page
            and t.text.strip() == unit
            and 0 <= t.bounds[0] - value.bounds[2] <= 3
            and value.bounds[1] - 0.5 <= t.bounds[1] <= t.bounds[3] <= value.bounds[3]  # beside it, within its height
        ]
        assert len(after) == 1, (value.text, value.page)
        assert after[0].size < value.size, (value.text, after[0].size, value.size)
        assert stats.unit_floor is not None and value.size >= stats.unit_floor - 0.01, (value.text, value.size)
        assert value.size > stats.label.size
