"""The bands of every system's reference cards (refband11), read back from the printed faces
(print-shop layout: one face a page): one band title size a card format for KOLAPS, d100, 3d6
and d12 alike, as large as the review asked (6 pt names on the d100 minis and KOLAPS's « Une
attaque, pas à pas » could not be found leafing through), a long name shortened rather than
shrunk and clear of the number and its « verso › ». (Its « no « (suite) » over a face of notes
alone » gave way to review 15's S4, one rule for every deck: a band says « (suite) » on every face
its subject goes on to, notes alone included: test_reference_refcards16b.py.)"""

from __future__ import annotations

import pytest
from face_bands import band_lines  # tests/support
from ruleset_products import RULESETS, reference_deck  # tests/support

from kolaps_print.layout.reference.look import reference_look
from kolaps_print.layout.sheets import card_size

CARDS = ("mini", "poker", "tarot")
SYSTEMS = ("kolaps", *RULESETS)
LEAST_PT = {"mini": 9, "poker": 11, "tarot": 11}  # the review: minis 9 pt bold at least, poker and tarot about 11


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> dict[tuple[str, str], bytes]:
    """(system, card) -> the deck's PDF, one face a page, built through the CLI."""
    folder, out = tmp_path_factory.mktemp("reference-bands-refband11"), {}
    for system in SYSTEMS:
        for card in CARDS:
            out[system, card] = reference_deck(cli, folder, system, card)
    return out


def _set_size(card: str) -> float:
    return reference_look().cards.for_width(card_size(card).width).strip_pt


@pytest.mark.parametrize("card", CARDS)
def test_one_band_title_size_a_card_format_across_systems(decks, card):
    """Review, MUST: band titles at 6 pt (d100, 3d6 minis, KOLAPS's 10/23 and 11/23), 7 pt (every
    other KOLAPS card, tarot too), 9.5 pt (d12 mini), 10.5 to 11 pt elsewhere. Every face of every
    system's deck of that card sets its band title at one size, the data's, at least the review's."""
    sizes = {system: {round(t.size, 2) for t, _, _ in band_lines(decks[system, card])} for system in SYSTEMS}
    assert all(len(s) == 1 for s in sizes.values()), sizes
    assert len({s for one in sizes.values() for s in one}) == 1, sizes
    assert next(iter(sizes["kolaps"])) == pytest.approx(_set_size(card))
    assert _set_size(card) >= LEAST_PT[card]


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_band_title_clears_the_number_and_its_hint(decks, system, card):
    """A long name is shortened, not shrunk nor run into « verso › 10/23 »: at the review's size at
    least, a word space at least (a third of the title's size) between the title's last letter and
    the next text on its line (main cleared it by shrinking the title to 6 pt)."""
    for i, (title, rest, _) in enumerate(band_lines(decks[system, card])):
        assert rest, (i, title.text)
        gap = min(t.bounds[0] for t in rest) - title.bounds[2]
        assert gap >= title.size / 3, (i, title.text, [t.text for t in rest], round(gap, 1))
        assert title.size >= LEAST_PT[card], (i, title.text, title.size)
