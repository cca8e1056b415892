"""The reference tables laid out as two-sided cards (poker size by default), to join a deck.

One topic a card (a table, or two small tables read together, in the sheet's order): the
table on the front, what explains it (its rule, its notes) on the back. A table too long
for one face runs onto the back, never further; each face's strip names the topic in its
section's colour, with the card's number, so a shuffled stack goes back in order. Sizes are
data/layouts/reference.yaml's; each face's content becomes shapes here (as_shapes.py), which
draw/reference_cards.py paints with the strip.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from itertools import groupby
from typing import NamedTuple

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from kolaps_print.content.reference import ReferenceSection, reference_sections
from kolaps_print.content.tables import TableContent
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC, register_fonts
from kolaps_print.labels import label, labels
from kolaps_print.layout.card_front import band_baseline
from kolaps_print.layout.reference.as_shapes import box_shapes
from kolaps_print.layout.reference.faces import card_min_rows, fill_face
from kolaps_print.layout.reference.flow import EPSILON, FlowBox, Stack, table_rows
from kolaps_print.layout.reference.look import CardSpec, Styles, reference_look, section_colour
from kolaps_print.layout.reference.numbering import card_number, continued_hint, face_hint, first_fitting
from kolaps_print.layout.reference.sheet import row_units, sheet_title
from kolaps_print.layout.reference.tables import (
    NUMBERED,
    card_fits,
    column_groups,
    column_part,
    continued_title,
    fits_width,
    least_width,
    legend_paragraph,
    numbered_list,
    paragraph,
    table_block,
    whole_cells_width,
)
from kolaps_print.layout.shapes import Shape
from kolaps_print.layout.sheets import sizes
from kolaps_print.layout.style import table_breaks
from kolaps_print.model.gamedata import GameData
from kolaps_print.model.rules import Edition
from kolaps_print.units import pt, to_mm

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
    number_size: float  # the face's « n/N » and its « verso › »


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
    headed: bool = False  # a lone table titled on its faces too: its strip has no room for its title (mini)

    @property
    def title(self) -> str:
        return label("tables.format.list_sep").join(t.title for t in self.tables)


def card_cell_lines() -> int:
    """No cell of a card's table over this many lines (issue 12), every system's deck alike: the
    sheet's limit, reference.yaml sheet.cell_lines (« the cards' too »), one setting for both."""
    return reference_look().sheet.cell_lines


def card_text_under() -> frozenset[str]:
    """The tables set as steps, hung numbers over their text (the attack walk-through), on the
    cards as on the sheet (issue 12: one table, one look in every product): the sheet's list,
    reference.yaml sheet.text_under. A card sets them so only where its own rule sends the text
    under the rows (tables._card_shape); the list does not force that arrangement on a card."""
    return frozenset(reference_look().sheet.text_under)


def card_styles(spec: CardSpec, width: float = 0, height: float = 0) -> Styles:
    """A card's type: its long last column may go under its rows from two columns up, each such line
    only as tall as itself; no cell over card_cell_lines lines. Its size: card_body_pt's."""
    body = card_body_pt(spec, width, height)
    return Styles(
        body,
        under_from=2,
        max_lines=card_cell_lines(),
        tight_under=True,
        unwrap=pt(spec.unwrap),
        narrow_gutters=frozenset(spec.narrow_gutters),
        gutter_floor=pt(spec.gutter_floor),
        whole_parts=frozenset(spec.whole_parts) if notes_on_front(spec, width, height) else frozenset(),
        text_under=card_text_under(),
    )


def card_body_pt(spec: CardSpec, width: float = 0, height: float = 0) -> float:
    """The deck's body on a card of width x height points (0: poker's): body_pt on a poker card or a
    smaller one; on a larger card (tarot) it grows with the square root of the card's area over
    poker's, up to max_body_pt (review 11: tarot set at poker's size on twice the area)."""
    gain = area_gain(width, height) if width and height else 1.0
    return min(spec.max_body_pt, max(spec.body_pt, round(spec.body_pt * gain / 0.25) * 0.25))


def notes_on_front(spec: CardSpec, width: float, height: float) -> bool:
    """Whether a table's explanation joins it on the front when it fits there: on a card of at least
    front_notes_area times poker's area (tarot), where the front has the room (review 11)."""
    return width * height >= spec.front_notes_area * _poker_area()


def area_gain(width: float, height: float) -> float:
    """How much larger a card of width x height points is than a poker card, as a type grows with
    it: the square root of their areas' ratio (tarot: 1.23)."""
    return math.sqrt(width * height / _poker_area())


def _poker_area() -> float:
    """A poker card's area in square points: what the deck's type and notes grow against."""
    poker = sizes().cards["poker"]
    return pt(poker.width) * pt(poker.height)


def face_gap(styles: Styles) -> float:
    """Between blocks down a face."""
    return styles.body * 0.8


def _content_box(spec: CardSpec, width: float, height: float) -> FlowBox:
    pad = pt(spec.padding)
    return FlowBox(pad, pad, width - 2 * pad, height - pad - pt(spec.strip + spec.strip_gap))


def _check_widths(sections: tuple[ReferenceSection, ...], width: float, styles: Styles) -> None:
    for table in (t for s in sections for t in s.tables):
        table_plan(_bare(table), width, styles)  # CardOverflow if no way fits


def topics(sections: tuple[ReferenceSection, ...]) -> list[Topic]:
    return [Topic(s, row) for s in sections for row in s.rows]


def _regular(table: TableContent) -> TableContent:
    """The table with every row set alike: a card's rows are all regular, its bold kept for the
    first column and the headers (designer review: two bold rows on card 7's back read as shouting)."""
    return replace(table, strong=())


def _bare(table: TableContent) -> TableContent:
    """The table alone, for a front: its rule and notes go to the back."""
    return replace(_regular(table), rule=None, note=None, legend=None)


def _front_units(topic: Topic, width: float, styles: Styles, notes: bool = False) -> list[Flowable]:
    """The topic's tables, titled only when two share the card (the strip names a lone one); a
    table too wide for the card at the deck's size as table_plan sets it, its parts one under the
    other, each after the first titled « … (suite) ». notes: each table's note under its rows."""
    alone = len(topic.tables) == 1
    bare = tuple(_bare(t) for t in topic.tables)
    if alone and topic.headed:
        bare = (replace(bare[0], title=face_title(bare[0].title, width, styles)),)
    plans = [table_plan(t, width, styles) for t in bare]
    if notes:
        bare = tuple(replace(b, note=t.note) for b, t in zip(bare, topic.tables, strict=True))
        plans = [[(replace(p, note=t.note), s) for p, s in plan] for plan, t in zip(plans, topic.tables, strict=True)]
    if all(plan == [(t, styles)] for t, plan in zip(bare, plans, strict=True)):  # the deck's size and shape
        if alone:
            return [table_block(bare[0], width, styles, show_title=topic.headed)]
        return row_units(bare, replace(topic.section, title=""), width, styles)
    return [
        table_block(part, width, part_styles, show_title=not alone or topic.headed or i > 0)
        for plan in plans
        for i, (part, part_styles) in enumerate(plan)
    ]


def face_title(title: str, width: float, styles: Styles) -> str:
    """A headed table's title on its faces: whole where it takes one line, else without its closing
    parenthesis (review 16, S5, the lead's call: the band already names the section, and
    « Blessures critiques (réussite critique) » over two lines kept its rows 1 + 2 + 3 on mini
    19–20/23; « Blessures critiques » on one line lets them go 3 + 3)."""
    if stringWidth(title, SANS_BOLD, styles.table_title_size) <= width + EPSILON:
        return title
    return _less_closing_parenthesis(title) or title


def _less_closing_parenthesis(title: str) -> str:
    """The title without the parenthesis that ends it (« Blessures critiques (réussite critique) »)."""
    return re.sub(r"\s*\([^()]*\)\s*$", "", title)


def _smaller(styles: Styles) -> list[Styles]:
    """The deck's styles, then a step smaller each, down to the cards' floor (a too-wide table's)."""
    spec, step = reference_look().cards, reference_look().type.step_pt
    count = max(0, round((styles.body - spec.min_body_pt) / step))
    return [replace(styles, body=styles.body - i * step) for i in range(count + 1)]


def table_plan(table: TableContent, width: float, styles: Styles) -> list[tuple[TableContent, Styles]]:
    """How a table goes on a card this wide: parts and their type (review 11, mini cards), the first
    way that sets no word broken nor cell over three lines:

    - whole at the deck's size (every table of a poker or tarot deck);
    - whole a step smaller, down to the floor (its long text under its rows as at the deck's size);
    - cut into column groups, the key column heading each, at least two columns beside it (the
      chances: ranks and 2C6 to 2D6, ranks and 3D6 to 5D6), the fewest groups, the largest type, the
      most even groups;
    - every column but the first under its row (« Principe : … », the three rolls);
    else CardOverflow: the table stays a located error.
    """
    if _plans is None:
        return _table_plan(table, width, styles)
    key = (repr(table), width, styles)  # a table's fields are lists: its repr is its key
    if key not in _plans:
        _plans[key] = _table_plan(table, width, styles)
    return list(_plans[key])


# The plans of a deck's layout (layout_faces), by table, width and styles: each size of a section
# asks for its tables' plans again, each from its faces, its cards and its widest size (issue 15:
# table_plan was three fifths of a mini deck's layout).
_plans: dict[tuple[str, float, Styles], list[tuple[TableContent, Styles]]] | None = None


def _table_plan(table: TableContent, width: float, styles: Styles) -> list[tuple[TableContent, Styles]]:
    if fits_width(table, width, styles):
        return _whole_parts(table, width, styles) or [(table, styles)]
    sizes_down = _smaller(styles)
    for smaller in sizes_down:
        if card_fits(table, width, smaller):
            return [(table, smaller)]
    for count in range(2, len(table.columns)):
        for smaller in sizes_down:
            groups = [g for g in column_groups(table, count, 2) if _parts_fit(table, g, width, smaller)]
            if groups:
                best = min(groups, key=lambda g: max(least_width(column_part(table, c), smaller) for c in g))
                return [(_part(table, cols, i), smaller) for i, cols in enumerate(best)]
    for smaller in sizes_down:
        if card_fits(table, width, smaller, stacked=True):
            return [(table, smaller)]
    raise CardOverflow(f"table '{table.id}' is too wide for a card of this size; choose a larger --card")


def _whole_parts(table: TableContent, width: float, styles: Styles) -> list[tuple[TableContent, Styles]]:
    """A table the cards name (styles.whole_parts: a card with room under its tables, tarot) as two
    column parts one under the other, the most even, when the whole table wraps a cell and the
    parts wrap none (tarot19: the tarot's « Gravité des blessures » broke « Mauvais / coup »,
    « Blessure / grave » and « Blessure / très grave » at 8.5 pt over 62 mm; R0–R4 go under it,
    titled by the table's part_title label, as the mini parts them over two cards); [] otherwise."""
    if table.id not in styles.whole_parts or whole_cells_width(table, styles) <= width + EPSILON:
        return []
    groups = [
        g
        for g in column_groups(table, 2, 2)
        if all(whole_cells_width(column_part(table, c), styles) <= width + EPSILON for c in g)
    ]
    if not groups:
        return []
    best = min(groups, key=lambda g: max(least_width(column_part(table, c), styles) for c in g))
    return [(_part(table, cols, i, _part_title(table)), styles) for i, cols in enumerate(best)]


def _part_title(table: TableContent) -> str:
    """The title of a whole_parts table's second part (tables.<id>.part_title), "" for « (suite) »."""
    return label(f"tables.{table.id}.part_title") if "part_title" in labels(f"tables.{table.id}") else ""


def _parts_fit(table: TableContent, groups: list[list[int]], width: float, styles: Styles) -> bool:
    return all(card_fits(column_part(table, cols), width, styles) for cols in groups)


def _part(table: TableContent, columns: list[int], index: int, title: str = "") -> TableContent:
    """The table's part of these columns; after the first, titled title or « … (suite) »."""
    part = column_part(table, columns)
    return part if index == 0 else replace(part, title=title or continued_title(table.title))


def _explanation(topic: Topic, styles: Styles, legend: bool) -> list[Flowable]:
    """The back: each table's rule (bold), then its note; the marks' legend on the deck's first card."""
    units: list[Flowable] = []
    for table in topic.tables:
        texts = [
            paragraph(text, style) for text, style in ((table.rule, styles.rule()), (table.note, styles.note())) if text
        ]
        if len(topic.tables) > 1 and texts:
            # its title kept with its first text: never alone at a face's foot (mini: « Localisation (1D6) »)
            units.append(Stack([paragraph(table.title, styles.table_title()), texts[0]], gap=face_gap(styles)))
            texts = texts[1:]
        units += texts
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


def _topic_faces(
    topic: Topic,
    new_box,
    styles: Styles,
    legend: bool,
    look: FaceLook,
    parted: list[bool] | None = None,
) -> list[FlowBox]:
    """One card a topic, in its section's size (issue 12: table on the front, explanation on the
    back; designer review, sixth session, item 5: never on the front, so the front holds the table
    alone, except where look says otherwise):

    - the table on the front (over the back too when it must);
    - its explanation on the back: under the table's last part when the table runs there and it
      fits whole, else opening the back under a heading;
    - look.front_notes (a large card, tarot) or look.notes_under (mini): a table on the front alone
      takes its explanation under it when it fits there whole (review 11: tarot fronts 50–70 %
      empty; review 13, S1: a mini back of a heading and three lines while the front had 26 mm
      free), its back then plain;
    - an explanation that fits nowhere on the card gets faces of its own (the card count says so;
      parted records it, for the section's size to avoid it).
    """
    gap = look.gap
    rest = _explanation(topic, styles, legend)
    noted = _noted_front(topic, new_box, styles, gap) if (look.front_notes or look.notes_under) and not legend else []
    if noted:
        return [*noted, new_box()]
    faces = _table_faces(topic, new_box, styles, gap)
    on_back = len(faces) % 2 == 0  # the table's last part is on a back
    under = look.front_notes or look.notes_under or _one_line(rest, faces[0])
    # mini: under the last piece on a front too (review 16: Critiques 20/23's note alone on its back)
    if rest and under and (len(faces) == 1 or (look.notes_under and not on_back)) and _fits_whole(faces[-1], rest, gap):
        _place(faces[-1], rest)
        rest = []
    if rest and on_back and _fits_whole(faces[-1], rest, gap):
        _place(faces[-1], rest)
        rest = []
    elif rest and on_back:
        fill_face(faces[-1], rest, gap=gap)
    if rest and len(rest) == len(_explanation(topic, styles, legend)):
        rest[0:0] = _heading(topic, styles)
    note_faces = _fill(rest, new_box, gap, topic.title)
    if parted is not None:
        # the explanation opens another card than its rows' (the next one, or one after the back)
        parted.append(bool(note_faces) and (on_back or len(note_faces) > 1))
    faces += note_faces
    if len(faces) % 2:
        faces.append(new_box())  # a plain back
    return faces


def _noted_front(topic: Topic, new_box, styles: Styles, gap: float) -> list[FlowBox]:
    """Two tables on one front, each with its note under its rows, when that fits the front (review
    14, N4: tarot 9/14's front a third empty over « Localisation » and « Cumul », their notes alone
    on its back under their titles again); [] otherwise (a rule to read first, a single table, no
    note, more than a face)."""
    tables = topic.tables
    if len(tables) < 2 or any(t.rule or t.legend for t in tables) or not any(t.note for t in tables):
        return []
    faces = _fill(_front_units(topic, new_box().width, styles, notes=True), new_box, gap, topic.title)
    return faces if len(faces) == 1 else []


def _note_pieces(note: str, parts: list[TableContent]) -> dict[int, str] | None:
    """The note's sentences grouped by the part they explain: a sentence whose run-in head
    (« Hémorragie : », « R0 à R4 : ») names a column of one part only (a word of the head begins
    with the column's head, its abbreviating dot dropped) opens that part's paragraph; the
    sentences after it (« Échec : … ») go on with it. None if the first names no part."""
    shared = set.intersection(*(set(p.columns) for p in parts))
    pieces: dict[int, list[str]] = {}
    current = None
    for sentence in re.split(r"(?<=[.!?])\s+", note.strip()):
        head = re.match(r"^(.+?)\s:\s", sentence)
        named = _part_named(head.group(1), parts, shared) if head else None
        current = named if named is not None else current
        if current is None:
            return None
        pieces.setdefault(current, []).append(sentence)
    return {i: " ".join(texts) for i, texts in pieces.items()} if len(pieces) > 1 else None


def _part_named(head: str, parts: list[TableContent], shared: set[str]) -> int | None:
    words = [w.lower() for w in head.split()]
    named = [
        i
        for i, part in enumerate(parts)
        for column in part.columns
        if column not in shared and len(key := column.rstrip(".").lower()) > 1 and any(w.startswith(key) for w in words)
    ]
    return named[0] if named and len(set(named)) == 1 else None


def _one_line(units: list[Flowable], box: FlowBox) -> bool:
    """Whether units are a single line of text (poker card 1's « † E… » legend alone): a back
    holding one line and nothing else reads as a misprint (review 12), it goes under the table."""
    if len(units) != 1:
        return False
    units[0].wrap(box.width, box.height)
    lines = getattr(getattr(units[0], "blPara", None), "lines", None)
    return lines is not None and len(lines) == 1


def _table_faces(topic: Topic, new_box, styles: Styles, gap: float) -> list[FlowBox]:
    """The topic's tables over the faces they need at this size, each face filled before the next,
    a table cut only as the house allows (faces.py): never a face of two rows after a cut, even
    where the explanation would join them (card 12's back once held two rows of six). The size is
    the section's (_section_faces): no table over two faces where a smaller size avoids it."""
    return _fill(_front_units(topic, new_box().width, styles), new_box, gap, topic.title)


@dataclass(frozen=True)
class FaceLook:
    """What a deck's faces share whatever their size: the gap between blocks (the deck's), where
    notes may go (front_notes: tarot; notes_under: mini)."""

    gap: float
    floor: float  # pt: a section goes below it only to keep its notes on their cards or save a card
    front_notes: bool = False
    notes_under: bool = False


def layout_faces(
    data: GameData, width: float, height: float, styles: Styles | None = None, edition: Edition = "full"
) -> list[tuple[Topic, FlowBox]]:
    """Each topic on its own card(s): faces of width x height points, with the topic each belongs to."""
    register_fonts(SANS)
    spec = card_spec(width)
    styles = styles or card_styles(spec, width, height)
    sections = reference_sections(data, edition)
    look = FaceLook(face_gap(styles), spec.section_floor_pt, notes_on_front(spec, width, height), spec.notes_under)
    room = _topic_room(_strip(spec, width, height), _widest_number())

    def headed(topic: Topic) -> Topic:
        """A lone table whose strip names it otherwise heads its faces with its title."""
        return replace(topic, headed=len(topic.tables) == 1 and strip_title(topic, room, spec) != topic.title)

    def new_box() -> FlowBox:
        return _content_box(spec, width, height)

    faces: list[tuple[Topic, FlowBox]] = []
    global _plans
    _plans = {}
    try:
        _check_widths(sections, _content_box(spec, width, height).width, styles)
        for _, group in groupby(topics(sections), key=lambda t: t.section):
            faces += _section_faces([headed(t) for t in group], new_box, styles, not faces, look, headed)
    finally:
        _plans = None
    return faces


def _section_faces(
    group: list[Topic], new_box, styles: Styles, legend: bool, look: FaceLook, headed
) -> list[tuple[Topic, FlowBox]]:
    """A section's topics at one size, tables and notes (review 13, N3: Critiques at 6 pt on 19–20/23,
    7 pt on 21/23). The sizes tried: the largest at which all its tables fit the card's width
    (table_plan: « Actions de base » at 6.5 pt on a mini card sets « Le tour de jeu » at 6.5 too),
    then a step smaller each down to the cards' floor; taken, the one that parts the fewest
    explanations from their rows' card, then takes the fewest cards, then keeps look.floor (below it
    only to part fewer or save a card), then leaves the fewest faces of notes alone (mini, where
    notes go under their rows), then the largest. The first size that keeps every table within two faces (issue 12), every note on its
    card and no face of notes alone ends the search. Numbered tables are hung (issue 12, hung19:
    « Moral », « Blessures critiques » as the walk-through) unless the section's numbers centred
    part fewer explanations, cut fewer tables to single rows or short pieces, take fewer cards or
    keep look.floor where hung does not (mini « Blessures critiques »: hung, a 24th card)."""
    widest = min(
        s.body for t in group for table in t.tables for _, s in table_plan(_bare(table), new_box().width, styles)
    )
    sizes = [s for s in _smaller(styles) if s.body <= widest + EPSILON]
    kept: Kept = {}
    rank, laid = _best_size(group, new_box, sizes, legend, look, headed, kept)
    if not any(numbered_list(table) for topic in group for table in topic.tables):
        return laid
    if rank.faults == (0, 0, 0, 2 * len(group), False):  # a card a topic, nothing to mend: centred cannot do better
        return laid
    flat_sizes = [replace(s, hang_lists=False) for s in sizes]
    flat, flat_laid = _best_size(group, new_box, flat_sizes, legend, look, headed, kept)
    return flat_laid if flat.faults < rank.faults else laid


class SizeRank(NamedTuple):
    """How well a section is laid at one size (_best_size), the least best: compared term by term."""

    single: int  # tables cut down to single rows
    parted: int  # explanations parted from their rows' card
    short: int  # short pieces of cut tables
    faces: int
    below: bool  # under look.floor
    smaller: float  # minus the size when below the floor: a size up outranks even pieces (review 15, S3)
    uneven: int
    over: int
    lone: int  # faces of notes alone (mini)
    size: float  # minus the body size: the largest wins a tie

    @property
    def faults(self) -> tuple[int, int, int, int, bool]:
        """The terms hanging a numbered list may change enough to choose the centred search (_section_faces)."""
        return (self.single, self.parted, self.short, self.faces, self.below)

    @property
    def ends_search(self) -> bool:
        """Nothing left to mend: no smaller size can do better."""
        return self.single == self.parted == self.short == self.uneven == self.lone == self.over == 0 and not self.below


# A topic's faces at a body size and whether its explanations part from their rows (_card_faces),
# by its place in the section: kept from the hung search for the centred one where they are alike.
Kept = dict[tuple[int, float], tuple[list[tuple[Topic, FlowBox]], list[bool]]]


def _may_hang(topic: Topic) -> bool:
    """Whether styles.hang_lists may change the topic's faces: whether a table of it, or a part of one
    cut by its columns (column_groups, as table_plan and _whole_parts cut them), reads as a numbered
    list (tables.numbered_list: only such a table is hung by hang_lists)."""
    return any(_may_read_numbered(t) for t in topic.tables)


def _may_read_numbered(table: TableContent) -> bool:
    if not table.rows or not all(NUMBERED.fullmatch(row[0]) for row in table.rows):
        return False  # the key column, every part's first, is not all numbers
    groups = (g for count in range(2, len(table.columns)) for g in column_groups(table, count, 2))
    return numbered_list(table) or any(numbered_list(column_part(table, cols)) for g in groups for cols in g)


def _best_size(
    group: list[Topic], new_box, sizes: list[Styles], legend: bool, look: FaceLook, headed, kept: Kept
) -> tuple[SizeRank, list[tuple[Topic, FlowBox]]]:
    """The section laid at the best of these sizes (_section_faces), with its rank."""
    best: tuple[SizeRank, list[tuple[Topic, FlowBox]]] | None = None
    for size in sizes:
        parted: list[bool] = []
        laid = []
        for i, topic in enumerate(group):
            key = (i, size.body)
            if key not in kept:
                mine: list[bool] = []
                pairs = _card_faces(topic, new_box, size, legend and i == 0, look, headed, mine)
                if _may_hang(topic):
                    laid += pairs
                    parted += mine
                    continue
                kept[key] = (pairs, mine)
            laid += kept[key][0]
            parted += kept[key][1]
        # faces of notes alone count where notes go under their rows (mini): a tarot section is not
        # set 1.5 pt smaller to bring its notes onto its fronts
        lone = sum(1 for _, box in laid if box.placed and not _holds_rows(box)) if look.notes_under else 0
        single, uneven, short, over = cut_faults(table_pieces(laid))
        below = size.body < look.floor - EPSILON
        smaller = size.body if below else 0.0
        rank = SizeRank(single, sum(parted), short, len(laid), below, -smaller, uneven, over, lone, -size.body)
        if best is None or rank < best[0]:
            best = (rank, laid)
        if rank.ends_search:
            break
    assert best is not None
    return best


def table_pieces(laid: list[tuple[Topic, FlowBox]]) -> list[list[int]]:
    """Each table's pieces as laid, in order: the body rows of each (a piece after the first opens
    its face with the « (suite) » title its cut put over it)."""
    out: list[list[int]] = []
    for _, box in laid:
        for block, _ in box.placed:
            rows = table_rows(block)
            if rows is None:
                continue
            if isinstance(block, Stack) and block.continued is not None and block.parts[0] is block.continued and out:
                out[-1].append(rows)
            else:
                out.append([rows])
    return out


def cut_faults(pieces: list[list[int]]) -> tuple[int, int, int, int]:
    """How a section's tables are cut, worst first (issue 12; the fourteenth session's merge
    notes): single, the tables read in a piece of one row (Blessures critiques 1 + 2 + 3, Moral
    2 + 1 + 1); uneven, the others over more than two faces (past one card) in pieces more than a
    row apart (Modificateurs 4 + 3 + 2 + 2); short, the tables of whole_rows rows or fewer cut at
    all (3d6's États 3 + 3); over, the tables over more than two faces (Actions de base 5 + 4 + 4)."""
    whole = table_breaks().whole_rows
    cut = [p for p in pieces if len(p) > 1]
    single = sum(1 for p in cut if min(p) < 2)
    uneven = sum(1 for p in cut if min(p) >= 2 and len(p) > 2 and max(p) - min(p) > 1)
    short = sum(1 for p in cut if sum(p) <= whole)
    over = sum(1 for p in cut if len(p) > 2)
    return single, uneven, short, over


def _card_faces(
    topic: Topic, new_box, styles: Styles, legend: bool, look: FaceLook, headed, parted: list[bool]
) -> list[tuple[Topic, FlowBox]]:
    """The topic's faces; where its explanation would open another card than its rows (review 13),
    a card for each of its tables, or each part of a table cut by its columns, with its own notes:

    - two tables whose rows take the card's two faces, their explanation opening the next card
      (mini: « Seuils de réussite, Difficultés », their notes on the front of 5/23);
    - a table cut by its columns whose note names them (mini: « Gravité des blessures », its note
      alone on card 13/23): the note parted by its paragraphs, each with the part it explains,
      « Hémorragie : … » behind the Hémorr. column's part, « R0 à R4 : … » under the R0–R4 part.
    parted gets, for each card's topic laid, whether its explanation opens another card."""
    mine: list[bool] = []
    topic = _less_titled(topic, new_box().width, styles)
    boxes = _topic_faces(topic, new_box, styles, legend, look, mine)
    alone = _card_topics(topic, new_box().width, styles) if any(mine) else []
    if not alone:
        parted += mine
        return [(topic, b) for b in boxes]
    return [
        (t, b)
        for i, t in enumerate(headed(t) for t in alone)
        for b in _topic_faces(t, new_box, styles, legend and i == 0, look, parted)
    ]


def _less_titled(topic: Topic, width: float, styles: Styles) -> Topic:
    """The topic, its lone table's note less the sentences that a part of _whole_parts says in its
    own title (tarot19: « Moral perdu selon le rang initial » over R0–R4 says « R0 à R4 : moral
    perdu selon le rang initial. »)."""
    table = topic.tables[0]
    if len(topic.tables) > 1 or not table.note or not _part_title(table):
        return topic
    parts = [part for part, _ in _whole_parts(_bare(table), width, styles)]
    pieces = _note_pieces(table.note, parts) if parts else None
    if pieces is None:
        return topic
    note = " ".join(text for i, text in sorted(pieces.items()) if i == 0) or None
    return replace(topic, tables=(replace(table, note=note),))


def _card_topics(topic: Topic, width: float, styles: Styles) -> list[Topic]:
    """The topic as cards of one table each (two tables), or of one column part each with its
    paragraph of the note (a lone table cut by its columns, no rule); [] if neither."""
    if len(topic.tables) > 1:
        return [replace(topic, tables=(t,)) for t in topic.tables]
    table = topic.tables[0]
    if table.rule or table.legend or not table.note:
        return []
    parts = [part for part, _ in table_plan(_bare(table), width, styles)]
    pieces = _note_pieces(table.note, parts) if len(parts) > 1 else None
    if pieces is None:
        return []
    return [replace(topic, tables=(replace(part, note=pieces.get(i)),)) for i, part in enumerate(parts)]


def _holds_rows(box: FlowBox) -> bool:
    """Whether a face holds a table's rows (a face of notes alone, or a plain back, holds none)."""
    return any(table_rows(block) is not None for block, _ in box.placed)


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
        number_size=spec.number_pt,
    )


def card_spec(width: float) -> CardSpec:
    """The cards' spec on a card width points wide (a mini card's strip is thinner)."""
    return reference_look().cards.for_width(to_mm(width))


def _blank(spec: CardSpec, width: float, height: float, subtitle: str, version: str) -> BlankBack:
    room = width - 2 * pt(spec.padding)
    return BlankBack(
        centre=width / 2,
        baseline=height / 2,
        title=label("common.game"),
        subtitle=subtitle,
        title_pt=_fitting(label("common.game"), SANS_BOLD, spec.back_title_pt, room),
        subtitle_pt=_fitting(subtitle, SANS, spec.back_subtitle_pt, room),
        line=spec.back_line_pt,
        version=version,
        version_pt=_fitting(version, SANS, spec.back_version_pt, room),
    )


def _fitting(text: str, font: str, size: float, room: float) -> float:
    """size, or smaller to keep text within room: a plain back's 12 pt « KOLAPS : Ground Zero »
    reached 2.9 mm from a mini card's trim."""
    wide = stringWidth(text, font, size)
    return size if wide <= room else math.floor(size * room / wide * 4) / 4


def layout_deck(
    data: GameData, width: float, height: float, edition: Edition = "full", version: str = ""
) -> ReferenceDeck:
    """The reference content on faces of width x height points, each with its topic, colour and number."""
    spec = card_spec(width)
    styles = card_styles(spec, width, height)
    laid = layout_faces(data, width, height, styles, edition)
    strip = _strip(spec, width, height)
    faces = []
    continued = continued_faces(laid) if strips_say_suite(laid, strip, spec) else [False] * len(laid)
    for i, (topic, box) in enumerate(laid):
        goes_on = i + 1 < len(laid) and laid[i + 1][0] == topic and bool(laid[i + 1][1].placed)
        number, hint = card_number(i, len(laid)), face_hint(i, goes_on)
        shapes = box_shapes(box, face_gap(styles), height)
        title = strip_title(topic, _topic_room(strip, number), spec)
        title = _continued(title) if continued[i] else title
        colour = section_colour(topic.section.id)
        faces.append(ReferenceFace(i + 1, colour, box, number, title, shapes, hint))
    blank = _blank(spec, width, height, sheet_title(edition), version)
    return ReferenceDeck(faces, styles, strip, blank)


def continued_faces(laid: list[tuple[Topic, FlowBox]]) -> list[bool]:
    """Which faces' strips would say « (suite) » (review 15, S4, the systems' decks' rule): each
    face the face before promised with its « verso › » or « suite › », its topic going on there;
    a cover (a plain back) as its front, as it names its card."""
    out: list[bool] = []
    for i, (topic, box) in enumerate(laid):
        cover = i % 2 == 1 and not box.placed and laid[i - 1][0] == topic
        promised = i > 0 and laid[i - 1][0] == topic and bool(box.placed)
        out.append(out[i - 1] if cover else promised)
    return out


def strips_say_suite(laid: list[tuple[Topic, FlowBox]], strip: CardStrip, spec: CardSpec) -> bool:
    """Whether the deck's strips say « (suite) » (continued_faces): only where every topic going
    on over faces holds it after the name its strip already gives it, one convention a deck
    (review 15, S4). KOLAPS's do not: a mini card's 37 mm strip leaves « Le tour de jeu » no room
    for it beside « verso › 10/23 » at 9 pt, never shrunk (refband11); a poker's strip would take
    « Une attaque, pas à pas » down to « Une attaque », its face then heading its rows with the
    title, « Facultés des armes » set 6.5 pt to keep its card count (tried: docs/style.md)."""
    continued = continued_faces(laid)
    going = [i for i, c in enumerate(continued) if c]
    return all(
        stringWidth(
            _continued(strip_title(laid[i][0], _topic_room(strip, card_number(i, len(laid))), spec)),
            SANS_BOLD,
            spec.strip_pt,
        )
        <= _topic_room(strip, card_number(i, len(laid)))
        for i in going
    )


def _continued(name: str) -> str:
    return label("tables.format.continued", title=name)


def _strip_room(strip: CardStrip, number: str, hint: str) -> float:
    """What a strip leaves its topic: its width less the number, the hint, and a 1 em space before each."""
    taken = stringWidth(number, SANS, strip.number_size) + strip.size
    if hint:
        taken += stringWidth(hint, SANS_ITALIC, strip.number_size) + strip.number_size
    return strip.right - strip.left - taken


def _topic_room(strip: CardStrip, number: str) -> float:
    """A topic's room in its strips: as on its faces whose strip says it goes on (one name on every
    face of a topic, whether or not that face's strip has the hint)."""
    hints = (continued_hint(overleaf=True), continued_hint(overleaf=False))
    return min(_strip_room(strip, number, hint) for hint in hints)


def _widest_number() -> str:
    """A face's number at its widest, before the deck is counted."""
    return label("tables.sheet.card_of", card=88, cards=88)


def strip_title(topic: Topic, room: float, spec: CardSpec) -> str:
    """The topic's name in its strip, always at the strip's size (refband11: a player leafing
    through finds a section by its band, 6 pt titles could not be read): its title, else shorter
    (« Modificateurs de difficulté », « verso › » and « 7/27 » in 37 mm ran into each other): its
    band name where the labels give one (tables.sheet.bands: « Attaque pas à pas »), each title
    less its parenthesis (« Blessures critiques »), then the section's name (« Résoudre un test »
    for « Seuils de réussite, Difficultés »). A lone table named otherwise in its strip heads its
    faces with its full title (Topic.headed)."""
    sep = label("tables.format.list_sep")
    bands = labels("tables.sheet.bands")
    short = sep.join(bands.get(t.id, t.title) for t in topic.tables)
    shorter = sep.join(_less_closing_parenthesis(bands.get(t.id, t.title)) for t in topic.tables)
    names = list(dict.fromkeys([topic.title, short, shorter, topic.section.title]))
    return first_fitting(names, room, spec.strip_pt)
