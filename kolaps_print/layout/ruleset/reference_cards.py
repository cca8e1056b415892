"""A ruleset's reference cards laid out (`tables --ruleset ID --format cards`): the sheet's
sections of tables (content/ruleset_sheet.py), set smaller, poured from card face to card face
between the bands of the system's character cards, a long table split between its rows with its
heading repeated. Each face's band carries the sheet's title and, at its right end, the face's
number « 2/7 » (the proof reads each face's marks by that number)."""

from __future__ import annotations

from reportlab.platypus import Flowable

from kolaps_print.content.ruleset_sheet import SectionContent
from kolaps_print.labels import label
from kolaps_print.layout.reference.cards import CardOverflow
from kolaps_print.layout.reference.flow import FlowBox
from kolaps_print.layout.ruleset.card import RulesetFace, story_room
from kolaps_print.layout.ruleset.flow import fill_column
from kolaps_print.layout.ruleset.look import SheetLook, sheet_look
from kolaps_print.layout.ruleset.sheet import sheet_story
from kolaps_print.model.ruleset_load import Ruleset

SLACK = 0.5  # pt: faces are filled this much short of the room the card will give them


def _pour(story: list[Flowable], width: float, height: float) -> list[list[Flowable]]:
    """The story cut into faces of width × height: each face's blocks, in order."""
    faces = []
    while story:
        face = FlowBox(0, 0, width, height)
        fill_column(face, story)
        if not face.placed:
            raise CardOverflow("a table does not fit on one card face: choose a larger --card (tarot)")
        faces.append([block for block, _ in face.placed])
    return faces


def reference_faces(
    ruleset: Ruleset, sections: list[SectionContent], width: float, height: float, look: SheetLook | None = None
) -> list[RulesetFace]:
    """Every face for a card of width × height (pt), its blocks between the card's bands."""
    look = look or sheet_look()
    _, _, room_width, room_height = story_room(look.card, width, height)
    story = sheet_story(sections, room_width, look.for_cards(), look.colour(ruleset.id))
    poured = _pour(story, room_width, room_height - SLACK)
    title = ruleset.spec.sheet.title
    return [
        RulesetFace(title, face, copy=label("tables.sheet.card_of", card=i, cards=len(poured)))
        for i, face in enumerate(poured, start=1)
    ]
