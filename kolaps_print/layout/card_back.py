"""The back of a character card: the tracks a player ticks during the game.

Morale 6 -> 1 with what each level allows, the Offensive box, the AFF box, fatigue, the six
hit locations (wound boxes with their severity modifier, haemorrhage drop, C box) and the
cumulative-wounds table. Everything but the character's name is the same on every card of
an army, so furniture() is drawn once and reused.

Laid out for the card's width. When the card is too small for it, the back takes the compact
arrangement of card.yaml (back.compact: the morale texts and the cumulative table, which the
reference sheet gives, left out; boxes and text keep their size). Only when even that does not
fit is the back laid out larger and scaled down (tick boxes then shrink: a warning).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from kolaps_print import resources
from kolaps_print.content.formats import number, signed
from kolaps_print.diagnostics import display_path
from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_data import CardLayout
from kolaps_print.layout.card_face import Cut, FaceLayout, below_safe_top
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
MODIFIER_CLEAR = 0.8  # mm between a box and the next box's modifier
HEAD_CLEAR = 3.0  # mm at least between a section title and a column head (a rule shows between them)


@dataclass(frozen=True)
class Part:
    height: float
    emit: Callable[[float], list[Shape]]  # shapes with the part's top at y
    width: float = 0.0  # the narrowest it can be drawn (0: it adapts to any width)


BESIDE, UNDER = "beside", "under"  # where the band's stat line goes: right of the name, or on a second line
STAT_LINES = ("stat_line", "stat_line_short")  # labels cards.back.*: the band's stat line, with « cm » and without


def cap(size: float) -> float:
    return to_mm(size * 0.711)


class BackBuilder:
    def __init__(self, identity: Identity, rules: Rules, layout: CardLayout, size: Size):
        self.identity, self.rules, self.layout, self.size = identity, rules, layout, size
        c = layout.colours
        self.colour = cmyk_of_hex(identity.colour)
        self.ink, self.muted, self.rule = c.ink, c.muted, c.rule
        self.box_colour, self.hint, self.white = c.box, c.hint, c.on_colour
        self.blood = c.blood
        self.stripe = tint(self.colour, c.tint * 0.5)
        self.back = layout.back  # the arrangement in use: _fit() may take the compact one
        self._cells: list[list[tuple[float, float]]] = []  # the wound table's cells: (centre x, baseline)
        self._column, self._cell_size = 0.0, 6.0
        self._wound_cache: dict[tuple[int, int, int], list[Shape]] = {}
        self._stat_line_cache: dict[tuple[tuple[int, int, int], float], Fitted | None] = {}
        self._name_size: float | None = None  # size_names(): one size for the whole army
        self._stat_keys: tuple[str, ...] = STAT_LINES  # size_names(): one format for the whole army
        self.scale = 1.0  # _fit() tries smaller ones when the back does not fit
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
        shapes, fitted = self._band_texts(member, copy, self._stat_place(member, copy))
        if fitted.cut:  # the name comes first: the front has the stats
            shapes, fitted = self._band_texts(member, copy, stat_line="")
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
        """One size for the names in the band on every back of the army: the largest all of them fit
        beside their stat line (a name that does not fit beside it even at the smallest type goes without it)."""
        self._stat_keys = (self._army_stat_key(members),)
        self._stat_line_cache.clear()
        sizes = []
        for m in members:
            copy = _last_copy(m)
            _, fitted = self._band_texts(m, copy, BESIDE)
            if fitted.cut:  # as name() does: the name over the stat line
                _, fitted = self._band_texts(m, copy, UNDER)
            if not fitted.cut:
                sizes.append(fitted.size)
        self._name_size = min(sizes, default=None)

    def _stat_place(self, member: Member, copy: tuple[int, int] | None) -> str:
        """BESIDE the name when it fits there at the army's name size, else UNDER it."""
        return BESIDE if not self._band_texts(member, copy, BESIDE)[1].cut else UNDER

    def _army_stat_key(self, members: list[Member]) -> str:
        """The stat line's format for the whole army: with « cm » if every name fits beside its
        line, else without; one format on every back, never « cm » on some and not others."""
        for key in STAT_LINES[:-1]:
            self._stat_keys = (key,)
            self._stat_line_cache.clear()
            if all(not self._band_texts(m, _last_copy(m), BESIDE)[1].cut for m in members):
                return key
        return STAT_LINES[-1]

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
        where the front has its subtitle) or "" (none)."""
        b, margin = self.back.band, self.layout.margin / self.scale
        shapes: list[Shape] = []
        right = self.size.width / self.scale - margin
        name_baseline = band_baseline(self.band_height, b.name_size, self.safe)
        if stat_line == UNDER:
            stats = self._stat_line(member, right - margin)
            name_baseline = below_safe_top(self.safe, b.name_size)
            if stats is not None:
                shapes.append(self._stats_text(stats, right, self._second_line()))
        elif stat_line == BESIDE:
            stats = self._stat_line(member, self._stats_room())
            if stats is not None:
                text = self._stats_text(stats, right, band_baseline(self.band_height, stats.size, self.safe))
                shapes.append(text)
                right -= text.width + 2
        if copy is not None:
            number_text = band_copy(
                (self.band_height, self.safe), b.name_size, self.layout.min_font, copy, right, self.white
            )
            shapes.append(number_text)
            right = number_text.x - number_text.width - 1.5
        left = margin
        if member.character.avatar:  # the star as on the front: the side in play says who the Avatar is
            a = self.layout.front.avatar
            shapes += avatar_mark(
                a, (self.band_height, self.safe), margin + a.height, True, (self.colour, self.white, self.ink)
            )
            left += a.height + a.gap
        emblem, left = emblem_mark(
            self.identity.emblem, self.layout.front.emblem, left, self.band_height / 2, self.white
        )
        shapes += emblem
        fitted = fit_line(
            member.character.name, BOLD, self._name_size or b.name_size, self.layout.min_font, right - left
        )
        if stat_line != UNDER:
            name_baseline = band_baseline(self.band_height, fitted.size, self.safe)
        shapes.append(Text(left, name_baseline, fitted.text, BOLD, fitted.size, self.white))
        return shapes, fitted

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
                return 1.0, self._stack(parts, width, height) + self._footer(width, height), cuts
        scale = 1.0
        for _ in range(8):
            width, height = self.size.width / scale, self.size.height / scale
            self.scale = scale
            parts, cuts = self._parts(width)
            if self._fits(parts, width, height):
                break
            needed = self._needed(parts)
            scale *= (
                min(height / needed, width / max(width, max(p.width for p in parts) + 2 * self.layout.margin)) * 0.995
            )
        shapes = self._stack(parts, width, height) + self._footer(width, height)
        return scale, [_scaled(s, scale) for s in shapes], cuts

    def _needed(self, parts: list[Part]) -> float:
        return sum(p.height for p in parts) + self.back.gap * (len(parts) - 1) + self.back.bottom + self.back.footer

    def _fits(self, parts: list[Part], width: float, height: float) -> bool:
        room = width - 2 * self.layout.margin
        return self._needed(parts) <= height + 1e-6 and all(p.width <= room + 1e-6 for p in parts)

    def _stack(self, parts: list[Part], width: float, height: float) -> list[Shape]:
        gap = self.back.gap
        spare = height - self._needed(parts)
        extra = min(self.back.spread, max(0.0, spare) / max(1, len(parts) - 1))
        shapes: list[Shape] = []
        y = 0.0
        for part in parts:
            shapes += part.emit(y)
            y += part.height + gap + extra
        return shapes

    def _parts(self, width: float) -> tuple[list[Part], list[Cut]]:
        self._left, self._right = self.layout.margin, width - self.layout.margin
        cuts: list[Cut] = []
        shows = self.layout.shows  # a rules edition without morale or fatigue has no track for them
        tracks = ([self._morale(cuts)] if shows.morale else []) + ([self._status()] if shows.status else [])
        if self.back.morale.style == "track" and len(tracks) == 2:  # one block of evenly spaced rows
            tracks = [_joined(tracks[0], tracks[1], self.back.gap)]
        parts = [self._band(width), *tracks, *self._wounds()]
        return parts, cuts

    # ---- sections ------------------------------------------------------------------------
    def _band(self, width: float) -> Part:
        """The band behind the name and stat line (both per character: see name())."""
        height, paint = self.band_height, self.layout.bleed_paint

        def emit(y: float) -> list[Shape]:
            return [Box(-paint, -paint, width + 2 * paint, height + paint, fill=self.colour)]

        return Part(height, emit)

    def _footer(self, width: float, height: float) -> list[Shape]:
        """A band of colour at the foot, as on the front: a back printed 1–2 mm off meets colour with colour."""
        foot, paint = self.back.footer, self.layout.bleed_paint
        return [Box(-paint, height - foot, width + 2 * paint, foot + paint, fill=self.colour)]

    def _header(
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
        note_w = width_mm(note, ITALIC, s.size) if note else 0.0
        if note and title_w + 3 + note_w <= right - x:
            shapes.append(Text(right, baseline, note, ITALIC, s.size, self.ink, "right", width=note_w))
            right -= note_w + 1.2
        shapes.append(Rule(x + title_w + 1.2, mid, right, mid, self.rule, s.rule_pt))
        return shapes

    def _tick_box(self, x: float, y: float, hint: str = "", width: float | None = None) -> list[Shape]:
        bk = self.back
        w = width or bk.box
        shapes: list[Shape] = [
            Box(x, y, w, bk.box, stroke=self.box_colour, fill=self.white, line_pt=bk.box_pt, radius=0.5)
        ]
        if hint:
            shapes.append(
                Text(
                    x + w / 2, y + bk.box / 2 + cap(bk.hint_size) / 2, hint, REGULAR, bk.hint_size, self.hint, "centre"
                )
            )
        return shapes

    def _morale(self, cuts: list[Cut]) -> Part:
        if self.back.morale.style == "track":
            return self._morale_track()
        bk = self.back
        rows = card_text.morale_rows(self.rules)
        pitch = bk.box + bk.box_gap
        most = max(len(r.levels) for r in rows)
        text_x = self._left + most * pitch - bk.box_gap + 1.8
        fitted = []
        for row in rows:
            f = fit_line(row.text, REGULAR, bk.morale.text_size, self.layout.min_font, self._right - text_x)
            if f.cut:
                cuts.append(Cut((), f"morale text '{row.text}' ({_actions_file()}) is cut on this card size"))
            fitted.append(f)
        left, right = self._left, self._right

        how = label("cards.back.how_to_mark") if bk.cumulative.show else ""  # the total is circled in the table

        def emit(y: float) -> list[Shape]:
            shapes = self._header(label("cards.back.morale"), left, right, y, how)
            top = y + bk.section.height
            for i, (row, f) in enumerate(zip(rows, fitted, strict=True)):
                row_top = top + i * bk.morale.row
                box_y = row_top + (bk.morale.row - bk.box) / 2
                for k, level in enumerate(row.levels):
                    shapes += self._tick_box(left + (most - len(row.levels) + k) * pitch, box_y, number(level))
                shapes.append(
                    Text(text_x, row_top + bk.morale.row / 2 + cap(f.size) / 2, f.text, REGULAR, f.size, self.ink)
                )
            return shapes

        return Part(bk.section.height + len(rows) * bk.morale.row, emit)

    def _morale_track(self) -> Part:
        """One row: the label, then boxes 6 -> 1 against the right margin, grouped like the level texts."""
        bk, mo, st = self.back, self.back.morale, self.back.status
        groups = [row.levels for row in card_text.morale_rows(self.rules)]
        pitch = bk.box + bk.box_gap
        boxes_w = sum(len(g) * pitch - bk.box_gap for g in groups) + mo.group_gap * (len(groups) - 1)
        title = label("cards.back.morale")
        title_w = width_mm(title, BOLD, st.label_size, bk.section.tracking)
        left, right = self._left, self._right

        def emit(y: float) -> list[Shape]:
            box_y = y + (mo.row - bk.box) / 2
            shapes: list[Shape] = [
                Text(
                    left,
                    y + mo.row / 2 + cap(st.label_size) / 2,
                    title,
                    BOLD,
                    st.label_size,
                    self.ink,
                    tracking=bk.section.tracking,
                    width=title_w,
                )
            ]
            x = right - boxes_w
            for group in groups:
                for level in group:
                    shapes += self._tick_box(x, box_y, number(level))
                    x += pitch
                x += mo.group_gap - bk.box_gap
            return shapes

        return Part(mo.row, emit, title_w + LABEL_GAP + boxes_w)

    def _status(self) -> Part:
        """Offensive box, AFF box and fatigue track, spread across the width (wrapping if narrow)."""
        bk, st = self.back, self.back.status
        fatigue = self.rules.actions.fatigue.max
        pitch = bk.box + bk.box_gap
        every = {
            "offensive": (label("cards.back.offensive"), bk.box, lambda x, y: self._tick_box(x, y)),
            "aff": (label("cards.back.aff"), st.aff_width, lambda x, y: self._tick_box(x, y, width=st.aff_width)),
            "fatigue": (
                label("cards.back.fatigue"),
                fatigue * pitch - bk.box_gap,
                lambda x, y: [s for i in range(fatigue) for s in self._tick_box(x + i * pitch, y, number(i + 1))],
            ),
        }
        groups = [every[name] for name in self.layout.shows.status]  # the edition's, in the data's order
        tracking, inline = bk.section.tracking, st.labels == "inline"
        sized = [
            (title, _group_width(width_mm(title, BOLD, st.label_size, tracking), content, inline), content, draw)
            for title, content, draw in groups
        ]
        rows = _flow([g[1] for g in sized], self._right - self._left, st.group_gap)
        label_h = 0.0 if inline else to_mm(st.label_size * self.layout.leading) + 0.5
        row_h, row_gap = label_h + bk.box, bk.gap if inline else 1.0  # inline: spaced like the morale row above
        left, width = self._left, self._right - self._left

        def emit(y: float) -> list[Shape]:
            shapes: list[Shape] = []
            for r, row in enumerate(rows):
                top = y + r * (row_h + row_gap)
                used = sum(sized[i][1] for i in row)
                gap = (width - used) / (len(row) - 1) if len(row) > 1 else 0
                x = left
                for i in row:
                    title, group_w, content_w, draw = sized[i]
                    if len(row) == 1:  # alone on its row: the boxes against the right margin
                        group_w = width
                    baseline = top + (bk.box / 2 + cap(st.label_size) / 2 if inline else cap(st.label_size) + 0.2)
                    shapes.append(Text(x, baseline, title, BOLD, st.label_size, self.ink, tracking=tracking))
                    shapes += draw(x + group_w - content_w if inline else x, top + label_h)
                    x += group_w + gap
            return shapes

        return Part(len(rows) * row_h + (len(rows) - 1) * row_gap, emit, max(g[1] for g in sized))

    def _wounds(self) -> list[Part]:
        """The six hit locations: wound boxes with their modifiers beside them, the drop and the C box,
        under column heads set in the section's title row."""
        bk, lo = self.back, self.back.locations
        locations = sorted(self.rules.wounds.locations, key=lambda loc: loc.roll)
        names = [(loc.short or loc.name) if lo.names == "short" else loc.name for loc in locations]
        mod_w = max(width_mm(signed(m), REGULAR, lo.modifier_size) for loc in locations for m in loc.box_modifiers)
        rows = [self._box_row(loc.box_modifiers, mod_w) for loc in locations]
        roll_w = max(width_mm(number(loc.roll), BOLD, lo.roll_size) for loc in locations) + 1.0
        name_w = max(width_mm(name, REGULAR, lo.name_size) for name in names) + lo.column_gap
        boxes_w = max(width for _, width in rows)
        left, right = self._left, self._right
        boxes_x = left + roll_w + name_w
        drop_x = max(boxes_x + boxes_w + lo.column_gap, right - bk.box - bk.box_gap - bk.box)
        critical_x = drop_x + bk.box + bk.box_gap
        heads = [
            (boxes_x + boxes_w / 2, label("cards.back.boxes_head")),
            (drop_x + bk.box / 2, label("cards.back.bleeding_head")),
            (critical_x + bk.box / 2, label("cards.back.critical")),
        ]

        def emit(y: float) -> list[Shape]:
            shapes = self._header(label("cards.back.locations"), left, right, y, heads=heads, head_size=lo.head_size)
            top = y + bk.section.height
            for i, (loc, name, (boxes, _)) in enumerate(zip(locations, names, rows, strict=True)):
                row_top = top + i * lo.row
                mid = row_top + lo.row / 2
                if i % 2 == 0:  # stripes run off the trim: a drifted back shows no sliver nor hairline
                    shapes.append(self._stripe(row_top, lo.row, self.stripe))
                shapes.append(Text(left, mid + cap(lo.roll_size) / 2, number(loc.roll), BOLD, lo.roll_size, self.ink))
                shapes.append(Text(left + roll_w, mid + cap(lo.name_size) / 2, name, REGULAR, lo.name_size, self.ink))
                box_y = mid - bk.box / 2
                for offset, modifier in boxes:
                    if modifier:  # black, left of an empty box: never under the pencil mark
                        baseline = mid + cap(lo.modifier_size) / 2
                        x = boxes_x + offset - lo.modifier_gap
                        shapes.append(Text(x, baseline, modifier, REGULAR, lo.modifier_size, self.ink, "right"))
                    shapes += self._tick_box(boxes_x + offset, box_y)
                shapes.append(Drop(drop_x, box_y, bk.box, bk.box, self.blood, bk.box_pt))  # no taller than a box
                shapes += self._tick_box(critical_x, box_y)
            return shapes

        wounds = Part(
            bk.section.height + len(locations) * lo.row,
            emit,
            roll_w + name_w + boxes_w + lo.column_gap + 2 * bk.box + bk.box_gap,
        )
        return [wounds, self._cumulative()] if bk.cumulative.show else [wounds]

    def _box_row(self, modifiers: list[int], mod_w: float) -> tuple[list[tuple[float, str]], float]:
        """Each wound box's offset from the row's first and the modifier printed before it (beside:
        every box; grouped: the first of each run of equal ones), and the row's width."""
        bk, lo = self.back, self.back.locations
        boxes, x = [], 0.0
        for k, modifier in enumerate(modifiers):
            shown = lo.modifiers == "beside" or k == 0 or modifier != modifiers[k - 1]
            if shown:
                x += (MODIFIER_CLEAR if k else 0.0) + mod_w + lo.modifier_gap
            boxes.append((x, signed(modifier) if shown else ""))
            x += bk.box + bk.box_gap
        return boxes, x - bk.box_gap

    def _cumulative(self) -> Part:
        """How to mark, then wounds 1..6 across and this character's RNG / MVT / CIB down.

        The grid is shared; the values are each character's own (name() writes them in the
        cells this records), worked out from the cumulative table: no sum to do at the table.
        """
        cu = self.back.cumulative
        count = len(self.rules.wounds.cumulative)
        short = cu.names == "short"
        heads = [label(f"cards.back.cumulative{'_short' if short else ''}"), *(number(i + 1) for i in range(count))]
        # (label, lines): the stats down, each on one line, or MVT's walk and run on two (split_moves)
        groups = [(label(f"cards.{'front' if short else 'back'}.{key}"), 1) for key in ("rng", "mvt", "cib")]
        if cu.split_moves:
            groups[1] = (groups[1][0], 2)
        left, right = self._left, self._right
        label_w = max(width_mm(g[0], BOLD, cu.size, 0.3) for g in [(heads[0], 1), *groups]) + cu.label_gap
        label_w = label_w if cu.labels else 0.0
        column = (right - left - label_w) / count
        centres = [left + label_w + (c + 0.5) * column for c in range(count)]
        wash = tint(self.colour, self.layout.colours.tint)

        def emit(y: float) -> list[Shape]:
            shapes: list[Shape] = [self._stripe(y, cu.row, wash)]
            baseline = y + cu.row / 2 + cap(cu.size) / 2
            if cu.labels and heads[0]:
                shapes.append(Text(left, baseline, heads[0], BOLD, cu.size, self.ink, tracking=0.3))
            shapes += [
                Text(x, baseline, t, BOLD, cu.size, self.ink, "centre") for x, t in zip(centres, heads[1:], strict=True)
            ]
            self._cells, top = [], y + cu.row
            for g, (name, lines) in enumerate(groups):
                height = lines * cu.row
                if g % 2 == 1:  # the group's lines share one stripe: a walk and its run read together
                    shapes.append(self._stripe(top, height, self.stripe))
                if cu.labels:  # centred on its lines
                    middle = top + height / 2 + cap(cu.size) / 2
                    shapes.append(Text(left, middle, name, BOLD, cu.size, self.ink, tracking=0.3))
                for line in range(lines):
                    self._cells.append([(x, top + (line + 0.5) * cu.row + cap(cu.size) / 2) for x in centres])
                top += height
            return shapes

        self._column, self._cell_size = column, cu.size
        return Part((1 + sum(lines for _, lines in groups)) * cu.row, emit)

    def _stripe(self, top: float, height: float, fill) -> Box:
        paint = self.layout.bleed_paint
        return Box(-paint, top, self._right + self.layout.margin + 2 * paint, height, fill=fill)

    def _wound_values(self, member: Member) -> list[Shape]:
        """This character's RNG, MVT and CIB after 1..6 wounds, in the cells of the shared grid.

        The same stats give the same cells: laid out once per (rank, mvt, cib) in an army.
        """
        if not self.back.cumulative.show or not self._cells:
            return []
        key = _stats(member)
        if key not in self._wound_cache:
            self._wound_cache[key] = self._wound_cells(member)
        return self._wound_cache[key]

    def _cell_room(self) -> float:
        """A value's width in its cell: the column less the clear gap, which a back printed smaller
        (scale < 1) must still keep on paper."""
        return self._column - self.back.cumulative.value_gap / self.scale

    def _wound_cells(self, member: Member) -> list[Shape]:
        """The values in their cells (the walk and the run on lines of their own with split_moves); a
        walk/run too wide for a cell even at the smallest type gives the walk alone (for the whole row:
        the band's stat line shows both), never a value cut short."""
        room = self._cell_room()
        lines: list[tuple[str, ...]]
        if self.back.cumulative.split_moves:  # per wound: threshold, walk, run, dice
            walks, runs = (card_text.wounded_values(member, self.rules, moves) for moves in ("walk", "run"))
            lines = [(w[1], w[2], r[2], w[3]) for w, r in zip(walks, runs, strict=True)]
        else:  # per wound: threshold, moves, dice
            rows = card_text.wounded_values(member, self.rules)
            if any(width_mm(values[2], REGULAR, self.layout.min_font) > room for values in rows):
                rows = card_text.wounded_values(member, self.rules, "walk")
            lines = [values[1:] for values in rows]
        shapes: list[Shape] = []
        for row, texts in enumerate(zip(*lines, strict=True)):
            # one size along a row: a shrunk 7,5/15 beside a full-size 5/10 reads as a different value
            size = min(fit_line(text, REGULAR, self._cell_size, self.layout.min_font, room).size for text in texts)
            for (x, baseline), text in zip(self._cells[row], texts, strict=True):
                shapes.append(Text(x, baseline, text, REGULAR, size, self.ink, "centre"))
        return shapes


def _last_copy(member: Member) -> tuple[int, int] | None:
    """The widest copy number a character's band prints (« 3/3 »), or None for one copy."""
    copies = member.character.copies
    return (copies, copies) if copies > 1 else None


def _stats(member: Member) -> tuple[int, int, int]:
    c = member.character
    return c.rank, c.mvt, c.cib


def _actions_file() -> str:
    """The rules file holding the morale texts, as messages name it (the data folder may be renamed)."""
    return display_path(resources.kolaps_dir() / "rules" / "actions.yaml")


def _joined(first: Part, second: Part, gap: float) -> Part:
    """Two parts as one, second under first: the card's extra height is not spread between them."""
    return Part(
        first.height + gap + second.height,
        lambda y: first.emit(y) + second.emit(y + first.height + gap),
        max(first.width, second.width),
    )


def _group_width(title: float, content: float, inline: bool) -> float:
    """A status group: its label above its boxes, or beside them."""
    return title + LABEL_GAP + content if inline else max(title, content)


def _flow(widths: list[float], room: float, gap: float) -> list[list[int]]:
    """Indices of groups per row: as many as fit side by side with at least gap between them."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, w in enumerate(widths):
        need = w if not rows[-1] else used + gap + w
        if rows[-1] and need > room:
            rows.append([i])
            used = w
        else:
            rows[-1].append(i)
            used = need
    return rows


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
