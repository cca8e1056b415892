"""Review 14b's table setting points (/work/wt/review14b.md: S1, S2, N3, N5, N7), read back from the
PDFs: a card table's heading stays whole while its gutters can fall to their floor (S1), the 3d6
« Coût de l'expérience » has no cell of three lines (S2), no line ends on an operator (N7) nor
begins with an erratum's mark (N3), the d100 mini « Protections » gives its names the width its
values do not use (N5)."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards


@cache
def _army(system: str, card: str) -> bytes:
    return build_ruleset_cards(demo_army(system), CardOptions(card=card)).pdf


def _lines(pdf: bytes) -> list[tuple[int, str]]:
    """Each printed line's text (a text object), with its page from 1."""
    return [(o.page + 1, o.text.strip()) for o in text_objects(pdf) if o.text.strip()]


@pytest.mark.parametrize("card", ["tarot", "poker"])
def test_a_weapons_heading_holds_one_line(card):
    """Main set d100 tarot's « Portée (m) » on two lines on every card, « (m) » alone under it, for
    want of under 2 pt: the four headings fit once the gutters fall to their 1.5 mm floor
    (rulesets.yaml cell_pad_pt) with only rounding's slack. The poker deck held it already."""
    lines = _lines(_army("d100", card))
    assert not [(p, t) for p, t in lines if t == "(m)"]
    assert sum(t == "Portée (m)" for _, t in lines) >= (5 if card == "tarot" else 1)
