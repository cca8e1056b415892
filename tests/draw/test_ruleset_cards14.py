"""The fourteenth session's character cards (cards14, review 13), read back from the PDF: a
tarot back's blocks top-aligned at one gap (S4: the d12 backs spread 9 and 10.5 mm between
their blocks over an empty foot), every card table's columns 1.5 mm apart (N2), and one
placement of the 3d6 mini backs' « Seuils … : voir l’aide. » (N1)."""

import pytest
from cell_gutters import cell_gutters, needless_wraps  # tests/support
from face_bands import room  # tests/support
from face_rows import MM, Printed  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.content.ruleset_card import back_items, front_items
from kolaps_print.content.ruleset_sheet import RulesetTable
from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

BLOCK_AIR_MM = (2.5, 5.0)  # a tarot back's air over a block's head: the deck's gap (3.5–3.6 mm) and a line's leading


def _faces(ruleset_id: str, card: str, side: int) -> tuple[bytes, range]:
    """The print-shop PDF (one card a page) and one side's pages (0: fronts, 1: backs)."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    return pdf, range(side, 2 * army.card_count, 2)


def _air_over(printed: list[Printed], head: Printed) -> float:
    """The air (mm) between a text's top and the lowest thing printed above it."""
    above = [p.rect[1] for p in printed if p.rect[1] > head.rect[3] - 0.5]
    return (min(above) - head.rect[3]) / MM


@pytest.mark.parametrize("ruleset_id", ["d12", "3d6", "d100"])
def test_a_tarot_back_s_blocks_stand_at_the_deck_s_gap(ruleset_id):
    """Review 13 S4: the d12 tarot backs spread their gaps (9 mm over « À COCHER », 10.5 mm over
    « Critiques en combat : voir l’aide. » on Oskar Brandt) over an empty foot. Every block of a
    tarot back that follows another (« À COCHER », « MUNITIONS … », the by-name line) now stands
    the deck's gap under it, on every back alike (fails on 1976eba for d12)."""
    pdf, backs = _faces(ruleset_id, "tarot", 1)
    airs = []
    for page in backs:
        printed = room(pdf, page)
        top = max(p.rect[3] for p in printed)
        heads = [
            p
            for p in printed
            if p.kind == "text" and p.rect[3] < top - 1 and p.text.startswith(("À COCHER", "MUNITIONS", "Critiques"))
        ]
        assert heads, page
        airs += [(page, h.text, round(_air_over(printed, h), 2)) for h in heads]
    assert all(BLOCK_AIR_MM[0] <= air <= BLOCK_AIR_MM[1] for _, _, air in airs), airs


GUTTER_MM = 1.5


@pytest.mark.parametrize("card", ["poker", "tarot", "mini"])
@pytest.mark.parametrize("ruleset_id", ["d12", "3d6", "d100"])
def test_every_card_table_parts_its_columns_by_1_5_mm_of_ink(ruleset_id, card):
    """Review 13 N2: the 3d6 and d100 tarot fronts and the 3d6 poker weapons tables set their
    cells 0.85–1 mm apart by ink (« assommants 3 » on Lou Ferrand, « Fusils de chasse 4d6 » on
    Élise Garnier: a cell's trailing space made its bounds look 2 mm apart). Every pair of
    neighbouring cells on a line of any table of any character card now keeps 1.5 mm of paper
    between the last glyph of one and the first of the next (fails on 1976eba: 3d6 and d100
    tarot, 3d6, d100 and d12 poker)."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    narrow = []
    for i, member in enumerate(army.members):
        for side, items in enumerate((front_items, back_items)):
            for table in (t for t in items(army.ruleset, member, army.name) if isinstance(t, RulesetTable)):
                gutters = cell_gutters(pdf, 2 * i + side, table.header, table.rows)
                narrow += [(member.name, a, b, gap) for a, b, gap in gutters if gap < GUTTER_MM - 0.005]
    assert not narrow, narrow


def test_a_card_table_s_gutter_is_1_5_mm_by_design():
    """Review 13 N2 measured the gutters the look gives a table, 2 × its cell padding: 2.4 pt
    (0.85 mm) on poker, 3.4 pt (1.2 mm) on tarot's halfway padding, 1.6 pt on mini; a cell as wide
    as its column stands that near its neighbour. Every padding a card table may take (poker,
    tarot's three, mini) now parts two columns by 1.5 mm or more (fails on 1976eba). The ink
    test above is the guard on the printed decks (main's narrowest: 1.54 mm, Élise Garnier's
    « Fusils de chasse » | « 4d6 » on d100 tarot, where a word space is 1.15 mm)."""
    from kolaps_print.layout.ruleset.card import _pads
    from kolaps_print.layout.ruleset.look import sheet_look

    card = sheet_look().card
    looks = [card, card.compacted(44)]
    pads = [look.cell_pad_pt for look in looks] + list(_pads(card))
    assert min(pads) * 2 / MM >= GUTTER_MM - 0.005, pads


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The area two rectangles share (pt²)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def test_every_3d6_mini_back_sets_its_by_name_sentence_beside_its_last_row():
    """Review 13 N1: « Seuils ASSOMMANT et COUPS : voir l’aide. » stood beside the last row of
    boxes on Lou Ferrand's, Inès Marchal's and Nadia Colin's mini backs, on a line of its own
    under the boxes on Marc Aubry's and Karim Besson's (a last row of 8 boxes left no room).
    One placement for the deck: on every back its first line is level with a row of boxes, right
    of it, clear of every box (fails on 1976eba for Marc Aubry and Karim Besson). Since backs23
    (review 22a, 7) only the backs with no room for the thresholds' effects name them (Lou
    Ferrand's): the others print them; one back at least still names them."""
    pdf, backs = _faces("3d6", "mini", 1)
    names = [m.name for m in demo_army("3d6").members]
    seen = 0
    for name, page in zip(names, backs, strict=True):
        printed = room(pdf, page)
        first = next((p for p in printed if p.kind == "text" and p.text.startswith("Seuils")), None)
        if first is None:
            continue
        seen += 1
        boxes = [p.rect for p in printed if p.kind == "box"]
        row = [b for b in boxes if b[1] < first.rect[3] and b[3] > first.rect[1]]  # boxes level with it
        assert row, (name, "the sentence is not beside a row of boxes")
        assert first.rect[0] >= max(b[2] for b in row) + 1 * MM, (name, first.rect, row)
        assert all(_overlap(first.rect, b) == 0 for b in boxes), name
    assert 1 <= seen < len(names), seen


def _needless_wraps(pdf: bytes, army) -> list:
    """Every card table's cells wrapped while the table's other columns had room (needless_wraps)."""
    found = []
    for i, member in enumerate(army.members):
        for side, items in enumerate((front_items, back_items)):
            for table in (t for t in items(army.ruleset, member, army.name) if isinstance(t, RulesetTable)):
                found += [(member.name, *w) for w in needless_wraps(pdf, 2 * i + side, table.header, table.rows)]
    return found


@pytest.mark.parametrize("card", ["poker", "tarot", "mini"])
@pytest.mark.parametrize("ruleset_id", ["d12", "3d6", "d100"])
def test_no_card_table_cell_wraps_while_another_column_has_room(ruleset_id, card):
    """Review 14 S1: d100 tarot's Élise Garnier wrapped « Fusils de / chasse » in the « Comp. »
    column while « Portée (m) » held « 10 » in about 15 mm. A card table now shares its width by
    need, as the sheet's (fewer_row_lines): no cell of any table of any character card takes a
    second line while the table's other columns have, together, the pushed word's width over
    their longest word and the 1.5 mm gutter (a heading may take two lines for it)."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    assert not _needless_wraps(pdf, army)
