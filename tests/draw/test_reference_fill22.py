"""Twenty-second session, refcards22 (issue 12: reference cards « designed, not poured »; review
21): the twelve reference decks (KOLAPS and the three systems; mini, poker, tarot) read back from
their print-shop PDFs (one face a page).

- A face is filled before its table goes on: where the next face carries on the table, the room
  left under the face's lowest print is less than the next face's first row needs, unless moving
  that row would leave the rest under split_rows rows (the house's breaks). 3d6 mini cut
  « Chance d'atteindre un nombre » 9 + 8 + 8 values over three faces, each 14–18 mm short.
- The continuation marked once a face: a back whose band says « (suite) » does not caption again
  the table its front ends on (d12 poker 1/3's back: « Actions (suite) », then « Chance de réussir
  une action (1d12 + bonus) † D12-E3 » again over its note; the mini's « …, en % (suite) »)."""

from __future__ import annotations

import pytest
from card_pieces import faces, plain, tables  # tests/support
from face_bands import band_lines  # tests/support
from face_foot import air_under, first_row_height  # tests/support
from face_rows import MM  # tests/support
from pdf_colours import seen  # tests/support
from ruleset_products import RULESETS, ReferenceDecks  # tests/support

from kolaps_print.labels import label
from kolaps_print.layout.reference.cards import card_spec
from kolaps_print.layout.ruleset.card import story_room
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.layout.sheets import sizes
from kolaps_print.layout.style import table_breaks, table_paint
from kolaps_print.units import pt

SYSTEMS = ("kolaps", *RULESETS)
CARDS = ("mini", "poker", "tarot")
# Cut where the house's table asks, not where the face ends: KOLAPS tarot's walk-through at its
# actor's change (tarot19: the attacker's six steps on the front, the target's five overleaf).
AT_A_BREAK = {("kolaps", "tarot", "Étape Qui")}


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    return ReferenceDecks(cli, tmp_path_factory.mktemp("fill22"))


def _room_foot(system: str, card: str) -> float:
    """pt from a face's trim up to the foot of the room its content fills."""
    size = sizes().cards[card]
    width, height = pt(size.width), pt(size.height)
    if system == "kolaps":
        return pt(card_spec(width).padding)
    return story_room(sheet_look().card, width, height)[1]


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_face_is_filled_before_its_table_goes_on(decks, system, card):
    pdf = decks[system, card]
    head = seen(table_paint().head_fill)
    least, foot = table_breaks().split_rows, _room_foot(system, card)
    short = []
    for pieces in tables(faces(pdf, head)):
        for before, after in zip(pieces, pieces[1:], strict=False):
            if after.rows - 1 < least or (system, card, before.head) in AT_A_BREAK:
                continue  # a row more here would leave the rest under split_rows rows
            air, row = air_under(pdf, before.face, foot), first_row_height(pdf, after.face, head)
            if air >= row + 1:
                short.append((before.face, before.head[:30], round(air / MM, 1), round(row / MM, 1)))
    assert short == []


def _bands(pdf: bytes) -> list[str]:
    return [" ".join(title.text.split()) for title, _, _ in band_lines(pdf)]


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("system", RULESETS)
def test_a_back_that_says_suite_does_not_caption_its_front_s_table_again(decks, system, card):
    """A table's rows carried on from a front to its back go on under the back's band « (suite) »,
    head row repeated, untitled; on a front (a card picked up alone) or under a band that cannot
    say « (suite) », its title says it, as before."""
    pdf = decks[system, card]
    bands, suite = _bands(pdf), label("rulesets.sheet.continued")
    carried = [
        (after.face, after.title, bands[after.face])
        for pieces in tables(faces(pdf, seen(table_paint().head_fill)))
        for before, after in zip(pieces, pieces[1:], strict=False)
        if after.face == before.face + 1 and pieces[0].title  # untitled, its band names it (3d6's actions)
    ]
    assert [c for c in carried if c[0] % 2 == 1 and c[2].endswith(suite) and c[1]] == []
    assert [c for c in carried if (c[0] % 2 == 0 or not c[2].endswith(suite)) and suite not in c[1]] == []


def test_the_d12_ladder_s_note_overleaf_is_not_captioned_again(decks):
    """d12 poker 1/3: the ladder whole on the front with its key, its note on the back under the
    band « Actions (suite) » alone (review 21)."""
    pdf = decks["d12", "poker"]
    deck = faces(pdf, seen(table_paint().head_fill))
    assert _bands(pdf)[1] == f"Actions {label('rulesets.sheet.continued')}"
    assert "Chance de réussir" in deck[0].text
    assert plain("Bonus = compétence") in deck[1].text  # under the table's short title: test_reference_refs23
    assert "1d12 + bonus" not in deck[1].text and "D12-E3" not in deck[1].text
