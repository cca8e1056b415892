"""The house style (data/layouts/style.yaml): the one palette, type scale and spacing.

Every product takes its colours from here, by name, as CMYK: a press prints inks, not screen
light, and text must come out solid black on one plate. Product layout files name entries
(`ink: ink`, `min_font: floor`) with the annotated types below, which check the name and
resolve it when the file is read, so a typo is a located error in that file.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, ValidationInfo, field_validator
from reportlab.lib.colors import CMYKColor

from kolaps_print.layout.data_files import STYLE, load_layout
from kolaps_print.model.common import Model

CMYK = tuple[float, float, float, float]  # each ink 0..1
Percent = Annotated[float, Field(ge=0, le=100)]


class HouseTable(Model):
    """The one look of a table in every product (style.yaml `table`): palette names, the rule in points."""

    head_fill: str
    head_text: str
    rows: tuple[str, ...] = Field(min_length=1, max_length=4)  # the body rows cycle through these
    rule: str  # under the head row and under the last row
    rule_pt: float = Field(gt=0, le=2)
    first_column: Literal["bold", "regular"] = "bold"  # the body's first column names its row (a rank, a die face)
    # A table of whole_rows body rows or fewer never splits (over a column or a page); a longer one
    # splits leaving split_rows rows at least on each side (a print designer's rule, every product).
    whole_rows: int = Field(default=6, ge=1, le=20)
    split_rows: int = Field(default=3, ge=1, le=10)
    # A table's caption keeps its font's whole descent and this much more (pt) over the table's head
    # band: where the room under its baseline is less, it is drawn that much higher in its line.
    caption_clear_pt: float = Field(default=1.0, ge=0, le=5)


class HouseAside(Model):
    """A boxed aside's look (style.yaml `aside`: an example, a note): palette names, its type
    relative to the running text and its geometry, in points."""

    fill: str
    edge: str
    edge_pt: float = Field(ge=0.2, le=6)
    frame: bool  # the edge's rule all round, else down the left edge only
    head_ink: str
    head_step: float = Field(ge=-3, le=4)
    head_leading: float = Field(ge=1, le=2)
    head_after: float = Field(ge=0, le=12)
    text_step: float = Field(ge=-3, le=2)
    leading_step: float = Field(ge=-4, le=4)
    after: float = Field(ge=0, le=12)
    item_after: float = Field(ge=0, le=12)
    pad: tuple[float, float, float, float]  # top, right, bottom, left
    before: float = Field(ge=0, le=30)
    below: float = Field(ge=0, le=30)


class HouseAsides(Model):
    example: HouseAside
    note: HouseAside


class HouseStyle(Model):
    palette: dict[str, tuple[Percent, Percent, Percent, Percent]]
    table: HouseTable
    aside: HouseAsides
    type: dict[str, Annotated[float, Field(ge=4, le=72)]]  # points
    space: dict[str, Annotated[float, Field(ge=0, le=100)]]  # mm

    @field_validator("table")
    @classmethod
    def _table_names_palette_colours(cls, table: HouseTable, info: ValidationInfo) -> HouseTable:
        palette = info.data.get("palette", {})
        names = (table.head_fill, table.head_text, *table.rows, table.rule)
        unknown = [n for n in names if n not in palette]
        if unknown:
            raise ValueError(f"'{unknown[0]}' is not a colour of the palette (it has {', '.join(palette)})")
        return table

    @field_validator("aside")
    @classmethod
    def _aside_names_palette_colours(cls, aside: HouseAsides, info: ValidationInfo) -> HouseAsides:
        palette = info.data.get("palette", {})
        names = [n for a in (aside.example, aside.note) for n in (a.fill, a.edge, a.head_ink)]
        unknown = [n for n in names if n not in palette]
        if unknown:
            raise ValueError(f"'{unknown[0]}' is not a colour of the palette (it has {', '.join(palette)})")
        return aside


def house_style() -> HouseStyle:
    """data/layouts/style.yaml of the data folder in use; KolapsError (located) if it is wrong."""
    return load_layout(STYLE, HouseStyle)


def cmyk(name: str) -> CMYK:
    """A palette colour as ink fractions; KeyError names the colours there are."""
    palette = house_style().palette
    if name not in palette:
        raise KeyError(f"'{name}' is not a colour of the house style (style.yaml has {', '.join(palette)})")
    return tuple(v / 100 for v in palette[name])  # type: ignore[return-value]


def colour(name: str, alpha: float = 1.0) -> CMYKColor:
    """A palette colour for reportlab (fills and strokes come out as k / K operators)."""
    return CMYKColor(*cmyk(name), alpha=alpha)


def as_colour(ink: CMYK) -> CMYKColor:
    return CMYKColor(*ink)


def tint(ink: CMYK, strength: float) -> CMYK:
    """ink screened to this strength (0: paper, 1: the colour itself)."""
    return tuple(v * strength for v in ink)  # type: ignore[return-value]


def markup(ink: CMYK) -> str:
    """The colour as paragraph markup reads it (<font color=...>), still CMYK."""
    return "cmyk({:g},{:g},{:g},{:g})".format(*ink)


@dataclass(frozen=True)
class TablePaint:
    """The house table as inks: what every product's table paints (its sizes stay its own)."""

    head_fill: CMYK
    head_text: CMYK
    rows: tuple[CMYK, ...]
    rule: CMYK
    rule_pt: float
    first_column_bold: bool  # the body's first column set bold, as its head

    def bold_columns(self, header: Sequence[str], rows: Sequence[Sequence[str]] = ()) -> frozenset[int]:
        """The body columns set bold: the one that names the row, the first (a rank, a die face),
        and in a table laid in pairs side by side (« Écart, Chance, Écart, Chance »), each column
        headed as the first. Where the first column only numbers steps in order (« 1, 2, 3 »
        under « Phase », not a die's faces) and the next names them in a word or two
        (« Initiative », « Action », « Bilan »), the name is bold: a reader looks a step up by it; so
        where the first column is unheaded (a numbered list hung, « Moral »'s: fix20, review 19 S3),
        whose lead numbers are bold too, in every hung list as in the die-numbered one (review 23,
        N9: « Le tour de jeu »'s 1 2 3 and « Moral »'s « 6 à 4 » were regular beside bold faces)."""
        if not self.first_column_bold or not header:
            return frozenset()
        if unheaded_numbers(header):  # a hung list (the walk-through's too): its numbers and names
            return frozenset({0, 1})
        if _numbers_named_steps(header, rows):
            return frozenset({1})
        return frozenset(i for i, head in enumerate(header) if head == header[0])


NAME_WORDS = 3  # a cell of this many words or fewer names its row; a longer one tells what happens
DIE = re.compile(r"\d*[dD]\d+")  # « D6 », « 1D6 − nb de… »: a die's faces, looked up by their number


def unheaded_numbers(header: Sequence[str]) -> bool:
    """Whether a table's first column is a hung list's numbers, unheaded (tables.hung_columns): its
    names, the next column, are what it sets bold and is measured in."""
    return len(header) > 1 and not header[0]


def _numbers_named_steps(header: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """Whether the first column numbers the rows 1, 2, 3… (steps, not a die's faces) and the
    second names each in a few words."""
    if len(header) < 3 or not rows or DIE.search(header[0]):
        return False
    numbered = [row[0].strip() for row in rows] == [str(n) for n in range(1, len(rows) + 1)]
    named = all(0 < len(row[1].split()) <= NAME_WORDS and any(c.isalpha() for c in row[1]) for row in rows)
    return numbered and named  # a count (« Blessures » 1 to 6 over values) is looked up by its number


def table_paint() -> TablePaint:
    table = house_style().table
    return TablePaint(
        cmyk(table.head_fill),
        cmyk(table.head_text),
        tuple(map(cmyk, table.rows)),
        cmyk(table.rule),
        table.rule_pt,
        table.first_column == "bold",
    )


@dataclass(frozen=True)
class TableBreaks:
    """Where any product may break a table (style.yaml `table`): never one of whole_rows body rows
    or fewer; a longer one with split_rows rows at least on each side."""

    whole_rows: int
    split_rows: int

    def may_split(self, body_rows: int) -> bool:
        return body_rows > self.whole_rows and body_rows >= 2 * self.split_rows


def table_breaks() -> TableBreaks:
    table = house_style().table
    return TableBreaks(table.whole_rows, table.split_rows)


def table_commands(rows: int, group: int = 1) -> list[tuple]:
    """The house table as reportlab TableStyle commands (the book, the quick-start, the proof), for
    a table of this many rows, its head first: what layout/reference/tables.py paints as shapes.
    group: body rows that read as one (a row and the texts set under it), one zebra shade each."""
    paint = table_paint()
    rule = (paint.rule_pt, as_colour(paint.rule))
    commands: list[tuple] = [
        ("BACKGROUND", (0, 0), (-1, 0), as_colour(paint.head_fill)),
        ("LINEBELOW", (0, 0), (-1, 0), *rule),
        ("LINEBELOW", (0, -1), (-1, -1), *rule),
    ]
    fills = [as_colour(ink) for ink in paint.rows]
    return commands + [("BACKGROUND", (0, r), (-1, r), fills[(r - 1) // group % len(fills)]) for r in range(1, rows)]


def type_size(name: str) -> float:
    return _named(house_style().type, name, "size")


def space(name: str) -> float:
    return _named(house_style().space, name, "spacing step")


def _named(table: dict[str, float], name: str, what: str) -> float:
    if name not in table:
        raise KeyError(f"'{name}' is not a {what} of the house style (style.yaml has {', '.join(table)})")
    return table[name]


def _resolver(lookup):
    def resolve(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        try:
            return lookup(value)
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None

    return BeforeValidator(resolve)


# For product layout files: a palette name (only: no second copy of a colour), a size or a step
# by name (or a number, where a product needs its own).
StyleColour = Annotated[CMYK, _resolver(cmyk)]
StyleSize = _resolver(type_size)
StyleSpace = _resolver(space)


# An army's colour is written "#rrggbb" (data/rulesets/kolaps/affiliations.yaml, army files): this is the one
# place it becomes inks. The naive formula (all the grey into black) prints dark colours flat
# and muddy, so the mix is chosen in the model screens use to show CMYK (Adobe's corners of
# the CMYK cube, as poppler and pdfium interpolate them): the inks that look like the colour.
_CORNERS = {
    (0, 0, 0, 0): (1, 1, 1),
    (0, 0, 0, 1): (0.1373, 0.1216, 0.1255),
    (0, 0, 1, 0): (1, 0.9490, 0),
    (0, 0, 1, 1): (0.1098, 0.1020, 0),
    (0, 1, 0, 0): (0.9255, 0, 0.5490),
    (0, 1, 0, 1): (0.1412, 0, 0),
    (0, 1, 1, 0): (0.9294, 0.1098, 0.1412),
    (0, 1, 1, 1): (0.1333, 0, 0),
    (1, 0, 0, 0): (0, 0.6784, 0.9373),
    (1, 0, 0, 1): (0, 0.0588, 0.1412),
    (1, 0, 1, 0): (0, 0.6510, 0.3137),
    (1, 0, 1, 1): (0, 0.0745, 0),
    (1, 1, 0, 0): (0.1804, 0.1922, 0.5725),
    (1, 1, 0, 1): (0, 0, 0.0078),
    (1, 1, 1, 0): (0.2118, 0.2119, 0.2106),
    (1, 1, 1, 1): (0, 0, 0),
}
MAX_INK = 2.8  # total coverage a press takes without smearing (280 %)


# The corners in pairs that differ only in black (the table's order): the cyan, magenta and
# yellow part of a pair's weights is the same product, made once.
_CORNER_PAIRS = tuple(
    (cmy, (_CORNERS[(*cmy, 0)], _CORNERS[(*cmy, 1)])) for cmy in dict.fromkeys(corner[:3] for corner in _CORNERS)
)


def _seen(ink: CMYK) -> tuple[float, float, float]:
    """The screen colour of a CMYK mix: the corners weighted by how much of each ink is laid.
    Unrolled (the fit calls it some 2000 times a colour), with the products and sums of the
    plain formula in its order (1.0 × cyan × magenta × yellow × black, corner after corner),
    so the fit's floats, hence its inks, are what they always were (tests/layout/test_style.py)."""
    c, m, y, k = ink
    cyan, magenta, yellow = (1 - c, c), (1 - m, m), (1 - y, y)
    no_black, black = 1 - k, k
    red = green = blue = 0.0
    for (lc, lm, ly), ((r0, g0, b0), (r1, g1, b1)) in _CORNER_PAIRS:
        cmy = 1.0 * cyan[lc] * magenta[lm] * yellow[ly]
        weight = cmy * no_black
        red += weight * r0
        green += weight * g0
        blue += weight * b0
        weight = cmy * black
        red += weight * r1
        green += weight * g1
        blue += weight * b1
    return red, green, blue


def _miss(target: tuple[float, ...], ink: CMYK) -> float:
    over = max(0.0, sum(ink) - MAX_INK)
    red, green, blue = _seen(ink)
    return (target[0] - red) ** 2 + (target[1] - green) ** 2 + (target[2] - blue) ** 2 + over * over


def _best_cmy(target: tuple[float, ...], black: float) -> CMYK:
    """Cyan, magenta, yellow for this black, found by steps halved from 25 % down to 0.1 %."""
    ink = (0.5, 0.5, 0.5, black)
    miss = _miss(target, ink)
    step = 0.25
    while step > 0.001:
        moved = True
        while moved:
            moved = False
            for i, sign in itertools.product(range(3), (1, -1)):
                trial = list(ink)
                trial[i] = min(1.0, max(0.0, trial[i] + sign * step))
                trial_miss = _miss(target, tuple(trial))  # type: ignore[arg-type]
                if trial_miss < miss:
                    ink, miss, moved = tuple(trial), trial_miss, True  # type: ignore[assignment]
        step /= 2
    return ink


@cache
def cmyk_of_hex(hex_colour: str) -> CMYK:
    """The CMYK mix (whole percents, so no float noise reaches the PDF) that looks most like
    "#rrggbb": black tried in 5 % steps, the three colours fitted to each."""
    value = hex_colour.lstrip("#")
    target = tuple(int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    candidates = (_best_cmy(target, k / 20) for k in range(21))
    best = min(candidates, key=lambda ink: _miss(target, ink))
    return tuple(round(v * 100) / 100 for v in best)  # type: ignore[return-value]


def cell_ink() -> tuple:
    """A TableStyle command: cells' default text colour is reportlab's RGB black, not our ink."""
    return ("TEXTCOLOR", (0, 0), (-1, -1), colour("ink"))
