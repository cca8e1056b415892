"""tarot19 (issue 12), read back from the KOLAPS reference decks: the attack walk-through cut where
its actor changes (« Attaquant » to « Cible ») on every deck, as the poker and mini already were
(main's tarot 7/14 ended its front on a lone « Cible » step, 7, under the attacker's six); the
tarot's « Gravité des blessures » with every effect on one line, R0–R4 in a second table."""

from __future__ import annotations

import pytest
from pdf_text import (
    flat,  # tests/support
    page_texts,  # tests/support
)

from kolaps_print.content.tables import gravite
from kolaps_print.labels import label
from kolaps_print.model.gamedata import builtin_game_data
from tests.draw.test_reference_grav18 import _deck as _grav_deck
from tests.draw.test_reference_grav18 import _effects
from tests.draw.test_reference_hang18 import CARDS, WHO, _deck, _faces


@pytest.mark.parametrize("card", sorted(CARDS))
def test_no_face_of_the_walk_through_mixes_the_attacker_s_steps_and_the_target_s(card):
    """Fails on main: tarot (its front holds steps 1–6, « Attaquant », and 7, « Cible »)."""
    faces = _faces(_deck(card).pdf, card)
    actors = [{flat(o.text).strip() for o in rows if flat(o.text).strip() in WHO} for rows in faces]
    assert len(faces) >= 2 and all(len(a) == 1 for a in actors), actors


def test_the_tarot_sets_every_severity_s_effect_on_one_line():
    """Main broke « Mauvais / coup », « Blessure / grave » and « Blessure / très grave » on the
    tarot (8.5 pt over 62 mm, the table whole); R0–R4 now go under it as a second table (fails on
    main). The poker and mini keep their own arrangements (test_reference_grav18)."""
    effects = _effects("tarot")
    assert set(effects.values()) == {1}, effects


def test_the_tarot_titles_the_ranks_part_and_keeps_every_loss():
    """The second table is titled by what it gives (its note's sentence about R0–R4 leaves the
    note), and every loss of the rules is printed in it, row by row, under its title."""
    text = "\n".join(page_texts(_grav_deck("tarot")))
    title = label("tables.gravite.part_title")
    assert title in text and "R0 à R4 :" not in text
    lines = [" ".join(line.split()) for line in text[text.index(title) :].splitlines()]
    table = gravite(builtin_game_data())
    ranks = [i for i, c in enumerate(table.columns) if c.startswith("R")]
    assert lines[1] == " ".join(table.columns[i] for i in [0, *ranks])
    assert lines[2 : 2 + len(table.rows)] == [" ".join(row[i] for i in [0, *ranks]) for row in table.rows]
