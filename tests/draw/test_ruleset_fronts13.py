"""Issue 12, the thirteenth session's character-card fronts of the other systems (docs/style.md,
« Thirteenth session: fronts13 »; print review 12b S2 and S3), read back from the print-shop PDFs
(one face a page, the front first): a poker deck's body as large as its fullest front holds,
nothing overlapping nor under the foot band, and the 3d6 weapon's roll labelled « AV », no larger
than its name."""

from functools import lru_cache
from io import BytesIO

import pytest
from pdf_boxes import path_boxes  # tests/support
from pdf_text import TextObject, as_printed, text_objects  # tests/support
from pypdf import PdfReader
from ruleset_products import RULESETS, demo_army  # tests/support

from kolaps_print.content.ruleset_card import front_items
from kolaps_print.content.ruleset_sheet import RulesetTable
from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.labels import label, overriding_labels
from kolaps_print.layout.ruleset.look import sheet_look

MM = 72 / 25.4
REVIEW_BODY_PT = 7.25  # review 12b S2: « about 7.25–7.5 pt » on the poker fronts


@lru_cache(maxsize=6)
def _deck(ruleset_id: str, card: str):
    """The demo army, its print-shop deck, its text objects (page space), and each character's front
    page with its weapons table."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    with overriding_labels(army.ruleset.labels_file):
        tables = [
            next(i for i in front_items(army.ruleset, m, army.name) if isinstance(i, RulesetTable) and i.strong)
            for m in army.members
        ]
    firsts = [sum(m.character.copies for m in army.members[:i]) for i in range(len(army.members))]
    fronts = [(2 * f, t) for f, t in zip(firsts, tables, strict=True)]
    return army, pdf, text_objects(pdf, page_space=True), fronts


def _body_size(texts: list[TextObject], page: int) -> float:
    """A front's body: its skills line, the first text under « COMPÉTENCES »."""
    head = next(o for o in texts if o.page == page and o.text.strip() == "COMPÉTENCES")
    under = [o for o in texts if o.page == page and o.bounds[3] < head.bounds[1]]
    return max(under, key=lambda o: o.bounds[3]).size


def _room(pdf: bytes, page: int) -> tuple[float, float]:
    """The bottom of the name band and the top of the foot band of a page's card (pt, page space)."""
    look = sheet_look().card
    _, bottom, _, top = (float(v) for v in PdfReader(BytesIO(pdf)).pages[page].trimbox)
    return top - look.band_mm * MM, bottom + look.footer_mm * MM


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_poker_deck_sets_its_fronts_body_at_one_size_of_7_25_pt_or_more(ruleset_id):
    """Review 12b S2: the poker fronts were set at 6.5 pt (3d6) and 6.83 pt (d100, d12) over a tenth
    to a quarter of empty card: one body size on every front of a deck, at least the review's
    7.25 pt."""
    _, _, texts, fronts = _deck(ruleset_id, "poker")
    sizes = {_body_size(texts, page) for page, _ in fronts}
    assert len(sizes) == 1, sizes
    assert sizes.pop() >= REVIEW_BODY_PT - 1e-9


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_poker_front_s_weapon_names_and_values_print_at_its_body_size(ruleset_id):
    """Review 12b S2: the body grows with the weapon's name at its size (bold), and its values too."""
    army, _, texts, fronts = _deck(ruleset_id, "poker")
    for (page, table), member in zip(fronts, army.members, strict=True):
        body = _body_size(texts, page)
        names = [o for o in texts if o.page == page and as_printed(o.text).strip() in {r[0] for r in table.rows}]
        assert len(names) == len(table.rows), member.name
        assert all(abs(o.size - body) < 0.01 and "Bold" in o.font for o in names), (member.name, body, names)
        values = {as_printed(c).strip() for r in table.rows for j, c in enumerate(r) if j not in (0, table.strong)}
        title = next(o for o in texts if o.page == page and o.text.strip() == table.title.upper())
        under = [o for o in texts if o.page == page and o.bounds[3] < title.bounds[1]]  # not a tile's value
        cells = [o for o in under if as_printed(o.text).strip() in values]
        assert cells and all(abs(o.size - body) < 0.01 for o in cells), (member.name, body)


@pytest.mark.parametrize("card", ["poker", "tarot"])
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_nothing_on_a_front_overlaps_nor_comes_within_1_5_mm_of_the_foot_band(ruleset_id, card):
    """What grew must still hold: no two texts of a front share ink room (their boxes, 0.3 pt in
    from each side: two lines' boxes may touch), and every text and box between the bands stands
    1.5 mm or more above the foot band (the review's least air for the last row: M2)."""
    army, pdf, texts, fronts = _deck(ruleset_id, card)
    for page, _ in fronts:
        band, foot = _room(pdf, page)
        inside = [o for o in texts if o.page == page and o.text.strip() and foot < o.bounds[1] < band]
        for i, a in enumerate(inside):
            for b in inside[i + 1 :]:
                apart = (
                    a.bounds[2] - 0.3 <= b.bounds[0]
                    or b.bounds[2] - 0.3 <= a.bounds[0]
                    or a.bounds[3] - 0.3 <= b.bounds[1]
                    or b.bounds[3] - 0.3 <= a.bounds[1]
                )
                assert apart, (page, a.text, b.text)
        ink = [o.bounds[1] for o in inside] + [b[1] for b in path_boxes(pdf, page) if foot + 0.1 < b[1] < band]
        assert min(ink) - foot >= 1.5 * MM, (page, (min(ink) - foot) / MM)


def _name_lines(texts: list[TextObject], page: int, table: RulesetTable) -> list[list[TextObject]]:
    """Each weapon's name line, left to right: its name's run and the runs whose middle stands
    within the name's height."""
    lines = []
    for row in table.rows:
        (name,) = [o for o in texts if o.page == page and as_printed(o.text).strip() == row[0]]
        line = [
            o
            for o in texts
            if o.page == page and o.text.strip() and name.bounds[1] <= (o.bounds[1] + o.bounds[3]) / 2 <= name.bounds[3]
        ]
        lines.append(sorted(line, key=lambda o: o.bounds[0]))
    return lines


ROLL_HEADS = [("3d6", "AV"), ("d12", "attaque")]  # the rules' words (« AV contre DV », d12's reminder « Attaque : »)


@pytest.mark.parametrize("card", ["poker", "tarot"])
@pytest.mark.parametrize(("ruleset_id", "head"), ROLL_HEADS)
def test_a_weapon_s_roll_reads_after_its_name_labelled_and_no_larger(ruleset_id, head, card):
    """Review 12b S3: « Pistolet » at 6.5 pt bold beside an unlabelled « 3d6 + 11 » at 8.45 pt: the
    line now reads « Pistolet · AV 3d6 + 11 », the label the ruleset's (data/rulesets/*/labels.yaml;
    review 13 S3: d12's « Sabre · attaque 1d12 + 5 »), the name a run of its own, bold, and the
    roll no larger than it."""
    army, _, texts, fronts = _deck(ruleset_id, card)
    for (page, table), member in zip(fronts, army.members, strict=True):
        assert table.strong is not None
        for row, line in zip(table.rows, _name_lines(texts, page, table), strict=True):
            printed = " ".join(as_printed(o.text).strip() for o in line)
            assert printed == f"{row[0]} · {head} {as_printed(row[table.strong])}", (member.name, printed)
            name, roll = line[0], line[-1]
            assert "Bold" in name.font and "Bold" in roll.font, member.name
            assert roll.size <= name.size + 0.01, (member.name, name.size, roll.size)
    with overriding_labels(army.ruleset.labels_file):
        assert as_printed(label("rulesets.card.roll_head")) == head  # a label, not a constant of the code


@pytest.mark.parametrize(("ruleset_id", "head"), ROLL_HEADS)
def test_a_mini_weapon_line_opens_as_on_the_larger_cards(ruleset_id, head):
    """Review 13 S2: the 3d6 mini read « Pistolet 3d6 + 11 · Dégâts 2d6 … », the poker and tarot
    « Pistolet · AV 3d6 + 11 »: one character reads the same on every size."""
    army, pdf, _, fronts = _deck(ruleset_id, "mini")
    pages = PdfReader(BytesIO(pdf)).pages
    for (page, table), member in zip(fronts, army.members, strict=True):
        assert table.strong is not None
        printed = " ".join(as_printed(pages[page].extract_text()).split())
        for row in table.rows:
            assert f"{row[0]} · {head} {as_printed(row[table.strong])}" in printed, (member.name, printed)
