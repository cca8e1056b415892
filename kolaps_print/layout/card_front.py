"""The front of a character card: who they are, their stats, weapons and specialisations.

Split in two: furniture() is what every card of the army shares (drawn once, reused as a PDF
form); build(member) is what belongs to one character.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_body import (
    Block,
    BodyLine,
    Style,
    needed_height,
    pair_line,
    paragraph,
    place,
    section,
    text_line,
)
from kolaps_print.layout.card_data import Avatar, CardLayout
from kolaps_print.layout.card_face import Cut, FaceLayout, above_safe_bottom, below_safe_top
from kolaps_print.layout.emblems import emblem_mark
from kolaps_print.layout.geometry import Size
from kolaps_print.layout.portraits import load_portrait, soft_portrait
from kolaps_print.layout.shapes import Box, Ink, Picture, Shape, Star, Text
from kolaps_print.layout.style import cmyk_of_hex, tint
from kolaps_print.layout.text_fit import Run, fit_line, width_mm
from kolaps_print.model.army_book import Member
from kolaps_print.model.catalogue import Specialisation, Weapon
from kolaps_print.model.rules import Rules
from kolaps_print.provenance import mark_pattern, marked
from kolaps_print.units import to_mm

BOLD, REGULAR, ITALIC = "KSans-Bold", "KSans", "KSans-Italic"
# The body's arrangements, tried in turn: (specialisations by name, traits by name); a name
# comes with where its text is. An army takes the first one every card of it fits.
MODES = ((False, False), (True, False), (True, True))
TILE_PAD = 1.2  # mm a stat tile keeps around its value
FOOTER_GAP = 2.0  # mm between two texts of the footer line
EDITION_NOTE = "the edition's note"  # the note block's name in messages, and how _note_at_foot finds it


@dataclass(frozen=True)
class Identity:
    """What every card of one army shows the same way."""

    army: str
    affiliation: str
    colour: str  # #rrggbb
    stamp: str = ""  # the rules' version (or a kit's date) and data hash: a loose card finds its rulebook
    emblem: str | None = None  # the affiliation's shape before the name (layout/emblems.py)


class FrontBuilder:
    def __init__(self, identity: Identity, rules: Rules, layout: CardLayout, size: Size, min_ppi: int | None = None):
        self.identity, self.rules, self.layout, self.size = identity, rules, layout, size
        c = layout.colours
        self.colour = cmyk_of_hex(identity.colour)
        self.ink, self.muted, self.rule = c.ink, c.muted, c.rule
        self.white = c.on_colour
        self.left = layout.margin
        self.width = size.width - 2 * layout.margin
        self._weapon_blocks: dict[tuple[int, float], Block] = {}  # weapons repeat across an army
        self._spec_blocks: dict[tuple[int, float], Block] = {}
        self._sections: dict[tuple[str, bool, bool, float], Block] = {}
        self._reminder_blocks: dict[tuple[card_text.TraitReminder, float], Block] = {}
        self._value_size: float | None = None  # size_stats(): one size for the whole army
        self._name_size: float | None = None  # size_names(): one size for the whole army
        self._tile_widths: list[float] | None = None  # size_stats(), stats.fit content: the army's widths
        self._army_fit: tuple[int, float] | None = None  # size_body(): (mode, scale) for the whole army
        self._grow = 1.0  # size_body(): how much the body may grow (the edition's, within the card's width)
        self._emblems: dict[float, tuple[list[Shape], float]] = {}  # by the names' size
        self._stat_tiles_cache: dict[tuple[int, int, int], tuple[list[Shape], list[tuple[str, str]]]] = {}
        self.min_ppi = min_ppi  # a portrait below this is a warning (None: home printing's)

    # ---- shared by every card ---------------------------------------------------------
    def furniture(self) -> FaceLayout:
        f, w, h, paint = self.layout.front, self.size.width, self.size.height, self.layout.bleed_paint
        out = FaceLayout()
        out.shapes.append(Box(-paint, -paint, w + 2 * paint, f.band.height + paint, fill=self.colour))
        out.shapes.append(Box(-paint, h - f.footer.height, w + 2 * paint, f.footer.height + paint, fill=self.colour))
        out.extend(self._footer_text())
        out.shapes += self._stat_tiles()
        return out

    def _game(self) -> tuple[str, float]:
        """The game's name at the foot, or a kit's date and hash in its place (a loose card finds its book)."""
        foot = self.layout.front.footer
        return (self.identity.stamp, foot.stamp_size) if self.identity.stamp else (label("cards.front.game"), foot.size)

    def _game_name(self, baseline: float, game: str, size: float, width: float) -> Text:
        return Text(self.left + self.width, baseline, game, REGULAR, size, self.white, align="right", width=width)

    def _footer_text(self) -> FaceLayout:
        """The army and its affiliation, small at the foot: the band above is the character's."""
        foot, baseline = self.layout.front.footer, self._footer_baseline()
        game, size = self._game()
        game_w = width_mm(game, REGULAR, size)
        if foot.shows == "marks":  # the stamp alone; a card with a mark adds its legend (build())
            return FaceLayout([self._game_name(baseline, game, size, game_w)])
        text = label("cards.front.footer", army=self.identity.army, affiliation=self.identity.affiliation)
        fitted = fit_line(text, BOLD, foot.size, self.layout.min_font, self.width - game_w - FOOTER_GAP)
        shapes: list[Shape] = [self._game_name(baseline, game, size, game_w)]
        if fitted.cut:  # a narrow card: the army before the game's name
            fitted, shapes = fit_line(text, BOLD, foot.size, self.layout.min_font, self.width), []
        shapes.append(Text(self.left, baseline, fitted.text, BOLD, fitted.size, self.white))
        cuts = (
            [
                Cut(
                    ("name",),
                    f"army and affiliation names '{text}' are too long for the card; printed as '{fitted.text}'",
                )
            ]
            if fitted.cut
            else []
        )
        return FaceLayout(shapes, cuts)

    def _footer_baseline(self) -> float:
        """card.yaml's footer baseline, raised if need be to keep the line inside the safe area."""
        foot, h = self.layout.front.footer, self.size.height
        return min(h - foot.height + foot.baseline, above_safe_bottom(h, self.layout.safe, foot.size))

    def _footer_legend(self, member: Member) -> FaceLayout:
        """What « † E… » means, before the stamp at the foot, on a card that prints a mark (small cards:
        the body has no room). A legend the line cannot hold whole is set smaller, then cut with a
        warning: never dropped unsaid."""
        if self.layout.front.specialisation.legend or not self._marked(member):
            return FaceLayout()
        foot, baseline = self.layout.front.footer, self._footer_baseline()
        game, size = self._game()
        legend, before = label("common.ruling_legend_short"), width_mm(game, REGULAR, size) + FOOTER_GAP
        fitted = fit_line(legend, ITALIC, foot.size, self.layout.min_font, self.width - before)
        right, width = self.left + self.width - before, width_mm(fitted.text, ITALIC, fitted.size)
        shapes: list[Shape] = [
            Text(right, baseline, fitted.text, ITALIC, fitted.size, self.white, align="right", width=width)
        ]
        if not fitted.cut:
            return FaceLayout(shapes)
        message = f"'{member.character.name}': the marks' legend is too long for the footer; printed as '{fitted.text}'"
        return FaceLayout(shapes, [Cut(("characters", member.index), message)])

    def _band_subtitle(self, member: Member, sub: str, right: float) -> FaceLayout:
        """Archetype · function under the name, in white, from where the name starts to the band's marks;
        too long, the archetype alone (or the function), said in a warning; only then cut short."""
        spec, left, c = self.layout.front.band.subtitle, self._emblem()[1], member.character
        assert spec is not None
        where = "archetype" if c.archetype else "function"
        for text in dict.fromkeys(t for t in (sub, c.archetype, c.function) if t):
            if width_mm(text, ITALIC, spec.size) <= right - left:
                shown = Text(left, spec.baseline, text, ITALIC, spec.size, self.white)
                message = f"'{c.name}': archetype · function is too long for the card; printed as '{text}'"
                return FaceLayout([shown], [] if text == sub else [Cut(("characters", member.index, where), message)])
        return self._line(member, (where,), sub, ITALIC, spec, right - left, self.white, "archetype · function", left)

    def _stat_tiles(self) -> list[Shape]:
        st = self.layout.front.stats
        wash = tint(self.colour, self.layout.colours.tint)
        return [Box(x, st.top, w, st.height, fill=wash, radius=st.radius) for x, w in self._tile_columns()]

    def _tile_columns(self) -> list[tuple[float, float]]:
        """Three equal tiles, or (stats.fit: content) each as wide as the army's values in it need."""
        gap = self.layout.front.stats.gap
        room = self.width - 2 * gap
        widths = self._tile_widths or [room / 3] * 3
        xs = [self.left + sum(widths[:i]) + i * gap for i in range(3)]
        return list(zip(xs, widths, strict=True))

    # ---- one character ------------------------------------------------------------------
    def build(self, member: Member, copy: tuple[int, int] | None = None, stats: bool = True) -> FaceLayout:
        """One character's front; copy (number, count) marks each of several identical cards.

        stats=False leaves out the stat tiles' texts (stat_tiles()), which the job draws once per
        (rank, mvt, cib) as a shared form.
        """
        out = FaceLayout()
        c, f = member.character, self.layout.front
        if member.portrait is not None:
            out.extend(self._portrait(member, member.portrait))
        size = self._name_size or f.band.size
        marks, right = self._band_marks(member, copy, compact=False)
        if c.avatar and width_mm(c.name, BOLD, size) > right - self._emblem()[1]:  # the star alone leaves more room
            marks, right = self._band_marks(member, copy, compact=True)
        out.shapes += marks
        out.extend(self._name(member, right - self.left))
        sub = card_text.subtitle(member)
        if f.footer.shows == "marks":
            out.extend(self._footer_legend(member))
        if sub and f.band.subtitle is not None:
            out.extend(self._band_subtitle(member, sub, right))
        elif sub:
            where = "archetype" if c.archetype else "function"
            width = self.width - (self._portrait_size()[0] + f.avatar.gap if member.portrait else 0)
            out.extend(self._line(member, (where,), sub, ITALIC, f.subtitle, width, self.muted, "archetype · function"))
        if stats:
            out.extend(self.stat_tiles(member))
        out.extend(self._body(member))
        return out

    def _band_marks(self, member: Member, copy: tuple[int, int] | None, compact: bool) -> tuple[list[Shape], float]:
        """The Avatar mark and the copy number in the band, and where the name must end (its right)."""
        f, shapes = self.layout.front, []
        right = self.left + self.width
        if member.portrait is not None:
            right -= self._portrait_size()[0] + f.avatar.gap
        if member.character.avatar:
            mark = self._avatar_mark(right, compact)
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
            self._name_size = with_pill
        else:
            self._name_size = self._fitting_name_size(members, compact=True)

    def _fitting_name_size(self, members: list[Member], compact: bool) -> float | None:
        """The largest size at which every name fits beside its band marks (None: none fits uncut)."""
        band, sizes = self.layout.front.band, []
        for m in members:
            copies = m.character.copies
            _, right = self._band_marks(m, (copies, copies) if copies > 1 else None, compact=compact)
            fitted = fit_line(m.character.name, BOLD, band.size, self.layout.min_font, right - self._emblem()[1])
            if not fitted.cut:
                sizes.append(fitted.size)
        return min(sizes, default=None)

    def _name(self, member: Member, width: float) -> FaceLayout:
        """The character's name in the band, white on the affiliation colour."""
        band, name = self.layout.front.band, member.character.name
        shapes, left = self._emblem()
        fitted = fit_line(name, BOLD, self._name_size or band.size, self.layout.min_font, width - (left - self.left))
        shapes.append(Text(left, self._name_baseline(fitted.size), fitted.text, BOLD, fitted.size, self.white))
        if not fitted.cut:
            return FaceLayout(shapes)
        message = f"'{name}': the name is too long for the card; printed as '{fitted.text}'"
        return FaceLayout(shapes, [Cut(("characters", member.index, "name"), message)])

    def _name_baseline(self, size: float) -> float:
        """Centred in the band; with the role line under it (band.subtitle), as high as the safe area allows."""
        band = self.layout.front.band
        if band.subtitle is None:
            return band_baseline(band.height, size, self.layout.safe)
        return below_safe_top(self.layout.safe, size)

    def _emblem(self) -> tuple[list[Shape], float]:
        """The affiliation's emblem at the band's left, level with the name, and where the name starts."""
        f = self.layout.front
        size = self._name_size or f.band.size
        if size not in self._emblems:  # the same for every card of the army, asked several times a card
            middle = self._name_baseline(size) - _cap_height(size) / 2
            self._emblems[size] = emblem_mark(
                self.identity.emblem, f.emblem, self.left, middle, self.white, self.layout.safe
            )
        shapes, left = self._emblems[size]
        return list(shapes), left

    def _line(
        self, member: Member, field: tuple, text: str, font: str, spec, width: float, colour, what: str, left=None
    ) -> FaceLayout:
        fitted = fit_line(text, font, spec.size, self.layout.min_font, width)
        x = self.left if left is None else left
        shapes: list[Shape] = [Text(x, spec.baseline, fitted.text, font, fitted.size, colour)]
        if not fitted.cut:
            return FaceLayout(shapes)
        message = f"'{member.character.name}': {what} is too long for the card; printed as '{fitted.text}'"
        return FaceLayout(shapes, [Cut(("characters", member.index) + field, message)])

    def _portrait_size(self) -> tuple[float, float]:
        """card.yaml's portrait, narrowed on small cards so the name keeps most of the line."""
        p = self.layout.front.portrait
        ratio = min(1.0, 0.3 * self.width / p.width)
        return p.width * ratio, p.height * ratio

    def _portrait(self, member: Member, portrait: Path) -> FaceLayout:
        p = self.layout.front.portrait
        width, height = self._portrait_size()
        x = self.left + self.width - width
        shapes: list[Shape] = [
            Box(x - 0.4, p.top - 0.4, width + 0.8, height + 0.8, fill=self.white),
            Picture(x, p.top, width, height, portrait),
        ]
        soft = soft_portrait(load_portrait(portrait), width, height, member.character.name, self.min_ppi)
        return FaceLayout(shapes, [Cut(("characters", member.index, "portrait"), soft)] if soft else [])

    def _avatar_mark(self, right: float, compact: bool) -> list[Shape]:
        f = self.layout.front
        return avatar_mark(
            f.avatar, (f.band.height, self.layout.safe), right, compact, (self.colour, self.white, self.ink)
        )

    def size_stats(self, members: list[Member]) -> None:
        """One size for the tiles' large values on every card of the army: the largest all of them fit."""
        st = self.layout.front.stats
        by_stats = {(m.character.rank, m.character.mvt, m.character.cib): m for m in members}  # same stats, same tiles
        all_stats = [card_text.stats(m, self.rules) for m in by_stats.values()]
        if st.fit != "equal" and all_stats:
            if st.fit == "content" or any(self._values_size(stats) < st.value.size for stats in all_stats):
                self._tile_widths = self._content_widths(all_stats)
        self._value_size = min((self._values_size(stats) for stats in all_stats), default=None)

    def _content_widths(self, all_stats: list[tuple[card_text.Stat, card_text.Stat, card_text.Stat]]) -> list[float]:
        """Each tile as wide as its widest value (or label) in the army, the room left shared evenly."""
        st = self.layout.front.stats
        needs = [
            max(
                max(width_mm(s[i].value, BOLD, st.value.size), width_mm(s[i].label, BOLD, st.label.size, 0.3))
                + TILE_PAD
                for s in all_stats
            )
            for i in range(3)
        ]
        spare = self.width - 2 * st.gap - sum(needs)
        return [n + spare / 3 for n in needs] if spare >= 0 else [n * (1 + spare / sum(needs)) for n in needs]

    def _values_size(self, stats: tuple[card_text.Stat, ...]) -> float:
        st = self.layout.front.stats
        return min(
            fit_line(s.value, BOLD, st.value.size, self.layout.min_font, w - TILE_PAD).size
            for s, (_, w) in zip(stats, self._tile_columns(), strict=True)
        )

    def stat_tiles(self, member: Member) -> FaceLayout:
        """Per tile: the raw stat small on top, what the table uses large, what it is under it.

        The same stats give the same tiles: laid out once per (rank, mvt, cib) in an army.
        """
        c = member.character
        key = (c.rank, c.mvt, c.cib)
        if key not in self._stat_tiles_cache:
            self._stat_tiles_cache[key] = self._stat_tiles_for(member)
        shapes, cuts = self._stat_tiles_cache[key]
        path = ("characters", member.index)
        return FaceLayout(list(shapes), [Cut(path + (field,), f"'{c.name}': {message}") for field, message in cuts])

    def _stat_tiles_for(self, member: Member) -> tuple[list[Shape], list[tuple[str, str]]]:
        st = self.layout.front.stats
        out: tuple[list[Shape], list[tuple[str, str]]] = ([], [])
        columns, stats = self._tile_columns(), card_text.stats(member, self.rules)
        value_size = self._value_size or self._values_size(stats)
        for (x, w), stat in zip(columns, stats, strict=True):
            room = w - TILE_PAD
            out[0].append(
                Text(x + w / 2, st.top + st.label.baseline, stat.label, BOLD, st.label.size, self.ink, "centre", 0.3)
            )
            value = fit_line(stat.value, BOLD, value_size, self.layout.min_font, room)
            out[0].append(Text(x + w / 2, st.top + st.value.baseline, value.text, BOLD, value.size, self.ink, "centre"))
            if st.detail is None:  # small cards: the value alone, as large as the army allows
                if value.cut:
                    out[1].append((stat.field, f"{stat.label} '{stat.value}' is too wide for the card"))
                continue
            detail = fit_line(stat.detail, REGULAR, st.detail.size, self.layout.min_font, room)
            if detail.cut:  # a narrow card: the short form, cut only if even that is too wide
                detail = fit_line(stat.short, REGULAR, st.detail.size, self.layout.min_font, room)
            if detail.cut or value.cut:
                message = (
                    f"{stat.label} '{stat.value} {stat.detail}' "
                    f"is too wide for the card; printed as '{value.text} {detail.text}'"
                )
                out[1].append((stat.field, message))
            out[0].append(
                Text(x + w / 2, st.top + st.detail.baseline, detail.text, REGULAR, detail.size, self.muted, "centre")
            )
        return out

    # ---- weapons, their traits and specialisations ---------------------------------------
    def size_body(self, members: list[Member]) -> None:
        """One arrangement and one type size for the body of every card of the army.

        The same specialisation is then printed the same way on every card (its text, or its
        name and where to read it), and a weapon name has one size across the army.
        """
        grow = self.layout.shows.grow
        self._grow = min([grow] + [self._width_cap(m) for m in members]) if grow > 1 else 1.0
        fits = [self._body_fit(m) for m in members]
        if not fits:
            return
        mode = max(mode for mode, _ in fits)  # a card that fit an earlier mode is laid out again in this one
        scales = [
            scale if own == mode else self._body_fit(m, mode)[1] for m, (own, scale) in zip(members, fits, strict=True)
        ]
        self._army_fit = (mode, min(scales))

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

    def _body_fit(self, member: Member, at_least: int = 0) -> tuple[int, float]:
        """The first mode (from at_least) whose blocks fit the body, and the scale they fit at."""
        top, bottom = self._body_room()
        for index in range(at_least, len(MODES)):
            style, blocks = self._fitted_blocks(member, MODES[index], bottom - top)
            if needed_height(blocks) <= bottom - top + 1e-6:
                return index, style.scale
        return len(MODES) - 1, style.scale

    def _body(self, member: Member) -> FaceLayout:
        """Weapons, what their traits do, then specialisations, stacked from the top; never a rule left out.

        When the texts do not fit even at the smallest type, the specialisations, then the
        traits, are printed as names only, with where their text is (the book's chapter); when
        even that does not fit, every block left out is a lost rule (Cut.lost): the job refuses
        to print the card.
        """
        top, bottom = self._body_room()
        mode, scale = self._army_fit or self._body_fit(member)
        style = self._style(scale)
        blocks = self._blocks(member, style, MODES[mode])
        if needed_height(blocks) > bottom - top + 1e-6:  # not an army's card (size_body): its own fit
            mode, scale = self._body_fit(member, mode)
            style = self._style(scale)
            blocks = self._blocks(member, style, MODES[mode])
        shapes, cuts = place(_note_at_foot(blocks, bottom - top), top, bottom)  # what does not fit: lost rules
        named = [Cut(cut.path, f"'{member.character.name}': {cut.message}", cut.lost) for cut in cuts]
        return FaceLayout(shapes, named)

    def _style(self, scale: float) -> Style:
        return Style(self.layout, scale, self.left, self.width, self.colour, self.ink, self.muted, self.rule)

    def _fitted_blocks(self, member: Member, mode: tuple[bool, bool], room: float) -> tuple[Style, list[Block]]:
        """The blocks at the largest scale (from the edition's growth, down to the smallest type) at which they fit room."""
        f, scale = self.layout.front, max(1.0, self._grow)
        while True:
            style = self._style(scale)
            blocks = self._blocks(member, style, mode)
            if needed_height(blocks) <= room or style.at_minimum:
                return style, blocks
            scale -= f.body.shrink_step

    def _blocks(self, member: Member, style: Style, mode: tuple[bool, bool] = (False, False)) -> list[Block]:
        """ARMES, then FACULTÉS (what the weapons' traits do: they explain the weapons), then SPÉCIALISATIONS."""
        spec_names, trait_names = mode
        blocks: list[Block] = []
        if member.weapons:
            blocks.append(self._section(style, "weapons", True))
            blocks += [self._weapon(member, j, w, style) for j, w in enumerate(member.weapons)]
            blocks += self._reminder(member, style, trait_names)
        if member.specialisations:
            blocks.append(self._section(style, "specialisations", not blocks))
            if spec_names:
                blocks.append(self._specialisation_names(member, style))
            else:
                blocks += [self._specialisation(member, j, s, style) for j, s in enumerate(member.specialisations)]
        quiet = style if style.scale <= 1 else self._style(1.0)  # the note and legend never grow: the rules do
        if self.layout.shows.note:
            blocks.append(self._edition_note(member, quiet))
        if self.layout.front.specialisation.legend and self._marked(member, spec_names):
            blocks.append(self._legend(quiet))  # a mark is printed: say what it means
        return blocks

    def _marked(self, member: Member, spec_names: bool = False) -> bool:
        """Whether the card prints a « † E… » mark: a specialisation's text (not just its name), or the edition's note."""
        specs = not spec_names and any(s.ruling for s in member.specialisations)
        return specs or bool(self.layout.shows.note and self.layout.shows.ruling)

    def _edition_note(self, member: Member, style: Style) -> Block:
        """The closing line of an edition's card (the demo's: what it leaves out, and its ruling)."""
        shows, r = self.layout.shows, self.layout.front.reminder
        assert shows.note is not None
        runs = [
            Run(run.text, ITALIC, self.muted)
            for run in self._marked_runs(marked(label(f"cards.front.{shows.note}"), shows.ruling))
        ]
        size = shows.note_size or r.size
        block = paragraph(style, runs, size, 0.0, ("characters", member.index), EDITION_NOTE, self.muted)
        return Block(block.lines, self.layout.front.section.gap_before * style.scale, block.path, block.what)

    def _section(self, style: Style, key: str, first: bool, muted: bool = False) -> Block:
        """A section heading (cards.front.KEY), laid out once per scale: every card of an army has it."""
        cache = (key, first, muted, style.scale)
        if cache not in self._sections:
            colour = self.muted if muted else None
            self._sections[cache] = section(style, label(f"cards.front.{key}"), first, colour)
        return self._sections[cache]

    def _weapon(self, member: Member, j: int, weapon: Weapon, style: Style) -> Block:
        key = (id(weapon), style.scale)
        if key not in self._weapon_blocks:
            self._weapon_blocks[key] = self._weapon_block(weapon, style)
        block = self._weapon_blocks[key]
        path = ("characters", member.index, "weapons", j)
        lines = tuple(line if line.cut is None else _relocate(line, line.cut, path) for line in block.lines)
        return Block(lines, block.gap_before, path, f"weapon '{weapon.name}'")

    def _weapon_block(self, weapon: Weapon, style: Style) -> Block:
        """Name, its traits (beside it, or right under it when the line is too narrow), then the range bands."""
        ws, what = self.layout.front.weapon, f"weapon '{weapon.name}'"
        traits = card_text.weapon_traits(weapon, self.rules)
        both = traits and pair_line(
            style, (weapon.name, BOLD, ws.name_size, self.ink), (traits, ITALIC, ws.traits_size, self.muted)
        )
        lines = [both or text_line(style, weapon.name, BOLD, ws.name_size, self.ink, (), what)]
        if traits and not both:
            lines.append(text_line(style, traits, ITALIC, ws.traits_size, self.muted, (), f"the trait list of {what}"))
        lines.append(
            text_line(
                style,
                card_text.weapon_range(weapon, self.rules),
                REGULAR,
                ws.range_size,
                self.ink,
                (),
                f"the range of {what}",
            )
        )
        lines.append(BodyLine(ws.gap * style.scale, lambda y: []))
        return Block(tuple(lines))

    def _specialisation(self, member: Member, j: int, spec: Specialisation, style: Style) -> Block:
        key = (id(spec), style.scale)
        if key not in self._spec_blocks:
            sp = self.layout.front.specialisation
            runs = [Run(label("cards.front.specialisation_name", name=spec.name), BOLD)]
            runs += self._marked_runs(marked(spec.text, spec.ruling))
            self._spec_blocks[key] = paragraph(style, runs, sp.size, sp.gap, (), "")
        block = self._spec_blocks[key]
        return Block(
            block.lines,
            block.gap_before,
            ("characters", member.index, "specialisations", j),
            f"specialisation '{spec.name}'",
        )

    def _specialisation_names(self, member: Member, style: Style) -> Block:
        """« Esquive · Ambidextre. » and where their text is: the fallback when the texts do not fit."""
        sp = self.layout.front.specialisation
        separator = label("cards.front.specialisation_name_separator")
        names = label("cards.front.specialisation_names", names=separator.join(s.name for s in member.specialisations))
        runs = [Run(names, BOLD), Run(label("cards.front.specialisations_elsewhere"), ITALIC, self.muted)]
        what = "the line of specialisations " + ", ".join(f"'{s.name}'" for s in member.specialisations)
        return paragraph(style, runs, sp.size, sp.gap, ("characters", member.index, "specialisations"), what)

    def _legend(self, style: Style) -> Block:
        """What « † E27 » means, in the marks' own quiet italic: wherever a mark is printed."""
        key = (0, style.scale)  # no specialisation's id() is 0
        if key not in self._spec_blocks:
            r = self.layout.front.reminder
            runs = [Run(label("common.ruling_legend"), ITALIC, self.muted)]
            self._spec_blocks[key] = paragraph(style, runs, r.size, 0.0, (), "", self.muted)
        block = self._spec_blocks[key]
        return Block(block.lines, block.gap_before, block.path, "the marks' legend")

    def _marked_runs(self, text: str) -> list[Run]:
        """Text in regular type, its marks (ours, not the draft's) in the quiet italic grey of the sheet and book."""
        runs, start = [], 0
        for m in mark_pattern().finditer(text):
            runs += [Run(text[start : m.start()], REGULAR), Run(m.group(0), ITALIC, self.muted)]
            start = m.end()
        return runs + [Run(text[start:], REGULAR)] if text[start:] else runs

    # ---- the traits' reminder ------------------------------------------------------------
    def _reminder(self, member: Member, style: Style, names_only: bool = False) -> list[Block]:
        """FACULTÉS: each weapon trait once with what it does, a line each or run in one paragraph."""
        reminders = card_text.trait_reminders(member.weapons, self.rules)
        if not reminders:
            return []
        r = self.layout.front.reminder
        heading = [self._section(style, "reminders", False, muted=True)] if r.heading else []
        path = ("characters", member.index, "weapons")
        what = "the reminder of traits " + ", ".join(f"'{x.name}'" for x in reminders)
        if names_only:  # the names are beside each weapon already: say where their texts are
            runs = [Run(label("cards.front.reminders_elsewhere"), ITALIC, self.muted)]
            block = paragraph(style, runs, r.size, r.gap, path, what, self.muted)
            return [Block(block.lines, self.layout.front.section.gap_before * style.scale, path, what)]
        if r.run_in:
            runs = [run for i, x in enumerate(reminders) for run in self._reminder_runs(x, i > 0)]
            return heading + [self._reminder_paragraph(style, runs, path, what)]
        return heading + [self._reminder_line(reminder, style, path) for reminder in reminders]

    def _reminder_paragraph(self, style: Style, runs: list[Run], path: tuple, what: str) -> Block:
        """The traits in one paragraph; without a heading, a little space parts it from the weapons."""
        r = self.layout.front.reminder
        block = paragraph(style, runs, r.size, r.gap, path, what, self.muted)
        gap = 0.0 if r.heading else self.layout.front.section.gap_before * style.scale
        return Block(block.lines, gap, block.path, block.what)

    def _reminder_runs(self, reminder: card_text.TraitReminder, separated: bool) -> list[Run]:
        name = label("cards.front.reminder_name", name=reminder.name)
        lead = [Run(label("cards.front.reminder_separator"), REGULAR)] if separated else []
        return lead + [Run(name, BOLD), Run(reminder.short, REGULAR)]

    def _reminder_line(self, reminder: card_text.TraitReminder, style: Style, path: tuple) -> Block:
        """'Name.' in bold, then what the trait does; a rule like any other: never left out."""
        key = (reminder, style.scale)
        if key not in self._reminder_blocks:  # the same traits come back on most cards of an army
            r = self.layout.front.reminder
            runs = self._reminder_runs(reminder, False)
            self._reminder_blocks[key] = paragraph(style, runs, r.size, r.gap, (), "", self.muted)
        block = self._reminder_blocks[key]
        return Block(block.lines, block.gap_before, path, f"the reminder of trait '{reminder.name}'")


def _relocate(line: BodyLine, cut: Cut, path: tuple) -> BodyLine:
    """A cached weapon line's cut, pointed at this character's reference to the weapon."""
    return BodyLine(line.height, line.emit, line.emit_cut, Cut(path, cut.message))


def _note_at_foot(blocks: list[Block], room: float) -> list[Block]:
    """The edition's note (and the legend under it) moved down to end just above the footer: the
    room the body leaves goes above the note, not under it."""
    note = next((i for i, b in enumerate(blocks) if b.what == EDITION_NOTE), None)
    spare = room - needed_height(blocks)
    if note is None or spare <= 0:
        return blocks
    moved = dataclasses.replace(blocks[note], gap_before=blocks[note].gap_before + spare)
    return [*blocks[:note], moved, *blocks[note + 1 :]]


def band_baseline(height: float, size: float, safe: float) -> float:
    """The baseline that centres capitals of this size in a band this tall, lowered if need be to
    keep the line safe mm inside the top trim (card.yaml sets the bands so that it rarely is)."""
    return max(height / 2 + _cap_height(size) / 2, below_safe_top(safe, size))


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
        baseline = top + a.height / 2 + _cap_height(a.size) / 2
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


def _cap_height(size: float) -> float:
    return to_mm(size * 0.711)  # Roboto's capitals are 0.711 em tall: centres text in a band
