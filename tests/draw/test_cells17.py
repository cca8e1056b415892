"""The seventeenth session's cells (cells17), read back from the PDFs: the 3d6 « Combat » grid keeps
its short cells whole on the sheet as in the book and on the cards (« Coup puissant », « −2 REF et
DEX »), with no cell over three lines; the 3d6 « Coût de l'expérience » example of a new skill
holds two lines on every product."""

from __future__ import annotations

import pytest
from pdf_text import text_objects  # tests/support
from ruleset_products import ruleset_pdf  # tests/support
from table_cells import Cell, grid_cells  # tests/support

SHORT = ("Coup puissant", "−2 REF et DEX", "−2 AV, −3 DV", "DEX/2, REF 0", "Autre action")  # ≤ 6 ems whole


def _cells(system: str, kind: str) -> list[Cell]:
    return grid_cells(ruleset_pdf(system, kind))


def _lines(system: str, kind: str) -> list[str]:
    """Each printed line's text (a text object), no-break spaces read as spaces."""
    return [" ".join(o.text.split()) for o in text_objects(ruleset_pdf(system, kind))]


def _text(cell: Cell) -> str:
    return " ".join(cell.text.split())  # no-break spaces read as spaces


def test_the_sheets_combat_keeps_its_short_cells_whole():
    """Main's 3d6 sheet set « Coup / puissant » and « −2 REF / et DEX » in its « Combat » grid: the
    first share of the columns gave the Action and Modif. columns little over their longest word,
    and the reshare kept only the short cells that share had set whole (fix16b). Short cells are
    now made whole first, the table a little smaller than its neighbours where that is the price
    of no cell over three lines."""
    cells = [c for c in _cells("3d6", "sheet") if _text(c) in SHORT[:2]]
    assert {_text(c) for c in cells} == set(SHORT[:2]), cells
    assert all(c.lines == 1 for c in cells), cells


@pytest.mark.parametrize("kind", ["sheet", "book", "poker", "tarot", "mini"])
def test_combat_short_cells_whole_and_no_cell_over_three_lines(kind):
    """The same table looks the same in every product: its short cells whole where they stand in
    a grid (a card sets « Effet » under its rows), and no 3d6 grid cell over three lines."""
    cells = _cells("3d6", kind)
    short = [c for c in cells if _text(c) in SHORT]
    assert short and all(c.lines == 1 for c in short), short
    assert not [c for c in cells if c.lines > 3]


@pytest.mark.parametrize("kind", ["sheet", "book", "poker", "tarot", "mini"])
def test_a_new_skills_condition_holds_two_lines(kind):
    """Main's 3d6 poker cards (7/7) and sheet set « Enseignée par / un autre / personnage » in
    three lines: the example read « Enseignée par un tiers » (the draft's fact: a new skill costs
    1 XP and is taught by another character); words19 made it the condition it is, on the rise
    (« Nouvelle compétence (enseignée par un tiers) »): two lines, three on the mini's narrow Hausse."""
    cells = [c for c in _cells("3d6", kind) if _text(c).startswith("Nouvelle compétence")]
    assert [_text(c) for c in cells] == ["Nouvelle compétence (enseignée par un tiers)"], cells
    assert all(c.lines <= (3 if kind == "mini" else 2) for c in cells), cells
