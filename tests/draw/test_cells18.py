"""The eighteenth session's cells (cells18), read back from the PDFs: the 3d6 sheet's « Combat » sets
its labels and modifiers whole (« Dégainer et attaquer », « −4 AV si improvisé », which no share of
the sheet's column held whole beside « Effet » within three lines) with « Effet » under its rows, as
the cards and the book do; d12's « Attaque ou défense totale » keeps every cell within two lines
though its « Pas de défense. » is short (cells17 made it whole and set « Ce tour » in three)."""

from __future__ import annotations

import pytest
from pdf_text import text_objects  # tests/support
from ruleset_products import ruleset_pdf  # tests/support
from table_cells import Cell, grid_cells  # tests/support

WHOLE = ("Coup puissant", "−2 REF et DEX", "Dégainer et attaquer", "−4 AV si improvisé")


def _text(cell: Cell) -> str:
    return " ".join(cell.text.split())  # no-break spaces read as spaces


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_3d6_sheet_s_combat_sets_its_labels_and_modifiers_whole(paper):
    """Main set « Coup / puissant », « −2 REF / et DEX », « Dégainer et / attaquer » and « −4 AV si /
    improvisé » in two lines each."""
    cells = [c for c in grid_cells(ruleset_pdf("3d6", f"sheet-{paper}")) if _text(c) in WHOLE]
    assert {_text(c) for c in cells} == set(WHOLE), cells
    assert all(c.lines == 1 for c in cells), cells


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_3d6_sheet_s_effects_stay_within_three_lines(paper):
    """Each « Effet : … » under its row (a line across the table) in three lines at most, and no
    cell of the sheet over three."""
    pdf = ruleset_pdf("3d6", f"sheet-{paper}")
    assert not [c for c in grid_cells(pdf) if c.lines > 3]
    lines = [" ".join(o.text.split()) for o in text_objects(pdf) if o.page == 1]
    starts = [i for i, t in enumerate(lines) if t.startswith("Effet :")]
    assert len(starts) >= 20, lines
    for i in starts:
        run = 1
        while i + run < len(lines) and lines[i + run][:1].islower() and run < 5:
            run += 1
        assert run <= 3, lines[i : i + run]


@pytest.mark.parametrize("kind", ["sheet-a4", "sheet-letter", "poker", "tarot"])
def test_d12_totale_keeps_every_cell_within_two_lines(kind):
    """cells17 made « Pas de défense. » whole before the reshare and kept it so, and « Deux jets
    d’attaque, un jet de dégâts par touche. » took three lines: a short cell made whole now leaves
    no cell taller than the plain reshare's tallest (columns.fewer_row_lines)."""
    cells = grid_cells(ruleset_pdf("d12", kind))
    start = next(i for i, c in enumerate(cells) if _text(c) == "Attaque totale")
    rows = cells[start : start + 6]
    assert [_text(c) for c in rows][::3] == ["Attaque totale", "Défense totale"], rows
    assert all(c.lines <= 2 for c in rows), rows
