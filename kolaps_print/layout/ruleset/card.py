"""A ruleset character's card faces laid out in the house look of KOLAPS's cards: the name on a
band of the system's colour, the subtitle under it, stat tiles whose value is the large thing,
sections headed by a tracked capital line and a rule, and the army and system on a foot band.
Each content item of content/ruleset_card.py becomes parts of the drawing protocol of every card
face (layout/card_blocks/protocol.py: measured for the card's width, then shapes from a top, in
mm): a paragraph or a RowTable through FlowablePart, a block of layout/ruleset/blocks.py as
itself; face_shapes lays a side out as shapes for the one painter, the parts stacked under the
band. Block-driven: no mechanic is known here."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import groupby

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from kolaps_print import resources
from kolaps_print.content.ruleset_card import (
    Checkboxes,
    Elsewhere,
    FootBand,
    Item,
    Lines,
    Tiles,
    Title,
    Track,
    kept_repr,
)
from kolaps_print.content.ruleset_sheet import RulesetTable
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC, register_fonts
from kolaps_print.labels import label
from kolaps_print.layout.card_blocks.protocol import Drawn, stack
from kolaps_print.layout.card_face import above_safe_bottom, band_baseline
from kolaps_print.layout.reference.as_shapes import Area, KeptParagraph, box_shapes
from kolaps_print.layout.reference.flow import FlowBox
from kolaps_print.layout.reference.look import ink, tint
from kolaps_print.layout.reference.numbering import hint_right
from kolaps_print.layout.reference.row_table import Row, RowTable, TableLook
from kolaps_print.layout.ruleset.blocks import BoxesBlock, NoteBeside, TilesBlock, section_head
from kolaps_print.layout.ruleset.columns import (
    CELL_PAD,
    FLOOR_SLACK,
    column_widths,
    fewer_row_lines,
    heads_whole_columns,
    heads_whole_widths,
    heads_wrapped,
    least_widths,
    row_widths,
    unbroken_size,
    wrapped_cells,
)
from kolaps_print.layout.ruleset.columns import (
    SLACK as COLUMN_SLACK,
)
from kolaps_print.layout.ruleset.look import CardLook, paragraph_style
from kolaps_print.layout.ruleset.parts import BlockGap, FlowablePart, Spacing
from kolaps_print.layout.shapes import Align, Shape
from kolaps_print.layout.style import colour as house_colour
from kolaps_print.typography import NBSP, bound, closing_mark_held, escape, run_on, separated
from kolaps_print.units import pt, to_mm


@lru_cache(maxsize=256)
def _style(name: str, font: str, size: float, leading: float) -> ParagraphStyle:
    """The look's paragraph style, made once per size: the faces of a deck share it, and their
    paragraphs are parsed once per text and style (_paragraph)."""
    return paragraph_style(name, font, size, leading)


@lru_cache(maxsize=8192)
def _paragraph(text: str, style: ParagraphStyle) -> KeptParagraph:
    """A paragraph of a face, one per text and style, shared by every face that prints it
    (reportlab's parser was a third of the cost of laying out a face, and its line breaking most
    of the rest): a deck of distinct characters repeats its heads, cells, legends and reminders,
    each broken into lines once per width and made into shapes once per place (KeptParagraph).
    A text's closing mark holds its last two words as it is drawn (typography.closing_mark_held:
    « de l’arme. † 3D6-E4 », never « l’arme. † 3D6-E4 » alone on a last line; review 20 N4)."""
    return KeptParagraph(closing_mark_held(text), style)


BLEED = pt(10)  # bands are laid out this far past the trim; the sheet clips them
CELL_PAD_Y = 1  # points above and below a card table's cell


@dataclass(frozen=True)
class RulesetFace:
    """A reference card's side: the name its band carries (its topic, its card's « 2/7 », and
    « verso › » or « suite › » before it when the topic goes on), then the blocks poured into it
    (layout/ruleset/reference_cards.py), stacked under the band in points as the sheet's columns
    are; plain: a back with nothing to hold (its section ended on the front), designed as the
    deck's last one."""

    name: str
    story: list[Flowable]
    copy: str = ""
    hint: str = ""
    plain: bool = False

    def height(self, width: float, room: float) -> float:
        """The story's height set width points wide."""
        return sum(f.wrap(width, room)[1] for f in self.story)

    def room(self, setting: FaceSetting) -> list[Shape]:
        (width, height) = setting.size
        return box_shapes(_room_filled(self, setting.look, width, height), 0, height)


@dataclass(frozen=True)
class RulesetCardFace:
    """A character card's side: the name its band carries (and « 1/2 » for a copy), then its parts
    stacked under the band."""

    name: str
    story: list[Drawn]
    copy: str = ""
    spread: bool = True  # its gaps may spread on a taller card (_spread); a back of a look that top-aligns them: False
    stats: str = ""  # the in-play stats its band carries at the right (« DÉF 5 · PV 14 »)

    def height(self, width: float) -> float:
        """The parts' height (mm) laid out width mm wide."""
        return sum(part.measure(width) for part in self.story)

    def room(self, setting: FaceSetting) -> list[Shape]:
        x, bottom, width, room = story_room(setting.look, *setting.size)
        story = _spread(self.story, to_mm(width), to_mm(room), setting) if self.spread else self.story
        return stack(story, to_mm(x), to_mm(setting.size[1] - bottom - room), 0.0, to_mm(width))


def _spread(story: list[Drawn], width: float, room: float, setting: FaceSetting) -> list[Drawn]:
    """story with the room it leaves empty shared among its block gaps, each grown to at most
    spread_gaps times itself, on a card taller than the look's reference (tarot, issue 12: a
    face shorter than the deck's fullest no longer leaves a fifth of the card empty under its
    last block; the type keeps the deck's one size). Poker and mini faces: as laid out."""
    tiles = max((i for i, part in enumerate(story) if isinstance(part, TilesBlock)), default=-1)
    look = setting.look  # the gaps under the stat tiles: the name, subtitle and tiles keep their place
    gaps = [part for part in story[tiles + 1 :] if isinstance(part, BlockGap)]
    if look.spread_gaps <= 1 or to_mm(setting.size[1]) <= look.reference_height_mm or not gaps:
        return story
    empty = room - look.foot_gap_mm - sum(part.measure(width) for part in story)  # the foot's gap again: air
    extra = min(max(0.0, empty) / len(gaps), min(g.height for g in gaps) * (look.spread_gaps - 1))
    if extra <= 0:
        return story
    grown = {id(g): BlockGap(round(g.height + extra, 3)) for g in gaps}
    return [grown.get(id(part), part) for part in story]


Face = RulesetFace | RulesetCardFace


def story_room(look: CardLook, width: float, height: float, back: bool = False) -> tuple[float, float, float, float]:
    """x, y, width, height of the room between the name band and the foot band, inside the
    safe margin, for a card width × height points; a back's own foot gap (its last row is boxes
    or a line without descenders) when its look has one."""
    margin = pt(look.margin_mm)
    foot_gap = look.back_foot_gap_mm if back and look.back_foot_gap_mm is not None else look.foot_gap_mm
    bottom = pt(look.footer_mm) + pt(foot_gap)
    top = height - pt(look.band_mm) - pt(look.head_gap_mm) * 2
    return margin, bottom, width - 2 * margin, top - bottom


@dataclass(frozen=True)
class _Styles:
    """The paragraph styles of a ruleset card's story."""

    subtitle: ParagraphStyle
    body: ParagraphStyle
    legend: ParagraphStyle
    hanging: ParagraphStyle  # a weapon's line on a small card: its wrapped lines hang in


def _styles(look: CardLook) -> _Styles:
    return _Styles(
        _style("subtitle", SANS_ITALIC, look.subtitle_pt, look.leading),
        _style("body", SANS, look.body_pt, look.leading),
        _style("legend", SANS, look.small_pt, look.leading),  # solid black: small type in a tint breaks up
        _hanging(_style("body", SANS, look.body_pt, look.leading)),
    )


@lru_cache(maxsize=64)
def _hanging(body: ParagraphStyle) -> ParagraphStyle:
    """body with its wrapped lines 1.5 mm in: each weapon starts flush left (as KOLAPS's FACULTÉS)."""
    return ParagraphStyle(f"{body.name}-hanging", parent=body, leftIndent=pt(1.5), firstLineIndent=-pt(1.5))


@dataclass(frozen=True)
class DeckTable:
    """How one kind of table is set on every card of a deck."""

    size: float  # points
    columns: list[float]
    whole: bool  # every word fits its column (False: the columns had to squeeze one apart)
    strong: float  # the rolled column's size, against size
    names_above: bool = False  # each row's first text (a weapon's name) on a line of its own, over its values
    pad: float | None = None  # each cell's padding a side (pt); None: the look's cell_pad_pt
    roll_in_name: bool = False  # with names_above: the roll on the name's line, after it, not in a column


Widths = Mapping[tuple[str, ...], DeckTable]  # by the table's heading


def unbroken(widths: Widths) -> bool:
    """Whether every table of a deck sets whole words in its columns."""
    return all(table.whole for table in widths.values())


def table_pt(widths: Widths) -> float:
    """The size of a deck's smallest table (its body's largest when it has none: infinite)."""
    return min((table.size for table in widths.values()), default=float("inf"))


def deck_widths(faces: list[list[Item]], width: float, look: CardLook) -> dict[tuple[str, ...], DeckTable]:
    """One size and one set of column widths for each kind of table across a deck (every card's
    weapons table alike), measured on all their rows together."""
    register_fonts(SANS)  # measured with the bold face too
    last: dict[tuple[str, ...], RulesetTable] = {}  # its title and rolled column, as the deck's last card has them
    rows: dict[tuple[str, ...], dict[tuple[str, ...], None]] = {}  # each distinct row once: widths are maxima
    for items in faces:
        for item in items:
            if isinstance(item, RulesetTable):
                key = tuple(item.header)
                last[key] = item
                rows.setdefault(key, {}).update(dict.fromkeys(map(tuple, item.rows)))
    tables = (
        RulesetTable(t.title, list(key), [list(r) for r in rows[key]], strong=t.strong) for key, t in last.items()
    )
    return {tuple(table.header): _deck_table_once(_Same(table, width, look)) for table in tables}


class _Same:
    """A table, a width and a look as one cache key, equal to another of the same reprs (the
    table's lists and the look are not hashable)."""

    __slots__ = ("args", "key")

    def __init__(self, table: RulesetTable, width: float, look: CardLook) -> None:
        self.args, self.key = (table, width, look), repr((table, width, look))

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.key == self.key


@resources.cleared_with_reads
@lru_cache(maxsize=256)
def _deck_table_once(same: _Same) -> DeckTable:
    """_deck_table, once per table, width and look: a deck's fitting asks again for the same
    ones (speed15r: d12's 1000-character deck, 25 table settings of 18 distinct, each a column
    search of some milliseconds), its backs' sets of kinds tried each keeping the same tables."""
    return _deck_table(*same.args)


def _deck_table(table: RulesetTable, width: float, look: CardLook) -> DeckTable:
    """The table set beside its names (_beside_names); on a grown card where that wraps a name,
    the names on lines of their own over their values (_names_above), when the values hold. Its
    columns then shared by need (_by_need)."""
    return _by_need(table, _arranged(table, width, look), look)


def _arranged(table: RulesetTable, width: float, look: CardLook) -> DeckTable:
    good = max(look.table_good_pt, look.table_min_pt)
    at_body = _at_body(table, width, look) if _named(table) else None
    if at_body is not None:  # the weapons read at the body's size (tarot12; poker: cards12b)
        return at_body
    beside = _beside_names(table, width, look)
    if beside.size < good - 1e-9 or not _a_name_wraps(table, beside, look.cell_pad_pt):
        return beside
    return _names_above(table, width, look, good) or beside


def _by_need(table: RulesetTable, deck: DeckTable, look: CardLook) -> DeckTable:
    """deck with its columns reshared as the sheet's are (fewer_row_lines): no cell wraps while
    another column has width over its longest word to give it (review 14, S1: d100 tarot's
    « Fusils de / chasse » beside « Portée (m) » over « 10 »), from the columns' width over their
    headings whole first, a heading taking two lines only where that is not enough."""
    shown = _less_roll(table) if deck.roll_in_name else _values(table) if deck.names_above else table
    if shown is None:
        return deck
    pad = deck.pad or look.cell_pad_pt
    bold = _named(table) and not deck.names_above
    columns = fewer_row_lines(shown, deck.columns, deck.size, pad, deck.strong, bold, heads_whole=True)
    if not heads_wrapped(shown, columns, deck.size, pad):
        return replace(deck, columns=columns)
    # before a heading wraps, the gutters fall to their floor (review 14b S1: d100 tarot's « Portée (m) »)
    floor = look.cell_pad_pt
    tight = fewer_row_lines(shown, deck.columns, deck.size, floor, deck.strong, bold, True, FLOOR_SLACK)
    if heads_wrapped(shown, tight, deck.size, floor, FLOOR_SLACK):
        return replace(deck, columns=columns)
    return replace(deck, columns=tight, pad=floor)


def _beside_names(table: RulesetTable, width: float, look: CardLook) -> DeckTable:
    """At or above table_good_pt (a grown card: tarot): the largest size at which every text of
    the rows holds one line, else, among the sizes at which every word fits its column (the names
    whole if any size allows it, else broken at spaces), the one that wraps the fewest row texts; below it, the largest size (down to table_min_pt) with the names whole and no other
    word broken. The rolled column is kept larger than the rest (down to 1.1 ×) if any size
    allows it, else set at the rest's size; if no size fits, words whole with the names broken
    at spaces."""
    pad, named = look.cell_pad_pt, _named(table)
    larger = _larger(look)
    good = max(look.table_good_pt, look.table_min_pt)
    # every cell of the rows whole (« Armes de tir »), else the names whole, else words whole
    tries = [("rows", good), ("first", good), ("words", good), ("first", look.table_min_pt)]
    for keep, least in tries:
        for strongs in (larger, [1.0]):
            best: tuple[int, DeckTable] | None = None  # at good: the fewest rows' texts wrapped, then the largest
            for size in _sizes_down_to(look.body_pt, least):
                for strong in strongs:
                    if not _fits(table, width, size, strong, pad, keep, named):
                        continue
                    columns = column_widths(
                        table, width, size, strong, pad, keep != "words", body_first=True, bold_first=named
                    )
                    wraps = wrapped_cells(table, columns, size, strong, pad, named) if least == good else 0
                    if best is None or wraps < best[0]:
                        best = (wraps, DeckTable(size, columns, True, strong))
                    if wraps == 0:
                        return best[1]
            if best is not None:
                return best[1]
    strong = look.strong_scale
    size = unbroken_size(table, width, look.body_pt, look.table_min_pt, strong=strong, pad=pad, bold_first=named)
    whole = sum(least_widths(table, size, strong, pad, bold_first=named)) <= width + 1e-6
    columns = column_widths(table, width, size, strong, pad, body_first=True, bold_first=named)
    return DeckTable(size, columns, whole, strong)


def _at_body(table: RulesetTable, width: float, look: CardLook) -> DeckTable | None:
    """A grown card's weapons (tarot, issue 12: « what is used at the table is primary »): the
    table at the body's size, every heading on one line, every word whole (a value may take two
    lines at its spaces: « Armes / blanches »); beside the names when they hold, else each name on
    a line of its own over its values; the rolled column larger down to 1.1 ×, else at the
    body's size (bold). None when the values do not hold the width at the body's size: the
    table then sets smaller, as before (_beside_names, _names_above)."""
    size, values, rest = look.body_pt, _values(table), _less_roll(table)
    arrangements = [(table, False, True)] + ([(values, True, False)] if values is not None else [])
    for whole in (True, False):  # every value on one line (« Armes de tir »), else its words whole
        for pad in _pads(look):  # cells parted clearly more than words, if they hold
            for strongs in (_under_name(look), [1.0]):
                for strong in strongs:
                    for shown, above, bold in arrangements:
                        need = heads_whole_widths(shown, size, strong, pad, bold_first=bold, rows_whole=whole)
                        if sum(need) <= width + 1e-6:
                            columns = heads_whole_columns(shown, width, size, strong, pad, bold_first=bold)
                            return DeckTable(size, columns, True, strong, above, pad)
                    if rest is not None and _roll_fits(table, rest, width, size, pad, whole):
                        columns = heads_whole_columns(rest, width, size, 1.0, pad)
                        return DeckTable(size, columns, True, 1.0, True, pad, roll_in_name=True)
    return None


def _under_name(look: CardLook) -> list[float]:
    """The roll's sizes to try at the body's size (_larger), those that keep the grown card's name
    name_lead times larger than the roll (tarot: 13.5 pt over 11.1 at most, the roll 1.1 ×)."""
    most = look.max_name_pt / look.name_lead if look.max_name_pt else float("inf")
    return [s for s in _larger(look) if look.body_pt * s <= most + 1e-9]


def _roll_fits(table: RulesetTable, rest: RulesetTable, width: float, size: float, pad: float, whole: bool) -> bool:
    """Whether each weapon's roll holds its name's line, after it (« Matraque · AV 3d6 + 10 »: the
    3d6's five columns of values need 196 pt of 179 at a 10 pt body), and the other values their
    columns under it (rest), at the body's size."""
    assert table.strong is not None
    runs = (_name_and_roll(row[0], row[table.strong]) for row in table.rows)
    line = max(sum(stringWidth(text, SANS_BOLD if bold else SANS, size) for text, bold in run) for run in runs)
    need = heads_whole_widths(rest, size, 1.0, pad, rows_whole=whole)
    return len(rest.header) >= 2 and line + 2 * pad + COLUMN_SLACK <= width and sum(need) <= width + 1e-6


def _name_and_roll(name: str, roll: str) -> tuple[tuple[str, bool], ...]:
    """A weapon's name and its roll on one line, as runs (text, bold): « Pistolet · AV 3d6 + 11 »,
    the name and the roll in bold at the body's size, the separator and the roll's head (the
    ruleset's roll_head: the 3d6's « AV »; none elsewhere) regular between them (fronts13, review
    12b S3: the card's most important number says what it is and is no larger than its name)."""
    head = label("rulesets.card.roll_head")
    between = bound(label("rulesets.card.separator")) + (f"{head}{NBSP}" if head else "")
    return ((name, True), (between, False), (roll, True))


def _less_roll(table: RulesetTable) -> RulesetTable | None:
    """The table less its names and its rolled column (the roll on the name's line)."""
    if not table.strong:
        return None
    keep = [j for j in range(1, len(table.header)) if j != table.strong]
    return RulesetTable(table.title, [table.header[j] for j in keep], [[r[j] for j in keep] for r in table.rows])


def _pads(look: CardLook) -> tuple[float, ...]:
    """A grown card's cell paddings to try, widest first: wide_pad_pt, halfway, cell_pad_pt
    (tarot12: halfway parts the 3d6's « assommants » and « 3 » by 1.5 mm, where 2.2 pt does not hold)."""
    return (look.wide_pad_pt, round((look.wide_pad_pt + look.cell_pad_pt) / 2, 2), look.cell_pad_pt)


def _values(table: RulesetTable) -> RulesetTable | None:
    """The table less its first column (a weapon's values, its name on a line of its own over
    them); None for a table of fewer than three columns."""
    if len(table.header) < 3:
        return None
    return RulesetTable(table.title, table.header[1:], [row[1:] for row in table.rows], strong=_less(table.strong))


def _named(table: RulesetTable) -> bool:
    """Whether each row's first text names it (a weapon: the table has a rolled column), set in
    bold as the row's head, on every system's cards alike."""
    return table.strong is not None


def _larger(look: CardLook) -> list[float]:
    """The rolled column's sizes to try, against the rest's: strong_scale down to 1.1 ×."""
    return [round(look.strong_scale - 0.1 * i, 2) for i in range(int((look.strong_scale - 1.1) / 0.1 + 1e-9) + 1)]


def _a_name_wraps(table: RulesetTable, deck: DeckTable, pad: float) -> bool:
    """Whether a row's first text (a weapon's name) takes two lines in the deck's first column."""
    room = deck.columns[0] - 2 * pad - COLUMN_SLACK
    font = SANS_BOLD if _named(table) else SANS
    return any(stringWidth(row[0], font, deck.size) > room for row in table.rows)


def _names_above(table: RulesetTable, width: float, look: CardLook, good: float) -> DeckTable | None:
    """A grown card (tarot) whose names wrap beside their values (the 3d6's « Fusil de
    précision » by five columns: 203 pt of 179 at 8 pt): each name on a line of its own across the
    table, its values under it, every value whole, at good (larger, the table's two lines a
    weapon would shrink the card's type); None when the values do not hold either."""
    if len(table.header) < 3:
        return None
    values = RulesetTable(table.title, table.header[1:], [row[1:] for row in table.rows], strong=_less(table.strong))
    for pad in _pads(look):  # the values a little apart (« assommants » | « 3 ») if they hold
        for strong in _larger(look):
            if _fits(values, width, good, strong, pad, "rows"):
                columns = column_widths(values, width, good, strong, pad, body_first=True)
                if pad == look.cell_pad_pt or not wrapped_cells(values, columns, good, strong, pad, heads=True):
                    return DeckTable(good, columns, True, strong, True, pad)
    return None


def _less(index: int | None) -> int | None:
    """A column's index once the first is taken out of the row."""
    return index - 1 if index else None


def _fits(
    table: RulesetTable, width: float, size: float, strong: float, pad: float, keep: str, bold_first: bool = False
) -> bool:
    """Whether the table holds width at size with what keep asks kept on one line (the first
    column measured bold with bold_first)."""
    if keep == "rows":
        return sum(row_widths(table, size, strong, pad, bold_first)) <= width + 1e-6
    least = least_widths(table, size, strong, pad, whole_first=keep == "first", bold_first=bold_first)
    return sum(least) <= width + 1e-6


def _sizes_down_to(top: float, least: float) -> list[float]:
    """top, then down by 0.25 pt, and least itself last: steps from a scaled size (10.72 pt on a
    tarot card) would skip it (8.22 then 7.97) and leave the table far smaller than it need be."""
    sizes = []
    size = top
    while size > least + 1e-9:
        sizes.append(size)
        size = round(size - 0.25, 2)
    return [*sizes, least] if top >= least - 1e-9 else []


def _track(track: Track, look: CardLook, styles: _Styles, first: bool, width: float, grid: int = 0) -> list[Drawn]:
    heading = label("rulesets.card.track", label=track.label, boxes=track.boxes)
    if track.write_in:  # 30 boxes for bursts of 6 to 20: the count is written, not ticked
        return [
            section_head(heading, look, gap_mm=look.box_head_gap_mm),
            FlowablePart(_paragraph(escape(label("rulesets.card.write_in", boxes=track.boxes)), styles.body)),
        ]
    lost = next((m for m in track.marks if m.counts == "lost"), None)  # a threshold: no line, said by the head
    asides = [label("rulesets.card.threshold", points=lost.points)] if lost else []
    aside = label("rulesets.card.separator").join([*asides, track.aside] if track.aside else asides)
    boxes = BoxesBlock(track, look, grid=grid)
    head = section_head(heading, look, aside, gap=not boxes.labelled_top(width), gap_mm=look.box_head_gap_mm)
    parts: list[Drawn] = [head, boxes]
    marks = [
        label(f"rulesets.card.mark_{m.counts}", points=m.points, text=m.label, short=_short(m.short))
        for m in track.marks
        if track.legend
    ]
    legend = [run_on(marks, label("rulesets.card.separator"))] if marks else []  # one line where they fit
    if marks and stringWidth(legend[0], SANS, look.small_pt) > width:  # else a line each, not one cut mid-mark
        legend = marks
    if track.negative and track.legend:
        short = _short(track.negative_short)
        legend.append(
            label("rulesets.card.negative", boxes=track.negative, text=track.negative_label or "", short=short)
        )
    if first and look.how_to_mark and track.how_to:  # said once a side, under the first track
        legend.append(label("rulesets.card.how_to_mark"))
    parts += [Spacing(look.legend_gap_mm)] if legend else []
    parts += [FlowablePart(_paragraph(escape(_last_two_kept(line)), styles.legend)) for line in legend]
    return parts


def _last_two_kept(line: str) -> str:
    """A legend with its last two words held together (a no-break space between them): a legend
    that wraps never leaves a word or a « −1 PV/heure » alone on its last line (backs12: d12 mini,
    « défaillance mécanique / −1 PV/heure »)."""
    head, space, last = line.rpartition(" ")
    return f"{head}{NBSP}{last}" if space else line


def _short(short: str) -> str:
    """« (½) » after a legend's count, when the system gives the fraction."""
    return label("rulesets.card.mark_short", short=short) if short else ""


def _checkboxes(boxes: Checkboxes, look: CardLook, styles: _Styles, width: float) -> list[Drawn]:
    """Two boxes and their labels a row; a label too long for half the face takes a row of its own
    (« Armure perdue (DÉF −2) » on a tarot back), the others staying two a row, or one a row
    when that would leave one of them alone beside an empty cell; one a row when no two labels
    hold side by side (« Esquive annoncée » on a back whose type grew)."""
    empty = Track("", 1)
    cells: list[tuple[Flowable | str, ...]] = [
        (BoxesBlock(empty, look), _paragraph(escape(text), styles.body)) for text in boxes.labels
    ]
    air = pt(look.checkbox_air_mm)
    label_pad = LABEL_PAD + air / 4  # counted twice: in the box's column and before the label
    size = pt(look.box_mm) + CELL_PAD + label_pad  # the box, then its label within a millimetre
    every = boxes.labels + boxes.reserved  # measured with the boxes other backs print: one grid for all
    wide = _wide_labels(every, width - 2 * size, look)
    slots = _slots(every, wide)
    lone = any(len(row) == 1 and row[0] not in wide for row in slots)  # a lone box beside an empty cell
    pairs = sum(len(row) == 2 for row in slots)
    alone = look.stack_when_alone and len(wide) > pairs  # more rows alone than pairs (tarot24: d12 tarot, 6 mm)
    if lone or alone:  # a lone box reads as one missing (d12 tarot): a stack, balanced
        slots = [[i] for i in range(len(every))]
    head: list[Drawn] = (
        [section_head(label("rulesets.card.checkboxes"), look)]
        if look.checkboxes_head
        else []  # its row's padding: air
    )
    one = ([size, width - size], TableLook(left=(CELL_PAD, label_pad), right=(CELL_PAD,) * 2))
    if all(len(row) == 1 for row in slots):  # one a row: a stack, its boxes a little apart
        inner = STACKED_PAD_Y + air / 2  # between two boxes of the stack; its ends keep the block's air
        last = len(cells) - 1
        rows = [
            Row(cells[i], STACKED_PAD_Y if i == 0 else inner, STACKED_PAD_Y if i == last else inner)
            for i in range(len(cells))
        ]
        return [*head, FlowablePart(RowTable(rows, *one))]
    first = _label_column(*_halves(every, wide), width - 2 * size, look)
    two = (
        [size, first, size, width - 2 * size - first],
        TableLook(left=(CELL_PAD, label_pad) * 2, right=(CELL_PAD,) * 4),
    )
    rows = []
    for slot in slots:
        row = [c for i in slot if i < len(cells) for c in cells[i]]  # the reserved come last: no slot moves
        if row:
            rows.append(Row(tuple(row) + ("",) * (0 if slot[0] in wide else 4 - len(row)), CELL_PAD_Y, CELL_PAD_Y))
    grids = groupby(rows, key=lambda r: len(r.cells))  # a grid for each run of rows of one kind
    return head + [FlowablePart(RowTable(list(run), *(two if n == 4 else one))) for n, run in grids]


def _slots(every: tuple[str, ...], wide: set[int]) -> list[list[int]]:
    """The grid's rows, as indices of every: two labels a row in their order, a wide one alone on
    its row (the row before it left half empty rather than a later box moved up past it)."""
    rows: list[list[int]] = []
    row: list[int] = []
    for i in range(len(every)):
        if i in wide:
            rows += [row, [i]] if row else [[i]]
            row = []
            continue
        row.append(i)
        if len(row) == 2:
            rows.append(row)
            row = []
    return rows + [row] if row else rows


def _halves(every: tuple[str, ...], wide: set[int]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The labels of the two columns (the wide ones apart): the left ones, the right ones."""
    pairs = [row for row in _slots(every, wide) if row[0] not in wide]
    return tuple(every[row[0]] for row in pairs), tuple(every[row[1]] for row in pairs if len(row) > 1)


def _wide_labels(every: tuple[str, ...], room: float, look: CardLook) -> set[int]:
    """The labels that take a row of their own: none when the two columns hold every label on one
    line, else the longest, then the next longest..., until the rest hold two a row."""
    wide: set[int] = set()
    while True:
        lefts, rights = _halves(every, wide)
        narrow = [i for i in range(len(every)) if i not in wide]
        if not narrow or _label_need(lefts, look) + pt(look.box_space_mm) + _label_need(rights, look) <= room:
            return wide
        wide.add(max(narrow, key=lambda i: stringWidth(every[i], SANS, look.body_pt)))


def _label_need(texts: tuple[str, ...], look: CardLook) -> float:
    """The width a label column needs to hold each of its labels on one line."""
    return max((stringWidth(t, SANS, look.body_pt) for t in texts), default=0) + 2 * CELL_PAD + 0.01


LABEL_PAD = 1.2  # points between a box's column and its label's text
STACKED_PAD_Y = 1.5  # points above and below a box one a row: the boxes of a stack do not touch


def _label_column(lefts: tuple[str, ...], rights: tuple[str, ...], room: float, look: CardLook) -> float:
    """The first label column's width, both columns' labels holding on one line and the second
    box box_space_mm past the first column's labels: half the room, or what a column needs when
    it is more than half (« Esquive annoncée » no longer wraps)."""
    left, right = _label_need(lefts, look) + pt(look.box_space_mm), _label_need(rights, look)
    if max(left, right) <= room / 2:
        return room / 2
    return left if left > room / 2 else room - right


def _table(table: RulesetTable, width: float, look: CardLook, widths: Widths) -> list[Drawn]:
    """Its heads in bold over an ink rule, the rolled column larger, a light rule under each row."""
    deck = widths.get(tuple(table.header)) or _deck_table(table, width, look)
    size, columns = deck.size, deck.columns
    head, body = (_style(n, f, size, look.leading) for n, f in (("head", SANS_BOLD), ("body", SANS)))
    strong = _style("strong", SANS_BOLD, size * deck.strong, look.leading)
    styles = [
        strong if j == table.strong else head if j == 0 and _named(table) else body for j in range(len(table.header))
    ]
    shown = [j for j in range(len(table.header)) if _shown(table, deck, j)]  # the names (and rolls) on their own rows
    rows = [Row(tuple(_paragraph(escape(table.header[j]), head) for j in shown), CELL_PAD_Y, CELL_PAD_Y)]
    for row in table.rows:
        cells = tuple(_paragraph(escape(row[j]), styles[j]) for j in shown)
        if deck.names_above:  # the name in bold at the body's size: the head of the values under it
            name = _paragraph(_name_line(table, deck, row), _style("name", SANS, look.body_pt, look.leading))
            rows.append(Row((name,) + ("",) * (len(columns) - 1), CELL_PAD_Y, 0, span=True, ruled=False))
        rows.append(Row(cells, 0 if deck.names_above else CELL_PAD_Y, CELL_PAD_Y))
    grid_look = TableLook(
        left=(deck.pad or look.cell_pad_pt,) * len(columns),
        right=(deck.pad or look.cell_pad_pt,) * len(columns),
        rule=ink().cmyk(),
        rule_pt=look.rule_pt,
        rule_below_header=True,
        row_rule=tint(ink(), 0.3).cmyk(),
        valign="baseline",  # a cell's first line on the row's first baseline: « 2d6 » level with a large « 3d6 + 11 »
        empty_cell=0,  # the cells a name's row spans
    )
    title: list[Drawn] = [section_head(table.title, look)] if table.title else []
    return [*title, FlowablePart(RowTable(rows, columns, grid_look, repeat_rows=1))]


TABLES_KEPT = 512  # tables laid out (_shared_table): a deck's distinct weapons and rules tables in one setting
_tables: OrderedDict[tuple[str, float, int, int], tuple[CardLook, Widths, list[Drawn]]] = OrderedDict()


def _shared_table(table: RulesetTable, width: float, look: CardLook, widths: Widths) -> list[Drawn]:
    """_table's parts, one for the faces that print the same table in the same setting (a deck's
    one look and table widths, as _side lays its faces out): measured once, set as shapes once a
    place. Characters of different values print the same weapons table more often than not (d12:
    its rolls are their only cells of their own, the rules tables none), and its cells were most
    of a front's layout. Kept by the look and widths themselves (TABLES_KEPT, the latest)."""
    key = (repr(table), width, id(look), id(widths))
    kept = _tables.get(key)
    if kept is not None and kept[0] is look and kept[1] is widths:
        _tables.move_to_end(key)
        return kept[2]
    parts = [
        FlowablePart(p.flowable, shared=True) if isinstance(p, FlowablePart) else p
        for p in _table(table, width, look, widths)
    ]
    _tables[key] = (look, widths, parts)
    if len(_tables) > TABLES_KEPT:
        _tables.popitem(last=False)
    return parts


def _shown(table: RulesetTable, deck: DeckTable, column: int) -> bool:
    """Whether a column is set as a column: not the names over their values, nor the roll on their line."""
    return not (deck.names_above and column == 0) and not (deck.roll_in_name and column == table.strong)


def _name_line(table: RulesetTable, deck: DeckTable, row: list[str]) -> str:
    """A weapon's name over its values (markup), and its roll after it when it is on that line."""
    if not deck.roll_in_name or table.strong is None:
        return f"<b>{escape(row[0])}</b>"
    runs = _name_and_roll(row[0], row[table.strong])
    return "".join(f"<b>{escape(text)}</b>" if bold else escape(text) for text, bold in runs)


def _weapon_lines(table: RulesetTable, look: CardLook, styles: _Styles) -> list[Drawn]:
    """A small card's weapons (mini: five columns of values do not hold 38 mm at 6 pt): a
    paragraph each, its name and its roll as on the larger cards (« Pistolet · AV 3d6 + 11 »,
    review 13 S2), then each value after its column's head (« · Dégâts 2d6 · Nature mortels ·
    Portée (m) 50 »); a value the weapon does not have (« — ») is left out."""
    separator = escape(label("rulesets.card.separator"))
    parts: list[Drawn] = [section_head(table.title, look)] if table.title else []
    for row in table.rows:
        runs = _name_and_roll(row[0], row[table.strong]) if table.strong else ((row[0], True),)
        lead = "".join(f"<b>{escape(text)}</b>" if bold else escape(text) for text, bold in runs)
        values = [
            f"{escape(head)}\u00a0{escape(cell)}"
            for j, (head, cell) in enumerate(zip(table.header, row, strict=True))
            if j and j != table.strong and cell != "—"
        ]
        text = separated([lead, *values], separator)
        parts.append(FlowablePart(_paragraph(text, styles.hanging)))
    return parts


def _lines(lines: Lines, look: CardLook, styles: _Styles) -> list[Drawn]:
    def text(line: str) -> str:
        lead, colon, rest = line.partition(" : ")
        return f"<b>{escape(lead)}</b>{colon}{escape(rest)}" if lines.bold_lead and colon else escape(line)

    if not lines.lines:
        return []  # a section with nothing to list prints no head either
    head: list[Drawn] = [section_head(lines.heading, look)] if lines.heading else []
    return head + [FlowablePart(_paragraph(text(line), styles.body)) for line in lines.lines]


def _marked(item: Item) -> bool:
    """Whether an item prints a ruling's « † » mark."""
    if isinstance(item, RulesetTable):
        return "†" in item.title or any("†" in c for row in item.rows for c in row) or "†" in (item.note or "")
    if isinstance(item, Lines):
        return any("†" in line for line in item.lines)
    if isinstance(item, Track):
        return "†" in item.label or item.legend and any("†" in m.label for m in item.marks)  # by name: no mark
    return False


def content_key(items: list[Item]) -> str:
    """What a face's blocks are laid out from: all of its content but the name its band carries.
    Characters with the same key share one laid-out face (the same values print the same)."""
    return items_repr(replace(item, name="") if isinstance(item, Title) else item for item in items)


def items_repr(items: Iterable[Item]) -> str:
    """repr(list(items)), each item's repr kept while a deck is laid out (content's made_once): a
    side's items are mostly the same objects on each try of kinds left out."""
    return "[" + ", ".join(repr(item) if isinstance(item, Title) else kept_repr(item) for item in items) + "]"


def face_name(items: list[Item]) -> str:
    """The name a face's band carries."""
    return next((item.name for item in items if isinstance(item, Title)), "")


def face_layout(
    items: list[Item], width: float, look: CardLook, colour: Color, widths: Widths | None = None, copy: str = ""
) -> RulesetCardFace:
    """One face: the character's name for the band, the rest stacked from the top, a gap between
    blocks, and the key to « † » under them when the face prints one. The army's name (a band
    block) goes to the foot band the painter draws."""
    register_fonts(SANS)
    styles = _styles(look)
    name = face_name(items)
    first_track = next((item for item in items if isinstance(item, Track)), None)
    plain = [
        (item, BoxesBlock(item, look).plain_row(width))
        for item in items
        if isinstance(item, Track) and not item.write_in
    ]
    back = any(isinstance(item, (Track, Checkboxes)) for item in items)  # a back's blocks: its own gap
    gap = look.back_gap_mm if back and look.back_gap_mm is not None else look.gap_mm
    story: list[Drawn] = []
    previous: Item | None = None
    for item in items:
        if isinstance(item, FootBand):
            continue
        if isinstance(item, RulesetTable) and look.weapon_lines and item.strong is not None:
            parts = _weapon_lines(item, look, styles)
        elif isinstance(item, RulesetTable):
            parts = _shared_table(item, width, look, widths) if widths else _table(item, width, look, {})
        elif isinstance(item, Track):
            grid = max((n for other, n in plain if other is not item), default=0)  # the face's one grid
            parts = _track(item, look, styles, item is first_track, width, grid)
        else:
            parts = _parts(item, look, styles, colour, width)
        if parts and isinstance(item, Elsewhere) and story and isinstance(previous, Track):
            beside = _note_beside(story[-2], parts[0], look, width)
            if beside is not None:  # the track's legends by name, beside its last row (backs13)
                story[-2] = beside
                previous = item
                continue
            story[-1] = Spacing(_by_name_gap(look))  # the track's legends by name: its legend, under its boxes
        elif parts and isinstance(item, Checkboxes) and story and not look.checkboxes_head and _flush(previous):
            story[-1] = Spacing(gap - to_mm(CELL_PAD_Y) / 2)  # half the row's padding: air over its boxes
        if parts:
            story += parts + [BlockGap(gap)]
        previous = item
    if any(_marked(item) for item in items):
        if not back and look.key_gap_mm is not None and story:
            story[-1] = Spacing(look.key_gap_mm)  # a front's footnote, under the reminders that carry its marks
        story.append(FlowablePart(_paragraph(escape(label("rulesets.card.ruling_key")), styles.legend)))
    else:
        story = story[:-1]
    stats = next((item.stats for item in items if isinstance(item, Title)), "")
    return RulesetCardFace(name, story, copy, spread=not back or look.spread_backs, stats=stats)


DESCENDING = set("gjpqyç(),;/[]{}|")  # what reaches below the baseline of a line of the card's sans


def _flush(item: Item | None) -> bool:
    """Whether item is a by-name sentence with no ink under its baseline: headless checkboxes
    under it stand half their row's padding nearer (Lou Ferrand's mini back, backs12); a
    legend's « (mourant) » descends as far as that padding."""
    return isinstance(item, Elsewhere) and not DESCENDING & set(_elsewhere(item))


def _note_beside(boxes: Drawn, note: Drawn, look: CardLook, width: float) -> NoteBeside | None:
    """The track's boxes with its by-name sentence beside their last row, when the look sets it
    there and it holds on two lines; else beside the last row's last group, set on a row of its
    own (cards14, review 13 N1: a row of 8 boxes left no room, and two of five 3d6 mini backs set
    the sentence under their boxes; one placement for the deck). None: under the boxes."""
    if not look.note_beside or not isinstance(boxes, BoxesBlock) or not isinstance(note, FlowablePart):
        return None
    for rows in (boxes, boxes.shortened()):
        beside = NoteBeside(rows, note.flowable, look)
        if beside.fits(width):
            return beside
    return None


def _by_name_gap(look: CardLook) -> float:
    """Boxes to the sentence that gives their legends by name (mm): no parenthesis rises over its
    capitals, as a legend's « (½) » does."""
    return look.legend_gap_mm if look.by_name_gap_mm is None else look.by_name_gap_mm


def _elsewhere(item: Elsewhere) -> str:
    """« Seuils ASSOMMANT et COUPS : voir l’aide. »: a sentence, its capital first; one wording on
    every card (the short one: the fullest mini back has no room for « l’aide de jeu »)."""
    names = label("rulesets.card.separator").join(item.names)
    return label("rulesets.card.elsewhere", names=names[:1].upper() + names[1:])


def _parts(item: Item, look: CardLook, styles: _Styles, colour: Color, width: float) -> list[Drawn]:
    if isinstance(item, Title):
        return [FlowablePart(_paragraph(escape(item.subtitle), styles.subtitle))] if item.subtitle else []
    if isinstance(item, Tiles):
        return [TilesBlock(item, look, colour)]
    if isinstance(item, Checkboxes):
        return _checkboxes(item, look, styles, width)
    if isinstance(item, Elsewhere):  # what a small card gives by name: where to read it
        return [FlowablePart(_paragraph(escape(_elsewhere(item)), styles.legend))]
    assert isinstance(item, Lines)
    return _lines(item, look, styles)


@dataclass(frozen=True)
class FaceSetting:
    """What every face of a deck shares: its look, the system's colour, the card's size (pt)."""

    look: CardLook
    colour: Color
    size: tuple[float, float]


def face_shapes(
    face: Face, setting: FaceSetting, foot: tuple[str, str], room: list[Shape] | None = None
) -> list[Shape]:
    """A side as shapes: the name band at the top and the foot band in the system's colour, both
    past the trim (the sheet clips them: colour meets colour when front and back drift), then
    the face's blocks stacked between them inside the safe margin (room: those already laid out
    as shapes, shared by the faces of one story)."""
    return band_shapes(face, setting, foot) + (room_shapes(face, setting) if room is None else room)


def band_shapes(face: Face, setting: FaceSetting, foot: tuple[str, str]) -> list[Shape]:
    """The name band and the foot band with their texts."""
    return Bands(setting, foot).shapes(face)


class Bands:
    """The name and foot bands of a deck's faces: what every face shares (the bands, the foot's
    texts, the baselines) laid out once, each face's own name (and « 1/2 ») set over it."""

    def __init__(self, setting: FaceSetting, foot: tuple[str, str], names: dict[tuple, Shape] | None = None):
        """names: the last name set, shared with the other side's Bands: a card's front and back
        then draw one Text, whose operators are made once (draw/card_render.py)."""
        self.names: dict[tuple, Shape] = {} if names is None else names
        look, (width, height) = setting.look, setting.size
        self.look, self.with_stats = look, True  # with_stats: the deck's backs all hold theirs (stats_fit)
        # copy_in_foot: a copy's « 1/2 » after the army's name in the foot band, not in the name band
        # (a deck whose stats hold beside it at no size: the d100 mini's « Élise Garnier 1/2 »; tarot24)
        self.copy_in_foot, self.foot = False, foot
        self.stats_pt = look.stats_pt  # the deck's stats' size: set down where its names leave less room
        self.area, margin, self.paper = Area(height), pt(look.margin_mm), house_colour("paper").cmyk()
        band, foot_band, colour = pt(look.band_mm), pt(look.footer_mm), setting.colour.cmyk()
        self.boxes: list[Shape] = [
            self.area.box(-BLEED, height - band, width + 2 * BLEED, band + BLEED, colour),
            self.area.box(-BLEED, -BLEED, width + 2 * BLEED, foot_band + BLEED, colour),
        ]
        band_mm, safe, height_mm = look.band_mm, look.margin_mm, to_mm(height)
        # KOLAPS's rule: capitals centred in the band
        self.name_at = (margin, height - pt(band_baseline(band_mm, look.name_pt, safe)), look.name_pt)
        self.copy_at = (width - margin, height - pt(band_baseline(band_mm, look.copy_pt, safe)), look.copy_pt)
        foot_y = height - pt(_foot_baseline(height_mm, look.footer_mm, look.footer_pt, safe))
        feet: list[tuple[float, float, str, float, Align]] = [
            (margin, foot_y, foot[0], look.footer_pt, "left"),
            (width - margin, foot_y, foot[1], look.footer_pt, "right"),
        ]
        self.feet = [self._text(*at) for at in feet if at[2]]
        self.foot_at = (margin, foot_y, look.footer_pt, width - margin)

    def _text(self, x: float, y: float, text: str, size: float, align: Align) -> Shape:
        return self.area.text(x, y, text, SANS_BOLD, size, self.paper, align)

    def _name(self, name: str) -> Shape:
        """The name band's text, the one the other side set last when it is the same name (only
        the last is kept: a 10,000-character deck holds no names)."""
        key = (name, self.name_at)  # the same text only where the other side sets it at the same place
        text = self.names.get(key)
        if text is None:
            self.names.clear()
            text = self.names[key] = self._text(*self.name_at[:2], name, self.name_at[2], "left")
        return text

    def shapes(self, face: Face) -> list[Shape]:
        """That face's bands: its name on the top one, its copy's « 1/2 » at the right, and
        before it, in italics, a reference face's « verso › » (as KOLAPS's strips)."""
        own = [self._name(face.name)] if face.name else []
        if isinstance(face, RulesetFace) and face.hint:  # read before the number: « verso › 2/7 »
            (x, y, size), paper = self.copy_at, self.paper
            at = hint_right(x, face.copy, SANS_BOLD, size)
            own.append(self.area.text(at, y, face.hint, SANS_ITALIC, size, paper, "right"))
        stats = isinstance(face, RulesetCardFace) and face.stats and self.with_stats
        feet = self.feet
        if face.copy and stats and self.copy_in_foot:  # « Les Convoyeurs · 2/2 »: one line, its army's
            x, y, size, _ = self.foot_at
            feet = [self._text(x, y, self._foot_copy(face.copy), size, "left"), *self.feet[1 if self.foot[0] else 0 :]]
        elif face.copy:  # on the stats' baseline where they print: « PV 12 · 2/2 », not « PV 12 ²/² » (review 21c)
            y = self.name_at[1] if stats else self.copy_at[1]
            own.append(self._text(self.copy_at[0], y, face.copy, self.copy_at[2], "right"))
        if stats:
            assert isinstance(face, RulesetCardFace)
            text = self._stats_text(face)
            own.append(
                self.area.text(self._stats_right(face), self.name_at[1], text, SANS, self.stats_pt, self.paper, "right")
            )
        return self.boxes + own + feet

    def _foot_copy(self, copy: str) -> str:
        """The foot band's left line with a copy's « 1/2 »: « Les Convoyeurs · 1/2 »."""
        return label("rulesets.card.separator").join(filter(None, [self.foot[0], copy]))

    def _band_copy(self, face: RulesetCardFace) -> str:
        """The copy's « 1/2 » the name band sets beside the stats (none when it is in the foot)."""
        return "" if self.copy_in_foot else face.copy

    def _stats_text(self, face: RulesetCardFace) -> str:
        """The in-play stats as printed: a copy's « 1/2 » after them is set apart by a « · »."""
        return f"{face.stats} ·" if self._band_copy(face) else face.stats

    def _stats_right(self, face: RulesetCardFace) -> float:
        """Where the in-play stats end: the band's right, or before a copy's « 1/2 »."""
        right, _, size = self.copy_at
        copy = self._band_copy(face)
        return right - (stringWidth(copy, SANS_BOLD, size) + pt(self.look.stats_space_mm) if copy else 0)

    def _foot_fit(self, face: RulesetCardFace) -> bool:
        """Whether a copy's « · 1/2 » holds after the army's name in the foot band, stats_space_mm
        clear of the stamp at its right."""
        if not (face.copy and self.copy_in_foot):
            return True
        left, _, size, right = self.foot_at
        used = stringWidth(self._foot_copy(face.copy), SANS_BOLD, size)
        return left + used + pt(self.look.stats_space_mm) <= right - stringWidth(self.foot[1], SANS_BOLD, size)

    def stats_fit(self, face: RulesetCardFace) -> bool:
        """Whether the face's in-play stats hold right of its name, stats_space_mm from it (tracks21,
        review 21a S11: the back is the face up in play). A deck prints them on every back or on
        none (with_stats): the d100 mini's copied « Élise Garnier 1/2 » leaves them no room."""
        left, _, name_pt = self.name_at
        width = stringWidth(self._stats_text(face), SANS, self.stats_pt)
        return (
            left + stringWidth(face.name, SANS_BOLD, name_pt) + pt(self.look.stats_space_mm)
            <= self._stats_right(face) - width
        ) and self._foot_fit(face)


def room_shapes(face: Face, setting: FaceSetting) -> list[Shape]:
    """The face's blocks as shapes, in the room between the bands."""
    return face.room(setting)


def _foot_baseline(height: float, band: float, size: float, safe: float) -> float:
    """The foot band's baseline, mm from the top of a card height mm tall: the same rule as the
    name band's, in a band whose top is band mm above the foot, kept safe mm above the bottom trim."""
    return min(height - band + band_baseline(band, size, 0), above_safe_bottom(height, safe, size))


def _room_filled(face: RulesetFace, look: CardLook, width: float, height: float) -> FlowBox:
    """The room between the bands with the face's blocks in it, from the top."""
    box = FlowBox(*story_room(look, width, height))
    box.placed = [(block, block.wrap(box.width, box.height)[1]) for block in face.story]
    return box
