"""The full quick-reference sheets after kolaps17 (issue 12, house style), read back from the PDFs:
the attack walk-through heads the verso, the tables its steps call after it in their order, so it
is set each step over its text as on the kit's sheet (test_reference_sheet13) at 7 pt; « Facultés
des armes » sets each rule beside its name (its two longest rules a few words shorter)."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import flat, text_objects  # tests/support

from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label


@cache
def _sheet(paper: str) -> bytes:
    return build_reference(TablesOptions(paper=paper)).pdf  # type: ignore[arg-type]


def _body_pt(pdf: bytes) -> float:
    sizes = [round(o.size, 2) for o in text_objects(pdf)]
    return max(set(sizes), key=sizes.count)


def _bands(pdf: bytes, page: int) -> list[str]:
    """A side's section bands (their titles, body + 3.5 pt), in reading order: column by column, down each."""
    size = _body_pt(pdf) + 3.5
    bands = [o for o in text_objects(pdf) if o.page == page and abs(o.size - size) < 0.01]
    width = max(o.bounds[2] for o in text_objects(pdf))
    bands.sort(key=lambda o: (int(o.bounds[0] / (width / 3)), -o.bounds[3]))
    return [flat(o.text) for o in bands]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_attack_heads_the_verso_and_the_tables_it_calls_follow_in_its_order(paper):
    """Main f7c472b closed the recto with it (the verso opened on « Blessures »), where its steps
    over their text did not fit at 7 pt: the verso now reads the attack, then the wounds its steps
    5–10 call, the morale of step 11 and the criticals; the recto the turn, a test, its chances
    and the weapons' traits. Since sheet18 (review 17, S8) the chances end column 1 under the
    turn, where the recto had a 40 mm hole, and the test's modifiers stand whole in column 2."""
    pdf = _sheet(paper)
    sections = "tables.sheet.sections"
    verso = [label(f"{sections}.{s}") for s in ("attaque", "blessures", "moral", "critiques")]
    recto = [label(f"{sections}.{s}") for s in ("tour", "chances", "test", "armes")]
    assert _bands(pdf, 1) == verso
    assert _bands(pdf, 0) == recto
    assert _body_pt(pdf) >= 7


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("trait", ["Fragmentation", "Automatique"])
def test_a_weapons_trait_stands_beside_its_rule(paper, trait):
    """Main set « Facultés des armes » name over rule on both papers: « Fragmentation »'s rule took
    four lines beside its name (three on the sheet's rule), « Explosion »'s too on Letter. Both a
    few words shorter, each rule starts on its name's line, to its right."""
    objs = text_objects(_sheet(paper))
    start = {"Fragmentation": "Jamais à travers", "Automatique": "Sur un tir statique"}[trait]
    rule = next(o for o in objs if flat(o.text).startswith(start))
    names = [o for o in objs if o.page == rule.page and flat(o.text) == trait]
    name = min(names, key=lambda o: abs(o.bounds[3] - rule.bounds[3]))  # « Automatique » is a difficulty too
    assert rule.bounds[0] > name.bounds[2], (rule, name)
    assert rule.bounds[3] >= name.bounds[1], (rule, name)  # its first line level with the name
