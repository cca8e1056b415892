"""The front of a character card: who they are, their stats, weapons and specialisations.

Split in two: furniture() is what every card of the army shares (drawn once, reused as a PDF
form); build(member) is what belongs to one character.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
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
    place_whole,
    section,
    text_line,
    whole_height,
)
from kolaps_print.layout.card_data import CardLayout
from kolaps_print.layout.card_face import Cut, FaceLayout
from kolaps_print.layout.geometry import Size
from kolaps_print.layout.portraits import load_portrait, soft_portrait
from kolaps_print.layout.shapes import Box, Picture, Shape, Star, Text
from kolaps_print.layout.style import cmyk_of_hex, tint
from kolaps_print.layout.text_fit import Run, fit_line, width_mm
from kolaps_print.layout.units import to_mm
from kolaps_print.model.army_book import Member
from kolaps_print.model.catalogue import Specialisation, Weapon
from kolaps_print.model.rules import Rules
from kolaps_print.provenance import mark_pattern, marked

BOLD, REGULAR, ITALIC = "KSans-Bold", "KSans", "KSans-Italic"


@dataclass(frozen=True)
class Identity:
    """What every card of one army shows the same way."""

    army: str
    affiliation: str
    colour: str  # #rrggbb
    stamp: str = ""  # a kit's date and data hash: on the card, so a loose card finds its rulebook


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
        self._reminder_blocks: dict[tuple[card_text.TraitReminder, float], Block] = {}
        self._value_size: float | None = None  # size_stats(): one size for the whole army
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

    def _footer_text(self) -> FaceLayout:
        """The army and its affiliation, small at the foot: the band above is the character's."""
        foot, h = self.layout.front.footer, self.size.height
        baseline = h - foot.height + foot.baseline
        game, size = (
            (self.identity.stamp, foot.stamp_size) if self.identity.stamp else (label("cards.front.game"), foot.size)
        )  # a kit's date and hash in place of the game's name
        game_w = width_mm(game, REGULAR, size)
        text = label("cards.front.footer", army=self.identity.army, affiliation=self.identity.affiliation)
        fitted = fit_line(text, BOLD, foot.size, self.layout.min_font, self.width - game_w - 2)
        shapes: list[Shape] = [
            Text(self.left + self.width, baseline, game, REGULAR, size, self.white, align="right", width=game_w)
        ]
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

    def _stat_tiles(self) -> list[Shape]:
        st = self.layout.front.stats
        wash = tint(self.colour, self.layout.colours.tint)
        return [Box(x, st.top, w, st.height, fill=wash, radius=st.radius) for x, w in self._tile_columns()]

    def _tile_columns(self) -> list[tuple[float, float]]:
        gap = self.layout.front.stats.gap
        w = (self.width - 2 * gap) / 3
        return [(self.left + i * (w + gap), w) for i in range(3)]

    # ---- one character ------------------------------------------------------------------
    def build(self, member: Member, copy: tuple[int, int] | None = None, stats: bool = True) -> FaceLayout:
        """One character's front; copy (number, count) marks each of several identical cards.

        stats=False leaves out the stat tiles' texts (stat_tiles()), which the job draws once per
        (rank, mvt, cib) as a shared form.
        """
        out = FaceLayout()
        c, f = member.character, self.layout.front
        right = self.left + self.width
        if member.portrait is not None:
            out.extend(self._portrait(member, member.portrait))
            right -= self._portrait_size()[0] + f.avatar.gap
        if c.avatar:
            mark = self._avatar_mark(right, compact=not self._name_fits_beside_mark(c.name, right))
            out.shapes += mark
            right = min(s.x for s in mark if isinstance(s, Box)) - f.avatar.gap
        if copy is not None:
            number = band_copy(f.band.height, f.band.size, self.layout.min_font, copy, right, self.white)
            out.shapes.append(number)
            right = number.x - number.width - f.avatar.gap
        out.extend(self._name(member, right - self.left))
        sub = card_text.subtitle(member)
        if sub:
            where = "archetype" if c.archetype else "function"
            width = self.width - (self._portrait_size()[0] + f.avatar.gap if member.portrait else 0)
            out.extend(self._line(member, (where,), sub, ITALIC, f.subtitle, width, self.muted, "archetype · function"))
        if stats:
            out.extend(self.stat_tiles(member))
        out.extend(self._body(member))
        return out

    def _name(self, member: Member, width: float) -> FaceLayout:
        """The character's name in the band, white on the affiliation colour."""
        band, name = self.layout.front.band, member.character.name
        fitted = fit_line(name, BOLD, band.size, self.layout.min_font, width)
        baseline = band_baseline(band.height, fitted.size)
        shapes: list[Shape] = [Text(self.left, baseline, fitted.text, BOLD, fitted.size, self.white)]
        if not fitted.cut:
            return FaceLayout(shapes)
        message = f"'{name}': the name is too long for the card; printed as '{fitted.text}'"
        return FaceLayout(shapes, [Cut(("characters", member.index, "name"), message)])

    def _line(
        self, member: Member, field: tuple, text: str, font: str, spec, width: float, colour, what: str
    ) -> FaceLayout:
        fitted = fit_line(text, font, spec.size, self.layout.min_font, width)
        shapes: list[Shape] = [Text(self.left, spec.baseline, fitted.text, font, fitted.size, colour)]
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

    def _name_fits_beside_mark(self, name: str, right: float) -> bool:
        mark_w = right - min(s.x for s in self._avatar_mark(right, False) if isinstance(s, Box))
        room = right - mark_w - self.layout.front.avatar.gap - self.left
        return width_mm(name, BOLD, self.layout.front.band.size * 0.75) <= room

    def _avatar_mark(self, right: float, compact: bool) -> list[Shape]:
        """A white pill in the band with a star and AVATAR; just the star in a disc when the name needs the room."""
        a, band = self.layout.front.avatar, self.layout.front.band
        top = (band.height - a.height) / 2
        text = label("cards.front.avatar")
        text_w = 0.0 if compact else width_mm(text, BOLD, a.size, 0.4)
        width = a.height if compact else a.pad + 2 * a.star + 0.9 + text_w + a.pad
        x = right - width
        star_x = x + width / 2 if compact else x + a.pad + a.star
        shapes: list[Shape] = [
            Box(x, top, width, a.height, fill=self.white, radius=a.height / 2),
            Star(star_x, top + a.height / 2, a.star, self.colour),
        ]
        if not compact:
            shapes.append(
                Text(
                    x + a.pad + 2 * a.star + 0.9,
                    top + a.height / 2 + _cap_height(a.size) / 2,
                    text,
                    BOLD,
                    a.size,
                    self.ink,
                    tracking=0.4,
                    width=text_w,
                )
            )
        return shapes

    def size_stats(self, members: list[Member]) -> None:
        """One size for the tiles' large values on every card of the army: the largest all of them fit."""
        self._value_size = min((self._values_size(card_text.stats(m, self.rules)) for m in members), default=None)

    def _values_size(self, stats: tuple[card_text.Stat, ...]) -> float:
        st = self.layout.front.stats
        room = min(w for _, w in self._tile_columns()) - 1.2
        return min(fit_line(s.value, BOLD, st.value.size, self.layout.min_font, room).size for s in stats)

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
        room = min(w for _, w in columns) - 1.2
        value_size = self._value_size or self._values_size(stats)
        for (x, w), stat in zip(columns, stats, strict=True):
            out[0].append(
                Text(x + w / 2, st.top + st.label.baseline, stat.label, BOLD, st.label.size, self.ink, "centre", 0.3)
            )
            value = fit_line(stat.value, BOLD, value_size, self.layout.min_font, room)
            out[0].append(Text(x + w / 2, st.top + st.value.baseline, value.text, BOLD, value.size, self.ink, "centre"))
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

    # ---- weapons and specialisations ---------------------------------------------------
    def _body(self, member: Member) -> FaceLayout:
        """Weapons and specialisations, shrunk to fit; never a rule left out.

        When the specialisations' texts do not fit even at the smallest type, they are printed
        as names only, with where their text is (the book's chapter); when even that does not
        fit, every block left out is a lost rule (Cut.lost): the job refuses to print the card.
        """
        f = self.layout.front
        top, bottom = f.body.top, self.size.height - f.footer.height - f.body.bottom_gap
        for names_only in (False, True) if member.specialisations else (False,):
            style, blocks = self._fitted_blocks(member, names_only, bottom - top)
            if needed_height(blocks) <= bottom - top + 1e-6:
                break
        reminders = self._reminder(member, style)
        blocks = self._spread(blocks, reminders, bottom - top)
        shapes, cuts = place(blocks, top, bottom)  # what does not fit comes back as lost rules
        reminder, dropped = self._place_reminder(reminders, top + needed_height(blocks), bottom)
        shapes += reminder
        if dropped:  # one warning per card (one per field is kept), naming every trait left out
            names, many = ", ".join(b.what for b in dropped), len(dropped) > 1
            message = (
                f"no room on the card to remind what trait{'s' if many else ''} {names} {'do' if many else 'does'}"
            )
            cuts.append(Cut(("characters", member.index, "weapons"), message))
        named = [Cut(cut.path, f"'{member.character.name}': {cut.message}", cut.lost) for cut in cuts]
        return FaceLayout(shapes, named)

    def _spread(self, blocks: list[Block], reminder: list[Block], room: float) -> list[Block]:
        """A card with room to spare opens the space before each section (at most body.spread each),
        so its content spreads over the face instead of leaving a blank band above the reminder."""
        spare = room - needed_height(blocks) - (whole_height(reminder) + self.layout.front.section.gap_before)
        sections = [i for i, b in enumerate(blocks) if b.path is None and i > 0]
        if spare <= 1e-6 or not sections:
            return blocks
        extra = min(self.layout.front.body.spread, spare / (len(sections) + bool(reminder)))
        return [replace(b, gap_before=b.gap_before + extra) if i in sections else b for i, b in enumerate(blocks)]

    def _fitted_blocks(self, member: Member, names_only: bool, room: float) -> tuple[Style, list[Block]]:
        """The blocks at the largest scale (down to the smallest type) at which they fit room."""
        f, scale = self.layout.front, 1.0
        while True:
            style = Style(self.layout, scale, self.left, self.width, self.colour, self.ink, self.muted, self.rule)
            blocks = self._blocks(member, style, names_only)
            if needed_height(blocks) <= room or style.at_minimum:
                return style, blocks
            scale -= f.body.shrink_step

    def _blocks(self, member: Member, style: Style, names_only: bool = False) -> list[Block]:
        blocks: list[Block] = []
        if member.weapons:
            blocks.append(section(style, label("cards.front.weapons"), first=True))
            blocks += [self._weapon(member, j, w, style) for j, w in enumerate(member.weapons)]
        if member.specialisations:
            blocks.append(section(style, label("cards.front.specialisations"), first=not blocks))
            if names_only:
                blocks.append(self._specialisation_names(member, style))
            else:
                blocks += [self._specialisation(member, j, s, style) for j, s in enumerate(member.specialisations)]
                if any(s.ruling for s in member.specialisations):  # a mark is printed: say what it means
                    blocks.append(self._legend(style))
        return blocks

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
    def _place_reminder(self, blocks: list[Block], top: float, bottom: float) -> tuple[list[Shape], list[Block]]:
        """The reminder in what weapons and specialisations left (never taking room from them).

        anchor 'bottom' sets it against the footer, so a card with little to say still ends
        with content rather than a blank third; 'flow' sets it right under the specialisations.
        """
        if not blocks or top >= bottom:
            return [], [b for b in blocks if b.path is not None]
        if self.layout.front.reminder.anchor == "bottom":
            top = max(top, bottom - whole_height(blocks))
        return place_whole(blocks, top, bottom)

    def _reminder(self, member: Member, style: Style) -> list[Block]:
        """FACULTÉS: each weapon trait once, with what it does; lines from the end drop when short of room."""
        reminders = card_text.trait_reminders(member.weapons, self.rules)
        if not reminders:
            return []
        heading = section(
            style, label("cards.front.reminders"), False, self.muted
        )  # traits come with weapons: never first
        return [heading] + [self._reminder_line(reminder, style) for reminder in reminders]

    def _reminder_line(self, reminder: card_text.TraitReminder, style: Style) -> Block:
        """'Name.' in bold, then what the trait does; wrapped, but never cut (place_whole drops it whole)."""
        key = (reminder, style.scale)
        if key not in self._reminder_blocks:  # the same traits come back on most cards of an army
            r = self.layout.front.reminder
            runs = [Run(label("cards.front.reminder_name", name=reminder.name), BOLD), Run(reminder.short, REGULAR)]
            # a path (any non-None) marks it as content, so a heading is never left alone above nothing
            self._reminder_blocks[key] = paragraph(
                style, runs, r.size, r.gap, ("weapons",), f"'{reminder.name}'", self.muted
            )
        return self._reminder_blocks[key]


def _relocate(line: BodyLine, cut: Cut, path: tuple) -> BodyLine:
    """A cached weapon line's cut, pointed at this character's reference to the weapon."""
    return BodyLine(line.height, line.emit, line.emit_cut, Cut(path, cut.message))


def band_baseline(height: float, size: float) -> float:
    """The baseline that centres capitals of this size in a band this tall."""
    return height / 2 + _cap_height(size) / 2


def band_copy(height: float, size: float, min_size: float, copy: tuple[int, int], right: float, colour) -> Text:
    """« 1/2 »: which of several identical cards this is, right-aligned in the band before right."""
    text = label("cards.front.copy", number=copy[0], count=copy[1])
    small = max(min_size, size * 0.7)
    width = width_mm(text, REGULAR, small)
    return Text(right, band_baseline(height, small), text, REGULAR, small, colour, align="right", width=width)


def _cap_height(size: float) -> float:
    return to_mm(size * 0.711)  # Roboto's capitals are 0.711 em tall: centres text in a band
