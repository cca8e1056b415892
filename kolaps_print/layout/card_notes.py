"""The ruled NOTES area that closes the front's body on a card taller than the reference (tarot).

A sparse character (one weapon, one trait) leaves half a tarot card blank under its rules, and
type one size per kind of text across the army cannot fill it (the fullest card sets the size).
A designer gives that room a use the table has: pencil lines for wounds carried over, kills,
a campaign's notes. The area follows the last section like any other (its heading, one section
gap), and its lines fill the room down to the foot: the blank left is under one line's pitch.
"""

from __future__ import annotations

from kolaps_print.layout.card_body import Block, BodyLine, Style
from kolaps_print.layout.card_data import Notes
from kolaps_print.layout.shapes import Rule, Shape


def notes_area(style: Style, notes: Notes, heading: Block, spare: float) -> list[Block]:
    """The heading and as many ruled lines as spare (mm left under the body) holds, less notes.clear;
    [] when fewer than notes.min_lines fit (a lone rule would read as a stray line)."""
    lines = int((spare - heading.height - notes.clear + 1e-6) // notes.pitch)
    if lines < notes.min_lines:
        return []
    x, right, ink, weight = style.x, style.x + style.width, style.rule, notes.rule_pt

    def ruled(y: float) -> list[Shape]:  # a line's rule at its foot: the heading's air above the first
        return [Rule(x, y + notes.pitch, right, y + notes.pitch, ink, weight)]

    return [heading, Block(tuple(BodyLine(notes.pitch, ruled) for _ in range(lines)), 0.0, (), "the notes area")]
