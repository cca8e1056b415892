"""Issue 12, the twelfth session's tarot fronts (docs/style.md, « Twelfth session: tarot12 »),
read back from the print-shop PDF (one face a page): each front uses its height, the weapons
read at the body's size with their heads on one line, and their cells stand apart."""

from functools import lru_cache
from io import BytesIO

import pytest
from pdf_boxes import path_boxes  # tests/support
from pdf_text import as_printed, text_objects  # tests/support
from pypdf import PdfReader
from ruleset_products import demo_army  # tests/support

from kolaps_print.content.ruleset_card import front_items
from kolaps_print.content.ruleset_sheet import RulesetTable
from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.labels import overriding_labels
from kolaps_print.layout.ruleset.look import sheet_look

MM = 72 / 25.4
TAROT = CardOptions(print_shop=True, card="tarot")


@lru_cache(maxsize=3)
def _fronts(ruleset_id: str):
    """The demo army, its tarot deck, and each character's front page with its weapons table."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, TAROT).pdf
    with overriding_labels(army.ruleset.labels_file):
        tables = [
            next(i for i in front_items(army.ruleset, m, army.name) if isinstance(i, RulesetTable) and i.strong)
            for m in army.members
        ]
    firsts = [sum(m.character.copies for m in army.members[:i]) for i in range(len(army.members))]
    return army, pdf, [(2 * f, t) for f, t in zip(firsts, tables, strict=True)]


@pytest.mark.parametrize("ruleset_id", ["d12", "3d6", "d100"])
def test_every_tarot_front_ends_its_last_block_near_the_foot_band(ruleset_id):
    """The review found the fronts' lower part empty under a deck-wide size: every front's lowest
    text or box stands within 15 % of the height between the name band and the foot band of the
    foot band (main: 80 % used on Yuna Kade's, Marc Aubry's, Bastien Roux's fronts)."""
    army, pdf, fronts = _fronts(ruleset_id)
    look, texts = sheet_look().card, text_objects(pdf, page_space=True)
    used = []
    for page, _ in fronts:
        _, bottom, _, top = (float(v) for v in PdfReader(BytesIO(pdf)).pages[page].trimbox)
        band, foot = top - look.band_mm * MM, bottom + look.footer_mm * MM
        ink = [o.bounds[1] for o in texts if o.page == page and foot < o.bounds[1] < band]
        ink += [b[1] for b in path_boxes(pdf, page) if foot + 0.1 < b[1] < band]
        used.append((band - min(ink)) / (band - foot))
    assert min(used) >= 0.85, used


def _skills_size(texts, page: int) -> float:
    """The body's size on a front: its skills line, the first text under « COMPÉTENCES »."""
    head = next(o for o in texts if o.page == page and o.text.strip() == "COMPÉTENCES")
    under = [o for o in texts if o.page == page and o.bounds[3] < head.bounds[1]]
    return max(under, key=lambda o: o.bounds[3]).size


@pytest.mark.parametrize("ruleset_id", ["d12", "3d6", "d100"])
def test_a_tarot_front_sets_its_weapon_cells_at_the_body_s_size(ruleset_id):
    """What is used at the table is primary: each weapon's values (damage, skill, range…) print
    at the front's body size (main: 8 pt under a 10.08 pt body), their heads too, the names bold
    (3d6: each roll on its name's line, the four other values in columns under it)."""
    army, pdf, fronts = _fronts(ruleset_id)
    texts = text_objects(pdf, page_space=True)
    for (page, table), member in zip(fronts, army.members, strict=True):
        body = _skills_size(texts, page)
        wanted = {as_printed(c).strip() for row in table.rows for j, c in enumerate(row) if j and j != table.strong}
        wanted |= set(table.header[1:]) - {table.header[table.strong or 0]}
        head = next(o for o in texts if o.page == page and o.text.strip() == table.title.upper())
        under = [o for o in texts if o.page == page and o.bounds[3] < head.bounds[1]]  # not a tile's value
        cells = [o for o in under if as_printed(o.text).strip() in wanted]
        assert cells, member.name
        assert all(abs(o.size - body) < 0.01 for o in cells), (member.name, body, [(o.text, o.size) for o in cells])
        names = [o for o in texts if o.page == page and as_printed(o.text).strip() in {r[0] for r in table.rows}]
        assert names and all("Bold" in o.font for o in names), member.name


@pytest.mark.parametrize("ruleset_id", ["d12", "3d6", "d100"])
def test_every_weapon_head_holds_one_line_on_a_tarot_front(ruleset_id):
    """« Portée (m) » wrapped onto two lines on every d12 tarot front: each head of the weapons
    table prints whole, as one text on one baseline. Since cards14b a head gives way to a cell
    (review 14 S1: d100's « Portée / (m) » lets « Fusils de chasse » hold one line): a head may
    break at a word space, its words one under the other in its column, never inside a word;
    d12 and 3d6 keep every head whole."""
    army, pdf, fronts = _fronts(ruleset_id)
    texts = text_objects(pdf, page_space=True)
    for (page, table), member in zip(fronts, army.members, strict=True):
        printed = [o for o in texts if o.page == page]
        whole = {as_printed(o.text).strip() for o in printed}
        for head in table.header[1:]:  # the roll's head, where the roll stands on its name's line, is not printed
            if head in whole or head == table.header[table.strong or 0]:
                continue
            assert ruleset_id == "d100", (ruleset_id, member.name, head)
            parts = [o for o in printed if as_printed(o.text).strip() in head.split()]
            assert " ".join(as_printed(o.text).strip() for o in sorted(parts, key=lambda o: -o.bounds[3])) == head
            assert len({round(o.bounds[0]) for o in parts}) == 1, (member.name, head)  # one column


@pytest.mark.parametrize("ruleset_id", ["d12", "3d6", "d100"])
def test_the_cells_of_a_tarot_weapons_table_stand_1_5_mm_apart(ruleset_id):
    """« Armes de tir 2d6 » read as one phrase (d12 tarot, 1.42 mm): at a 10 pt body a word space is
    0.9 mm, so neighbouring cells on a line of the weapons table keep 1.5 mm of paper between them
    (main's 3d6: « assommants » | « 3 », 1.48 mm). A name's line (its roll after it, fronts13:
    « Pistolet · AV 3d6 + 11 ») is one line of text, not cells: its runs are left out."""
    army, pdf, fronts = _fronts(ruleset_id)
    texts = text_objects(pdf, page_space=True)
    for (page, table), member in zip(fronts, army.members, strict=True):
        top = max(o.bounds[3] for o in texts if o.page == page and as_printed(o.text).strip() in table.header[1:])
        last = [o for o in texts if o.page == page and as_printed(o.text).strip() in {r[-1] for r in table.rows}]
        low, names = min(o.bounds[1] for o in last), {row[0] for row in table.rows}
        on_names = [o.bounds for o in texts if o.page == page and as_printed(o.text).strip() in names]
        assert len(on_names) == len(names), member.name  # each name printed, as a run of its own
        lines: dict[int, list] = {}
        for o in texts:
            middle = (o.bounds[1] + o.bounds[3]) / 2
            if o.page != page or not o.text.strip() or any(b[1] <= middle <= b[3] for b in on_names):
                continue  # a name's line: its name, « · AV » and its roll
            if low - 0.5 <= o.bounds[1] and o.bounds[3] <= top + 0.5:
                lines.setdefault(round(o.bounds[1]), []).append(o)
        for line in lines.values():
            line.sort(key=lambda o: o.bounds[0])
            for a, b in zip(line, line[1:], strict=False):
                assert b.bounds[0] - a.bounds[2] >= 1.5 * MM, (member.name, a.text, b.text)
