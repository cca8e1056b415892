"""The tenth session's review of the other systems' poker and tarot decks, read back from the PDF:
no row of one or two tick boxes under a full one (it cost the d12 and 3d6 poker backs their
type), those backs set above the 6 pt floor, the tarot name clearly the largest text, and the
tarot weapons' names in bold over their values."""

import pytest
from pdf_text import as_printed, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

WHITE = (255, 255, 255)  # the bands' texts


def _pdf(ruleset_id: str, card: str) -> bytes:
    return build_ruleset_cards(demo_army(ruleset_id), CardOptions(print_shop=True, card=card)).pdf


def _rows(boxes: list[tuple[float, float, float, float]]) -> list[list[tuple[float, float, float, float]]]:
    """Tick boxes by row: those whose bottoms are within a point of each other."""
    rows: list[list[tuple[float, float, float, float]]] = []
    for box in sorted(boxes, key=lambda b: (-b[1], b[0])):
        if rows and abs(rows[-1][0][1] - box[1]) < 1:
            rows[-1].append(box)
        else:
            rows.append([box])
    return rows


def _close(row: list[tuple[float, float, float, float]]) -> bool:
    """Whether a row's boxes are a track's, side by side (a checkbox row's stand far apart)."""
    return all(b[0] - a[2] < 17 for a, b in zip(row, row[1:], strict=False))  # 6 mm: a group gap and a line


def _legend_size(pdf: bytes, page: int) -> float:
    """The size of a back's legend (« N restants … », « N perdus … »): the back's small type."""
    texts = [o for o in text_objects(pdf, page_space=True) if o.page == page]
    return next(o.size for o in texts if _is_legend(o))


def _is_legend(text) -> bool:
    return " restants " in as_printed(text.text) or " perdus " in as_printed(text.text)


@pytest.mark.parametrize("ruleset_id", ["d12", "3d6"])
def test_every_poker_back_of_a_deck_takes_one_size_at_or_above_the_floor(ruleset_id):
    """Review: one size per deck, as a publisher's (docs/style.md). Round 11 (tracks11) chose rows
    of ten boxes of one size per card and 1 mm round the labels between rows over the 6.6 pt the
    joined rows had bought: the d12 and 3d6 poker backs are back at the 6 pt floor, every back of
    the deck at that one size, none under it."""
    pdf = _pdf(ruleset_id, "poker")
    backs = range(1, 2 * demo_army(ruleset_id).card_count, 2)
    texts = text_objects(pdf, page_space=True)
    legends = [o for o in texts if o.page in backs and (_is_legend(o) or "voir l’aide" in as_printed(o.text))]
    sizes = {round(o.size, 2) for o in legends}  # legends given by name on every back or none (backs12b)
    assert {o.page for o in legends} == set(backs)
    assert len(sizes) == 1 and min(sizes) >= 6.0 - 1e-6, sizes


@pytest.mark.parametrize("ruleset_id", ["d100", "3d6", "d12"])
def test_the_tarot_name_is_clearly_the_largest_text_and_poker_keeps_its_own(ruleset_id):
    """Review: tarot names were 11 pt over a body of 10 pt and more. The name grows with the card
    (13.5 pt: at 14 the accent of « É » reached into the 3 mm margin), at least 1.2 times any
    other text of the face but the tiles' values."""
    army = demo_army(ruleset_id)
    names = {m.name for m in army.members}
    for card in ("tarot", "poker"):
        texts = text_objects(_pdf(ruleset_id, card), page_space=True)
        for page in range(2 * army.card_count):
            own = [o for o in texts if o.page == page]
            name = max(o.size for o in own if o.fill == WHITE and o.text.strip() in names)
            body = max(o.size for o in own if o.fill != WHITE and not o.text.strip().lstrip("−").isdigit())
            if card == "tarot":
                assert 13 <= name <= 14 + 1e-6 and name >= 1.2 * body, (page, name, body)
            else:
                assert name == pytest.approx(11), (page, name)


@pytest.mark.parametrize("ruleset_id", ["d100", "3d6"])
def test_a_tarot_weapon_name_over_its_values_is_bold(ruleset_id):
    """Review: on a tarot front where each weapon's name stands on a line of its own over its
    values, the name was set as a value; now bold, the head of the row under it."""
    army = demo_army(ruleset_id)
    weapons = army.ruleset.catalogues["armes"]
    texts = text_objects(_pdf(ruleset_id, "tarot"), page_space=True)
    seen = 0
    for member in army.members:
        for weapon in (weapons[w] for w in member.character.armes):
            found = [o for o in texts if as_printed(o.text).strip() == weapon.name]
            assert found, weapon.name
            assert all("Bold" in o.font for o in found), (weapon.name, {o.font for o in found})
            seen += 1
    assert seen
