"""A ruleset's reference cards laid out (`tables --ruleset ID --format cards`): the sheet's
sections of tables poured from card face to card face between the bands of the system's
character cards, a long table split between its rows with its heading repeated. As KOLAPS's
reference cards, each section starts a face of its own and each face's band names its topic (the
section, « (suite) » on the faces it goes on to) with the face's number « 2/7 » at its right end
(the proof reads each face's marks by that number); the system's name goes to the foot. The type
is set per deck (data/layouts/rulesets.yaml, reference_cards)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph

from kolaps_print.content.ruleset_sheet import RulesetTable, SectionContent, run_parts
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.labels import label
from kolaps_print.layout.reference.as_shapes import Area
from kolaps_print.layout.reference.cards import CardOverflow
from kolaps_print.layout.reference.flow import Stack
from kolaps_print.layout.reference.look import ink as house_ink
from kolaps_print.layout.ruleset.card import FaceSetting, RulesetFace, band_shapes, story_room
from kolaps_print.layout.ruleset.card_flow import FaceOverflow, FacePour, misses, without_trailing_gaps
from kolaps_print.layout.ruleset.look import CardLook, SheetLook, sheet_look
from kolaps_print.layout.ruleset.sheet import (
    Grids,
    continued_title_text,
    section_tables,
    table_stacks,
    text_goes_under,
)
from kolaps_print.layout.shapes import Shape
from kolaps_print.model.ruleset_load import Ruleset
from kolaps_print.typography import escape
from kolaps_print.units import pt

SLACK = 0.5  # pt: faces are filled this much short of the room the card will give them


@dataclass(frozen=True)
class Poured:
    """A deck's faces (each one's topic and blocks) at one size, and what its rules could not keep."""

    body_pt: float
    faces: list[tuple[str, list[Flowable]]]
    faults: int = 0  # tables cut against the house's breaks
    apart: int = 0  # keys set off their table

    def rank(self, comfortable: float) -> tuple[int, int, bool, int, float]:
        """The best deck first: no fault, keys with their tables, comfortable type, fewest cards, largest type."""
        return (self.faults, self.apart, self.body_pt < comfortable - 1e-9, -(-len(self.faces) // 2), -self.body_pt)


def _pour(story: list[Flowable], width: float, height: float) -> FacePour:
    """The story cut into faces of width × height by the house's table breaks."""
    faces = FacePour(width, height, _continued_paragraph)
    try:
        faces.pour(story)
    except FaceOverflow as error:
        raise CardOverflow(str(error)) from None
    return faces


def _continued_paragraph(title: Paragraph) -> Paragraph:
    """A table's title over a piece after its first (« Chance de réussir une action (suite) † D12-E3 »)."""
    return Paragraph(escape(continued_title_text(title.getPlainText())), title.style)


def _section_faces(sections: list[SectionContent], size: tuple[float, float], look: SheetLook, grids: Grids) -> Poured:
    """Each face's topic and blocks: every section poured from a face of its own, without its
    bar (the band says it); grids: the tables' grids laid out at the sizes tried before."""
    width, height = size
    faces: list[tuple[str, list[Flowable]]] = []
    faults = apart = 0
    for section in sections:
        story = [s for table in section_tables(section) for s in _kept_table(table, width, height - SLACK, look, grids)]
        poured = _pour(story, width, height - SLACK)
        continued = f"{section.title} {label('rulesets.sheet.continued')}"
        blocks = [without_trailing_gaps(face) for face in poured.faces if face]
        faces += [(section.title if i == 0 else continued, face) for i, face in enumerate(blocks)]
        faults, apart = faults + poured.faults, apart + poured.apart
    return Poured(look.body_pt, faces, faults, apart)


def _kept_table(table: RulesetTable, width: float, height: float, look: SheetLook, grids: Grids) -> list[Stack]:
    """The table's blocks at the deck's size; a table the house's breaks cannot keep there (too
    short to cut, too tall for a face: Points de vie on a mini card), or whose key they set off it
    (the d12 ladder on a poker card), set smaller, by steps down to min_body_pt, until they can;
    then, from the deck's size down again, with its longest column's text under each row (3d6's
    Dommages on a mini card); the first that keeps the most, else at the deck's size."""
    if table.folded:
        return _folded_stacks(table, width, height, look)
    sizes = [look.body_pt]
    while sizes[-1] - look.body_step_pt >= look.min_body_pt - 1e-9:
        sizes.append(round(sizes[-1] - look.body_step_pt, 2))
    best: tuple[tuple[int, int], list[Stack]] | None = None
    first: list[Stack] | None = None  # at the deck's size, as they are: what a table no size keeps prints
    for under in (False, True) if text_goes_under(table) else (False,):
        for body in sizes:
            stacks = table_stacks(table, width, look.model_copy(update={"body_pt": body}), under, grids)
            first = first or stacks
            missed = misses(stacks, width, height, _continued_paragraph)
            if missed == (0, 0):
                return stacks
            if best is None or missed < best[0]:
                best = (missed, stacks)
    return best[1] if best and best[0][0] == 0 else first or table_stacks(table, width, look, grids=grids)


def _folded_stacks(table: RulesetTable, width: float, height: float, look: SheetLook) -> list[Stack]:
    """A table of pairs side by side (« Jet opposé »: Écart, Chance, Écart, Chance) whole where it
    fits a face, else in the fewest runs read in order that each fit one (3d6's 0–12, then 13–24):
    cut between its rows, its pairs would read 0–7 beside 13–20, then 8–12 beside 21–24 overleaf."""
    stacks = table_stacks(table, width, look)
    face = FacePour(width, height, _continued_paragraph)
    if all(face.whole([stack]) for stack in stacks):
        return stacks
    pairs = sum(1 for row in table.rows for cell in row[::2] if cell)
    for count in range(2, pairs + 1):
        runs = [
            s
            for part in run_parts(table, count, continued_title_text(table.title))
            for s in table_stacks(part, width, look)
        ]
        if all(face.whole([stack]) for stack in runs):
            return runs
    return stacks


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
    """The deck's faces at the size that keeps the house's table breaks best (no table cut against
    them, every key with its table), then among the comfortable sizes (comfortable_pt up) the one
    that prints it on the fewest cards, the largest of those."""
    decks: list[Poured] = []
    grids = Grids()  # a table's grid at a size is the same for every size of the deck tried
    for cards in card_sizes(look):
        try:
            decks.append(_section_faces(sections, room, cards, grids))
        except CardOverflow:
            continue
    if not decks:  # no size fits: the smallest says which table
        _section_faces(sections, room, card_sizes(look)[-1], grids)
    return min(decks, key=lambda d: d.rank(look.reference_cards.comfortable_pt)).faces


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
