"""Issue 12's wording and line-end ties (nineteenth session, words19), read back from the PDFs: the
KOLAPS walk-through's step 5 says « gravité » once a clause and step 4's parenthesis holds one line
in the quick-start; the 3d6 experience examples set under their rows read « Ex. : … » in italics
and the cost holds its line; phrases that belong together (« 50 % ou moins », « Moins de 100 % »,
« quel que soit », « un échec », « le tiers », « en plus »)
never part at a line end.

Expected words come from the rules data and the labels, never from the PDF."""

from __future__ import annotations

from functools import cache

import pytest
import yaml
from pdf_text import flat, page_texts, split_across_lines, text_objects  # tests/support
from review_books import book_pdf  # tests/support
from ruleset_products import ruleset_pdf  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print import resources
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.model.army_book import load_army

CARDS = ("mini", "poker", "tarot")


def _step(step_id: str) -> str:
    """A step of the attack walk-through as the data words it."""
    steps = yaml.safe_load((resources.kolaps_dir() / "rules" / "attack.yaml").read_text(encoding="utf-8"))["steps"]
    (text,) = [s["text"] for s in steps if s["id"] == step_id]
    return flat(text)


def _experience() -> list[list[str]]:
    tables = yaml.safe_load((resources.data_dir() / "rulesets" / "3d6" / "tables.yaml").read_text(encoding="utf-8"))
    (table,) = [t for t in tables["tables"] if t["id"] == "experience"]
    return [[flat(c) for c in row] for row in table["rows"]]


# ---- 1. KOLAPS step 5: « gravité » once a clause ------------------------------------------------
@cache
def _kolaps_sheet(edition: str) -> bytes:
    return build_reference(TablesOptions(edition=edition)).pdf


@pytest.mark.parametrize("product", ["quickstart", "sheet-full", "sheet-quickstart"])
def test_step_5_names_the_modifier_of_the_last_box(product):
    """Main printed « La gravité vaut le dé de gravité plus la gravité suivante de la dernière case
    cochée… » (sheet p. 2, kit sheet p. 2, quick-start p. 3): three « gravité » in a sentence. The
    draft calls what a box adds « le modificateur » (as the kit's Localisation note does)."""
    pdf = book_pdf(product) if product == "quickstart" else _kolaps_sheet(product.removeprefix("sheet-"))
    text = flat(" ".join(page_texts(pdf)))
    assert "plus le modificateur de la dernière case cochée" in _step("gravite")
    assert _step("gravite") in text
    assert "plus la gravité suivante" not in text


def test_step_4_of_the_quick_start_keeps_its_parenthesis_on_one_line():
    """Main's quick-start (p. 3) set « Une réussite cri- / tique (tous les dés donnent 6 ; à 2C6, le
    dé gardé) / donne… »: the step now starts on its condition, its parenthesis short and whole."""
    pdf = book_pdf("quickstart")
    assert _step("critique-demo") in flat(" ".join(page_texts(pdf)))
    assert "(à 2C6, le dé gardé)" in _step("critique-demo")
    assert not split_across_lines(pdf, "(à 2C6, le dé gardé)")


# ---- 2. 3d6 experience: examples named, the cost whole -----------------------------------------
@pytest.mark.parametrize("card", CARDS)
def test_experience_examples_under_their_rows_read_ex_in_italics(card):
    """Main's 3d6 reference cards set « CORPS de 4 à 5 : 25 XP » and « De 3 à 4 : 4 XP » under
    their rows with no label, read as rules (mini 12/12): « Ex. : … » in italics now."""
    examples = [row[2] for row in _experience() if row[2] != label("rulesets.values.none")]
    lines = [o for o in text_objects(ruleset_pdf("3d6", card)) if o.text.strip()]
    run_in = label("rulesets.columns.example_run_in")
    for example in examples:
        found = [o for o in lines if flat(o.text) == flat(f"{run_in} : {example}")]
        assert found, (card, example)
        assert all("Italic" in o.font for o in found), found


@pytest.mark.parametrize("kind", ["sheet", "book", *CARDS])
def test_a_new_skill_is_taught_by_someone_else_and_no_example_says_so(kind):
    """Main printed « Enseignée par un tiers » in the Exemple column: a condition, not an example."""
    text = flat(" ".join(page_texts(ruleset_pdf("3d6", kind))))
    (new_skill,) = [row for row in _experience() if row[1] == "1 XP"]
    assert new_skill[0] in text and "(enseignée par un tiers)" in new_skill[0]
    assert "Enseignée par un tiers" not in text


def test_the_sheet_holds_the_experience_cost_on_one_line():
    """Main's 3d6 sheet (p. 2) set « 5 XP / × niveau visé » in two lines."""
    costs = {row[1] for row in _experience() if "×" in row[1]}
    cells = [c for c in grid_cells(ruleset_pdf("3d6", "sheet")) if flat(c.text) in costs]
    assert {flat(c.text) for c in cells} == costs and all(c.lines == 1 for c in cells), cells


# ---- 3. ties at line ends -------------------------------------------------------------------------
@cache
def _tarot_cards(army: str) -> bytes:
    return build_cards(load_army(resources.kolaps_dir() / "armies" / f"{army}.yaml"), CardOptions(card="tarot")).pdf


@pytest.mark.parametrize(
    ("product", "phrase"),
    [
        (lambda: ruleset_pdf("d12", "poker"), "Moins de 100 %"),
        (lambda: ruleset_pdf("d12", "mini"), "Moins de 100 %"),
        (lambda: ruleset_pdf("d12", "mini"), "50 % ou moins"),
        (lambda: ruleset_pdf("d12", "mini"), "25 % ou moins"),
        (lambda: book_pdf("d12"), "quel que soit"),
        (lambda: book_pdf("3d6"), "en plus."),
        (lambda: book_pdf("3d6"), "le tiers."),
        (lambda: _tarot_cards("les-damnes"), "un échec"),
    ],
    ids=[
        "d12-poker-moins",
        "d12-mini-moins",
        "d12-mini-50",
        "d12-mini-25",
        "d12-book",
        "3d6-dive",
        "3d6-third",
        "tarot",
    ],
)
def test_words_that_belong_together_never_part_at_a_line_end(product, phrase):
    """Main set « Moins de / 100 % » (d12 poker 3/3, mini 5/5), « 50 % ou / moins » (mini),
    « quel / que soit son total » (d12 book), « plongé en / plus. » and « on en subit / 1/3. » (3d6
    book), « chaque 6 annule un / échec » (KOLAPS tarot fronts)."""
    pdf = product()
    assert phrase in flat(" ".join(page_texts(pdf))), phrase
    assert not split_across_lines(pdf, phrase), phrase
