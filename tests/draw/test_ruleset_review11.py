"""The eleventh session's review of the other systems' character decks, read back from the PDF: no
row of a track past the grid its full rows make (a row of 12 reached 3.4–3.7 mm from the trim),
the d12 and 3d6 poker backs at 6.5 pt or more, bold weapon names at the body's size over their
values on tarot, and a row's values on the first baseline of its large rolled value."""

import pytest
from pdf_boxes import square_paths  # tests/support
from pdf_text import as_printed, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.units import pt

MM = pt(1)


def _pdf(ruleset_id: str, card: str) -> bytes:
    return build_ruleset_cards(demo_army(ruleset_id), CardOptions(print_shop=True, card=card)).pdf


def _track_rows(pdf: bytes, page: int) -> list[list[tuple[float, float, float, float]]]:
    """A back's track boxes by row (bottoms within a point), each row's boxes side by side (a
    check box's row stands far apart: left out)."""
    rows: list[list[tuple[float, float, float, float]]] = []
    for box in sorted(square_paths(pdf, page, 7, 20), key=lambda b: (-b[1], b[0])):
        if rows and abs(rows[-1][-1][1] - box[1]) < 1 and box[0] - rows[-1][-1][2] < 17:
            rows[-1].append(box)
        else:
            rows.append([box])
    return [row for row in rows if len(row) > 1]


@pytest.mark.parametrize("card", ["mini", "poker", "tarot"])
@pytest.mark.parametrize("ruleset_id", ["d100", "3d6", "d12"])
def test_no_track_row_runs_past_the_grid_its_full_rows_make(ruleset_id, card):
    """Review 11, item 1: Lou Ferrand's 12 boxes below zero and Oskar Brandt's 22 PV joined their
    last two boxes to the row above, a row of 12 past the 10-box grid, 3.4–3.7 mm from the trim.
    On every back of a deck (one size a side), no row of a track ends right of the widest row of
    per-row boxes at the deck's full pitch; every box keeps 3 mm (a pencil). A last row of one or
    two boxes stays under the full rows (tracks11: the join set one track finer than the card's
    others and its lines pushed it past the grid). The full rows are the deck's longest at that pitch
    (10 boxes on poker, 8 on mini since tracks22's 3.5 mm boxes)."""
    army = demo_army(ruleset_id)
    pdf = _pdf(ruleset_id, card)
    backs = {page: _track_rows(pdf, page) for page in range(1, 2 * army.card_count, 2)}
    every = [row for rows in backs.values() for row in rows]
    biggest = max(b[2] - b[0] for row in every for b in row)
    most = max(len(row) for row in every if row[0][2] - row[0][0] > biggest - 0.05)
    full = [row for row in every if len(row) == most and row[0][2] - row[0][0] > biggest - 0.05]
    assert full, (ruleset_id, card)
    grid = max(row[-1][2] for row in full)
    for page, rows in backs.items():
        for row in rows:
            assert row[-1][2] <= grid + 0.1, (ruleset_id, card, page, len(row), (row[-1][2] - grid) / MM)
            assert all(b[2] - b[0] - 0.6 >= pt(3) - 0.05 for b in row), (ruleset_id, card, page)


def _legend_sizes(pdf: bytes, pages: range) -> set[float]:
    return {
        round(o.size, 2)
        for o in text_objects(pdf, page_space=True)
        if o.page in pages and (" restants " in as_printed(o.text) or " perdus " in as_printed(o.text))
    }


def _weapon_names(ruleset_id: str):
    army = demo_army(ruleset_id)
    weapons = army.ruleset.catalogues["armes"]
    return army, {weapons[w].name for m in army.members for w in m.character.armes}


@pytest.mark.parametrize("card", ["poker", "tarot"])
@pytest.mark.parametrize("ruleset_id", ["d100", "3d6", "d12"])
def test_every_weapon_name_is_bold_on_one_line(ruleset_id, card):
    """Review 11, item 2: d12 set its weapon names regular, d100 and 3d6 bold; bold names measured
    as regular wrapped « Fusil de précision » on 3d6 poker. Every system's weapon names are bold,
    each printed whole on one line."""
    army, names = _weapon_names(ruleset_id)
    texts = [o for o in text_objects(_pdf(ruleset_id, card), page_space=True) if o.page % 2 == 0]
    for name in names:
        found = [o for o in texts if as_printed(o.text).strip() == name]
        assert found, (ruleset_id, card, name)
        assert all("Bold" in o.font for o in found), (ruleset_id, card, name, {o.font for o in found})


@pytest.mark.parametrize("ruleset_id", ["d100", "3d6"])
def test_a_tarot_weapon_name_over_its_values_is_set_at_the_body_s_size(ruleset_id):
    """Review 11, item 2: the names over their values were 8 pt, the body 10.4 pt. A name is the
    body's size (its size on that face's other paragraphs), in bold."""
    army, names = _weapon_names(ruleset_id)
    texts = text_objects(_pdf(ruleset_id, "tarot"), page_space=True)
    body = max(o.size for o in texts if o.page == 0 and "Regular" in o.font and len(as_printed(o.text)) > 25)
    shown = {round(o.size, 2) for o in texts if as_printed(o.text).strip() in names}
    assert shown == {round(body, 2)}, (shown, body)


def test_a_weapon_s_values_stand_on_the_first_baseline_of_its_rolled_value():
    """Review 11, item 2: on 3d6 tarot the « 2d6 » of a row sat higher than its large « 3d6 + 11 »
    (both set from the row's top). Every value of a weapon's row has its baseline on the rolled
    value's (glyph bottoms of figures, within 0.3 pt); since tarot12 the roll stands on its name's
    line, the values under them: the name's baseline is then the roll's."""
    texts = text_objects(_pdf("3d6", "tarot"), page_space=True)
    rolled = [o for o in texts if as_printed(o.text).startswith("3d6 + ")]
    assert rolled
    for roll in rolled:
        middle = (roll.bounds[1] + roll.bounds[3]) / 2
        row = [
            o
            for o in texts
            if o.page == roll.page
            and as_printed(o.text).strip() in ("1d6", "2d6", "5d6", "4d6")
            and o.bounds[1] < middle < o.bounds[3] + 2
            and o.bounds[0] > roll.bounds[2]
        ]
        name = [o for o in texts if o.page == roll.page and o.bounds[2] <= roll.bounds[0] < o.bounds[2] + 12]
        name = [o for o in name if o.bounds[1] < middle < o.bounds[3] + 2]
        assert row or name, as_printed(roll.text)
        level = [
            n for n in name if not set(as_printed(n.text)) & set("gjpqyç(),;")
        ]  # no descender: its bottom is its baseline
        for value in row + level:
            assert abs(value.bounds[1] - roll.bounds[1]) < 0.3, (as_printed(roll.text), as_printed(value.text))
