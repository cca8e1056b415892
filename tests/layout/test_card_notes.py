"""The ruled NOTES area under a tarot front's body (layout/card_notes.py)."""

import pytest

from kolaps_print.layout.card_body import Style, needed_height, section
from kolaps_print.layout.card_data import card_layout
from kolaps_print.layout.card_notes import notes_area
from kolaps_print.layout.shapes import Rule

TAROT = (70, 120)


def style():
    layout = card_layout().for_card(*TAROT)
    return layout, Style(layout, 1.0, layout.margin, TAROT[0] - 2 * layout.margin, None, None, None, None)


@pytest.mark.parametrize("spare", [0.0, 5.0, 12.0, 20.0, 37.5, 53.0])
def test_the_lines_fill_the_room_to_within_one_pitch_and_never_past_it(spare):
    layout, s = style()
    notes = layout.front.notes
    heading = section(s, "NOTES", first=False)
    blocks = notes_area(s, notes, heading, spare)
    if not blocks:  # too little room for a heading and min_lines: nothing, not a stray rule
        assert spare < heading.height + notes.min_lines * notes.pitch + notes.clear
        return
    used = needed_height(blocks)
    assert used + notes.clear <= spare + 1e-6
    assert spare - used - notes.clear < notes.pitch
    rules = [shape for line in blocks[1].lines for shape in line.emit(0.0) if isinstance(shape, Rule)]
    assert len(rules) >= notes.min_lines and all(r.x2 - r.x1 == pytest.approx(s.width) for r in rules)


def test_the_pitch_takes_a_pencil_hand_on_tarot():
    notes = card_layout().for_card(*TAROT).front.notes
    assert 6.0 <= notes.pitch <= 8.0 and notes.min_lines == 1  # the count is not scaled with the card
