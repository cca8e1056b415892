"""The character card's layout data (data/layouts/card.yaml) as a checked model."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.style import StyleColour, StyleSize, StyleSpace
from kolaps_print.model.choices import Edition
from kolaps_print.model.common import Model, no_entries

Mm = float
# What the renderers assume of a hand-edited card.yaml: sizes they divide by or stack are above
# zero, gaps and positions are not negative, text is readable and no line is thicker than a box.
Length = Annotated[float, Field(gt=0, le=200)]  # mm: a height, a width, a row
Gap = Annotated[float, Field(ge=0, le=100)]  # mm: a gap, a padding, a position from the top
FontSize = Annotated[float, Field(ge=4, le=40)]  # points
LinePt = Annotated[float, Field(ge=0, le=5)]  # points
Tracking = Annotated[float, Field(ge=-2, le=5)]  # points between capitals


class TextSpec(Model):
    baseline: Gap
    size: FontSize


class Colours(Model):
    """Names from the house palette (style.yaml), read as CMYK."""

    ink: StyleColour
    muted: StyleColour
    rule: StyleColour
    box: StyleColour
    hint: StyleColour
    blood: StyleColour
    on_colour: StyleColour
    tint: float = Field(ge=0, le=1)


class NameBand(Model):
    height: Length
    size: FontSize
    # archetype · function under the name (small cards: the footer keeps the stamp and the legend);
    # the name then sits as high as the safe area allows
    subtitle: TextSpec | None = None


class Avatar(Model):
    height: Length
    size: FontSize
    pad: Gap
    star: Length  # star radius
    gap: Gap
    # the labelled pill when every name of the army fits beside its marks at this size or more
    # (the name still reads first); else the bare star, only on the Avatar whose name needs the room
    pill_name_floor: FontSize = 11


class EmblemStyle(Model):
    """The affiliation's emblem before the name in the band (layout/emblems.py)."""

    radius: Length  # the circle's; other shapes are scaled to look as large
    gap: Gap  # between the emblem and the name


class Portrait(Model):
    top: Gap
    width: Length
    height: Length
    border_pt: LinePt


class Stats(Model):
    top: Gap
    height: Length
    gap: Gap
    radius: Gap
    label: TextSpec
    value: TextSpec
    detail: TextSpec | None = None  # what the value is (« seuil par dé »); none on small cards
    fit: Literal["equal", "content", "auto"] = "equal"  # content: tiles as wide as their values need;
    # auto: equal unless a value of the army would have to shrink in an equal tile
    unit_floor: FontSize | None = None  # small cards: the army's MVT values may go down to this size to hold
    # « cm » after them (the number stays the primary read); none: the value alone when « cm » does not fit


class Body(Model):
    top: Gap
    bottom_gap: Gap
    leading: float | None = Field(None, ge=1, le=2)  # the body's own line height (small cards: tighter)
    shrink_step: float = Field(gt=0, lt=0.5)


class Section(Model):
    size: FontSize
    height: Length
    gap_before: Gap = 0
    rule_pt: LinePt
    tracking: Tracking = 0  # extra space between capitals, in points


class WeaponStyle(Model):
    name_size: FontSize
    range_size: FontSize
    traits_size: FontSize
    gap: Gap


class SpecialisationStyle(Model):
    size: FontSize
    gap: Gap
    legend: bool = True  # what « † E27 » means, under the texts; small cards leave it to the book
    hang: Gap = 0  # the wrapped lines of a specialisation indented this much (mm), as the traits' (reminder.hang)


class ReminderStyle(Model):
    """FACULTÉS, under the weapons: what each of their traits does."""

    size: FontSize
    gap: Gap  # after each trait
    run_in: bool = False  # every trait in one paragraph (« Tranchant. … · Deux mains. … »), for small cards
    heading: bool = True  # FACULTÉS over them; small cards set the paragraph right under the weapons instead
    hang: Gap = 0  # the wrapped lines of a trait indented this much (mm): a runt (« échec ») never reads as a new trait


class Notes(Model):
    """A ruled NOTES area closing the body of a card taller than the reference (tarot) that has room
    for it: the pencil lines a player writes on at the table, in place of a blank third of the card."""

    pitch: Length  # from one ruled line to the next: a pencil's handwriting
    rule_pt: LinePt
    min_lines: int = Field(2, ge=1, le=20)  # fewer would read as a stray rule: the room stays empty
    clear: Gap = 0  # kept between the last line and the body's foot (over the foot band)
    legend_lift: Gap = 0  # the marks' legend closing the area ends this far over the body's foot


class Footer(Model):
    height: Length
    size: FontSize
    baseline: Gap  # from the top of the strip
    # the stamp (version or kit date, data hash), in place of the game's name: printed, so >= 6 pt
    stamp_size: FontSize = Field(6.0, ge=6)
    # army: the army · affiliation; marks: only what must be there (the stamp, and the marks' legend
    # when a card prints one), on small cards whose band holds the archetype · function
    shows: Literal["army", "marks"] = "army"


class CompactFront(Model):
    """What changes on a card narrower than the reference (mini): room goes to the rules."""

    band: NameBand | None = None
    stats: Stats | None = None
    body: Body | None = None
    section: Section | None = None
    weapon: WeaponStyle | None = None
    specialisation: SpecialisationStyle | None = None
    reminder: ReminderStyle | None = None
    footer: Footer | None = None


class Front(Model):
    band: NameBand  # the character's name on the affiliation colour
    subtitle: TextSpec
    avatar: Avatar
    emblem: EmblemStyle
    portrait: Portrait
    stats: Stats
    body: Body
    section: Section
    weapon: WeaponStyle
    specialisation: SpecialisationStyle
    reminder: ReminderStyle
    footer: Footer
    notes: Notes | None = None  # only on a card taller than the reference (card_front)
    compact: CompactFront | None = None

    def for_width(self, width: float, reference: float) -> Front:
        """The compact arrangement on a card narrower than the reference (mini), else this one."""
        if self.compact is None or width >= reference:
            return self
        changes = {k: v for k, v in self.compact if v is not None}
        return self.model_copy(update=changes | {"compact": None})


class BackBand(Model):
    # its height is the front band's: the two faces share one frame (the fold layout shows no step)
    name_size: FontSize
    stats_size: FontSize  # the stat line (4+ · 10/20 cm · 4D6), so players need not flip the card
    stats_share: float = Field(
        0.45, gt=0, le=0.6
    )  # of the width, at most, for the stat line (the character's name comes first)
    # band: the stat line in the band, beside the name (or under it); below: under the band, where
    # the front has its role line, and the name alone in the band at the front's size (tarot)
    stats_place: Literal["band", "below"] = "band"


class Morale(Model):
    row: Length
    text_size: FontSize
    style: Literal["levels", "track"] = "levels"  # levels: a row per level with what it allows;
    # track: one row of boxes 6 -> 1 after an inline label (the reference sheet has the texts)
    group_gap: Gap = 0  # track: between levels that allow different things


class Status(Model):
    label_size: FontSize
    aff_width: Length
    group_gap: Gap
    labels: Literal["above", "inline"] = "above"  # inline: left of the boxes, on their row


class Locations(Model):
    row: Length
    roll_size: FontSize
    name_size: FontSize
    column_gap: Gap
    modifiers: Literal["beside", "grouped"] = "beside"  # each box's severity modifier left of it, in black,
    # so the box stays empty for the pencil; grouped: once before each run of boxes with the same one (+1 □□ +2 □)
    modifier_size: FontSize = Field(7, ge=7)  # read at arm's length, in solid black
    modifier_gap: Gap = 0.5  # between a modifier and its box
    names: Literal["full", "short"] = "full"  # short: wounds.yaml's short names (« Bras g. ») on small cards
    roll_gap: Gap = 1.0  # between the roll number and the location's name
    name_bold: bool = False  # the location names in bold: never quieter than the 7 pt black modifiers beside them
    head_size: FontSize = 6  # the column heads in the section's title row (gravité, Hém., C)
    box: Length | None = None  # its tick boxes, drop and C box, when smaller than the back's (≥ 3: a pencil tick)
    modifier_clear: Gap = 0.8  # between a box and the next box's modifier, besides box_gap (not scaled on larger cards)
    box_gap: Gap | None = None  # after a wound box in its row (None: the back's box_gap)
    drop_clear: Gap | None = None  # the least room between the last wound box and the drop's place (None: column_gap)
    # the haemorrhage drop's size, at the right of its column (None: a box's): a narrower drop keeps
    # clear of the last wound box where the row has no room to give (mini)
    drop: Length | None = None

    def grown(self, k: float, box: float) -> Locations:
        """The rows k times as large: their type, heights, gaps and boxes (box: the back's, when
        the rows have none of their own)."""
        grown = _scaled(self, k, k)
        return grown.model_copy(update={"box": (self.box or box) * k})


class Cumulative(Model):
    row: Length
    size: FontSize
    label_gap: Gap
    value_gap: Gap = 1.5  # kept clear between the values of neighbouring columns (7,5/15 │ 5/10)
    show: bool = True  # the reference sheet has the table too: small cards may leave it out
    labels: bool = True  # False: no label column: the rows follow the band's stat line (4+ · 10/20 · 4D6)
    names: Literal["full", "short"] = (
        "full"  # short: the stats' names (RNG, MVT, CIB) label the rows, as on the front's tiles
    )
    split_moves: bool = (
        False  # the walk and the run on two lines under one MVT label (a narrow cell: 12,5/25 is too wide)
    )
    # the rows when an army's walk/run pairs are too wide for a cell and split into Marche and
    # Course rows (card_back.py): one row more in about the same height, so the back still fits
    split_row: Length | None = None
    label_tracking: float = Field(
        0.3, ge=0
    )  # the row labels' letter spacing (pt): none on mini, where « Marche cm » needs the room


class CompactBack(Model):
    """What changes on a card too small for the back at full size; the rest is the back's."""

    gap: Gap | None = None
    bottom: Mm | None = Field(None, ge=0)
    box: Mm | None = Field(None, ge=3.5, le=20)
    box_gap: Gap | None = None
    band: BackBand | None = None
    section: Section | None = None
    morale: Morale | None = None
    status: Status | None = None
    locations: Locations | None = None
    cumulative: Cumulative | None = None


class Fill(Model):
    """A card larger than the reference (tarot): the back grows into its height rather than leaving
    dead gaps between its sections. Its boxes, rows and gaps first, as far as width and height hold
    (type stays: it has grown with the card), then its rows' height; what is left goes to the gaps."""

    most: float = Field(ge=1, le=2)  # the boxes and rows grow up to this much
    rows: float = Field(1.0, ge=1, le=2)  # then the rows' height up to this much more
    gap: Gap = 0  # kept between sections, at least, as the back grows


class LargeBack(Model):
    """What changes on a card larger than the reference (tarot), before its lengths are scaled."""

    band: BackBand | None = None
    status: Status | None = None
    cumulative: Cumulative | None = None
    fill: Fill | None = None


class Back(Model):
    band: BackBand
    footer: Length  # a band of colour at the foot, as on the front: duplex drift shows colour against colour
    section: Section
    gap: Gap
    spread: Gap = 3  # added to each gap at most when the card is taller than needed
    bottom: Mm = Field(ge=0)
    box: Mm = Field(ge=3.5, le=20, description="tick boxes must take a pencil mark")
    box_gap: Gap
    box_pt: LinePt
    hint_size: FontSize
    morale: Morale
    status: Status
    locations: Locations
    cumulative: Cumulative
    compact: CompactBack | None = None
    large: LargeBack | None = None
    fill: Fill | None = None  # the large card's (large.fill once for_card has taken it)

    def for_larger(self) -> Back:
        """The back of a card larger than the reference: large's changes taken (if any)."""
        if self.large is None:
            return self
        return self.model_copy(update={k: v for k, v in self.large if v is not None} | {"large": None})

    def grown(self, k: float) -> Back:
        """Its boxes, the morale and location rows and the section heights k times as large (Fill);
        type, the bands, the status groups' spacing, the wound table and the gaps between sections
        kept: the table's rows hold its type, and the status row needs its width for the boxes."""
        update = {name: _scaled(getattr(self, name), k, 1.0) for name in ("section", "morale", "cumulative")}
        update["locations"] = self.locations.grown(k, self.box).model_copy(
            update={n: getattr(self.locations, n) for n in ("roll_size", "name_size", "modifier_size", "head_size")}
        )
        return self.model_copy(update=update | {"box": self.box * k, "box_gap": self.box_gap * k})

    def taller_rows(self, k: float) -> Back:
        """Its rows k times as tall (boxes and type kept): the room a Fill has left."""
        cu = self.cumulative
        return self.model_copy(
            update={
                "morale": self.morale.model_copy(update={"row": self.morale.row * k}),
                "locations": self.locations.model_copy(update={"row": self.locations.row * k}),
                "cumulative": cu.model_copy(update={"row": cu.row * k, "split_row": (cu.split_row or cu.row) * k}),
            }
        )

    def variants(self) -> list[Back]:
        """Full first, then the compact arrangement (if any): the back takes the first that fits."""
        if self.compact is None:
            return [self]
        changes = {k: v for k, v in self.compact if v is not None}
        return [self, self.model_copy(update=changes | {"compact": None})]


StatusGroup = Literal["offensive", "aff", "fatigue"]
EVERY_STATUS: tuple[StatusGroup, ...] = ("offensive", "aff", "fatigue")


class Shows(Model):
    """Which elements a card prints: every one for the full rules; a rules edition that drops a
    rule (the quick-start, E86) drops what only that rule uses. Labels and geometry stay the layout's."""

    avatar: bool = True  # the AVATAR pill on the front, the star on the back
    traits: bool = True  # each weapon's traits, FACULTÉS, and the bands a trait gives (else the general bands)
    specialisations: bool = True
    morale: bool = True  # the back's MORAL track
    status: list[StatusGroup] = Field(default_factory=lambda: list(EVERY_STATUS))  # the back's boxes, in this order
    note: str | None = None  # a label key (cards.front.KEY): a closing line saying which edition this is
    ruling: str | None = Field(None, pattern=r"^E\d+$")  # the note's erratum, printed « † E86 »
    note_size: FontSize | None = None  # the note's type; None: the weapons' reminders' size
    # moved down to the foot, the note (and the legend under it) ends this much higher than the
    # body's foot, when the body leaves that room above it: its last line clear of the foot band
    note_lift: Gap = 0.0
    turn: bool = False  # the `demo_turn` block: this character's turn, with its numbers (the demo's)
    turn_size: FontSize | None = None  # its type; None: the weapons' reminders' size
    # the front's body type may grow up to this much (one size for the army, the largest its cards
    # hold): an edition that prints little (the demo's) fills its cards instead of leaving them 60 % empty
    grow: float = Field(1.0, ge=1, le=2)
    # the back's location rows (type, boxes, row height) may grow up to this much, as large as every
    # back of the army holds: the demo's backs, with no morale nor status, left 15–20 mm empty
    back_grow: float = Field(1.0, ge=1, le=2)
    # the back's wound table gives the walk and the run on rows of their own (Marche, Course), not
    # « 7,5/15 » in one cell: an edition whose backs hold little else (the demo's) has the room
    split_moves: bool = False


class ReferenceSize(Model):
    width: Length
    height: Length


class CardLayout(Model):
    min_font: Annotated[float, StyleSize, Field(ge=4, le=12)]
    margin: Annotated[Mm, StyleSpace, Field(ge=0, le=10)]
    safe: Annotated[Mm, StyleSpace, Field(ge=0, le=10)] = 0.0  # text keeps this far from every trim
    leading: float = Field(ge=1, le=2)
    bleed_paint: Mm = Field(ge=0, le=20)
    reference_size: ReferenceSize
    max_scale: float = Field(1.0, ge=1, le=3)
    type_gain: float = Field(1.0, ge=1, le=3)  # a larger card's type grows this many times faster than its lengths
    max_type_scale: float = Field(1.0, ge=1, le=3)
    back_type_room: float = Field(1.0, ge=1, le=2)  # the back's type may outgrow its (width-bound) lengths this much
    colours: Colours
    front: Front
    back: Back
    editions: dict[Edition, Shows] = Field(default_factory=no_entries)  # an edition not listed shows everything
    shows: Shows = Field(default_factory=Shows)  # the edition in use (for_edition())

    def for_edition(self, edition: Edition) -> CardLayout:
        """This layout printing what the rules edition plays (the full rules: everything)."""
        # Shows.model_construct(): the defaults, as Shows() makes them (pydantic does not validate
        # defaults) without making its validator in a run whose layouts come from the cache
        return self.model_copy(update={"shows": self.editions.get(edition, Shows.model_construct())})

    def scale_for(self, width: float, height: float) -> float:
        """How much a card of this size grows the faces: by its area, never below 1 (small cards fit instead)."""
        ref = self.reference_size
        return min(self.max_scale, max(1.0, ((width * height) / (ref.width * ref.height)) ** 0.5))

    def for_card(self, width: float, height: float) -> CardLayout:
        """This layout with both faces' lengths and type sizes grown for a larger card (margins kept)."""
        front = self.front.for_width(width, self.reference_size.width)
        k = self.scale_for(width, height)
        if k == 1.0:
            return self.model_copy(update={"front": front})
        type_k = min(self.max_type_scale, 1 + (k - 1) * self.type_gain)  # type grows faster than lengths
        back_k = max(1.0, min(k, width / self.reference_size.width))  # the back's rows of boxes need the width
        back_type = max(back_k, min(type_k, back_k * self.back_type_room))
        back = _scaled(self.back.for_larger(), back_k, back_type)
        return self.model_copy(update={"front": _scaled(front, k, type_k), "back": back})


_RATIOS = frozenset({"shrink_step", "army_share", "tint", "stats_share"})  # fractions, not lengths or sizes
# the footer's stamp is looked up, not read at arm's length: the same 6 pt on every card size, so a
# tarot's (type × 1.4) stays inside its footer band
# the floor: a name's size on any card; a box's clear before the next modifier, and a location's
# roll before its name (a constant before card.yaml named it): the same mm on any card
# (a Fill's factors are ratios too)
_UNSCALED = _RATIOS | {"stamp_size", "pill_name_floor", "modifier_clear", "roll_gap", "min_lines", "most", "rows"}


def _scaled(value, k: float, type_k: float):
    """Every length of a layout section times k, every type size (a name ending in size) times type_k."""
    if isinstance(value, Model):
        names = [n for n in type(value).model_fields if n not in _UNSCALED]
        return value.model_copy(update={n: _scaled_field(n, getattr(value, n), k, type_k) for n in names})
    return value


def _scaled_field(name: str, value, k: float, type_k: float):
    if isinstance(value, Model):
        return _scaled(value, k, type_k)
    if isinstance(value, float | int) and not isinstance(value, bool):
        return value * (type_k if name == "size" or name.endswith("_size") else k)
    return value


def card_layout() -> CardLayout:
    return load_layout("card", CardLayout)
