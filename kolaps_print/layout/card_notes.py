"""The ruled NOTES area that closes the front's body on a card taller than the reference (tarot).

A sparse character (one weapon, one trait) leaves half a tarot card blank under its rules, and
type one size per kind of text across the army cannot fill it (the fullest card sets the size).
A designer gives that room a use the table has: pencil lines for wounds carried over, kills,
a campaign's notes. The area follows the last section like any other (its heading, one section
gap), and its lines are spread down to the foot (or to the marks' legend pinned over it).
"""

from __future__ import annotations

from kolaps_print.layout.card_body import Block, BodyLine, Style, section_rule_drop
from kolaps_print.layout.card_data import Notes
from kolaps_print.layout.shapes import Rule


def notes_area(style: Style, notes: Notes, heading: Block, spare: float) -> list[Block]:
    """The heading and its ruled lines in spare (mm left under the body), less notes.clear: the
    first rule one pitch under the heading's own rule, the last at the room's foot, as many lines
    as notes.pitch allows, spread evenly (tarot19: the first sat 8.6 mm under the heading's rule
    at a 7.1 mm pitch, and up to a pitch was left blank under the last); [] when fewer than
    notes.min_lines fit (a lone rule would read as a stray line)."""
    below = heading.height - heading.gap_before - section_rule_drop(style)  # the heading's rule to its foot
    room = spare - heading.height - notes.clear + below  # from the heading's rule to the last line's
    lines = int((room + 1e-6) // notes.pitch)
    if lines < notes.min_lines:
        return []
    step = room / lines
    x, right, ink, weight = style.x, style.x + style.width, style.rule, notes.rule_pt

    def ruled(height: float):  # a line's rule at its foot
        return lambda y: [Rule(x, y + height, right, y + height, ink, weight)]

    heights = [step - below] + [step] * (lines - 1)
    return [heading, Block(tuple(BodyLine(h, ruled(h)) for h in heights), 0.0, (), "the notes area")]
