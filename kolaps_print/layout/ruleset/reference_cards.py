"""A ruleset's reference cards laid out (`tables --ruleset ID --format cards`): the sheet's
sections of tables poured from card face to card face between the bands of the system's
character cards, a long table split between its rows with its heading repeated. As KOLAPS's
reference cards, each section starts a card of its own, on its front (a section that ends on a
front leaves that card's back plain, designed as the deck's last one), each face's band names its
topic (the section, « (suite) » on the faces it goes on to) and ends on its card's number « 2/7 »,
« verso › » or « suite › » before it when the section goes on (layout/reference/numbering.py,
shared with KOLAPS's cards); the system's name goes to the foot. The type is set per deck
(data/layouts/rulesets.yaml, reference_cards)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph

from kolaps_print.content.ruleset_sheet import RulesetTable, SectionContent, folded_pairs, refolded, run_parts
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC, register_fonts
from kolaps_print.labels import label
from kolaps_print.layout.reference.as_shapes import Area
from kolaps_print.layout.reference.bands import paragraph
from kolaps_print.layout.reference.cards import CardOverflow, area_gain, card_cell_lines, card_spec
from kolaps_print.layout.reference.flow import Stack
from kolaps_print.layout.reference.look import ink as house_ink
from kolaps_print.layout.reference.numbering import card_number, face_hint, first_fitting
from kolaps_print.layout.reference.row_table import RowTable
from kolaps_print.layout.ruleset.card import FaceSetting, RulesetFace, band_shapes, story_room
from kolaps_print.layout.ruleset.card_flow import (
    FaceOverflow,
    FacePour,
    FoldedStack,
    misses,
    without_trailing_gaps,
)
from kolaps_print.layout.ruleset.look import CardLook, SheetLook, sheet_look
from kolaps_print.layout.ruleset.sheet import (
    Grids,
    continued_title_text,
    percent_in_title,
    section_tables,
    stacks_height,
    table_stacks,
    tall_cells,
    text_goes_under,
)
from kolaps_print.layout.shapes import Shape
from kolaps_print.layout.style import table_breaks
from kolaps_print.model.ruleset_load import Ruleset
from kolaps_print.provenance import mark_pattern
from kolaps_print.units import pt

SLACK = 0.5  # pt: faces are filled this much short of the room the card will give them


@dataclass(frozen=True)
class PouredFace:
    """A face's topic, its blocks (none: a plain back) and its section's place in the deck;
    names: what its band may call it, the first that fits (first_fitting)."""

    topic: str
    blocks: list[Flowable]
    section: int
    names: tuple[str, ...] = ()
    bases: tuple[str, ...] = ()  # its section's names without « (suite) », best first (band_bases)
    continued: bool = False  # « (suite) » after its section's name

    def name(self, base: str) -> str:
        """Its band's name from one of its section's: with « (suite) » on a face it goes on to."""
        return f"{base} {label('rulesets.sheet.continued')}" if self.continued else base


@dataclass(frozen=True)
class Poured:
    """A deck's faces at one size, and what its rules could not keep."""

    body_pt: float
    faces: list[PouredFace]
    faults: int = 0  # tables cut against the house's breaks
    apart: int = 0  # keys set off their table
    tall: int = 0  # cells over max_cell_lines lines
    short: int = 0  # tables of whole_rows rows or fewer cut, as too tall for a face
    parted: int = 0  # headings and notes set on another card than their table's rows

    def rank(self, comfortable: float) -> tuple[int, int, int, int, int, bool, int, float]:
        """The best deck first: no fault, no cell too tall, no heading and note parted from their
        table's card, no short table cut, keys with their tables, comfortable type, fewest cards,
        largest type."""
        cards = -(-len(self.faces) // 2)
        fit = self.body_pt < comfortable - 1e-9
        return (self.faults, self.tall, self.parted, self.short, self.apart, fit, cards, -self.body_pt)


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
    return paragraph(continued_title_text(title.getPlainText()), title.style)


def _section_faces(sections: list[SectionContent], size: tuple[float, float], look: SheetLook, grids: Grids) -> Poured:
    """Each face's topic and blocks: every section poured from a card's front, without its bar
    (the band says it), a section that ends on a front followed by a plain back (designer review,
    eleventh session, item 2: « Combat » opened on a back); grids: the tables' grids laid out at
    the sizes tried before. Every face after its section's first says « (suite) », a face of notes
    alone too (review 15, S4: one rule for every deck, the band pairs with the previous face's
    « verso › » or « suite »; the note's heading stays the table's plain title); a plain back (a
    cover) is named as its front (review 13, N7: d12 mini 4/5 « Combat (suite) » over a cover
    « Combat »)."""
    width, height = size
    faces: list[PouredFace] = []
    faults = apart = tall = short = parted = 0
    for n, (section, kept) in enumerate(zip(sections, _deck_tables(sections, size, look, grids), strict=True)):
        story = [s for _, stacks in kept for s in stacks]
        tall += tall_cells(story, look.max_cell_lines)
        faults += sum(_short_runs(table, stacks) for table, stacks in kept)
        poured = _pour(story, width, height - SLACK)
        blocks = [without_trailing_gaps(face) for face in poured.faces if face]
        goes = [i > 0 for i in range(len(blocks))]  # every face after the section's first (review 15, S4)
        if len(blocks) % 2:  # a plain back, named as its front
            blocks, goes = [*blocks, []], [*goes, goes[-1]]
        faces += [
            PouredFace(section.title, face, n, band_names(section, g), band_bases(section), g)
            for face, g in zip(blocks, goes, strict=True)
        ]
        faults, apart, short = faults + poured.faults, apart + poured.apart, short + poured.short
        parted += poured.parted
    return Poured(look.body_pt, faces, faults, apart, tall, short, parted)


def _deck_tables(
    sections: list[SectionContent], size: tuple[float, float], look: SheetLook, grids: Grids
) -> list[list[tuple[RulesetTable, list[Stack]]]]:
    """Each section's tables kept (_kept_table), their notes and keys at one size across the deck
    (review 12, item 3: d100 mini's 5/8 note smaller than 6/8's): the smallest size a table with
    a note or key is set at, so no table is set smaller for its notes than it was with its own."""
    width, height = size[0], size[1] - SLACK
    kept = [
        [(table, *_kept_table(table, width, height, look, grids)) for table in section_tables(section)]
        for section in sections
    ]
    noted = [body for tables in kept for table, _, body in tables if table.note or table.key]
    notes = look.model_copy(update={"note_pt": min(noted, default=look.body_pt)})
    return [
        [
            (table, _kept_table(table, width, height, notes, grids)[0] if table.note or table.key else stacks)
            for table, stacks, _ in tables
        ]
        for tables in kept
    ]


def band_names(section: SectionContent, continued: bool) -> tuple[str, ...]:
    """What a face's band may call its section, best first: its title, « (suite) » after it on a
    face after the section's first (review 15, S4), then its band name (ruleset.yaml's sheet,
    band: refband11, the band's type is never shrunk: « Les jets (suite) » on a mini card), then
    without « (suite) »."""
    suite = label("rulesets.sheet.continued")
    short = list(band_bases(section))
    names = [f"{name} {suite}" for name in short] if continued else []
    return tuple(dict.fromkeys(names + short))


def band_bases(section: SectionContent) -> tuple[str, ...]:
    """A section's names in its bands, best first: its title, then its band name."""
    return tuple(dict.fromkeys([section.title] + ([section.band] if section.band else [])))


def _kept_table(
    table: RulesetTable, width: float, height: float, look: SheetLook, grids: Grids
) -> tuple[list[Stack], float]:
    """The table's blocks at the deck's size; a table the house's breaks cannot keep there (too
    short to cut, too tall for a face: Points de vie on a mini card), whose key they set off it
    (the d12 ladder on a poker card), or with a cell over max_cell_lines lines (d100's « Bout
    portant » on a mini card), with its longest column's text under each row (3d6's Dommages on a
    mini card), else set smaller, by steps down to min_body_pt, each size as it is and then with
    its text under its rows, until they can: the largest type first. The first that keeps them
    all, else the one that keeps the most (no fault first, then no cell too tall, then no short
    table cut, then its key), else at the deck's size; with the size its rows are set at. Its
    notes and key at look's note_pt, else at its rows' size."""
    if table.folded:
        return _folded_stacks(table, width, height, look), look.body_pt
    table = _uncut_columns(table, width, look, grids)
    sizes = [look.body_pt]
    while sizes[-1] - look.body_step_pt >= look.min_body_pt - 1e-9:
        sizes.append(round(sizes[-1] - look.body_step_pt, 2))
    best: tuple[tuple[int, int, int, int], list[Stack], float] | None = None
    first: list[Stack] | None = None  # at the deck's size, as they are: what a table no size keeps prints
    for body, arrangements in _tries(table, sizes):
        kept: list[Stack] | None = None  # kept whole at this size, as a grid with a cell over two lines
        for under in arrangements:
            sized = look.model_copy(update={"body_pt": body, "note_pt": look.note_pt or body})
            stacks = table_stacks(table, width, sized, under, grids)
            first = first or stacks
            faults, short, apart = misses(stacks, width, height, _continued_paragraph)
            missed = (faults, tall_cells(stacks, look.max_cell_lines), short, apart)
            if missed == (0, 0, 0, 0):
                if (
                    kept is None
                    and not under
                    and len(arrangements) > 1
                    and (tall_cells(stacks, 2) or _pieces(stacks) > 1)
                ):
                    # its text under its rows may set it without a tall cell (review 15, S1, N7) or
                    # uncut (review 18, M1: 3d6's « Coût de l'expérience » on a mini, cut by its
                    # columns since cells18, took a second face for « Hausse | Exemple »)
                    kept = stacks
                    continue
                return _fewer_tall(kept, stacks, width), body
            if best is None or missed < best[0]:
                best = (missed, stacks, body)
        if kept is not None:
            return kept, body
    if best and best[0][0] == 0:
        return best[1], best[2]
    return first or table_stacks(table, width, look, grids=grids), look.body_pt


def _tries(table: RulesetTable, sizes: list[float]) -> list[tuple[float, tuple[bool, ...]]]:
    """The sizes and arrangements (under: its text under its rows) _kept_table tries, in order: each
    size as a grid, then with its text under its rows; but a table of two columns as a grid at every
    size first, both heads printed, its text under its rows (no head row) only where no size keeps
    its cells within max_cell_lines (review 18b, M1: d100's « Recharger » on a mini printed « Arme »
    alone over its rows, where at 7.5 pt « Arme | Temps » keeps every cell within three lines)."""
    grid: tuple[bool, ...] = (False,)
    if not text_goes_under(table):
        return [(body, grid) for body in sizes]
    if len(table.header) == 2:
        return [(body, grid) for body in sizes] + [(body, (True,)) for body in sizes]
    return [(body, (False, True)) for body in sizes]


def _pieces(stacks: list[Stack]) -> int:
    """How many grids the table's blocks print: a table cut by its columns is one block of two."""
    return sum(isinstance(part, RowTable) for stack in stacks for part in stack.parts)


UNDER_TALLER = 2  # points: what a table's text under its rows may add to its grid's height, for fewer tall cells


def _fewer_tall(grid: list[Stack] | None, under: list[Stack], width: float) -> list[Stack]:
    """The table with its text under its rows rather than as a grid (kept first) only where that
    prints in fewer pieces, or in as many with fewer cells over two lines (3d6's « Coût de
    l’expérience » on a tarot card: « Enseignée par / un autre / personnage » beside
    « Caractéristique / (primaire ou / dérivée) »), and is no taller: a taller table could cost its
    deck a card."""
    if grid is None:
        return under
    # pieces first (review 18, M1): 3d6's on a mini card, cut by its columns, took a second face for
    # « Hausse | Exemple »; under its rows it is whole on one face, « Caractéristique… » in three lines
    fewer = (_pieces(under), tall_cells(under, 2)) < (_pieces(grid), tall_cells(grid, 2))
    # cells18: up to UNDER_TALLER over (3d6's tarot: 121.9 pt where the grid, « Caractéristique /
    # (primaire ou / dérivée) » in three lines, took 120.1): a hair, never a line of its deck. A
    # table of two columns never comes here: its grid is kept (_kept_table)
    return under if fewer and stacks_height(under, width) <= stacks_height(grid, width) + UNDER_TALLER else grid


def _uncut_columns(table: RulesetTable, width: float, look: SheetLook, grids: Grids) -> RulesetTable:
    """The table, or its chances in the percent-less form (percent_in_title) where only that keeps
    its columns together: cut by its columns and by its rows too, a mini card's d12 ladder read in
    four pieces (review 12, item 1); cut by its rows alone, one piece a face."""
    register_fonts(SANS)  # measured before its grid is made
    at_least = look.model_copy(update={"body_pt": look.min_body_pt})
    if len(grids.parts(table, width, at_least)[0]) == 1:
        return table
    compact = percent_in_title(table)
    if compact is None or len(grids.parts(compact, width, at_least)[0]) > 1:
        return table
    return compact


def _short_runs(table: RulesetTable, stacks: list[Stack]) -> int:
    """1 when a table of pairs is cut into runs of which one holds fewer than split_rows rows (d12's
    « Jet opposé » in three runs of 3, 2 and 2 at 8 pt on a mini card), as a cut between rows would
    be: a fault, for the deck to choose a size without it."""
    grids = [p for stack in stacks for p in stack.parts if isinstance(p, RowTable)]
    least = table_breaks().split_rows
    return int(table.folded and len(grids) > 1 and any(len(g.rows) - g.repeatRows < least for g in grids))


def _folded_stacks(table: RulesetTable, width: float, height: float, look: SheetLook) -> list[Stack]:
    """A table of pairs side by side (« Jet opposé »: Écart, Chance, Écart, Chance) whole where its
    rows fit a face (its note on its card's back if need be, as any table's: review 12, S2, d12's
    13 values were cut in two runs across two cards where the face held them all but the note;
    with its runs, for the pour to cut it where it would fall on a back and its note go to the
    next card: review 13), else in the fewest runs read in order that each fit one (3d6's 0–12,
    then 13–24): cut between its rows, its pairs would read 0–7 beside 13–20, then 8–12 beside
    21–24 overleaf. A pair fewer a row, down to two, while a cell would go over max_cell_lines
    (review 13: 3d6's « Écart de bonus » heads, three pairs a row on a tarot card, kept its deck at
    8.5 pt; one pair a row, tried, cut it in four runs of four on a mini card's faces)."""
    stacks = table_stacks(table, width, look)
    while len(table.header) > 4 and tall_cells(stacks, look.max_cell_lines):  # two pairs a row at least
        table = refolded(table, len(table.header) // 2 - 1)
        stacks = table_stacks(table, width, look)
    face = FacePour(width, height, _continued_paragraph)
    if all(face.rows_whole(stack) for stack in stacks):
        if len(stacks) == 1 and not face.whole(stacks[0].parts):
            return [FoldedStack(stacks[0].parts, _fewest_runs(table, width, look, face) or [])]
        return stacks
    return _fewest_runs(table, width, look, face) or stacks


def _fewest_runs(table: RulesetTable, width: float, look: SheetLook, face: FacePour) -> list[Stack] | None:
    """The table of pairs in the fewest runs read in order that each fit an empty face whole, each
    face filled before the next (_fullest_sizes), else as evenly as they go."""
    continued = continued_title_text(table.title)
    for count in range(2, len(folded_pairs(table)) + 1):
        sizes = _fullest_sizes(table, width, look, face, count)
        runs = [s for part in run_parts(table, count, continued, sizes) for s in table_stacks(part, width, look)]
        if sizes or all(face.whole([stack]) for stack in runs):
            return runs
    return None


def _fullest_sizes(table: RulesetTable, width: float, look: SheetLook, face: FacePour, count: int) -> list[int] | None:
    """The pairs of each of count runs, each run the longest that fits an empty face whole and
    leaves the runs after it split_rows rows each at least (the house's breaks), the note under
    the last; None where no such runs fit. A face is filled before the table goes on (review 21:
    3d6's « Chance d’atteindre un nombre » on a mini card in runs of 9, 8 and 8 values, as evenly
    as they went, each face 14–18 mm short of its foot, where 16 and 9 fill two faces)."""
    pairs, least = len(folded_pairs(table)), table_breaks().split_rows
    continued = continued_title_text(table.title)

    @cache
    def kept(start: int, size: int) -> bool:
        """Whether the run of size pairs from start (titled as it would be, its note under it if
        last) fits an empty face in split_rows rows at least, as printed."""
        parts = run_parts(table, 3, continued, [start, size, pairs - start - size])
        stacks = table_stacks(parts[1 if start else 0], width, look)
        rows = sum(len(p.rows) - p.repeatRows for s in stacks for p in s.parts if isinstance(p, RowTable))
        return rows >= least and all(face.whole([stack]) for stack in stacks)

    @cache
    def plan(start: int, runs: int) -> tuple[int, ...] | None:
        left = pairs - start
        if runs == 1:
            return (left,) if kept(start, left) else None
        for size in range(left - 1, 0, -1):
            if kept(start, size) and (rest := plan(start + size, runs - 1)):
                return (size, *rest)
        return None

    sizes = plan(0, count)
    return list(sizes) if sizes else None


def card_sizes(look: SheetLook, gain: float = 1.0) -> list[SheetLook]:
    """The cards' looks to try, the largest body first, down to the smallest: titles follow it (Styles).
    On a card gain times poker's (area_gain: tarot), the largest grows as much, up to
    large_max_body_pt (review 12, N1: tarot faces 40–85 % empty at poker's 8 pt)."""
    cards = look.for_cards().model_copy(update={"max_cell_lines": card_cell_lines()})
    base = look.reference_cards.body_pt
    step, top = look.reference_cards.body_step_pt, look.reference_cards.max_body_pt
    top = min(look.reference_cards.large_max_body_pt, max(top, math.floor(top * gain / step + 1e-9) * step))
    count = int(round((top - base) / step))
    sizes = [round(base + step * i, 2) for i in range(count, -1, -1)]
    return [cards.model_copy(update={"body_pt": s}) for s in sizes]


def reference_faces(
    ruleset: Ruleset, sections: list[SectionContent], width: float, height: float, look: SheetLook | None = None
) -> list[RulesetFace]:
    """Every face for a card of width × height (pt), its blocks between the card's bands, fronts
    and backs in turn (an even count), each numbered by its card as KOLAPS's."""
    look = look or sheet_look()
    _, _, room_width, room_height = story_room(look.card, width, height)
    poured = _fewest_cards(sections, (room_width, room_height), look, area_gain(width, height))
    spec = card_spec(width)
    room = width - 2 * pt(look.card.margin_mm) - spec.number_pt
    taken = [
        _number_width(card_number(i, len(poured)), face_hint(i, _goes_on(poured, i)), spec.number_pt)
        for i in range(len(poured))
    ]
    names = _one_name_a_section(poured, room, spec.strip_pt, taken)
    stories = _captioned_once(poured, names)
    return [
        RulesetFace(
            names[i],
            stories[i],
            copy=card_number(i, len(poured)),
            hint=face_hint(i, _goes_on(poured, i)),
            plain=not face.blocks,
        )
        for i, face in enumerate(poured)
    ]


def _captioned_once(faces: list[PouredFace], names: list[str]) -> list[list[Flowable]]:
    """Each face's blocks; on a back whose band says « (suite) », the block that carries on the
    table its front ends on without that table's caption again: the rest of its rows (their head
    row repeated) (review 21: d12 poker 1/3's back read « Actions (suite) » over « Chance de
    réussir une action (1d12 + bonus) † D12-E3 » again over two lines of note, the mini's over
    « …, en % (suite) † D12-E3 »). The band marks the continuation, once a face, and the card
    turned over shows its front's table. Behind a front of that one table, its key and note alone
    keep a short label naming the table (short_caption, review 22b, S9). A front keeps its
    captions (a card picked up alone names its table: d12 mini 3/5's « Jet opposé (suite) »), and
    so does a back whose band cannot say « (suite) » (3d6 mini « Dommages »)."""
    suite = label("rulesets.sheet.continued")
    out = [face.blocks for face in faces]
    for i in range(1, len(faces), 2):
        front, back = faces[i - 1], faces[i]
        if not (front.blocks and back.blocks and back.section == front.section and names[i].endswith(suite)):
            continue
        first, ends = back.blocks[0], _caption(front.blocks[-1])
        caption = first.parts[0] if isinstance(first, Stack) and first.parts else None
        if ends is None or not isinstance(caption, Paragraph):
            continue
        said, before = _words(caption.getPlainText()), ends.getPlainText()
        rows = _head(first)
        tables = sum(_caption(block) is not None for block in front.blocks)
        # its rows go on under the same head row (a part cut by its columns, other heads, keeps its title)
        carried = (
            rows is not None
            and rows == _head(front.blocks[-1])
            and said in (_words(before), _words(continued_title_text(before)))
        )
        if carried:
            out[i] = [Stack(first.parts[1:], first.gap), *back.blocks[1:]]
        elif rows is None and said == _words(before) and tables == 1:
            label_ = paragraph(short_caption(caption.getPlainText()), caption.style)
            out[i] = [Stack([label_, *first.parts[1:]], first.gap), *back.blocks[1:]]
    return out


def short_caption(title: str) -> str:
    """A table's title as a short label over a back of its notes alone (review 22b, S9: d12 poker
    1/3's back was two lines of italic note under « Actions (suite) », naming nothing): its words
    without its marks and without a last aside in brackets (« Chance de réussir une action »,
    not « … (1d12 + bonus) † D12-E3 » over two lines again: review 21), nor the « , en % » of a
    table that says its unit in its title (sheet.dense_chances: its back shows no chance)."""
    plain = _words(mark_pattern().sub("", title))
    plain = plain.removesuffix(_words(label("rulesets.columns.in_percent", title=""))).strip()
    short = re.sub(r"\s*\([^()]*\)$", "", plain).strip()
    return short or plain


def _words(text: str) -> str:
    """A caption's words, whatever spaces tie them (a closing mark holds its last two words with
    no-break spaces, book22: « …sur 3d6 » then « …3d6 (suite) » tie other pairs)."""
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def _head(block: Flowable) -> tuple[str, ...] | None:
    """The head row's texts of a block's first table, None if it holds none."""
    grid = next((p for p in block.parts if isinstance(p, RowTable)), None) if isinstance(block, Stack) else None
    if grid is None:
        return None
    cells = grid.cells[0] if grid.repeatRows else []
    return tuple(c.getPlainText() if isinstance(c, Paragraph) else str(c) for c in cells)


def _caption(block: Flowable) -> Paragraph | None:
    """The title over a block's table (its first part, a table after it), None if it has none."""
    if not isinstance(block, Stack) or not block.parts or not isinstance(block.parts[0], Paragraph):
        return None
    return block.parts[0] if any(isinstance(part, RowTable) for part in block.parts[1:]) else None


def _one_name_a_section(faces: list[PouredFace], room: float, size: float, taken: list[float]) -> list[str]:
    """Each face's band name, one name for all the faces of a section (review 12, N3: 3d6 poker's
    « Actions de combat » 5/7 went on as « Combat (suite) » 6/7, its title too long with
    « (suite) »): the first of its names that fits every one of its faces' bands, « (suite) » where
    a face takes it; else the first that fits them all without « (suite) » on any (review 14b, N3:
    d100 mini's back of 2/8 read « Réussir un jet », its « suite › » leaving no room, the back of
    3/8 « Réussir un jet (suite) »: one convention a section, its cut tables' titles say « (suite) »);
    else each face's own first that fits (first_fitting)."""
    names = [first_fitting(f.names, room, size, taken[i]) for i, f in enumerate(faces)]
    for section in dict.fromkeys(f.section for f in faces):
        at = [i for i, f in enumerate(faces) if f.section == section]
        tries = [(base, True) for base in faces[at[0]].bases] + [(base, False) for base in faces[at[0]].bases]
        for base, suite in tries:
            wanted = {i: faces[i].name(base) if suite else base for i in at}
            if all(stringWidth(n, SANS_BOLD, size) + taken[i] <= room for i, n in wanted.items()):
                names = [wanted.get(i, n) for i, n in enumerate(names)]
                break
    return _backs_as_fronts(faces, names, room, size, taken)


def _backs_as_fronts(
    faces: list[PouredFace], names: list[str], room: float, size: float, taken: list[float]
) -> list[str]:
    """Each plain back's band named as its front's where that fits it (review 13, N7: a cover
    names its card as its front does, though the front's « verso › » shortened the name)."""
    out = list(names)
    for i in range(1, len(out), 2):
        if (
            not faces[i].blocks
            and faces[i].section == faces[i - 1].section
            and stringWidth(out[i - 1], SANS_BOLD, size) + taken[i] <= room
        ):
            out[i] = out[i - 1]
    return out


def _goes_on(faces: list[PouredFace], i: int) -> bool:
    """Whether face i's section goes on to the next face (a plain back does not)."""
    return i + 1 < len(faces) and faces[i + 1].section == faces[i].section and bool(faces[i + 1].blocks)


def _fewest_cards(
    sections: list[SectionContent], room: tuple[float, float], look: SheetLook, gain: float = 1.0
) -> list[PouredFace]:
    """The deck's faces at the size that keeps the house's table breaks best (no table cut against
    them, every key with its table), then among the comfortable sizes (comfortable_pt up) the one
    that prints it on the fewest cards, the largest of those (up to a size grown with the card: gain)."""
    decks: list[Poured] = []
    grids = Grids()  # a table's grid at a size is the same for every size of the deck tried
    for cards in card_sizes(look, gain):
        try:
            decks.append(_section_faces(sections, room, cards, grids))
        except CardOverflow:
            continue
    if not decks:  # no size fits: the smallest says which table
        _section_faces(sections, room, card_sizes(look, gain)[-1], grids)
    return min(decks, key=lambda d: d.rank(look.reference_cards.comfortable_pt)).faces


def band_look(look: CardLook, width: float) -> CardLook:
    """The card look with the band's name and number at the sizes of every system's reference cards
    of this width (data/layouts/reference.yaml's strip: refband11, 6 pt names on the d100 minis
    could not be found leafing through); a long name is shortened (first_fitting), never shrunk."""
    spec = card_spec(width)
    return look.model_copy(update={"name_pt": spec.strip_pt, "copy_pt": spec.number_pt})


def _number_width(copy: str, hint: str, size: float) -> float:
    """The width of a face's number and its hint with the 1 em before the number (numbering.hint_right)."""
    number = stringWidth(copy, SANS_BOLD, size)
    return number + (size + stringWidth(hint, SANS_ITALIC, size) if hint else 0)


def generic_back(
    setting: FaceSetting, title: str, subtitle: str, foot: tuple[str, str], version: str, face: RulesetFace
) -> list[Shape]:
    """A plain back (face: its section's name and its card's number in its band): its bands, and
    the system's name over « Aide de jeu » and the rules' version and date in the middle, as
    KOLAPS's plain backs."""
    cards = sheet_look().reference_cards
    (width, height), area = setting.size, Area(setting.size[1])
    centre, line, ink_cmyk = height / 2, cards.back_line_pt, house_ink().cmyk()
    return band_shapes(face, setting, foot) + [
        area.text(width / 2, centre, title, SANS_BOLD, cards.back_title_pt, setting.colour.cmyk(), "centre"),
        area.text(width / 2, centre - line, subtitle, SANS, cards.back_subtitle_pt, ink_cmyk, "centre"),
        area.text(width / 2, centre - 2 * line, version, SANS, cards.back_version_pt, ink_cmyk, "centre"),
    ]
