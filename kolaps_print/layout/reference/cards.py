"""The reference tables laid out as two-sided cards (poker size by default), to join a deck.

The sections flow face after face (front, back, next card's front...) exactly as on the
sheet, at a smaller type; each face carries a strip in the colour of its first section
and its number, so a shuffled stack goes back in order. Sizes are data/layouts/reference.yaml's;
draw/reference_cards.py paints the result.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.platypus import Flowable

from kolaps_print.content.reference import ReferenceSection, reference_sections
from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.labels import label
from kolaps_print.layout.reference.faces import fill_face
from kolaps_print.layout.reference.flow import FlowBox
from kolaps_print.layout.reference.look import CardSpec, Styles, reference_look, section_colour
from kolaps_print.layout.reference.sheet import section_flowables
from kolaps_print.layout.reference.tables import fits_width
from kolaps_print.layout.units import pt
from kolaps_print.model.gamedata import GameData

MAX_FACES = 200  # a guard against a flow that never ends


class CardOverflow(Exception):
    """A block cannot fit even an empty card face."""


@dataclass(frozen=True)
class CardStrip:
    """A face's top strip, in points from the face's lower-left corner: a band bleeding past
    the trim, the game and sheet's name on the left, the face's number on the right."""

    x: float
    y: float
    width: float
    height: float
    left: float
    right: float
    baseline: float
    text: str
    size: float


@dataclass
class ReferenceFace:
    """One laid-out card face: its number (1-based, over all faces) and what it holds."""

    number: int
    colour: Color
    box: FlowBox  # in points, relative to the trim's lower-left corner
    label: str  # "card N of M", for its strip


@dataclass(frozen=True)
class BlankBack:
    """An odd last face's back: the game's name and the sheet's title, centred."""

    centre: float
    baseline: float
    title: str
    subtitle: str
    title_pt: float
    subtitle_pt: float
    line: float  # from the title's baseline down to the subtitle's


@dataclass
class ReferenceDeck:
    """Every face of the deck, in order, and what they share."""

    faces: list[ReferenceFace]
    styles: Styles
    strip: CardStrip
    blank: BlankBack

    @property
    def gap(self) -> float:
        return face_gap(self.styles)


def face_gap(styles: Styles) -> float:
    """Between blocks down a face."""
    return styles.body * 0.8


def _content_box(spec: CardSpec, width: float, height: float) -> FlowBox:
    pad = pt(spec.padding)
    return FlowBox(pad, pad, width - 2 * pad, height - 2 * pad - pt(spec.strip))


def _check_widths(sections: tuple[ReferenceSection, ...], width: float, styles: Styles) -> None:
    for table in (t for s in sections for t in s.tables):
        if not fits_width(table, width, styles):
            raise CardOverflow(f"table '{table.id}' is too wide for a card of this size; choose a larger --card")


def layout_faces(data: GameData, width: float, height: float, styles: Styles | None = None) -> list[FlowBox]:
    """Flow every section onto as many faces of width x height points as needed."""
    register_fonts(SANS)
    spec = reference_look().cards
    styles = styles or Styles(spec.body_pt)
    probe = _content_box(spec, width, height)
    sections = reference_sections(data)
    _check_widths(sections, probe.width, styles)
    # The marks' legend rides in the first table's block: it opens the first face.
    queue: list[Flowable] = [
        u for i, s in enumerate(sections) for u in section_flowables(s, probe.width, styles, loose=True, legend=i == 0)
    ]
    boxes: list[FlowBox] = []
    while queue:
        if len(boxes) >= MAX_FACES:
            raise CardOverflow("the reference content does not fit on cards of this size")
        box = _content_box(spec, width, height)
        tag = getattr(queue[0], "tag", None) or ""
        fill_face(box, queue, gap=face_gap(styles))
        if not box.placed:
            raise CardOverflow(
                f"a table of section '{tag}' does not fit on a card of this size; choose a larger --card"
            )
        boxes.append(box)
    return boxes


def _first_tag(box: FlowBox) -> str:
    return next((getattr(f, "tag", None) for f, _ in box.placed if getattr(f, "tag", None)), "") or ""


def _strip(spec: CardSpec, width: float, height: float) -> CardStrip:
    strip, bleed = pt(spec.strip), pt(spec.strip_bleed)
    return CardStrip(
        x=-bleed,
        y=height - strip,
        width=width + 2 * bleed,
        height=strip + bleed,
        left=pt(spec.padding),
        right=width - pt(spec.padding),
        baseline=height - strip + strip * 0.32,
        text=f"{label('common.game')} · {label('tables.sheet.title')}",
        size=spec.strip_pt,
    )


def _blank(spec: CardSpec, width: float, height: float) -> BlankBack:
    return BlankBack(
        centre=width / 2,
        baseline=height / 2,
        title=label("common.game"),
        subtitle=label("tables.sheet.title"),
        title_pt=spec.back_title_pt,
        subtitle_pt=spec.back_subtitle_pt,
        line=spec.back_line_pt,
    )


def layout_deck(data: GameData, width: float, height: float) -> ReferenceDeck:
    """The reference content on faces of width x height points, each with its strip's colour and number."""
    spec = reference_look().cards
    styles = Styles(spec.body_pt)
    boxes = layout_faces(data, width, height, styles)
    faces = [
        ReferenceFace(
            i + 1, section_colour(_first_tag(box)), box, label("tables.sheet.card_of", card=i + 1, cards=len(boxes))
        )
        for i, box in enumerate(boxes)
    ]
    return ReferenceDeck(faces, styles, _strip(spec, width, height), _blank(spec, width, height))
