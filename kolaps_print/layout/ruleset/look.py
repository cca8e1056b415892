"""The look of the rulesets' sheet, reference cards and character cards: data/layouts/rulesets.yaml
as a checked model (its colours: the KOLAPS sheet's ink and greys), and the paragraph style its
sizes derive."""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator, model_validator
from pydantic_core import PydanticCustomError
from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle

from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.reference.look import ink
from kolaps_print.layout.style import StyleColour, as_colour
from kolaps_print.model.common import Model, no_items


def _frozen(value: Any) -> Any:
    """A value of the file with its lists as tuples: the look hashes as a whole."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


class CardLook(Model):
    margin_mm: float = Field(ge=3, le=15)  # the safe area: nothing printed nearer the trim
    band_mm: float = Field(ge=2, le=20)
    footer_mm: float = Field(ge=2, le=12)
    foot_gap_mm: float = Field(ge=0.5, le=10)  # kept free above the foot band (a line's leading adds to it)
    name_pt: float = Field(ge=6, le=20)
    max_name_pt: float = Field(default=0, ge=0, le=24)  # a taller card's name grows with it up to this (0: never)
    name_lead: float = Field(default=1.2, ge=1, le=2)  # a grown card's name: this × any other text (tiles apart)
    copy_pt: float = Field(ge=6, le=12)
    stats_pt: float = Field(default=8, ge=6, le=14)  # a back's in-play stats at its band's right (tracks21)
    stats_space_mm: float = Field(default=2, ge=0.5, le=10)  # at least this between them and the name, or « 1/2 »
    max_stats_pt: float = Field(default=8, ge=6, le=14)  # ...grown with a taller card up to this (tarot: its body's)
    least_stats_pt: float = Field(default=6, ge=6, le=14)  # ...set down to this when a deck's names leave less room
    subtitle_pt: float = Field(ge=6, le=14)
    footer_pt: float = Field(ge=5, le=10)
    section_pt: float = Field(ge=5.5, le=12)
    section_tracking_pt: float = Field(ge=0, le=2)
    head_gap_mm: float = Field(ge=0, le=5)  # between a section's head and what it heads
    legend_gap_mm: float = Field(default=0.8, ge=0, le=5)  # between a track's boxes and its legend under them
    # A back's own spacing (boxes and heads: 0.8 mm of air between any two of its rows, backs12);
    # None: the face's gap_mm, head_gap_mm (a front's)
    back_gap_mm: float | None = Field(default=None, ge=0, le=10)  # between two blocks of a back
    box_head_gap_mm: float | None = Field(default=None, ge=0, le=5)  # a head to the boxes under it
    back_foot_gap_mm: float | None = Field(default=None, ge=0, le=10)  # kept free above a back's foot band
    by_name_gap_mm: float | None = Field(default=None, ge=0, le=5)  # boxes to « Seuils … : voir l’aide. »
    body_pt: float = Field(ge=6, le=12)  # body text never below 6 pt
    max_body_pt: float = Field(ge=6, le=14)
    small_pt: float = Field(ge=6, le=12)
    strong_scale: float = Field(ge=1, le=2)  # the rolled column's size, against the body
    table_min_pt: float = Field(ge=6, le=12)  # a card table too wide sets down to this, whatever the card's scale
    table_good_pt: float = Field(ge=6, le=12)  # a grown card's table stays this large, names broken if need be
    cell_pad_pt: float = Field(ge=0.5, le=4)  # a card table cell's padding, each side
    wide_pad_pt: float = Field(default=1.2, ge=0.5, le=6)  # a tarot's values under their names, when they hold it
    tile_label_pt: float = Field(ge=5.5, le=10)
    tile_label_min_pt: float = Field(ge=6, le=10)  # a label too wide for its tile shrinks down to this, never grows
    tile_value_pt: float = Field(ge=8, le=24)
    tile_gap_mm: float = Field(ge=0, le=5)
    tile_fit_content: bool = False  # tiles as wide as their labels need when equal ones are too narrow (compact)
    tile_radius_mm: float = Field(ge=0, le=4)
    tile_tint: float = Field(ge=0, le=1)
    box_mm: float = Field(ge=3, le=10)  # a pencil needs room
    box_gap_mm: float = Field(ge=0, le=5)
    box_group: int = Field(ge=1, le=10)  # boxes go in groups of this many, rows of whole groups
    box_group_gap_mm: float = Field(ge=0, le=5)
    box_radius_mm: float = Field(ge=0, le=2)
    box_row_gap_mm: float = Field(default=0.8, ge=0, le=5)  # between two rows of a track's boxes
    # (box_mm, box_gap_mm) pairs a deck's backs take in turn when one does not fit at the look's
    # pitch (the row gap as the gap): the 3d6 mini's 72 boxes hold no 3.5 mm box (tracks21)
    box_fallbacks: tuple[tuple[float, float], ...] = ()
    # (box_mm, box_gap_mm, box_group_gap_mm) a taller card's backs (tarot) take in turn, largest
    # first, once the deck's type is chosen: the first every back of the deck holds at that type
    # (the row gap as the gap); none holds: the scale's box (review 23, 7: 4.9 mm boxes on tarot
    # backs 35 to 45 % empty; tarot24)
    large_boxes: tuple[tuple[float, float, float], ...] = ()
    # more air round a grown back's checkboxes (boxed: its gap): box to label, and between the boxes
    # of a stack (review 24, 4: 6 mm boxes 0.5 mm from their labels and from each other)
    checkbox_air_mm: float = Field(default=0, ge=0, le=3)
    zone_pad_mm: float = Field(default=0.4, ge=0, le=3)  # a zone's label to the boxes beside it, each side (tracks21)
    zone_min_pt: float = Field(default=6, ge=5, le=12)  # a zone's label set down to this to keep within one column
    zone_rule_pt: float = Field(default=0.5, gt=0, le=2)  # the thin rule before a zone's label (tracks22)
    # a zone's label of one glyph (½, ¼) in bold, this many times the label's size where its column
    # holds it: its digits were 2 pt tall at 6 pt (review 22a, 3)
    zone_glyph_scale: float = Field(default=1.3, ge=1, le=2)
    zone_glyph_max_pt: float = Field(default=10.5, ge=6, le=14)  # ...up to this (a tarot's name stays the largest)
    box_space_mm: float = Field(
        default=4, ge=1.5, le=10
    )  # at least this between a label and the next box: each box reads with its own label
    weapon_lines: bool = False  # each weapon a paragraph, its values after their heads (compact: a mini's 38 mm)
    box_pt: float = Field(gt=0, le=2)
    gap_mm: float = Field(ge=0, le=10)
    # A front's key to « † » under its last block (the reminders, where its marks stand), as its
    # footnote (fronts13); None: a block's gap_mm, as on a back
    key_gap_mm: float | None = Field(default=None, ge=0, le=10)
    rule_pt: float = Field(gt=0, le=3)
    rule_min_mm: float = Field(default=3, ge=0, le=20)  # a head's rule shorter than this is left out (not a stray dash)
    negative_tint: float = Field(ge=0, le=1)
    leading: float = Field(ge=1, le=2)
    reference_height_mm: float = Field(gt=0)  # the card these sizes are for (poker, 88 mm)
    max_scale: float = Field(ge=1, le=2)  # on that card, type and gaps grow by up to this to fill it
    scale_step: float = Field(gt=0, le=0.5)
    spread_gaps: float = Field(default=1, ge=1, le=4)  # a tarot face: its block gaps grow up to this ×
    # ...a tarot back too (False: a back is a form, its blocks top-aligned at the deck's gap, its white
    # at the foot: cards14, review 13 S4, the d12 backs' 9 and 10.5 mm gaps over 16.7 mm of empty foot)
    spread_backs: bool = True
    # A deck of fronts whose gaps do not spread (a card of the reference height: poker) grows its
    # body alone past its scale, by this step, while its fullest front holds (0: never; fronts13)
    body_step_pt: float = Field(default=0, ge=0, le=1)
    # A deck's backs whose small type (the tracks' legends) would fit in full only under this give
    # their tallest backs' legends by name to keep it (0: never; a mini, set at the floor, neither)
    keep_small_pt: float = Field(default=0, ge=0, le=12)
    # ...and on a card taller than the reference (tarot), this (backs13: the d12 tarot backs at 8.1 pt
    # beside the 3d6 and d100 tarot backs' 9.6 and 9.9; 0: keep_small_pt there too)
    keep_large_pt: float = Field(default=0, ge=0, le=14)
    reference_width_mm: float = Field(default=63, gt=0)  # a card narrower than this (mini) takes compact
    how_to_mark: bool = True  # « Une case par point perdu… » under the first track (compact: no room, as KOLAPS's mini)
    # a back's « Seuils … : voir l’aide. » beside its track's last row when it holds there on two
    # lines (compact: the fullest mini back keeps 1.5 mm over its foot band; backs13)
    note_beside: bool = False
    # a back's checkboxes one a row when more of their labels take a row alone than stand two a row
    # (a d12 tarot back at 6 mm boxes: « Arme enrayée  Attaque totale » over two rows alone; tarot24)
    stack_when_alone: bool = True
    checkboxes_head: bool = True  # « À cocher » over a back's checkboxes (compact: a box says it is to tick; backs12)
    # What a narrower card changes of this look: a mapping in the file, kept as (field, value)
    # pairs so that the look hashes as a whole (the faces' styles are cached by look).
    compact: tuple[tuple[str, Any], ...] = ()

    @field_validator("compact", mode="before")
    @classmethod
    def _pairs(cls, value: Any) -> Any:
        if not isinstance(value, dict):  # the message of a mapping expected (model/messages.py)
            raise PydanticCustomError("dict_type", "Input should be a valid dictionary")
        return tuple((k, _frozen(v)) for k, v in value.items())

    @model_validator(mode="after")
    def _compact_is_a_look(self) -> CardLook:
        """compact names this look's fields only, and the look it makes keeps their bounds."""
        unknown = sorted({name for name, _ in self.compact} - set(type(self).model_fields) - {"compact"})
        if unknown:
            raise ValueError(f"compact: unknown field(s) {', '.join(unknown)}")
        if self.compact:
            self.compacted(0)
        return self

    def compacted(self, card_width_mm: float) -> CardLook:
        """The look for a card card_width_mm wide: compact's values on a card narrower than the
        reference (mini: the floor's type, slimmer bands, 3 mm boxes), else this look."""
        if not self.compact or card_width_mm >= self.reference_width_mm:
            return self
        return type(self).model_validate(self.model_dump(exclude={"compact"}) | dict(self.compact))

    def named_for(self, card_height_mm: float) -> CardLook:
        """The look with its name grown as the card is taller than the reference (tarot: 11 →
        13.5 pt, clearly over a body of 10 pt or more), never past max_name_pt, never shrunk; its
        back's stats likewise (8 → 10.5 pt), never past max_stats_pt."""
        grown = min(self.max_name_pt, round(self.name_pt * card_height_mm / self.reference_height_mm, 2))
        look = self.model_copy(update={"name_pt": grown}) if grown > self.name_pt else self
        # the back's in-play stats grow alike, up to max_stats_pt (review 22a, 6: 8 pt beside a
        # 13.5 pt name on a tarot card read as a footnote)
        stats = min(self.max_stats_pt, round(self.stats_pt * card_height_mm / self.reference_height_mm, 2))
        return look.model_copy(update={"stats_pt": stats}) if stats > self.stats_pt else look

    def zoned_for(self, card_height_mm: float) -> CardLook:
        """The look whose zone labels keep a taller card's least size (keep_large_pt: a tarot
        back's 9.5 pt), however little room a track's column leaves them (tracks22)."""
        if card_height_mm > self.reference_height_mm and self.keep_large_pt > self.zone_min_pt:
            return self.model_copy(update={"zone_min_pt": self.keep_large_pt})
        return self

    def fallbacks(self) -> list[CardLook]:
        """The look at each of box_fallbacks' pitches, in turn."""
        keys = ("box_mm", "box_gap_mm", "box_row_gap_mm")
        return [
            self.model_copy(update=dict(zip(keys, (box, gap, gap), strict=True))) for box, gap in self.box_fallbacks
        ]

    def large_pitches(self, card_height_mm: float) -> list[tuple[float, float, float]]:
        """large_boxes on a card taller than the reference (tarot), none on another."""
        return list(self.large_boxes) if card_height_mm > self.reference_height_mm else []

    def boxed(self, pitch: tuple[float, float, float]) -> CardLook:
        """The look with its boxes at pitch (box, gap, group gap: mm), the row gap as the gap."""
        box, gap, group = pitch
        keys = {
            "box_mm": box,
            "box_gap_mm": gap,
            "box_row_gap_mm": gap,
            "box_group_gap_mm": group,
            "checkbox_air_mm": gap,
        }
        return self.model_copy(update=keys)

    def scaled(self, factor: float) -> CardLook:
        """The look with its type and gaps grown by factor, its boxes by the factor's root."""
        grown = ("name_pt", "subtitle_pt", "section_pt", "body_pt", "small_pt", "tile_label_pt", "tile_value_pt")
        values: dict[str, float] = {k: round(getattr(self, k) * factor, 2) for k in grown}
        values |= {k: round(getattr(self, k) * factor, 2) for k in ("gap_mm", "head_gap_mm", "legend_gap_mm")}
        values |= {
            k: round(v * factor, 2)
            for k in ("back_gap_mm", "box_head_gap_mm", "key_gap_mm")
            if (v := getattr(self, k)) is not None
        }
        values["box_mm"] = round(self.box_mm * factor**0.5, 2)
        return self.model_copy(update=values)

    def scales(self, card_height_mm: float) -> list[float]:
        """The factors to try, largest first, down to 1: a taller card may grow further, never
        past max_body_pt."""
        most = min(self.max_scale * card_height_mm / self.reference_height_mm, self.max_body_pt / self.body_pt)
        count = max(0, int((most - 1) / self.scale_step + 1e-9))
        return [round(1 + self.scale_step * i, 3) for i in range(count, -1, -1)]

    def grown_bodies(self, card_height_mm: float) -> list[float]:
        """The bodies to try past this look's, smallest first, on body_step_pt's grid up to
        max_body_pt: none on a card taller than the reference (tarot: its gaps spread) or without
        a step (mini: the floor)."""
        step = self.body_step_pt
        if not step or card_height_mm > self.reference_height_mm:
            return []
        first = (int(self.body_pt / step + 1e-9) + 1) * step
        return [round(first + step * i, 2) for i in range(int((self.max_body_pt - first) / step + 1e-9) + 1)]

    def kept_scale(self, card_height_mm: float) -> float | None:
        """The least factor of scales whose small type reaches keep_small_pt, None when no factor
        above the smallest does (a mini: one size, the floor's)."""
        *larger, _ = self.scales(card_height_mm)
        grown = card_height_mm > self.reference_height_mm and self.keep_large_pt
        keep = self.keep_large_pt if grown else self.keep_small_pt
        kept = [f for f in larger if keep and self.small_pt * f >= keep - 1e-9]
        return min(kept, default=None)


class ReferenceCardsLook(Model):
    """What the reference cards change of the sheet's look: smaller type, tighter cells."""

    body_pt: float = Field(ge=6, le=14)  # body text never below 6 pt
    min_body_pt: float = Field(ge=6, le=14)
    cell_padding_pt: float = Field(ge=0, le=10)
    table_gap_mm: float = Field(ge=0, le=20)
    max_body_pt: float = Field(ge=6, le=14)  # a deck's body is chosen between body_pt and this...
    large_max_body_pt: float = Field(ge=6, le=14)  # ...grown on a larger card (tarot) as its area's root, up to this
    comfortable_pt: float = Field(ge=6, le=14)  # ...from this size up when the card holds it
    body_step_pt: float = Field(gt=0, le=2)
    back_title_pt: float = Field(ge=6, le=24)  # a blank last back: the system's name...
    back_subtitle_pt: float = Field(ge=6, le=24)  # ...and « Aide de jeu » under it
    back_line_pt: float = Field(ge=6, le=40)  # from one baseline to the next
    back_version_pt: float = Field(ge=6, le=24)  # ...and the rules' version and date under both
    fewer_lines: bool = False  # the sheet's reshare of its columns (a card's grids keep theirs)

    def sheet_sizes(self) -> dict[str, float]:
        """What the cards change of the sheet's look (the choice of size and the back are the cards' own)."""
        return self.model_dump(
            exclude={
                "comfortable_pt",
                "large_max_body_pt",
                "back_title_pt",
                "back_subtitle_pt",
                "back_line_pt",
                "back_version_pt",
            }
        )


class TightHeads(Model):
    """A tight sheet's section bands and tables' titles, sized from its body (rsstyle22): the band's
    title this much over the body, its padding this many times the body, the tables' titles this
    much over the body (KOLAPS's: 3.5 pt, 0.6 and 1.5 pt; layout/reference/bands.py, look.Styles)."""

    band_over_pt: float = Field(ge=0, le=6)
    band_pad: float = Field(gt=0, le=1)
    caption_over_pt: float = Field(ge=0, le=3)


class SheetLook(Model):
    margin_mm: float = Field(ge=6, le=40)  # nothing that matters within 6 mm of the sheet's edge
    header_mm: float = Field(ge=4, le=30)
    footer_mm: float = Field(ge=3, le=30)
    columns: int = Field(ge=1, le=3)
    column_gap_mm: float = Field(ge=2, le=20)
    body_pt: float = Field(ge=6, le=14)  # body text never below 6 pt
    min_body_pt: float = Field(ge=6, le=14)
    max_body_pt: float = Field(ge=6, le=14)
    body_step_pt: float = Field(gt=0, le=2)
    leading: float = Field(ge=1, le=2)
    cell_padding_pt: float = Field(ge=0, le=10)
    max_cell_lines: int = Field(default=0, ge=0, le=10)  # the cards' (layout/reference/cards.py); 0: no limit
    # the sheet's: its grids' columns reshared so no cell wraps where another column has room (fewer_row_lines)
    fewer_lines: bool = False
    note_pt: float | None = Field(default=None, ge=6, le=14)  # a reference deck's notes, one size (None: the body's)
    table_gap_mm: float = Field(ge=0, le=20)
    split_min_mm: float = Field(ge=0, le=200)  # a section breaking at a column's foot leaves this much there
    whole_within_pt: float = Field(ge=0, le=4)  # a body this much smaller may keep the last page's sections whole
    # a grid this much smaller than the body may keep its short cells whole (« Coup puissant »), none over max_cell_lines
    short_cells_within_pt: float = Field(default=0, ge=0, le=2)
    balance_within: float = Field(default=1, gt=0, le=1)  # the last page's columns end within this share of a column
    # a column that ends this much short of its page's foot or more spreads its tables' rows...
    stretch_from_mm: float = Field(default=0, ge=0, le=200)  # 0: never
    stretch_row_pt: float = Field(default=0, ge=0, le=8)  # ...each row (and its text under it) by at most this
    stretch_gap_pt: float = Field(default=0, ge=0, le=30)  # ...then each gap between its tables by at most this
    # heads tried in turn, after KOLAPS's, on a sheet whose body KOLAPS's would make smaller
    tight_heads: list[TightHeads] = Field(default_factory=no_items)
    heads: int = Field(default=0, ge=0)  # the sheet's: 0 KOLAPS's, else tight_heads[heads - 1] (the fit's choice)
    # larger heads keep the last page's columns within this share of a column of each other, or as level as the tightest
    heads_level_within: float = Field(default=1, gt=0, le=1)
    # the title line's names at least this much over the section bands' titles (review 22b, S2: the d12
    # sheet's 17 pt bands under its 15 pt title read upside down); KOLAPS's size where that is larger
    title_over_band_pt: float = Field(default=2, ge=0, le=10)
    colours: dict[str, StyleColour] = Field(description="A system's colour by its id: a palette name")
    default_colour: StyleColour
    card: CardLook
    reference_cards: ReferenceCardsLook

    def at_body(self, body: float, heads: int = 0) -> SheetLook:
        """The look with its body at body (pt): the section bands and the tables' titles follow it
        as on KOLAPS's sheet (layout/reference/look.Styles: body + 3.5 pt, body + 1.5 pt), or as
        tight_heads[heads - 1] says."""
        return self.model_copy(update={"body_pt": body, "heads": heads})

    def tight_band(self) -> tuple[float, float] | None:
        """The section band's (title over the body, pt; padding, times the body), None for KOLAPS's."""
        if not self.heads:
            return None
        tight = self.tight_heads[self.heads - 1]
        return tight.band_over_pt, tight.band_pad

    def for_cards(self) -> SheetLook:
        """The sheet's look with the reference cards' sizes; a deck's table steps its own size down
        (reference_cards._kept_table), never by the sheet's short_cells_within_pt (cells17: the 3d6
        poker's « Combat » set as a grid at 6.75 pt where its text under its rows holds 7.5)."""
        return self.model_copy(update={**self.reference_cards.sheet_sizes(), "short_cells_within_pt": 0})

    def colour(self, ruleset_id: str) -> Color:
        """The system's colour: its title band, section bars and card bands."""
        return as_colour(self.colours.get(ruleset_id, self.default_colour))


def sheet_look() -> SheetLook:
    """data/layouts/rulesets.yaml; KolapsError (located) if a value is wrong."""
    return load_layout("rulesets", SheetLook)


def paragraph_style(name: str, font: str, size: float, leading: float, colour: Color | None = None) -> ParagraphStyle:
    """A text style of the rulesets' sheet and cards: leading in multiples of the size, ink unless said."""
    return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * leading, textColor=colour or ink())
