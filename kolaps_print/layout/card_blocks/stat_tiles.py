"""The front's `stat_tiles` block: RNG, MVT and CIB in three tinted tiles, what the table uses
large (4+, 10/20, 4D6), the raw stat small over it. The tiles are furniture; their texts are the
same for every character with the same stats (the job draws them once each, as a form)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kolaps_print.layout import card_text
from kolaps_print.layout.card_blocks.protocol import Card, FrontBlock
from kolaps_print.layout.card_face import Cut, FaceLayout
from kolaps_print.layout.shapes import Box, Shape, Text
from kolaps_print.layout.style import tint
from kolaps_print.layout.text_fit import fit_line, width_mm
from kolaps_print.model.army_book import Member

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

BOLD, REGULAR = "KSans-Bold", "KSans"
TILE_PAD = 1.2  # mm a stat tile keeps around its value
CAPTION_CLEAR = 0.9  # mm between a caption (« cm, marche/course ») and each side of its tile: never touching it
UNIT_GAP = 0.6  # mm between a small card's MVT value and its unit (« 10/20 cm »)


class StatTilesFront(FrontBlock):
    def __init__(self, front: FrontBuilder):
        self.front = front
        self._value_size: float | None = None  # size_stats(): one size for the whole army
        self._unit_fits = False  # size_stats(): « cm » after a small card's MVT value, for the whole army
        self._mvt_size: float | None = None  # size_stats(): a small card's MVT value a little smaller, for its « cm »
        self._tile_widths: list[float] | None = None  # size_stats(), stats.fit content: the army's widths
        self._cache: dict[tuple[int, int, int], tuple[list[Shape], list[tuple[str, str]]]] = {}

    def furniture(self, front: FrontBuilder) -> FaceLayout:
        st = front.layout.front.stats
        wash = tint(front.colour, front.layout.colours.tint)
        return FaceLayout([Box(x, st.top, w, st.height, fill=wash, radius=st.radius) for x, w in self._tile_columns()])

    def build(self, front: FrontBuilder, card: Card) -> FaceLayout:
        return self.stat_tiles(card.member) if card.stats else FaceLayout()

    def size_stats(self, members: list[Member]) -> None:
        """One size for the tiles' large values on every card of the army: the largest all of them fit."""
        st = self.front.layout.front.stats
        by_stats = {(m.character.rank, m.character.mvt, m.character.cib): m for m in members}  # same stats, same tiles
        all_stats = [card_text.stats(m, self.front.rules) for m in by_stats.values()]
        if st.fit != "equal" and all_stats:
            if st.fit == "content" or any(
                self._values_size(stats) < st.value.size or not self._captions_fit(stats) for stats in all_stats
            ):
                self._tile_widths = self._content_widths(all_stats, self._unit_room(all_stats))
        self._value_size = min((self._values_size(stats) for stats in all_stats), default=None)
        self._unit_fits = all(self._unit_fits_beside(stats) for stats in all_stats)
        # « 12,5/25 » fills its tile: every MVT value of the army a little smaller, so that « cm » follows it
        self._mvt_size = None if self._unit_fits else self._size_beside_unit(all_stats)
        self._unit_fits = self._unit_fits or self._mvt_size is not None

    def _size_beside_unit(self, all_stats: list[tuple[card_text.Stat, card_text.Stat, card_text.Stat]]) -> float | None:
        """A small card: the size at which every MVT value of the army holds « cm » after it in its
        tile, if no smaller than stats.unit_floor (the number stays the primary read); else None."""
        st = self.front.layout.front.stats
        if st.detail is not None or self._value_size is None or st.unit_floor is None:
            return None
        size = min(
            [self._value_size]
            + [
                self._value_size * self._room_beside_unit(s, w) / width_mm(s.value, BOLD, self._value_size)
                for stats in all_stats
                for s, (_, w) in zip(stats, self._tile_columns(), strict=True)
                if s.field == "mvt"
            ]
        )
        return math.floor(size * 10) / 10 if size >= st.unit_floor else None  # in tenths of a point, never over

    def _room_beside_unit(self, stat: card_text.Stat, tile: float) -> float:
        """What a tile of this width leaves its value once « cm » is set after it."""
        return tile - TILE_PAD - UNIT_GAP - width_mm(stat.short, REGULAR, self.front.layout.front.stats.label.size)

    def _unit_fits_beside(self, stats: tuple[card_text.Stat, ...]) -> bool:
        """A small card (no caption): « cm » after the MVT value, at the label's size, only if the
        tile holds both without shrinking the value (one answer for the whole army)."""
        st = self.front.layout.front.stats
        if st.detail is not None or self._value_size is None:
            return False
        return all(
            width_mm(s.value, BOLD, self._value_size) + UNIT_GAP + width_mm(s.short, REGULAR, st.label.size)
            <= w - TILE_PAD
            for s, (_, w) in zip(stats, self._tile_columns(), strict=True)
            if s.field == "mvt"
        )

    def _captions_fit(self, stats: tuple[card_text.Stat, ...]) -> bool:
        """Every caption at full size, CAPTION_CLEAR inside each side of its (equal) tile."""
        detail = self.front.layout.front.stats.detail
        return detail is None or all(
            width_mm(s.detail, REGULAR, detail.size) <= w - 2 * CAPTION_CLEAR
            for s, (_, w) in zip(stats, self._tile_columns(), strict=True)
        )

    def _unit_room(self, all_stats: list[tuple[card_text.Stat, card_text.Stat, card_text.Stat]]) -> float:
        """What « cm » after a small card's MVT value takes, if the tiles have that room to spare
        (the other tiles narrower, no value smaller); else 0: the value alone, as before."""
        st = self.front.layout.front.stats
        if st.detail is not None or not all_stats:
            return 0.0
        unit = UNIT_GAP + max(
            width_mm(s.short, REGULAR, st.label.size) for t in all_stats for s in t if s.field == "mvt"
        )
        spare = self.front.width - 2 * st.gap - sum(self._needs(all_stats, unit))
        return unit if spare >= 0 else 0.0

    def _content_widths(
        self, all_stats: list[tuple[card_text.Stat, card_text.Stat, card_text.Stat]], unit: float = 0.0
    ) -> list[float]:
        """Each tile as wide as its widest value (or label) in the army, the room left shared evenly;
        the MVT tile unit wider for its « cm » (small cards)."""
        needs = self._needs(all_stats, unit)
        spare = self.front.width - 2 * self.front.layout.front.stats.gap - sum(needs)
        return [n + spare / 3 for n in needs] if spare >= 0 else [n * (1 + spare / sum(needs)) for n in needs]

    def _needs(
        self, all_stats: list[tuple[card_text.Stat, card_text.Stat, card_text.Stat]], unit: float
    ) -> list[float]:
        st = self.front.layout.front.stats
        return [
            max(
                max(
                    max(
                        width_mm(s[i].value, BOLD, st.value.size) + (unit if s[i].field == "mvt" else 0.0),
                        width_mm(s[i].label, BOLD, st.label.size, 0.3),
                    )
                    + TILE_PAD,
                    width_mm(s[i].detail, REGULAR, st.detail.size) + 2 * CAPTION_CLEAR if st.detail else 0.0,
                )
                for s in all_stats
            )
            for i in range(3)
        ]

    def _values_size(self, stats: tuple[card_text.Stat, ...]) -> float:
        st = self.front.layout.front.stats
        return min(
            fit_line(s.value, BOLD, st.value.size, self.front.layout.min_font, w - TILE_PAD).size
            for s, (_, w) in zip(stats, self._tile_columns(), strict=True)
        )

    def _tile_columns(self) -> list[tuple[float, float]]:
        """Three equal tiles, or (stats.fit: content) each as wide as the army's values in it need."""
        front = self.front
        gap = front.layout.front.stats.gap
        room = front.width - 2 * gap
        widths = self._tile_widths or [room / 3] * 3
        xs = [front.left + sum(widths[:i]) + i * gap for i in range(3)]
        return list(zip(xs, widths, strict=True))

    def stat_tiles(self, member: Member) -> FaceLayout:
        """Per tile: the raw stat small on top, what the table uses large, what it is under it.

        The same stats give the same tiles: laid out once per (rank, mvt, cib) in an army.
        """
        c = member.character
        key = (c.rank, c.mvt, c.cib)
        if key not in self._cache:
            self._cache[key] = self._stat_tiles_for(member)
        shapes, cuts = self._cache[key]
        path = ("characters", member.index)
        return FaceLayout(list(shapes), [Cut(path + (field,), f"'{c.name}': {message}") for field, message in cuts])

    def _value_and_unit(self, centre: float, value: str, size: float, unit: str) -> list[Shape]:
        """The value large and its unit small on the same baseline, centred together in the tile."""
        st, front = self.front.layout.front.stats, self.front
        value_w, unit_w = width_mm(value, BOLD, size), width_mm(unit, REGULAR, st.label.size)
        left = centre - (value_w + UNIT_GAP + unit_w) / 2
        baseline = st.top + st.value.baseline
        return [
            Text(left, baseline, value, BOLD, size, front.ink),
            Text(left + value_w + UNIT_GAP, baseline, unit, REGULAR, st.label.size, front.muted),
        ]

    def _stat_tiles_for(self, member: Member) -> tuple[list[Shape], list[tuple[str, str]]]:
        front = self.front
        st = front.layout.front.stats
        out: tuple[list[Shape], list[tuple[str, str]]] = ([], [])
        columns, stats = self._tile_columns(), card_text.stats(member, front.rules)
        value_size = self._value_size or self._values_size(stats)
        for (x, w), stat in zip(columns, stats, strict=True):
            room = w - TILE_PAD
            out[0].append(
                Text(x + w / 2, st.top + st.label.baseline, stat.label, BOLD, st.label.size, front.ink, "centre", 0.3)
            )
            size = self._mvt_size if stat.field == "mvt" and self._mvt_size else value_size
            value = fit_line(stat.value, BOLD, size, front.layout.min_font, room)
            if st.detail is None and stat.field == "mvt" and self._unit_fits:  # small cards: « 10/20 cm »
                out[0].extend(self._value_and_unit(x + w / 2, value.text, value.size, stat.short))
                continue
            out[0].append(
                Text(x + w / 2, st.top + st.value.baseline, value.text, BOLD, value.size, front.ink, "centre")
            )
            if st.detail is None:  # small cards: the value alone, as large as the army allows
                if value.cut:
                    out[1].append((stat.field, f"{stat.label} '{stat.value}' is too wide for the card"))
                continue
            room = w - 2 * CAPTION_CLEAR
            detail = fit_line(stat.detail, REGULAR, st.detail.size, front.layout.min_font, room)
            if detail.cut:  # a narrow card: the short form, cut only if even that is too wide
                detail = fit_line(stat.short, REGULAR, st.detail.size, front.layout.min_font, room)
            if detail.cut or value.cut:
                message = (
                    f"{stat.label} '{stat.value} {stat.detail}' "
                    f"is too wide for the card; printed as '{value.text} {detail.text}'"
                )
                out[1].append((stat.field, message))
            out[0].append(
                Text(x + w / 2, st.top + st.detail.baseline, detail.text, REGULAR, detail.size, front.muted, "centre")
            )
        return out
