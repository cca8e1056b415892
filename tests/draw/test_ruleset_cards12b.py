"""Issue 12, the twelfth session's second round on the character card fronts (docs/style.md,
« Twelfth session: cards12b »), read back from the print-shop PDFs (one face a page): the poker
weapons at the body's size with their heads on one line, no line opening on « · », KOLAPS's « voir p. 11 » in lowercase after « · »."""

import re
from functools import lru_cache
from pathlib import Path

import pytest
from pdf_text import as_printed, page_texts, text_objects  # tests/support
from ruleset_products import RULESETS, demo_army  # tests/support

from kolaps_print.content.ruleset_card import front_items
from kolaps_print.content.ruleset_sheet import RulesetTable
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.labels import overriding_labels
from kolaps_print.model.army_book import load_army

ROOT = Path(__file__).resolve().parents[2]
CARDS = ("mini", "poker", "tarot")


@lru_cache(maxsize=9)
def _deck(ruleset_id: str, card: str) -> bytes:
    return build_ruleset_cards(demo_army(ruleset_id), CardOptions(print_shop=True, card=card)).pdf


@lru_cache(maxsize=3)
def _fronts(ruleset_id: str):
    """The demo army's poker deck and each character's front page with its weapons table."""
    army = demo_army(ruleset_id)
    with overriding_labels(army.ruleset.labels_file):
        tables = [
            next(i for i in front_items(army.ruleset, m, army.name) if isinstance(i, RulesetTable) and i.strong)
            for m in army.members
        ]
    firsts = [sum(m.character.copies for m in army.members[:i]) for i in range(len(army.members))]
    return army, _deck(ruleset_id, "poker"), [(2 * f, t) for f, t in zip(firsts, tables, strict=True)]


def _skills_size(texts, page: int) -> float:
    """The body's size on a front: its skills line, the first text under « COMPÉTENCES »."""
    head = next(o for o in texts if o.page == page and o.text.strip() == "COMPÉTENCES")
    under = [o for o in texts if o.page == page and o.bounds[3] < head.bounds[1]]
    return max(under, key=lambda o: o.bounds[3]).size


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_poker_front_sets_its_weapon_cells_at_the_body_s_size(ruleset_id):
    """Review 12 S3: the poker weapons were set under the body (3d6: 6 pt under 6.83) while a
    quarter of the card stayed empty: each weapon's values and the heads print at the front's
    body size."""
    army, pdf, fronts = _fronts(ruleset_id)
    texts = text_objects(pdf, page_space=True)
    for (page, table), member in zip(fronts, army.members, strict=True):
        body = _skills_size(texts, page)
        wanted = {as_printed(c).strip() for row in table.rows for j, c in enumerate(row) if j and j != table.strong}
        wanted |= {as_printed(h) for h in table.header[1:]}
        head = next(o for o in texts if o.page == page and o.text.strip() == table.title.upper())
        under = [o for o in texts if o.page == page and o.bounds[3] < head.bounds[1]]  # not a tile's value
        cells = [o for o in under if as_printed(o.text).strip() in wanted]
        assert cells, member.name
        assert all(abs(o.size - body) < 0.01 for o in cells), (member.name, body, [(o.text, o.size) for o in cells])


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_weapon_head_holds_one_line_on_a_poker_front(ruleset_id):
    """Review 12 S3: « Portée / (m) » and « FOR / min. » wrapped on every poker front: each head
    of the weapons table prints whole (the roll's, where the roll stands on its name's line, is
    not printed)."""
    army, pdf, fronts = _fronts(ruleset_id)
    texts = text_objects(pdf, page_space=True)
    for (page, table), member in zip(fronts, army.members, strict=True):
        printed = {as_printed(o.text).strip() for o in texts if o.page == page}
        for head in table.header[1:]:
            assert as_printed(head) in printed or head == table.header[table.strong or 0], (member.name, head)


def _kolaps_mini() -> bytes:
    army = load_army(ROOT / "data/rulesets/kolaps/armies/les-damnes.yaml")
    return build_cards(army, CardOptions(print_shop=True, card="mini")).pdf


@pytest.mark.parametrize("deck", [f"{r}-{c}" for r in RULESETS for c in CARDS] + ["kolaps-mini"])
def test_no_printed_line_starts_with_the_separator(deck):
    """Review 12 S7: « …Comp. Fusils de chasse / · Dégâts 4d6 » (d100 mini), « …Armes de tir /
    · Dégâts 2d8 » (d12 mini): the separator stays with the item before it, so no line of a
    face (as a reader's text extraction splits them) opens with « · »."""
    system, card = deck.split("-")
    pdf = _kolaps_mini() if system == "kolaps" else _deck(system, card)
    opening = [
        (page, line)
        for page, text in enumerate(page_texts(pdf))
        for line in text.splitlines()
        if line.strip()[:1] == "·"
    ]
    assert not opening, opening


def test_a_pointer_after_the_separator_reads_voir_in_lowercase():
    """Review 12 S4: Ézéchiel's « gravité +1 · Voir p. 11 : Pistolet »: after « · », within the
    sentence, « voir »; the pointer that opens FACULTÉS keeps its capital."""
    texts = " ".join(as_printed(t) for t in page_texts(_kolaps_mini()))
    flat = re.sub(r"\s+", " ", texts)
    assert "· voir p. " in flat
    assert "· Voir" not in flat
    assert "Voir p. " in flat  # Vesna's pointer opens her FACULTÉS
