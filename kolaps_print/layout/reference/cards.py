"""The reference tables laid out as two-sided cards (poker size by default), to join a deck.

One topic a card (a table, or two small tables read together, in the sheet's order): the
table on the front, what explains it (its rule, its notes) on the back. A table too long
for one face runs onto the back, never further; each face's strip names the topic in its
section's colour, with the card's number, so a shuffled stack goes back in order. Sizes are
data/layouts/reference.yaml's; each face's content becomes shapes here (as_shapes.py), which
draw/reference_cards.py paints with the strip.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from reportlab.lib.colors import Color
from reportlab.platypus import Flowable

from kolaps_print.content.reference import ReferenceSection, reference_sections
from kolaps_print.content.tables import TableContent
from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.labels import label
from kolaps_print.layout.card_front import band_baseline
from kolaps_print.layout.reference.as_shapes import box_shapes
from kolaps_print.layout.reference.faces import card_min_rows, fill_face
from kolaps_print.layout.reference.flow import EPSILON, FlowBox
from kolaps_print.layout.reference.look import CardSpec, Styles, reference_look, section_colour
from kolaps_print.layout.reference.numbering import card_number, face_hint
from kolaps_print.layout.reference.sheet import row_units, sheet_title
from kolaps_print.layout.reference.tables import (
    fits_width,
    legend_paragraph,
    paragraph,
    table_block,
)
from kolaps_print.layout.shapes import Shape
from kolaps_print.model.gamedata import GameData
from kolaps_print.model.rules import Edition
from kolaps_print.units import pt

MAX_FACES = 200  # a guard against a flow that never ends
MAX_CELL_LINES = 3  # no cell of a card's table over this many lines (issue 12), every system's deck alike


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
    """One laid-out card face: its number (1-based, over all faces), its topic and what it holds."""

    number: int
    colour: Color
    box: FlowBox  # in points, relative to the trim's lower-left corner; empty: a plain back
    label: str  # "card N of M", for its strip
    title: str = ""  # the topic, in its strip
    shapes: list[Shape] = field(default_factory=list)  # what box holds, as shapes on the face
    continues: str = ""  # « suite au verso › » in its strip when the topic goes on to the next face


@dataclass(frozen=True)
class BlankBack:
    """A topic's back with nothing to explain: the game's name and the sheet's title, centred."""

    centre: float
    baseline: float
    title: str
    subtitle: str
    title_pt: float
    subtitle_pt: float
    line: float  # from the title's baseline down to the subtitle's, and on to the version's
    version: str = ""  # « Version 0.1 · 1ᵉʳ juin 2025 », as the sheet's header
    version_pt: float = 0


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


@dataclass(frozen=True)
class Topic:
    """One card's subject: a row of the plan (a table, or two small ones read together)."""

    section: ReferenceSection
    tables: tuple[TableContent, ...]

    @property
    def title(self) -> str:
        return label("tables.format.list_sep").join(t.title for t in self.tables)


def card_styles(spec: CardSpec) -> Styles:
    """A card's type: its long last column may go under its rows from two columns up, each such line
    only as tall as itself; no cell over three lines."""
    return Styles(spec.body_pt, under_from=2, max_lines=MAX_CELL_LINES, tight_under=True)


def face_gap(styles: Styles) -> float:
    """Between blocks down a face."""
    return styles.body * 0.8


def _content_box(spec: CardSpec, width: float, height: float) -> FlowBox:
    pad = pt(spec.padding)
    return FlowBox(pad, pad, width - 2 * pad, height - pad - pt(spec.strip + spec.strip_gap))


def _check_widths(sections: tuple[ReferenceSection, ...], width: float, styles: Styles) -> None:
    for table in (t for s in sections for t in s.tables):
        if not fits_width(table, width, styles):
            raise CardOverflow(f"table '{table.id}' is too wide for a card of this size; choose a larger --card")


def topics(sections: tuple[ReferenceSection, ...]) -> list[Topic]:
    return [Topic(s, row) for s in sections for row in s.rows]


def _regular(table: TableContent) -> TableContent:
    """The table with every row set alike: a card's rows are all regular, its bold kept for the
    first column and the headers (designer review: two bold rows on card 7's back read as shouting)."""
    return replace(table, strong=())


def _bare(table: TableContent) -> TableContent:
    """The table alone, for a front: its rule and notes go to the back."""
    return replace(_regular(table), rule=None, note=None, legend=None)


def _front_units(topic: Topic, width: float, styles: Styles) -> list[Flowable]:
    """The topic's tables, titled only when two share the card (the strip names a lone one)."""
    alone = len(topic.tables) == 1
    bare = tuple(_bare(t) for t in topic.tables)
    if alone:
        return [table_block(bare[0], width, styles, show_title=False)]
    return row_units(bare, replace(topic.section, title=""), width, styles)


def _explanation(topic: Topic, styles: Styles, legend: bool) -> list[Flowable]:
    """The back: each table's rule (bold), then its note; the marks' legend on the deck's first card."""
    units: list[Flowable] = []
    for table in topic.tables:
        if len(topic.tables) > 1 and (table.rule or table.note):
            units.append(paragraph(table.title, styles.table_title()))
        units += [
            paragraph(text, style) for text, style in ((table.rule, styles.rule()), (table.note, styles.note())) if text
        ]
    if legend:
        units.append(legend_paragraph(styles))
    return units


def _heading(topic: Topic, styles: Styles) -> list[Flowable]:
    """What heads a lone table's explanation on a face of its own: the table's title, plain, as two
    tables' explanations are headed by each one's (« Seuils de réussite »); « (suite) » promises
    more rows, and such a face holds none (review 10, item 5: « Moral (suite) » over a note)."""
    if len(topic.tables) > 1:
        return []
    return [paragraph(topic.tables[0].title, styles.table_title())]


def _fill(queue: list[Flowable], new_box, gap: float, tag: str) -> list[FlowBox]:
    boxes: list[FlowBox] = []
    while queue:
        if len(boxes) >= MAX_FACES:
            raise CardOverflow("the reference content does not fit on cards of this size")
        box = new_box()
        fill_face(box, queue, gap, card_min_rows())
        if not box.placed:
            raise CardOverflow(f"a table of '{tag}' does not fit on a card of this size; choose a larger --card")
        boxes.append(box)
    return boxes


def _fits_whole(box: FlowBox, units: list[Flowable], gap: float) -> bool:
    """Whether units go into box after what it holds, all of them, none cut."""
    room = box.height - box.used - gap * len(box.placed)
    heights = [u.wrap(box.width, box.height)[1] for u in units]
    return sum(heights) + gap * (len(heights) - (0 if box.placed else 1)) <= room + EPSILON


def _place(box: FlowBox, units: list[Flowable]) -> None:
    box.placed += [(u, u.wrap(box.width, box.height)[1]) for u in units]


def _topic_faces(topic: Topic, new_box, styles: Styles, legend: bool) -> list[FlowBox]:
    """One card a topic, all in the body size (issue 12: table on the front, explanation on the
    back, nothing under 7 pt; designer review, sixth session, item 5: never on the front, even
    where it would fit there, so the front holds the table alone):

    - the table on the front (over the back too when it must);
    - its explanation on the back: under the table's last part when the table runs there and it
      fits whole, else opening the back under a heading;
    - an explanation that fits nowhere on the card gets faces of its own (the card count says so).
    """
    gap = face_gap(styles)
    rest = _explanation(topic, styles, legend)
    faces = _table_faces(topic, new_box, styles)
    on_back = len(faces) % 2 == 0  # the table's last part is on a back
    if rest and on_back and _fits_whole(faces[-1], rest, gap):
        _place(faces[-1], rest)
        rest = []
    elif rest and on_back:
        fill_face(faces[-1], rest, gap=gap)
    if rest and len(rest) == len(_explanation(topic, styles, legend)):
        rest[0:0] = _heading(topic, styles)
    faces += _fill(rest, new_box, gap, topic.title)
    if len(faces) % 2:
        faces.append(new_box())  # a plain back
    return faces


def _table_faces(topic: Topic, new_box, styles: Styles) -> list[FlowBox]:
    """The topic's tables over the faces they need, each face filled before the next, a table
    cut only as the house allows (faces.py): never a face of two rows after a cut, even where
    the explanation would join them (card 12's back once held two rows of six)."""
    return _fill(_front_units(topic, new_box().width, styles), new_box, face_gap(styles), topic.title)


def layout_faces(
    data: GameData, width: float, height: float, styles: Styles | None = None, edition: Edition = "full"
) -> list[tuple[Topic, FlowBox]]:
    """Each topic on its own card(s): faces of width x height points, with the topic each belongs to."""
    register_fonts(SANS)
    spec = reference_look().cards
    styles = styles or card_styles(spec)
    sections = reference_sections(data, edition)
    _check_widths(sections, _content_box(spec, width, height).width, styles)
    faces: list[tuple[Topic, FlowBox]] = []
    for i, topic in enumerate(topics(sections)):
        boxes = _topic_faces(topic, lambda: _content_box(spec, width, height), styles, i == 0)
        faces += [(topic, b) for b in boxes]
    return faces


def _strip(spec: CardSpec, width: float, height: float) -> CardStrip:
    strip, bleed = pt(spec.strip), pt(spec.strip_bleed)
    return CardStrip(
        x=-bleed,
        y=height - strip,
        width=width + 2 * bleed,
        height=strip + bleed,
        left=pt(spec.padding),
        right=width - pt(spec.padding),
        baseline=height - pt(band_baseline(spec.strip, spec.strip_pt, spec.strip_safe)),
        text=f"{label('common.game')} · {label('tables.sheet.title')}",
        size=spec.strip_pt,
    )


def _blank(spec: CardSpec, width: float, height: float, subtitle: str, version: str) -> BlankBack:
    return BlankBack(
        centre=width / 2,
        baseline=height / 2,
        title=label("common.game"),
        subtitle=subtitle,
        title_pt=spec.back_title_pt,
        subtitle_pt=spec.back_subtitle_pt,
        line=spec.back_line_pt,
        version=version,
        version_pt=spec.back_version_pt,
    )


def layout_deck(
    data: GameData, width: float, height: float, edition: Edition = "full", version: str = ""
) -> ReferenceDeck:
    """The reference content on faces of width x height points, each with its topic, colour and number."""
    spec = reference_look().cards
    styles = card_styles(spec)
    laid = layout_faces(data, width, height, styles, edition)
    strip = _strip(spec, width, height)
    faces = []
    for i, (topic, box) in enumerate(laid):
        goes_on = i + 1 < len(laid) and laid[i + 1][0] == topic and bool(laid[i + 1][1].placed)
        number, hint = card_number(i, len(laid)), face_hint(i, goes_on)
        shapes = box_shapes(box, face_gap(styles), height)
        faces.append(ReferenceFace(i + 1, section_colour(topic.section.id), box, number, topic.title, shapes, hint))
    blank = _blank(spec, width, height, sheet_title(edition), version)
    return ReferenceDeck(faces, styles, strip, blank)
