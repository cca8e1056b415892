"""Review 15's table and wording points (/work/wt/review15.md: S1, N1, N7, N8, N9 and 14b N3), read
back from the PDFs: the 3d6 « Coût de l'expérience » sets « niveau visé » together and no cell of it
over two lines (S1, N7), « à bout portant » never breaks inside (N1), « deux balles » stays together
(14b N3), the d100 « Arme de jet » holds one line beside « Temps » (N8), and no weapon trait's value
nests its parentheses in the book (N9)."""

from __future__ import annotations

import re

import pytest
from pdf_text import flat, page_texts, text_objects  # tests/support
from ruleset_products import ruleset_pdf  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook


def _lines(pdf: bytes) -> list[tuple[int, str]]:
    """Each printed line's text (a text object), with its page from 1."""
    return [(o.page + 1, o.text.strip()) for o in text_objects(pdf) if o.text.strip()]


EXPERIENCE = (
    "Caractéristique (primaire ou dérivée)",
    "5 XP × niveau visé",
    "CORPS de 4 à 5, 25 XP",  # book21 (review 20 N3): one colon on its « Ex. : » line
    "1 XP × niveau visé",
    "Nouvelle compétence (enseignée par un tiers)",  # words19: a condition on the rise, once an example
)


@pytest.mark.parametrize(
    ("kind", "texts"),
    [(k, EXPERIENCE) for k in ("sheet", "book", "poker", "tarot")],
)
def test_no_experience_cell_takes_three_lines(kind, texts):
    """Main, once « niveau visé » was tied, set « Caractéristique / (primaire ou / dérivée) » in
    three lines on the sheet, poker and tarot, and « Enseignée par / un autre / personnage » on
    the tarot: a reshare now puts a cell over two lines first, and a card sets its text under its
    rows where that has fewer such cells at the same size and is no taller. (The poker's three
    columns cannot all hold two lines at 8 pt, nor its text go under its rows without a taller
    table: « Enseignée… » keeps three.) cells17: « Enseignée par un tiers » holds two lines on the
    poker too; on the tarot the grid, no taller than its text under its rows then, was kept and set
    « Caractéristique (primaire ou dérivée) » in three; cells18: its text under its rows again,
    1.8 pt taller (reference_cards.UNDER_TALLER).)"""
    cells = [c for c in grid_cells(ruleset_pdf("3d6", kind)) if c.text.strip() in texts]
    assert cells and all(c.lines <= 2 for c in cells), cells


@pytest.mark.parametrize("kind", ["sheet", "mini", "poker", "tarot", "book"])
def test_niveau_vise_is_never_parted(kind):
    """Main broke « 5 XP × niveau / visé » on the poker and in the book (review 15, S1): « visé »
    alone never starts a line."""
    lines = _lines(ruleset_pdf("3d6", kind))
    assert any("× niveau" in t for _, t in lines), kind
    assert not [(p, t) for p, t in lines if t.startswith("visé") or t.endswith("niveau")]


def test_the_book_gives_the_cost_its_line():
    """Main's 3d6 book set « Caractéristique (primaire / ou dérivée) » in a 36 mm Hausse and
    « 5 XP × niveau / visé » in a 19.5 mm Coût: the book's columns reshare as the sheet's, Hausse
    breaking after its first word and the cost on one line."""
    cells = {c.text.strip(): c for c in grid_cells(ruleset_pdf("3d6", "book")) if c.text.strip() in EXPERIENCE}
    assert cells[EXPERIENCE[1]].lines == 1, cells
    assert cells[EXPERIENCE[3]].lines == 1, cells
    assert cells[EXPERIENCE[0]].last_line == "(primaire ou dérivée)", cells


@pytest.mark.parametrize("kind", ["sheet", "mini", "poker", "tarot", "book", "army-mini", "army-poker", "army-tarot"])
def test_point_blank_is_never_broken(kind):
    """Main broke « à bout / portant » on d100 mini 3/8's back band and poker 2/5 (review 15, N1)."""
    lines = _lines(ruleset_pdf("d100", kind))
    assert kind.startswith("army-") or any("bout portant" in t.lower() for _, t in lines), kind
    broken = [(p, t) for p, t in lines if re.search(r"(?i)\bbout$", t) or re.match(r"portant\b|bout portant", t)]
    assert not broken, broken


@pytest.mark.parametrize("kind", ["mini", "poker", "tarot", "sheet", "book"])
def test_a_number_in_words_keeps_the_word_it_counts(kind):
    """Main set « Un round pour glisser deux / balles. » on d100 mini 8/8 (review 14b N3)."""
    lines = _lines(ruleset_pdf("d100", kind))
    assert any("balles" in t for _, t in lines)
    assert not [(p, t) for p, t in lines if t.startswith("balles")]


@pytest.mark.parametrize("kind", ["sheet", "book"])
def test_a_bold_name_takes_the_width_its_neighbour_does_not_use(kind):
    """Main set « Arme / de jet » in d100 « Recharger » beside a « Temps » with 26 mm over its
    text (review 15, N8): the name measured in the bold it prints in, and a cell taking a line
    less in a grid even where its row stays as tall."""
    cells = [c for c in grid_cells(ruleset_pdf("d100", kind)) if " ".join(c.text.split()) == "Arme de jet"]
    assert cells and all(c.lines == 1 for c in cells), cells


def test_no_weapon_trait_nests_its_parentheses():
    """Main's book read « Lance-grenades (30 cm, Deux mains, Explosion (5 cm)). » (review 15, N9):
    a trait's value set inside parentheses goes without its own."""
    text = flat(" ".join(page_texts(build_rulebook(RulebookOptions()).pdf)))
    assert "Explosion 5 cm" in text
    assert not re.search(r"\([^()]*\([^()]*\)[^()]*\)", text), re.findall(r"\([^()]*\([^()]*\)[^()]*\)", text)
