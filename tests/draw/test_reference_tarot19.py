"""tarot19 (issue 12), read back from the KOLAPS reference decks: the attack walk-through cut where
its actor changes (« Attaquant » to « Cible ») on every deck, as the poker and mini already were;
main's tarot 7/14 ended its front on a lone « Cible » step (7) under the attacker's six."""

from __future__ import annotations

import pytest
from pdf_text import flat  # tests/support

from tests.draw.test_reference_hang18 import CARDS, WHO, _deck, _faces


@pytest.mark.parametrize("card", sorted(CARDS))
def test_no_face_of_the_walk_through_mixes_the_attacker_s_steps_and_the_target_s(card):
    """Fails on main: tarot (its front holds steps 1–6, « Attaquant », and 7, « Cible »)."""
    faces = _faces(_deck(card).pdf, card)
    actors = [{flat(o.text).strip() for o in rows if flat(o.text).strip() in WHO} for rows in faces]
    assert len(faces) >= 2 and all(len(a) == 1 for a in actors), actors
