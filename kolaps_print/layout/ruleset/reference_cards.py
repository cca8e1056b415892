"""A ruleset's reference cards laid out (`tables --ruleset ID --format cards`): the sheet's
sections of tables poured from card face to card face between the bands of the system's
character cards, a long table split between its rows with its heading repeated. As KOLAPS's
reference cards, each section starts a face of its own and each face's band names its topic (the
section, « (suite) » on the faces it goes on to) with the face's number « 2/7 » at its right end
(the proof reads each face's marks by that number); the system's name goes to the foot. The type
is set per deck (data/layouts/rulesets.yaml, reference_cards)."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from kolaps_print.content.ruleset_sheet import SectionContent
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.labels import label
from kolaps_print.layout.reference.as_shapes import Area
from kolaps_print.layout.reference.cards import CardOverflow
from kolaps_print.layout.reference.flow import FlowBox
from kolaps_print.layout.reference.look import ink as house_ink
from kolaps_print.layout.ruleset.card import FaceSetting, RulesetFace, band_shapes, story_room
from kolaps_print.layout.ruleset.flow import fill_column
from kolaps_print.layout.ruleset.look import CardLook, SheetLook, sheet_look
from kolaps_print.layout.ruleset.sheet import sheet_story
from kolaps_print.layout.shapes import Shape
from kolaps_print.model.ruleset_load import Ruleset
from kolaps_print.units import pt

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


def _section_faces(
    sections: list[SectionContent], size: tuple[float, float], look: SheetLook, colour: Color
) -> list[tuple[str, list[Flowable]]]:
    """Each face's topic and blocks: every section poured from a face of its own, without its
    bar (the band says it)."""
    width, height = size
    faces: list[tuple[str, list[Flowable]]] = []
    for section in sections:
        poured = _pour(sheet_story([section], width, look, colour, bars=False), width, height - SLACK)
        continued = f"{section.title} {label('rulesets.sheet.continued')}"
        faces += [(section.title if i == 0 else continued, blocks) for i, blocks in enumerate(poured)]
    return faces


def card_sizes(look: SheetLook) -> list[SheetLook]:
    """The cards' looks to try, the largest body first, down to the smallest: titles grow with it."""
    cards, base = look.for_cards(), look.reference_cards.body_pt
    count = int(round((look.reference_cards.max_body_pt - base) / look.reference_cards.body_step_pt))
    sizes = [round(base + look.reference_cards.body_step_pt * i, 2) for i in range(count, -1, -1)]
    grown = ("section_pt", "table_title_pt")
    return [
        cards.model_copy(update={"body_pt": s} | {k: round(getattr(cards, k) * s / base, 2) for k in grown})
        for s in sizes
    ]


def reference_faces(
    ruleset: Ruleset, sections: list[SectionContent], width: float, height: float, look: SheetLook | None = None
) -> list[RulesetFace]:
    """Every face for a card of width × height (pt), its blocks between the card's bands."""
    look = look or sheet_look()
    _, _, room_width, room_height = story_room(look.card, width, height)
    poured = _fewest_cards(sections, (room_width, room_height), look, look.colour(ruleset.id))
    return [
        RulesetFace(topic, blocks, copy=label("tables.sheet.card_of", card=i, cards=len(poured)))
        for i, (topic, blocks) in enumerate(poured, start=1)
    ]


def _fewest_cards(
    sections: list[SectionContent], room: tuple[float, float], look: SheetLook, colour: Color
) -> list[tuple[str, list[Flowable]]]:
    """The deck's faces at the size that prints it on the fewest cards (the largest of those) among
    the comfortable sizes (comfortable_pt up), or among all when none of those fits the card."""
    decks: list[tuple[float, list[tuple[str, list[Flowable]]]]] = []
    for cards in card_sizes(look):
        try:
            decks.append((cards.body_pt, _section_faces(sections, room, cards, colour)))
        except CardOverflow:
            continue
    comfortable = [d for d in decks if d[0] >= look.reference_cards.comfortable_pt - 1e-9] or decks
    if not comfortable:  # no size fits: the smallest says which table
        _section_faces(sections, room, card_sizes(look)[-1], colour)
    return min(comfortable, key=lambda d: (-(-len(d[1]) // 2), -d[0]))[1]


def band_look(look: CardLook, faces: list[RulesetFace], width: float) -> CardLook:
    """The card look with the band's name set small enough (by half points, never below the foot's
    size) for the longest topic to clear the face's number."""
    room = width - 2 * pt(look.margin_mm) - pt(look.copy_pt)  # a word space's worth between them
    size = look.name_pt
    while size > look.footer_pt and any(
        stringWidth(f.name, SANS_BOLD, size) + stringWidth(f.copy, SANS_BOLD, look.copy_pt) > room for f in faces
    ):
        size -= 0.5
    return look.model_copy(update={"name_pt": size})


def generic_back(setting: FaceSetting, title: str, subtitle: str, foot: tuple[str, str]) -> list[Shape]:
    """A last card's back with nothing on it: its bands, and the system's name over « Aide de jeu »
    in the middle, as KOLAPS's plain backs."""
    cards = sheet_look().reference_cards
    (width, height), area = setting.size, Area(setting.size[1])
    centre, line = height / 2, cards.back_line_pt
    return band_shapes(RulesetFace("", []), setting, foot) + [
        area.text(width / 2, centre, title, SANS_BOLD, cards.back_title_pt, setting.colour.cmyk(), "centre"),
        area.text(width / 2, centre - line, subtitle, SANS, cards.back_subtitle_pt, house_ink().cmyk(), "centre"),
    ]
