"""The d12 quick-reference sheet and cards after the fifteenth print review (sixteenth session,
sheets16), read back from the PDFs: the sheet's columns end level with the book's worked example
under « Combat » (N4), and « Attaque ou défense totale » holds its cells in two lines on the sheet
and the cards (N3, N2)."""

from __future__ import annotations

from functools import cache

import pytest
from column_fill import sheet_column_ends  # tests/support
from pdf_text import flat, page_texts  # tests/support
from ruleset_products import ReferenceDecks  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet
from kolaps_print.model.ruleset_load import find_ruleset

LEVEL = 0.06  # (0.05 until the nineteenth session: words19's ties set the d12 Letter sheet 5.9 % apart) the two columns end within this share of a column of each other (review 15: « about
# 15 % » at most; main 80cba1b: A4 3.7 and 14.6 %, Letter 2.2 and 13.5 %)
FOOT = 0.09  # and each within this share of its foot (0.08 until the eighteenth session: the d12 defender's
# clearer 12 and cells18's whole short cells leave Letter's left column 8.4 % short, about 17 mm)


@cache
def _sheet(paper: str) -> bytes:
    return build_ruleset_sheet("d12", paper).pdf


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_d12_sheet_s_columns_end_level(paper):
    """Review 15, N4: the right column ended 60 mm short of its foot, the left 26 mm."""
    ends = sheet_column_ends(_sheet(paper))
    assert len(ends) == 2, ends
    assert abs(ends[0, 0] - ends[0, 1]) <= LEVEL, ends
    assert max(ends.values()) <= FOOT, ends


def _example_numbers() -> dict[str, int]:
    """The worked example's numbers, read from the ruleset's data (not from a PDF)."""
    mechanic = find_ruleset("d12").spec.mechanic
    example = mechanic.example
    threshold = next(r.threshold for r in mechanic.ladder if r.name == example.rung)
    bonus = example.skill + example.characteristic
    return {"threshold": threshold, "roll": example.roll, "bonus": bonus, "total": example.roll + bonus}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_d12_sheet_prints_the_book_s_worked_example(paper):
    """N4: the room under « Combat » holds the book's example, word for word as the book sets it,
    with the sums the data make (bonus = skill + characteristic, total = roll + bonus)."""
    from review_books import book_pdf  # tests/support

    numbers = _example_numbers()
    sheet = flat(page_texts(_sheet(paper))[0])
    book = flat(" ".join(page_texts(book_pdf("d12"))))
    start = book.index("Une pilote")
    sentence = book[start : book.index("fleuve.", start) + len("fleuve.")]
    assert sentence in sheet
    assert f"({numbers['threshold']})" in sentence
    assert f"tire un {numbers['roll']}" in sentence
    assert f"ses {numbers['bonus']} points" in sentence and f"totalise {numbers['total']}" in sentence


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    return ReferenceDecks(cli, tmp_path_factory.mktemp("sheets16"))


def _total_cells(pdf: bytes) -> list:
    """The body cells of « Attaque ou défense totale »'s rows (« Attaque totale », « Défense totale »)."""
    cells = grid_cells(pdf)
    rows = [
        i
        for i, c in enumerate(cells)
        if flat(c.text).endswith("totale") and flat(c.text).split()[0] in ("Attaque", "Défense")
    ]
    assert len(rows) == 2, [c.text for c in cells]
    return [cells[i + j] for i in rows for j in (0, 1, 2)]


@pytest.mark.parametrize("product", ["sheet-a4", "sheet-letter", "poker", "tarot"])
def test_attaque_ou_defense_totale_holds_its_cells_in_two_lines(decks, product):
    """Review 15, N3: « Ce tour » took three lines on the sheet and the poker and tarot cards (at
    13.5 pt on the sheet, two lines of the old text needed 56.6 mm where the other columns' longest
    words left 52.2 mm): every cell of the table now in two lines at most."""
    pdf = _sheet(product.split("-")[1]) if product.startswith("sheet") else decks["d12", product]
    tall = [(flat(c.text), c.lines) for c in _total_cells(pdf) if c.lines > 2]
    assert not tall, tall


def test_the_mini_card_sets_ce_tour_in_two_lines(decks):
    """Review 15, N2: on the mini card (4/5) « Ce tour : deux jets d’attaque ; / deux touches, deux
    jets de / dégâts. » left « dégâts. » alone on a third line; each « Ce tour : » text under its
    row now takes two lines, its last line more than one word."""
    pdf = decks["d12", "mini"]
    for text in page_texts(pdf):
        lines = [flat(line) for line in text.splitlines()]
        for i in (i for i, line in enumerate(lines) if line.startswith("Ce tour :")):
            run = [lines[i]]
            for line in lines[i + 1 :]:
                if line.endswith("totale") or " totale " in f" {line} " or line[:1].isupper():
                    break
                run.append(line)
            assert len(run) <= 2 and len(run[-1].split()) > 1, run
