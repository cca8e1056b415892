"""Sixteenth session (issue 12; review 15, S4): « (suite) » on the reference cards' bands, one
rule for the twelve decks, read back from each print-shop deck (one face a page): the band line's
texts by their place (the band's name: its leftmost bold text; the hint « verso › » or
« suite › »: the italic text before the card's number).

The rule: a face's band says « (suite) » exactly when the face before it promised it (its band's
hint: its subject goes on here); a cover (a back nothing goes on to) repeats its front's band. A
table piece is titled « (suite) » only as a piece after its table's first; a piece after the
first says « (suite) » in its title, or in its band where it prints untitled."""

from __future__ import annotations

import pytest
from card_pieces import faces, tables  # tests/support
from face_bands import band_lines  # tests/support
from pdf_colours import seen  # tests/support
from ruleset_products import RULESETS, ReferenceDecks  # tests/support

from kolaps_print.labels import label
from kolaps_print.layout.style import table_paint

SYSTEMS = ("kolaps", *RULESETS)
CARDS = ("mini", "poker", "tarot")
# The decks whose strips cannot hold « (suite) » after the names they give their subjects (KOLAPS's:
# a mini's 37 mm strip at 9 pt, « verso › 10/23 » taking half of it, « Le tour de jeu (suite) »
# needs 75 pt of 54; a poker's would shorten « Une attaque, pas à pas » and set « Facultés des
# armes » at 6.5 pt): they say it in none, their cut tables' titles carry it (docs/style.md, refcards16b).
NONE_SAY_IT = {("kolaps", card) for card in ("mini", "poker", "tarot")}
# One section of one deck likewise: 3d6's « Dommages », the game's word and the section's one name in
# every product (fix16a, review 16, S1), is 4.5–6 pt too wide with « (suite) » beside « verso › 6/12 »
# in a mini's strip; its bands say it on none of its faces, its cut tables' titles do.
SECTIONS_WITHOUT_IT = {("3d6", "mini"): {"Dommages"}}


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    return ReferenceDecks(cli, tmp_path_factory.mktemp("refcards16b"))


def _band_lines(pdf: bytes) -> list[tuple[str, bool]]:
    """Each face's band name and whether its band carries a hint (its subject goes on)."""
    return [(" ".join(t.text.split()), any("Italic" in r.font for r in rest)) for t, rest, _ in band_lines(pdf)]


def _suite() -> str:
    return label("rulesets.sheet.continued")


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_band_says_suite_exactly_where_the_face_before_promised_it(decks, system, card):
    """Review 15, S4: d100 mini's 1/8 and 4/8 backs said « (suite) », its 2/8, 3/8, 5/8–7/8 backs
    did not; 3d6 mini's 6/12 back continued « États » under a plain « Dommages »; d12 poker's 1/3
    back read « Actions », its 2/3 back « Combat (suite) »; KOLAPS's bands never said it."""
    bands = _band_lines(decks[system, card])
    wrong = []
    for i, (name, _) in enumerate(bands):
        promised = i > 0 and bands[i - 1][1]
        cover = i % 2 == 1 and not promised
        says = name.endswith(_suite())
        if cover:
            if name != bands[i - 1][0]:
                wrong.append((i, name, "a cover named otherwise than its front", bands[i - 1][0]))
        elif (system, card) in NONE_SAY_IT or name in SECTIONS_WITHOUT_IT.get((system, card), set()):
            if says:
                wrong.append((i, name, "says it in a deck that says it nowhere"))
        elif says != promised:
            wrong.append((i, name, "promised" if promised else "not promised"))
    assert wrong == []


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_table_says_suite_only_where_it_is_cut_and_every_cut_says_it(decks, system, card):
    """A piece titled « (suite) » continues its table from the face before (never a table's first
    piece); every piece after a table's first says « (suite) », in its title or, untitled (3d6's
    « Actions de combat », named by its band), in its face's band. NONE_SAY_IT's pieces are all titled;
    a part of a table cut by its columns is titled « (suite) » after its first part, under its title."""
    pdf = decks[system, card]
    deck, bands = faces(pdf, seen(table_paint().head_fill)), _band_lines(pdf)
    cut = tables(deck)
    # a first piece by its rows titled « (suite) »: a part of a table cut by its columns, after a
    # piece under its title (KOLAPS mini « Chances de réussite (suite) », its 3D6 to 5D6 columns)
    firsts = [p for pieces in cut for p in pieces[:1]]
    begun = [p.title for p in firsts if _suite() not in p.title]
    alone = [
        p.face
        for p in firsts
        if _suite() in p.title and not any(t.startswith(p.title.split(_suite())[0].strip()) for t in begun)
    ]
    assert alone == []
    unsaid = [
        (p.face, bands[p.face][0])
        for pieces in cut
        for p in pieces[1:]
        if _suite() not in p.title and not bands[p.face][0].endswith(_suite())
    ]
    assert unsaid == []
