"""The back of a character card: the tracks a player ticks during the game.

Morale 6 -> 1 with what each level allows, the Offensive box, the AFF box, fatigue, the six
hit locations (wound boxes with their severity modifier, haemorrhage drop, C box) and the
cumulative-wounds table. Everything but the character's name is the same on every card of
an army, so furniture() is drawn once and reused.

Block-driven: the back is the list of blocks of data/rulesets/kolaps/card.yaml (layout/card_blocks/),
stacked from the top in its order; this builder walks the list, fits it and keeps what the whole
army shares (one name size, one stat line format).

Laid out for the card's width. When the card is too small for it, the back takes the compact
arrangement of card.yaml (back.compact: the morale texts and the cumulative table, which the
reference sheet gives, left out; boxes and text keep their size). Only when even that does not
fit is the back laid out larger and scaled down (tick boxes then shrink: a warning).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_blocks.cumulative_wounds import cell_room, wound_cells
from kolaps_print.layout.card_blocks.plan import card_plan
from kolaps_print.layout.card_blocks.protocol import BackBlock, Part, stack
from kolaps_print.layout.card_blocks.registry import BACK
from kolaps_print.layout.card_data import Back, CardLayout
from kolaps_print.layout.card_face import Cut, FaceLayout, below_safe_top
from kolaps_print.layout.card_face import cap_height as cap
from kolaps_print.layout.card_front import Identity, avatar_mark, band_baseline, band_copy
from kolaps_print.layout.emblems import emblem_mark
from kolaps_print.layout.geometry import Size
from kolaps_print.layout.shapes import Box, Drop, Emblem, Rule, Shape, Text
from kolaps_print.layout.style import cmyk_of_hex, tint
from kolaps_print.layout.text_fit import Fitted, fit_line, width_mm
from kolaps_print.model.army_book import Member
from kolaps_print.model.rules import Rules
from kolaps_print.units import to_mm

BOLD, REGULAR, ITALIC = "KSans-Bold", "KSans", "KSans-Italic"
LABEL_GAP = 1.0  # mm at least between an inline label and its boxes
GROW_STEP = 0.05  # the steps an edition's back_grow tries, largest first
HEAD_CLEAR = 3.0  # mm at least between a section title and a column head (a rule shows between them)


# where the band's stat line goes: right of the name, on the band's second line, or under the band
# (back.band.stats_place: below), where the front has its role line
BESIDE, UNDER, BELOW = "beside", "under", "below"
DESCENT = 0.25  # of a type size: how far its descenders reach under the baseline
FILL_STEP = 0.01  # the steps a Fill tries, largest first
STAT_LINES = ("stat_line", "stat_line_short")  # labels cards.back.*: the band's stat line, with « cm » and without


class BackBuilder:
    def __init__(
        self, identity: Identity, rules: Rules, layout: CardLayout, size: Size, blocks: tuple[str, ...] | None = None
    ):
        """blocks: the back's block names in order (None: card.yaml's)."""
        names = card_plan().names("back") if blocks is None else blocks
        self.blocks: list[tuple[str, BackBlock]] = [(name, BACK[name]()) for name in names]
        self._named = "name" in names  # the band's texts go with its block
        self.identity, self.rules, self.layout, self.size = identity, rules, layout, size
        c = layout.colours
        self.colour = cmyk_of_hex(identity.colour)
        self.ink, self.muted, self.rule = c.ink, c.muted, c.rule
        self.box_colour, self.hint, self.white = c.box, c.hint, c.on_colour
        self.blood = c.blood
        self.stripe = tint(self.colour, c.tint * 0.5)
        self.back = layout.back  # the arrangement in use: _fit() may take the compact one
        self.cells: list[list[tuple[float, float]]] = []  # the wound table's cells: (centre x, baseline)
        self.column, self.cell_size = 0.0, 6.0
        self._wound_cache: dict[tuple[int, int, int], list[Shape]] = {}
        self._marks: dict[tuple, tuple[list[Shape], float]] = {}  # the band's star and emblem: the same on every back
        self._stat_texts: dict[tuple[Fitted, float, float, str], Text] = {}  # by line and place: a few an army
        self._stat_line_cache: dict[tuple[tuple[int, int, int], float], Fitted | None] = {}
        self._name_size: float | None = None  # size_names(): one size for the whole army
        # size_names(): where the stat line goes on every back of the army
        self._place = BELOW if layout.back.band.stats_place == BELOW else BESIDE
        self._stat_keys: tuple[str, ...] = STAT_LINES  # size_names(): one format for the whole army
        self.scale = 1.0  # _fit() tries smaller ones when the back does not fit
        # the wound table's walk and run on rows of their own: an edition's choice (the demo's backs
        # have the room), or size_names()'s when the army's walk/run is too wide for a cell
        self.split_moves = layout.shows.split_moves
        self.scale, self._shapes, self.cuts = self._fit()

    # ---- public --------------------------------------------------------------------------
    def furniture(self) -> FaceLayout:
        return FaceLayout(list(self._shapes), list(self.cuts))

    def name(self, member: Member, copy: tuple[int, int] | None = None, values: bool = True) -> FaceLayout:
        """The name (so a shuffled pile pairs up), the copy number, the stat line, this character's wound table.

        values=False leaves out the wound table's values (wound_values()), which the job draws once
        per (rank, mvt, cib) as a shared form.
        """
        s = self.scale
        shapes, fitted = self._band_texts(member, copy, self._place)
        if fitted.cut and self._place == BESIDE:  # UNDER the name, for one that does not fit beside its line
            shapes, fitted = self._band_texts(member, copy, UNDER)
        if fitted.cut:  # the name comes first: the front has the stats
            shapes, fitted = self._band_texts(member, copy, stat_line="")
        if not self._named:
            shapes, fitted = [], Fitted(member.character.name, 0.0, False)
        if values:
            shapes += self._wound_values(member)
        out = FaceLayout([_scaled(shape, s) for shape in shapes])
        if fitted.cut:
            message = (
                f"'{member.character.name}': the name is too long for the back of the card; printed as '{fitted.text}'"
            )
            out.cuts.append(Cut(("characters", member.index, "name"), message))
        return out

    def size_names(self, members: list[Member]) -> None:
        """One arrangement and one size for the names in the band on every back of the army: beside
        their stat line, at the largest size all of them fit there; when one does not fit beside its
        line even at the smallest type, every back sets its name alone on the band's first line and
        the stat line under it (as the front its role line): never some backs one way, some the other."""
        for place in (BELOW,) if self._place == BELOW else (BESIDE, UNDER):
            self._place = place
            key, fitted_all = self._army_stat_key(members)
            self._stat_keys = (key,)
            self._stat_line_cache.clear()
            fitted = fitted_all or [self._band_texts(m, _last_copy(m), place)[1] for m in members]
            if place != BESIDE or not any(f.cut for f in fitted):
                break
        self._name_size = min(
            (f.size for f in fitted if not f.cut), default=None
        )  # a name cut even alone: its own card says so
        self._split_wide_moves(members)

    def _split_wide_moves(self, members: list[Member]) -> None:
        """A walk/run pair too wide for its cell (12,5/25) puts the army's walks and runs on rows of
        their own (Marche, Course, as on mini cards) rather than printing the walk alone: every
        card of the army reads the same rows, and the run is never lost."""
        if self.back.cumulative.split_moves or not self.back.cumulative.show:
            return
        room = cell_room(self)
        if any(
            width_mm(values[2], REGULAR, self.layout.min_font) > room
            for m in members
            for values in card_text.wounded_values(m, self.rules)
        ):
            self.split_moves = True
            self._wound_cache.clear()
            self.scale, self._shapes, self.cuts = self._fit()

    def _army_stat_key(self, members: list[Member]) -> tuple[str, list[Fitted] | None]:
        """The stat line's format for the whole army: with « cm » if every name fits with its line at
        the army's place, else without; one format on every back, never « cm » on some and not others.
        With it, the names as fitted in that format when they were all tried (None: not all were)."""
        for key in STAT_LINES[:-1]:
            self._stat_keys = (key,)
            self._stat_line_cache.clear()
            fitted = []
            for m in members:
                fitted.append(self._band_texts(m, _last_copy(m), self._place)[1])
                if fitted[-1].cut:
                    break
            else:
                return key, fitted
        return STAT_LINES[-1], None

    def _stats_room(self) -> float:
        """The band's share for the stat line, right of the name."""
        margin = self.layout.margin / self.scale
        return (self.size.width / self.scale - 2 * margin) * self.back.band.stats_share

    def _stat_line(self, member: Member, room: float) -> Fitted | None:
        """« 4+ · 10/20 cm · 4D6 », or without « cm » on a narrow card; never cut (None: no room)."""
        key = (_stats(member), room)
        if key not in self._stat_line_cache:
            self._stat_line_cache[key] = self._fit_stat_line(member, room, self._stat_keys)
        return self._stat_line_cache[key]

    def _fit_stat_line(self, member: Member, room: float, keys: tuple[str, ...]) -> Fitted | None:
        threshold, moves, dice = card_text.table_values(*_stats(member), self.rules)
        for key in keys:
            line = label(f"cards.back.{key}", rng=threshold, mvt=moves, cib=dice)
            fitted = fit_line(line, BOLD, self.back.band.stats_size, self.layout.min_font, room)
            if not fitted.cut:
                return fitted
        return None

    def wound_values(self, member: Member) -> FaceLayout:
        """This character's values after 1..6 wounds, in the shared table's cells (at the back's scale)."""
        return FaceLayout([_scaled(shape, self.scale) for shape in self._wound_values(member)])

    def _band_texts(self, member: Member, copy: tuple[int, int] | None, stat_line: str) -> tuple[list[Shape], Fitted]:
        """The band's texts; stat_line: BESIDE the name, UNDER it (on the band's second line,
        where the front has its subtitle), BELOW the band (where the front has its role line) or "" (none)."""
        b, margin = self.back.band, self.layout.margin / self.scale
        shapes: list[Shape] = []
        right = self.size.width / self.scale - margin
        if member.character.avatar:  # the star where the front has it, at the band's right: the side in play says who
            a = self.layout.front.avatar
            shapes += self._mark(
                ("avatar", right, self.band_height, self.safe),
                lambda: avatar_mark(a, (self.band_height, self.safe), right, True, (self.colour, self.white, self.ink)),
            )
            right -= a.height + a.gap
        name_baseline = band_baseline(self.band_height, b.name_size, self.safe)
        if stat_line == UNDER:
            name_baseline = below_safe_top(self.safe, b.name_size)
        elif stat_line == BESIDE:
            stats = self._stat_line(member, self._stats_room())
            if stats is not None:
                baseline = band_baseline(self.band_height, stats.size, self.safe)
                key = (stats, right, baseline, "right")  # one Text a stat line and place: drawn from its operators once
                text = self._stat_texts.get(key) or self._stat_texts.setdefault(
                    key, self._stats_text(stats, right, baseline)
                )
                shapes.append(text)
                right -= text.width + 2
                if copy is not None:  # « 3/3 · 5+ · … »: the counter is not one more stat
                    shapes.append(self._copy_separator(stats.size, right + 1, baseline))
        if copy is not None:
            number_text = band_copy(
                (self.band_height, self.safe), b.name_size, self.layout.min_font, copy, right, self.white
            )
            shapes.append(number_text)
            right = number_text.x - number_text.width - 1.5
        left = margin
        emblem, left = self._marks_at(
            ("emblem", left, self.band_height),
            lambda: emblem_mark(self.identity.emblem, self.layout.front.emblem, left, self.band_height / 2, self.white),
        )
        shapes += emblem
        if stat_line == BELOW:
            shapes += self._stats_below(member, margin)
        if stat_line == UNDER:  # under the name, from its left, as the front's role line
            stats = self._stat_line(member, right - left)
            if stats is not None:
                width = width_mm(stats.text, BOLD, stats.size)
                shapes.append(Text(left, self._second_line(), stats.text, BOLD, stats.size, self.white, width=width))
        fitted = fit_line(
            member.character.name, BOLD, self._name_size or b.name_size, self.layout.min_font, right - left
        )
        if stat_line != UNDER:
            name_baseline = band_baseline(self.band_height, fitted.size, self.safe)
        shapes.append(Text(left, name_baseline, fitted.text, BOLD, fitted.size, self.white))
        return shapes, fitted

    def _stats_below(self, member: Member, left: float) -> list[Shape]:
        """The stat line under the band, from the margin, in black on the paper: the front's role line's place."""
        stats = self._stat_line(member, self.size.width / self.scale - 2 * left)
        if stats is None:
            return []
        key = (stats, left, self._below_baseline(), "left")
        if key not in self._stat_texts:
            width = width_mm(stats.text, BOLD, stats.size)
            self._stat_texts[key] = Text(left, key[2], stats.text, BOLD, stats.size, self.ink, width=width)
        return [self._stat_texts[key]]

    def _below_baseline(self) -> float:
        """The stat line's baseline under the band: the front's role line's."""
        return self.layout.front.subtitle.baseline / self.scale

    @property
    def below_depth(self) -> float:
        """How far under the band the stat line reaches (0: it is in the band)."""
        band = self.back.band
        if band.stats_place != BELOW:
            return 0.0
        return self._below_baseline() + to_mm(band.stats_size * DESCENT) - self.band_height

    def _mark(self, key: tuple, make: Callable[[], list[Shape]]) -> list[Shape]:
        return self._marks_at(key, lambda: (make(), 0.0))[0]

    def _marks_at(self, key: tuple, make: Callable[[], tuple[list[Shape], float]]) -> tuple[list[Shape], float]:
        """make() once per key (where the mark goes): asked for each back, twice or three times
        for the army's sizes. The shapes are read only."""
        if key not in self._marks:
            self._marks[key] = make()
        return self._marks[key]

    def _copy_separator(self, size: float, centre: float, baseline: float) -> Text:
        """The stat line's own « · », centred in the gap between the copy number and the stats."""
        mark = label("cards.back.copy_separator")
        return Text(centre, baseline, mark, BOLD, size, self.white, "centre", width=width_mm(mark, BOLD, size))

    def _stats_text(self, stats: Fitted, right: float, baseline: float) -> Text:
        width = width_mm(stats.text, BOLD, stats.size)
        return Text(right, baseline, stats.text, BOLD, stats.size, self.white, "right", width=width)

    def _second_line(self) -> float:
        """The band's second baseline: the front's subtitle's (a small card's band has one)."""
        subtitle = self.layout.front.band.subtitle
        return (subtitle.baseline if subtitle else self.layout.front.band.height - self.layout.safe) / self.scale

    @property
    def band_height(self) -> float:
        """The front's band height (in the back's units, which shrink with it): both faces share a frame."""
        return self.layout.front.band.height / self.scale

    @property
    def safe(self) -> float:
        """The safe margin in the back's units (which shrink with it)."""
        return self.layout.safe / self.scale

    @property
    def shrunk(self) -> bool:
        return self.scale < 0.999

    # ---- fitting -------------------------------------------------------------------------
    def _fit(self) -> tuple[float, list[Shape], list[Cut]]:
        """The first arrangement that fits at full size; else the last one, scaled down to fit."""
        width, height = self.size.width, self.size.height
        for back in self.layout.back.variants():
            self.back = back
            parts, cuts = self._parts(width)
            if self._fits(parts, width, height):
                parts, cuts = self._grown(parts, cuts, width, height)
                parts, cuts = self._filled(parts, cuts, width, height)
                return 1.0, self._stack(parts, width, height) + self._fixed(width, height), cuts
        scale = 1.0
        for _ in range(8):
            width, height = self.size.width / scale, self.size.height / scale
            self.scale = scale
            parts, cuts = self._parts(width)
            if self._fits(parts, width, height):
                break
            needed = self._needed(parts)
            scale *= (
                min(
                    height / needed,
                    width / max(width, max((p.width for p in parts), default=0.0) + 2 * self.layout.margin),
                )
                * 0.995
            )
        shapes = self._stack(parts, width, height) + self._fixed(width, height)
        return scale, [_scaled(s, scale) for s in shapes], cuts

    def _grown(self, parts: list[Part], cuts: list[Cut], width: float, height: float) -> tuple[list[Part], list[Cut]]:
        """The back with its location rows as large as it holds, up to the edition's back_grow
        (by GROW_STEP): the demo's backs fill the room the rules they drop leave; the back as it
        was (parts) when no step fits or the edition does not grow it."""
        back, most = self.back, self.layout.shows.back_grow
        steps = [round(1 + GROW_STEP * i, 3) for i in range(int((most - 1) / GROW_STEP + 1e-9), 0, -1)]
        found: tuple[list[Part], list[Cut]] | None = None
        for k in steps:  # the type and boxes, bound by the card's width
            self.back = back.model_copy(update={"locations": back.locations.grown(k, back.box)})
            found = self._parts(width)
            if self._fits(found[0], width, height):
                break
            found = None
        if found is None:
            self.back = back
            return parts, cuts
        sized = self.back
        for row in (s for s in steps if s > k):  # then the rows' height, as far as the height allows
            rows = sized.locations.model_copy(update={"row": back.locations.row * row})
            self.back = sized.model_copy(update={"locations": rows})
            taller = self._parts(width)
            if self._fits(taller[0], width, height):
                return taller
        self.back = sized
        return found

    def _filled(self, parts: list[Part], cuts: list[Cut], width: float, height: float) -> tuple[list[Part], list[Cut]]:
        """A larger card's back grown into its height (back.fill): its boxes, rows and the gaps in
        them as large as the card holds with fill.gap more between sections, then its rows taller;
        the rest is shared between the sections (_stack). The back as it was when nothing grows."""
        fill, back = self.back.fill, self.back
        if fill is None:
            return parts, cuts
        room = height - fill.gap * (len(parts) - 1)
        found = self._largest(fill.most, lambda k: back.grown(k), width, room)
        if found is None:
            self.back = back
            return parts, cuts
        grown = self.back
        return self._largest(fill.rows, lambda k: grown.taller_rows(k), width, room) or found

    def _largest(
        self, most: float, make: Callable[[float], Back], width: float, height: float
    ) -> tuple[list[Part], list[Cut]] | None:
        """The parts of make(k) for the largest k up to most (by FILL_STEP, above 1) that fits; self.back
        then make(k). None (self.back unchanged) when none fits."""
        back = self.back
        for i in range(int((most - 1) / FILL_STEP + 1e-9), 0, -1):
            self.back = make(1 + FILL_STEP * i)
            found = self._parts(width)
            if self._fits(found[0], width, height):
                return found
        self.back = back
        return None

    def _needed(self, parts: list[Part]) -> float:
        return sum(p.height for p in parts) + self.back.gap * (len(parts) - 1) + self.back.bottom + self.back.footer

    def _fits(self, parts: list[Part], width: float, height: float) -> bool:
        room = width - 2 * self.layout.margin
        return self._needed(parts) <= height + 1e-6 and all(p.width <= room + 1e-6 for p in parts)

    def _stack(self, parts: list[Part], width: float, height: float) -> list[Shape]:
        gap = self.back.gap
        spare = height - self._needed(parts)
        extra = min(self.back.spread, max(0.0, spare) / max(1, len(parts) - 1))
        return stack(parts, self.left, 0.0, gap + extra, self.right - self.left)

    def _parts(self, width: float) -> tuple[list[Part], list[Cut]]:
        self.left, self.right = self.layout.margin, width - self.layout.margin
        cuts: list[Cut] = []
        named = [(name, part) for name, block in self.blocks for part in block.parts(self, cuts)]
        parts: list[Part] = []
        for i, (name, part) in enumerate(named):
            after = named[i - 1][0] if i else ""
            if name == "status" and after == "morale" and self.back.morale.style == "track":
                parts[-1] = _joined(parts[-1], part, self.back.gap)  # one block of evenly spaced rows
            else:
                parts.append(part)
        return parts, cuts

    def _fixed(self, width: float, height: float) -> list[Shape]:
        """The blocks at a fixed place (the foot band), after the stacked ones."""
        return [shape for _, block in self.blocks for shape in block.fixed(self, width, height)]

    # ---- sections ------------------------------------------------------------------------
    def header(
        self,
        title: str,
        x: float,
        right: float,
        y: float,
        note: str = "",
        heads: list[tuple[float, str]] | None = None,
        head_size: float = 6.0,
    ) -> list[Shape]:
        """A section title, a rule to the right edge (or to the first column head, each head centred
        on its column), and a short note at its end when it fits."""
        s = self.back.section
        title_w = width_mm(title, BOLD, s.size, s.tracking)
        baseline = y + s.height * 0.72
        mid = baseline - cap(s.size) * 0.45
        shapes: list[Shape] = [Text(x, baseline, title, BOLD, s.size, self.ink, tracking=s.tracking, width=title_w)]
        for centre, head in heads or []:
            head_w = width_mm(head, ITALIC, head_size)
            if centre - head_w / 2 < x + title_w + HEAD_CLEAR:  # too near the title: the column stays unheaded
                continue
            shapes.append(Text(centre, baseline, head, ITALIC, head_size, self.ink, "centre", width=head_w))
            right = min(right, centre - head_w / 2 - 1.2)
        # a note too long at the title's size (a tarot back's, whose type grew) down to the floor
        fitted = fit_line(note, ITALIC, s.size, self.layout.min_font, right - x - title_w - 3) if note else None
        if fitted is not None and not fitted.cut:
            note_w = width_mm(note, ITALIC, fitted.size)
            shapes.append(Text(right, baseline, note, ITALIC, fitted.size, self.ink, "right", width=note_w))
            right -= note_w + 1.2
        shapes.append(Rule(x + title_w + 1.2, mid, right, mid, self.rule, s.rule_pt))
        return shapes

    def tick_box(
        self, x: float, y: float, hint: str = "", width: float | None = None, size: float | None = None
    ) -> list[Shape]:
        """A box to tick at (x, y); size: its height (and width, unless given), the back's box by default."""
        bk = self.back
        h = size or bk.box
        w = width or h
        shapes: list[Shape] = [Box(x, y, w, h, stroke=self.box_colour, fill=self.white, line_pt=bk.box_pt, radius=0.5)]
        if hint:
            shapes.append(
                Text(x + w / 2, y + h / 2 + cap(bk.hint_size) / 2, hint, REGULAR, bk.hint_size, self.hint, "centre")
            )
        return shapes

    def stripe_box(self, top: float, height: float, fill) -> Box:
        paint = self.layout.bleed_paint
        return Box(-paint, top, self.right + self.layout.margin + 2 * paint, height, fill=fill)

    def _wound_values(self, member: Member) -> list[Shape]:
        """This character's RNG, MVT and CIB after 1..6 wounds, in the cells of the shared grid.

        The same stats give the same cells: laid out once per (rank, mvt, cib) in an army.
        """
        if not self.back.cumulative.show or not self.cells:
            return []
        key = _stats(member)
        if key not in self._wound_cache:
            self._wound_cache[key] = wound_cells(self, member)
        return self._wound_cache[key]


def _last_copy(member: Member) -> tuple[int, int] | None:
    """The widest copy number a character's band prints (« 3/3 »), or None for one copy."""
    copies = member.character.copies
    return (copies, copies) if copies > 1 else None


def _stats(member: Member) -> tuple[int, int, int]:
    c = member.character
    return c.rank, c.mvt, c.cib


def _joined(first: Part, second: Part, gap: float) -> Part:
    """Two parts as one, second under first: the card's extra height is not spread between them."""
    return Part(
        first.height + gap + second.height,
        lambda y: first.emit(y) + second.emit(y + first.height + gap),
        max(first.width, second.width),
    )


# the lengths of each shape type, which a scale multiplies (colours and texts stay)
_LENGTHS: dict[type, tuple[str, ...]] = {
    Text: ("x", "y", "size", "tracking", "width"),
    Box: ("x", "y", "width", "height", "radius", "line_pt"),
    Rule: ("x1", "y1", "x2", "y2", "line_pt"),
    Drop: ("x", "y", "width", "height", "line_pt"),
    Emblem: ("cx", "cy", "radius"),
}


def _scaled(shape: Shape, s: float) -> Shape:
    lengths = _LENGTHS.get(type(shape))
    if s == 1.0 or lengths is None:
        return shape
    return dataclasses.replace(shape, **{name: getattr(shape, name) * s for name in lengths})
