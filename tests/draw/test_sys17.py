"""The seventeenth session's leftovers of issue 12 in the rulesets' print (sys17), read back from
the PDFs: 3d6's « Combat » in the book with no « Effet » over two lines and « Se mettre à
couvert » broken only before « à couvert »; d100's « Revolver » on one line in the tarot deck;
« Petit bouclier rond » within two lines on mini cards; « à deux mains » and « pas en rafale »
never parted at a line's end."""

from __future__ import annotations

from functools import cache

import yaml
from pdf_text import page_texts  # tests/support
from table_cells import Cell, grid_cells  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards, build_ruleset_sheet
from kolaps_print.jobs.tables import TablesOptions
from kolaps_print.model.ruleset_load import find_ruleset


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@cache
def _book(ruleset: str) -> bytes:
    return build_rulebook(RulebookOptions(ruleset=ruleset)).pdf


@cache
def _deck(ruleset: str, card: str) -> bytes:
    return build_ruleset_reference_cards(ruleset, TablesOptions(format="cards", card=card)).pdf


def _rows(ruleset: str, table: str) -> list[list[str]]:
    """A ruleset table's rows as its data writes them (tables.yaml)."""
    data = yaml.safe_load((find_ruleset(ruleset).folder / "tables.yaml").read_text(encoding="utf-8"))
    (found,) = [t for t in data["tables"] if t["id"] == table]
    return [[_flat(c) for c in row] for row in found["rows"]]


def _cells(pdf: bytes) -> dict[str, list[Cell]]:
    out: dict[str, list[Cell]] = {}
    for cell in grid_cells(pdf):
        out.setdefault(_flat(cell.text), []).append(cell)
    return out


def test_no_effect_of_the_3d6_combat_table_takes_four_lines_in_the_book():
    """Each « Effet » of « Combat » within the house's three lines. sys17 held them to two; since
    cells18 the Modif. column holds its short cells whole (« −2 REF et DEX »), and the eighteenth
    session's clearer charges (« on en subit 1/3 ») and dive (« +1 par mètre plongé en plus ») take
    three: a whole modifier was judged worth a third line of effect (docs/style.md, lead's note)."""
    cells = _cells(_book("3d6"))
    effects = [row[1] for row in _rows("3d6", "actions")]
    found = {text: [c.lines for c in cells.get(text, [])] for text in effects}
    assert all(found.values()), [t for t, n in found.items() if not n]
    assert all(max(n) <= 3 for n in found.values()), {t: n for t, n in found.items() if max(n) > 3}


def test_se_mettre_a_couvert_breaks_before_a_couvert():
    """« Se mettre / à couvert », never « Se mettre à / couvert »: the preposition goes down with its noun."""
    (cell,) = _cells(_book("3d6"))["Se mettre à couvert"]
    assert cell.lines == 1 or cell.last_line == "à couvert", cell


def test_the_d100_revolver_reloads_in_one_line_on_tarot_cards():
    """« Recharger »'s « Revolver » row holds one line on the tarot deck (face 5/5 wrapped it)."""
    (revolver,) = [row for row in _rows("d100", "recharger") if row[0] == "Revolver"]
    lines = [c.lines for c in _cells(_deck("d100", "tarot")).get(revolver[1], [])]
    assert lines == [1], (revolver[1], lines)


def test_petit_bouclier_rond_takes_two_lines_at_most_on_mini_cards():
    """« Petit / bouclier / rond » was three lines at 8 pt on the d100 mini deck: « bouclier rond » is held together."""
    cells = _cells(_deck("d100", "mini"))
    lines = [c.lines for c in cells.get("Petit bouclier rond", [])]
    assert lines and max(lines) <= 2, lines


def test_a_deux_mains_is_never_parted_in_the_d100_book():
    """« à deux / mains » once: « mains » is a word a number counts (common.typography.counted)."""
    lines = [_flat(line) for text in page_texts(_book("d100")) for line in text.splitlines()]
    assert not [line for line in lines if line.endswith(" deux") or line.startswith("mains")], lines


def test_pas_en_rafale_stays_on_one_line_of_the_d100_sheet():
    """The « Bout portant » row's « Sauf »: « Dégâts inchangés ; / pas en rafale. », not « … pas en / rafale. »."""
    cells = _cells(build_ruleset_sheet("d100").pdf)
    (cell,) = [c for text, found in cells.items() if text.endswith("rafale.") for c in found]
    assert cell.lines == 1 or cell.last_line.endswith("pas en rafale."), cell
