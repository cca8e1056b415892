"""The front of a character card: who they are, their stats, weapons and specialisations.

Block-driven: the front is the list of blocks of data/rulesets/kolaps/card.yaml (layout/card_blocks/),
each laying its part out; this builder walks the list and keeps what the whole army shares (one
name size, one body arrangement and scale). Split in two: furniture() is what every card of the
army shares (drawn once, reused as a PDF form); build(member) is what belongs to one character.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations

from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_blocks.edition_note import EDITION_NOTE
from kolaps_print.layout.card_blocks.plan import card_plan
from kolaps_print.layout.card_blocks.protocol import Card, FrontBlock, Mode
from kolaps_print.layout.card_blocks.registry import FRONT
from kolaps_print.layout.card_blocks.reminders import by_length
from kolaps_print.layout.card_blocks.ruling_legend import LEGEND
from kolaps_print.layout.card_blocks.stat_tiles import StatTilesFront
from kolaps_print.layout.card_body import Block, Style, needed_height, place
from kolaps_print.layout.card_body import section as section_block
from kolaps_print.layout.card_data import Avatar, CardLayout
from kolaps_print.layout.card_face import Cut, FaceLayout, band_baseline, below_safe_top, cap_height, kept_uncut
from kolaps_print.layout.card_notes import notes_area
from kolaps_print.layout.emblems import emblem_mark
from kolaps_print.layout.geometry import Size
from kolaps_print.layout.shapes import Box, Ink, Shape, Star, Text
from kolaps_print.layout.style import CMYK, cmyk_of_hex
from kolaps_print.layout.text_fit import Run, fit_line, width_mm
from kolaps_print.model.army_book import Member
from kolaps_print.model.rules import Rules
from kolaps_print.provenance import mark_pattern

BOLD, REGULAR, ITALIC = "KSans-Bold", "KSans", "KSans-Italic"
# The body's arrangements, tried in turn: (specialisations by name, traits by name); a name
# comes with where its text is. An army takes the first one every card of it fits. Within one,
# a card too full for its traits' texts gives its longest ones by name and page first (Mode.paged),
# and every card of the army that carries them does too.
MODES: tuple[Mode, ...] = (Mode(False, False), Mode(True, False), Mode(True, True))
BODIES = 2048  # bodies kept by one builder: the bodies of an army's distinct weapons and specialisations


@dataclass(frozen=True)
class Identity:
    """What every card of one army shows the same way."""

    army: str
    affiliation: str
    colour: str  # #rrggbb
    stamp: str = ""  # the rules' version (and a kit's date) and data hash: a loose card finds its rulebook
    stamp_short: str = ""  # the stamp without the kit's date, where the footer line cannot hold both
    emblem: str | None = None  # the affiliation's shape before the name (layout/emblems.py)


class FrontBuilder:
    def __init__(
        self,
        identity: Identity,
        rules: Rules,
        layout: CardLayout,
        size: Size,
        min_ppi: int | None = None,
        blocks: tuple[str, ...] | None = None,
        paper: str = "",
    ):
        """blocks: the front's block names in order (None: card.yaml's); paper: the sheets' (a
        sizes.yaml name), whose book's pages the traits point to."""
        self.identity, self.rules, self.layout, self.size = identity, rules, layout, size
        self.paper = paper
        c = layout.colours
        self.ink, self.muted, self.rule = c.ink, c.muted, c.rule
        self.white = c.on_colour
        self.left = layout.margin
        self.width = size.width - 2 * layout.margin
        self._sections: dict[tuple[str, bool, bool, float], Block] = {}
        self._quiet: dict[tuple, list[Block]] = {}
        self.name_size: float | None = None  # size_names(): one size for the whole army
        self._army_fit: tuple[int, Mode, float] | None = None  # size_body(): (MODES index, mode, scale) for the army
        self._grow = 1.0  # size_body(): how much the body may grow (the edition's, within the card's width)
        self._emblems: dict[float, tuple[list[Shape], float]] = {}  # by the names' size
        # by the body's key (_body_key): characters with the same weapons and specialisations share
        # their body's fit and, when nothing of it was cut, its shapes
        self._fits: dict[tuple, tuple[int, Mode, float]] = {}
        self._bodies: dict[tuple, list[Shape]] = {}
        self.min_ppi = min_ppi  # a portrait below this is a warning (None: home printing's)
        names = card_plan().names("front") if blocks is None else blocks
        self.blocks: list[FrontBlock] = [FRONT[name](self) for name in names]
        self._tiles = next((b for b in self.blocks if isinstance(b, StatTilesFront)), None)

    @functools.cached_property
    def colour(self) -> CMYK:
        """The affiliation's colour as inks (fitted on first use: a builder asked only about its
        footer, jobs/cards.prints_card_stamp, never needs it)."""
        return cmyk_of_hex(self.identity.colour)

    # ---- shared by every card ---------------------------------------------------------
    def furniture(self) -> FaceLayout:
        out = FaceLayout()
        for block in self.blocks:
            out.extend(block.furniture(self))
        return out

    # ---- one character ------------------------------------------------------------------
    def build(self, member: Member, copy: tuple[int, int] | None = None, stats: bool = True) -> FaceLayout:
        """One character's front; copy (number, count) marks each of several identical cards.

        stats=False leaves out the stat tiles' texts (stat_tiles()), which the job draws once per
        (rank, mvt, cib) as a shared form.
        """
        c = member.character
        size = self.name_size or self.layout.front.band.size
        marks, right = self._band_marks(member, copy, compact=False)
        bare = c.avatar and width_mm(c.name, BOLD, size) > right - self.emblem()[1]  # the star alone leaves more room
        if bare:
            marks, right = self._band_marks(member, copy, compact=True)
        card, out = Card(member, copy, stats, marks, right, bare), FaceLayout()
        for block in self.blocks:
            out.extend(block.build(self, card))
        out.extend(self._body(member))
        return out

    def size_stats(self, members: list[Member]) -> None:
        """One size for the tiles' large values on every card of the army (the stat_tiles block)."""
        if self._tiles is not None:
            self._tiles.size_stats(members)

    def stat_tiles(self, member: Member) -> FaceLayout:
        """The stat tiles' texts for member (nothing when the front lists no stat_tiles)."""
        return self._tiles.stat_tiles(member) if self._tiles is not None else FaceLayout()

    def _band_marks(self, member: Member, copy: tuple[int, int] | None, compact: bool) -> tuple[list[Shape], float]:
        """The Avatar mark and the copy number in the band, and where the name must end (its right)."""
        f, shapes = self.layout.front, []
        right = self.left + self.width
        if member.portrait is not None:
            right -= self.portrait_size()[0] + f.avatar.gap
        if member.character.avatar:
            mark = avatar_mark(
                f.avatar, (f.band.height, self.layout.safe), right, compact, (self.colour, self.white, self.ink)
            )
            shapes += mark
            right = min(s.x for s in mark if isinstance(s, Box)) - f.avatar.gap
        if copy is not None:
            number = band_copy(
                (f.band.height, self.layout.safe), f.band.size, self.layout.min_font, copy, right, self.white
            )
            shapes.append(number)
            right = number.x - number.width - f.avatar.gap
        return shapes, right

    def size_names(self, members: list[Member]) -> None:
        """One size for the names in the band on every card of the army: the largest all of them fit
        beside the Avatar's labelled pill, if that is at least avatar.pill_name_floor; else beside its
        bare star (build() then keeps the pill where it still fits). A name too long even at the
        smallest type is cut on its own card."""
        with_pill = self._fitting_name_size(members, compact=False)
        if with_pill is not None and with_pill >= self.layout.front.avatar.pill_name_floor:
            self.name_size = with_pill
        else:
            self.name_size = self._fitting_name_size(members, compact=True)

    def _fitting_name_size(self, members: list[Member], compact: bool) -> float | None:
        """The largest size at which every name fits beside its band marks (None: none fits uncut)."""
        band, sizes = self.layout.front.band, []
        for m in members:
            copies = m.character.copies
            _, right = self._band_marks(m, (copies, copies) if copies > 1 else None, compact=compact)
            fitted = fit_line(m.character.name, BOLD, band.size, self.layout.min_font, right - self.emblem()[1])
            if not fitted.cut:
                sizes.append(fitted.size)
        return min(sizes, default=None)

    def name_baseline(self, size: float) -> float:
        """Centred in the band; with the role line under it (band.subtitle), as high as the safe area allows."""
        band = self.layout.front.band
        if band.subtitle is None:
            return band_baseline(band.height, size, self.layout.safe)
        return below_safe_top(self.layout.safe, size)

    def emblem(self) -> tuple[list[Shape], float]:
        """The affiliation's emblem at the band's left, level with the name, and where the name starts."""
        f = self.layout.front
        size = self.name_size or f.band.size
        if size not in self._emblems:  # the same for every card of the army, asked several times a card
            middle = self.name_baseline(size) - cap_height(size) / 2
            self._emblems[size] = emblem_mark(
                self.identity.emblem, f.emblem, self.left, middle, self.white, self.layout.safe
            )
        shapes, left = self._emblems[size]
        return list(shapes), left

    def portrait_size(self) -> tuple[float, float]:
        """card.yaml's portrait, narrowed on small cards so the name keeps most of the line."""
        p = self.layout.front.portrait
        ratio = min(1.0, 0.3 * self.width / p.width)
        return p.width * ratio, p.height * ratio

    # ---- weapons, their traits and specialisations ---------------------------------------
    def size_body(self, members: list[Member]) -> None:
        """One arrangement and one type size for the body of every card of the army.

        The same specialisation is then printed the same way on every card (its text, or its
        name and where to read it), and a weapon name has one size across the army. Traits are
        paged per card (_body): a card with room keeps their texts.
        """
        grow = self.layout.shows.grow
        self._grow = min([grow] + [self._width_cap(m) for m in members]) if grow > 1 else 1.0
        fits = [self._body_fit(m) for m in members]
        if not fits:
            return
        index = max(own for own, _, _ in fits)  # a card that fit an earlier mode is laid out again in this one
        scales = [
            scale if own == index else self._body_fit(m, index)[2]
            for m, (own, _, scale) in zip(members, fits, strict=True)
        ]
        self._army_fit = (index, MODES[index], min(scales))

    def _width_cap(self, member: Member) -> float:
        """How much the weapons' lines may grow before one is wider than the card (then it would
        shrink alone: one line smaller than its neighbours)."""
        ws = self.layout.front.weapon
        lines = [(w.name, BOLD, ws.name_size) for w in member.weapons]
        lines += [(card_text.weapon_range(w, self.rules), REGULAR, ws.range_size) for w in member.weapons]
        return min((self.width / width_mm(text, font, size) for text, font, size in lines if text), default=1.0)

    def _body_room(self) -> tuple[float, float]:
        f = self.layout.front
        return f.body.top, self.size.height - f.footer.height - f.body.bottom_gap

    def _body_key(self, member: Member) -> tuple:
        """All the body's blocks read of member (FrontBlock.body_key), with the army's fit and growth."""
        return (self._army_fit, self._grow, *(block.body_key(self, member) for block in self.blocks))

    def _body_fit(self, member: Member, at_least: int = 0) -> tuple[int, Mode, float]:
        """_fitted_body once per body key and at_least: a function of what the blocks read."""
        key = (at_least, *self._body_key(member))
        if key not in self._fits:
            self._fits[key] = self._fitted_body(member, at_least)
        return self._fits[key]

    def _fitted_body(self, member: Member, at_least: int) -> tuple[int, Mode, float]:
        """The first mode (from at_least) whose blocks fit the body, with the fewest traits by page
        this card needs, and the scale they fit at: a trait by page comes before a smaller type (the
        longest texts first, only when the smallest type does not hold them)."""
        top, bottom = self._body_room()
        for index in range(at_least, len(MODES)):
            mode = MODES[index]
            style, blocks = self._fitted_blocks(member, mode, bottom - top)
            if needed_height(blocks) > bottom - top + 1e-6:  # not even at the smallest type (style): page traits
                mode = self._paged(member, mode, style, bottom - top)
                style, blocks = self._fitted_blocks(member, mode, bottom - top)
            if needed_height(blocks) <= bottom - top + 1e-6:
                return index, mode, style.scale
        return len(MODES) - 1, MODES[-1], style.scale

    def _paged(self, member: Member, mode: Mode, style: Style, room: float) -> Mode:
        """mode with the fewest more of the card's traits by page for its blocks to fit room at
        style (of as many, the longest texts); mode itself when even all of them do not fit."""
        if mode.traits or not self.layout.shows.traits:
            return mode
        reminders = card_text.trait_reminders(member.weapons, self.rules, self.paper)
        more = [r for r in by_length(reminders) if r.id not in mode.paged]
        for count in range(1, len(more) + 1):
            for chosen in sorted(combinations(more, count), key=lambda c: -sum(len(r.short) for r in c)):
                paged = mode._replace(paged=mode.paged.union(r.id for r in chosen))
                if needed_height(self._blocks(member, style, paged)) <= room + 1e-6:
                    return paged
        return mode

    def _body(self, member: Member) -> FaceLayout:
        """_laid_body, laid out once per body key when nothing of it is cut (a cut names its card).
        At most BODIES kept: 10,000 distinct characters do not keep 10,000 bodies."""
        return kept_uncut(self._bodies, self._body_key(member), BODIES, lambda: self._laid_body(member))

    def _laid_body(self, member: Member) -> FaceLayout:
        """Weapons, what their traits do, then specialisations, stacked from the top; never a rule left out.

        When the texts do not fit even at the smallest type, the card's longest traits are printed
        by name and page, then the specialisations, then the traits, as names only, with where
        their text is (the book's chapter); when even that does not fit, every block left out is a
        lost rule (Cut.lost): the job refuses to print the card.
        """
        top, bottom = self._body_room()
        index, mode, scale = self._army_fit or self._body_fit(member)
        style = self._style(scale)
        blocks = self._blocks(member, style, mode)
        if needed_height(blocks) > bottom - top + 1e-6:  # this card's fewest traits by page, at the army's type
            mode = self._paged(member, mode, style, bottom - top)
            blocks = self._blocks(member, style, mode)
        if needed_height(blocks) > bottom - top + 1e-6:  # not an army's card (size_body): its own fit
            _, mode, scale = self._body_fit(member, index)
            blocks = self._blocks(member, self._style(scale), mode)
        blocks = _note_at_foot(blocks, bottom - top, self.layout.shows.note_lift)
        if self._takes_notes():
            blocks, legend = _without_legend(blocks)
            # the legend's foot legend_lift over the body's foot: its descenders 1.5 mm
            # clear of the band (review 19, N6: 1.1 mm read as glued to it)
            room = bottom - top - needed_height(legend) - self._legend_lift()
            blocks = _pinned(blocks + self._notes(blocks, room, self._style(scale)), legend, room)
        shapes, cuts = place(blocks, top, bottom)  # what does not fit: lost rules
        named = [Cut(cut.path, f"'{member.character.name}': {cut.message}", cut.lost) for cut in cuts]
        return FaceLayout(shapes, named)

    def _legend_lift(self) -> float:
        notes = self.layout.front.notes
        return notes.legend_lift if notes else 0.0

    def _takes_notes(self) -> bool:
        """Whether the front closes its body on the ruled NOTES area: a card taller than the
        reference (card.yaml front.notes) whose edition sets no note of its own at the foot (the demo's)."""
        notes, ref = self.layout.front.notes, self.layout.reference_size
        return notes is not None and self.size.height > ref.height and not self.layout.shows.note

    def _notes(self, blocks: list[Block], room: float, style: Style) -> list[Block]:
        """The ruled NOTES area under the body, in what room leaves under blocks."""
        notes = self.layout.front.notes
        if notes is None or not blocks:
            return []
        heading = self.section(style, "notes", first=False)
        return notes_area(style, notes, heading, room - needed_height(blocks))

    def _style(self, scale: float) -> Style:
        return Style(self.layout, scale, self.left, self.width, self.colour, self.ink, self.muted, self.rule)

    def _fitted_blocks(self, member: Member, mode: Mode, room: float) -> tuple[Style, list[Block]]:
        """The blocks at the largest scale (from the edition's growth, down to the smallest type) at which they fit room."""
        for scale in self._scales():
            style = self._style(scale)
            blocks = self._blocks(member, style, mode)
            if needed_height(blocks) <= room:
                break
        return style, blocks

    def _scales(self) -> Iterator[float]:
        """The body's scales, largest first: from the edition's growth down to the smallest type."""
        scale = max(1.0, self._grow)
        while not self._style(scale).at_minimum:
            yield scale
            scale -= self.layout.front.body.shrink_step
        yield scale

    def _blocks(self, member: Member, style: Style, mode: Mode = MODES[0]) -> list[Block]:
        """The body blocks of the front's list, in its order (ARMES, FACULTÉS, SPÉCIALISATIONS...)."""
        blocks: list[Block] = []
        for block in self.blocks:
            blocks += block.body(self, member, style, mode, not blocks)
        return blocks

    def quiet(self, style: Style) -> Style:
        """The style of the edition's note and the marks' legend: they never grow, the rules do."""
        return style if style.scale <= 1 else self._style(1.0)

    def marked(self, member: Member, spec_names: bool = False) -> bool:
        """Whether the card prints a « † E… » mark: a specialisation's text (not just its name), or the edition's note."""
        specs = not spec_names and any(s.ruling for s in member.specialisations)
        return specs or bool(self.layout.shows.note and self.layout.shows.ruling)

    def section(self, style: Style, key: str, first: bool, muted: bool = False) -> Block:
        """A section heading (cards.front.KEY), laid out once per scale: every card of an army has it."""
        cache = (key, first, muted, style.scale)
        if cache not in self._sections:
            colour = self.muted if muted else None
            self._sections[cache] = section_block(style, label(f"cards.front.{key}"), first, colour)
        return self._sections[cache]

    def quiet_blocks(self, key: tuple, style: Style, make: Callable[[Style], list[Block]]) -> list[Block]:
        """make(the quiet style), made once per key and quiet scale: the blocks that never grow
        (the demo turn, the edition's note) are the same at every larger scale the body fit
        tries, some four a card. key: all they depend on besides the style."""
        quiet = self.quiet(style)
        cache = (*key, quiet.scale)
        if cache not in self._quiet:
            self._quiet[cache] = make(quiet)
        return self._quiet[cache]

    def marked_runs(self, text: str) -> list[Run]:
        """Text in regular type, its marks (ours, not the draft's) in the quiet italic grey of the sheet and book."""
        runs, start = [], 0
        for m in mark_pattern().finditer(text):
            runs += [Run(text[start : m.start()], REGULAR), Run(m.group(0), ITALIC, self.muted)]
            start = m.end()
        return runs + [Run(text[start:], REGULAR)] if text[start:] else runs


def _without_legend(blocks: list[Block]) -> tuple[list[Block], list[Block]]:
    """blocks less the marks' legend, and the legend ([] on a card with no mark)."""
    return [b for b in blocks if b.what != LEGEND], [b for b in blocks if b.what == LEGEND]


def _pinned(blocks: list[Block], legend: list[Block], room: float) -> list[Block]:
    """blocks, then the marks' legend on the last line of the body, whatever the body holds
    (tarot19: its baseline stood 115, 122 or 131 pt over the page's foot card to card; review 18,
    S1: it closes the card, under the NOTES lines, never between SPÉCIALISATIONS and NOTES)."""
    if not legend:
        return blocks
    spare = max(0.0, room - needed_height(blocks))
    return [*blocks, dataclasses.replace(legend[0], gap_before=legend[0].gap_before + spare), *legend[1:]]


def _note_at_foot(blocks: list[Block], room: float, lift: float = 0.0) -> list[Block]:
    """The edition's note (and the legend under it) moved down to end lift above the body's foot
    (clear of the footer band): the room the body leaves goes above the note, not under it. On a
    full body the lift comes out of the note's own gap (the type's growth, chosen before, keeps
    all the body's room)."""
    note = next((i for i, b in enumerate(blocks) if b.what == EDITION_NOTE), None)
    spare = room - needed_height(blocks)
    if note is None or spare < 0:
        return blocks
    gap = max(0.0, blocks[note].gap_before + spare - lift)
    moved = dataclasses.replace(blocks[note], gap_before=gap)
    return [*blocks[:note], moved, *blocks[note + 1 :]]


def avatar_mark(
    a: Avatar, band: tuple[float, float], right: float, compact: bool, inks: tuple[Ink, Ink, Ink]
) -> list[Shape]:
    """A white pill in the band ending at right, with a star and AVATAR; just the star in a disc when compact.

    band: its height and the safe margin the pill keeps from the top trim;
    inks: the star's (the affiliation colour), the pill's (white) and the word's (black text).
    """
    colour, white, ink = inks
    band_height, safe = band
    top = max((band_height - a.height) / 2, safe)
    text = label("cards.front.avatar")
    text_w = 0.0 if compact else width_mm(text, BOLD, a.size, 0.4)
    width = a.height if compact else a.pad + 2 * a.star + 0.9 + text_w + a.pad
    x = right - width
    star_x = x + width / 2 if compact else x + a.pad + a.star
    shapes: list[Shape] = [
        Box(x, top, width, a.height, fill=white, radius=a.height / 2),
        Star(star_x, top + a.height / 2, a.star, colour),
    ]
    if not compact:
        baseline = top + a.height / 2 + cap_height(a.size) / 2
        shapes.append(Text(x + a.pad + 2 * a.star + 0.9, baseline, text, BOLD, a.size, ink, tracking=0.4, width=text_w))
    return shapes


def copy_numbers(count: int) -> list[tuple[int, int] | None]:
    """Each copy's (number, count), or [None] for a character printed once (no number)."""
    return [None] if count == 1 else [(n, count) for n in range(1, count + 1)]


def copy_label(copy: tuple[int, int]) -> str:
    """« 1/3 »: how a copy's number reads, on the card and wherever the card is named."""
    return label("cards.front.copy", number=copy[0], count=copy[1])


def band_copy(
    band: tuple[float, float], size: float, min_size: float, copy: tuple[int, int], right: float, colour
) -> Text:
    """« 1/2 »: which of several identical cards this is, right-aligned in the band (height, safe) before right."""
    text = copy_label(copy)
    small = max(min_size, size * 0.7)
    width = width_mm(text, REGULAR, small)
    return Text(right, band_baseline(band[0], small, band[1]), text, REGULAR, small, colour, align="right", width=width)
