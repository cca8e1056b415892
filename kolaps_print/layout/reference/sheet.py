"""The two-sided quick-reference sheet laid out: landscape, columns a side, one colour per section.

The type starts large and shrinks step by step, down to the legibility floor, until each
side's content fits its columns; the sheet is always exactly two pages. The geometry and the
type sizes are data/layouts/reference.yaml's; the columns become shapes here (as_shapes.py), which
draw/reference_sheet.py paints with the header and footer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.pagesizes import landscape
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from kolaps_print.content.reference import ReferencePage, ReferenceSection, reference_pages
from kolaps_print.content.tables import TableContent
from kolaps_print.fonts import SANS, SANS_BOLD, register_fonts
from kolaps_print.labels import label
from kolaps_print.layout.reference.as_shapes import box_shapes
from kolaps_print.layout.reference.bands import section_band
from kolaps_print.layout.reference.column_order import reorder
from kolaps_print.layout.reference.flow import EPSILON, FlowBox, Stack
from kolaps_print.layout.reference.look import SheetSpec, Styles, reference_look, section_colour
from kolaps_print.layout.reference.row_table import RowTable
from kolaps_print.layout.reference.tables import (
    fits_width,
    least_width,
    side_by_side,
    snug_fits,
    snug_room,
    table_block,
    table_flowable,
    whole_cells_width,
)
from kolaps_print.layout.shapes import Shape
from kolaps_print.layout.sheets import paper_size
from kolaps_print.model.gamedata import GameData
from kolaps_print.model.rules import Edition
from kolaps_print.units import pt


class SheetOverflow(Exception):
    """The content does not fit two sides even at the smallest legible size."""


@dataclass(frozen=True)
class SheetGeometry:
    """Where a side's header and columns go on the paper (mm, converted with pt() here only)."""

    paper: str
    spec: SheetSpec

    @property
    def pagesize(self) -> tuple[float, float]:
        size = paper_size(self.paper)
        return landscape((pt(size.width), pt(size.height)))

    def column_boxes(self) -> list[FlowBox]:
        w, h = self.pagesize
        spec = self.spec
        m = pt(spec.margin)
        col_w = (w - 2 * m - (spec.columns - 1) * pt(spec.gutter)) / spec.columns
        foot = pt(spec.bottom)  # the footer line under the columns, kept off the edge printers lose
        col_h = h - pt(spec.top) - foot - pt(spec.header)
        return [FlowBox(m + i * (col_w + pt(spec.gutter)), foot, col_w, col_h) for i in range(spec.columns)]


@dataclass(frozen=True)
class SheetHeader:
    """One side's title line, in points from the page's lower-left corner.

    The game's name (bold) then the sheet's title (muted) from the left; the version and date then
    its number (bold) from the right; a rule under them across the page.
    """

    left: float
    right: float
    baseline: float
    rule_y: float
    game: str
    title: str
    title_x: float  # where the title starts, after the game's name
    stamp: str  # the version and date
    stamp_right: float  # where the stamp ends, before the side's number
    number: str
    title_pt: float
    page_pt: float
    rule_pt: float


def row_units(
    row: tuple[TableContent, ...],
    section: ReferenceSection,
    width: float,
    styles: Styles,
    legend: bool = False,
    by_need: bool = False,
) -> list[Flowable]:
    """A row of tables: one block, side by side when they fit, else one block per table.

    legend: the row's first table carries the marks' legend under it (the cards' first face).
    by_need: a table short of its least width takes it from the others' share (_row_widths: the
    sheet's); else the width is shared by the tables' hints alone (the cards').
    """
    if len(row) == 1:
        return [table_block(row[0], width, styles, show_title=row[0].title != section.title, legend=legend)]
    gap = pt(3)
    room = width - gap * (len(row) - 1)
    weights = [sum(t.widths) or len(t.columns) for t in row]
    widths = _row_widths(row, room, styles) if by_need else [room * w / sum(weights) for w in weights]
    fits = [snug_fits(t, w, styles) if by_need else fits_width(t, w, styles) for t, w in zip(row, widths, strict=True)]
    if not all(fits):  # too narrow: one under the other
        return [table_block(t, width, styles, legend=legend and i == 0) for i, t in enumerate(row)]
    bodies = [table_flowable(t, w, styles, snug=by_need) for t, w in zip(row, widths, strict=True)]
    if by_need:
        _level_heads(row, widths, bodies, styles)
    blocks = [
        table_block(t, w, styles, legend=legend and i == 0, body=body)
        for i, (t, w, body) in enumerate(zip(row, widths, bodies, strict=True))
    ]
    return [side_by_side(blocks, widths, gap)]


def _level_heads(row: tuple[TableContent, ...], widths: list[float], bodies: list[RowTable], styles: Styles) -> None:
    """Each table's head band as tall as the row's tallest, when their titles start level (each on
    one line), so their rows and zebra bands line up (letter19: « Gravité suivante » in two lines set
    « Localisation »'s rows 3 mm under « Cumul des blessures »')."""
    if any(_title_width(t, styles) > w + EPSILON for t, w in zip(row, widths, strict=True)):
        return
    headed = [body for body in bodies if body.repeatRows]
    tallest = max((body.row_heights()[0] for body in headed), default=0.0)
    for body in headed:
        body.raise_head(tallest)


def _row_widths(row: tuple[TableContent, ...], width: float, styles: Styles) -> list[float]:
    """The row's tables' widths: shared by their columns' hints, but a table short of the least
    width its words need takes it from the others' share while they keep theirs (at 10 pt
    « Localisation » needs 2 pt more than its share beside « Cumul des blessures », which has 11 to spare)."""
    weights = [sum(t.widths) or len(t.columns) for t in row]
    least = [least_width(t, styles) for t in row]
    titled = [max(w, _title_width(t, styles)) for t, w in zip(row, least, strict=True)]
    if sum(titled) <= width:  # each title on one line: the tables' heads start level (review 13, N4)
        least = titled
    whole = [max(w, whole_cells_width(t, styles)) for t, w in zip(row, least, strict=True)]
    if sum(whole) <= width:  # and no cell wrapped where the others have the room (hang18: « Bras gauche »)
        least = whole
    else:  # their one-word columns' padding may give the room (letter19)
        snug = _snug_row(row, whole, width, styles)
        if snug is not None:
            return snug
    fixed: dict[int, float] = {}
    while True:  # pin the tables short of their least width, share the rest by weight
        free = [i for i in range(len(row)) if i not in fixed]
        room = width - sum(fixed.values())
        share = {i: room * weights[i] / sum(weights[j] for j in free) for i in free}
        short = {i: least[i] for i in free if share[i] < least[i]}
        if not short or len(short) == len(free):
            return [fixed.get(i, share.get(i, 0.0)) for i in range(len(row))]
        fixed.update(short)


def _snug_row(row: tuple[TableContent, ...], whole: list[float], width: float, styles: Styles) -> list[float] | None:
    """The row's widths with every cell whole and every title on one line, the tables giving what
    the row lacks from their one-word columns' padding (tables.snug_room), each in proportion to what
    it can give above its title's width (letter19: on the Letter kit sheet « Localisation » gives
    5.1 pt, from « D6 » and « Cases », and « Cumul des blessures » 0.6); None if they cannot."""
    room = [
        max(0.0, w - max(_title_width(t, styles), whole_cells_width(t, styles) - snug_room(t, styles)))
        for t, w in zip(row, whole, strict=True)
    ]
    short = sum(whole) - width
    if sum(room) < short:
        return None
    return [w - short * r / sum(room) for w, r in zip(whole, room, strict=True)]


def _title_width(table: TableContent, styles: Styles) -> float:
    """The width a table's title takes on one line (a title beside another's wraps under it else,
    and pushes its table's head down, out of step with its neighbour's)."""
    style = styles.table_title()
    return stringWidth(table.title, style.fontName, style.fontSize) + 1  # a point of slack: rounding


def _row_flowable(row: tuple[TableContent, ...], section: ReferenceSection, width: float, styles: Styles) -> Flowable:
    units = row_units(row, section, width, styles, by_need=True)
    return units[0] if len(units) == 1 else Stack(units, gap=column_gap(styles))


def section_flowables(
    section: ReferenceSection, width: float, styles: Styles, loose: bool = False, legend: bool = False
) -> list[Stack]:
    """A section as blocks to flow, tagged with its id; its band travels with its first block.

    loose: tables stacked for want of width become blocks of their own, free to move apart
    (cards); otherwise a row stays one block (the sheet's columns). legend: the section's
    first table carries the marks' legend (the cards; the sheet has it in its footer).
    """
    if loose:
        units = [
            u
            for i, row in enumerate(section.rows)
            for u in row_units(row, section, width, styles, legend=legend and i == 0)
        ]
    else:
        units = [_row_flowable(row, section, width, styles) for row in section.rows]
    band = section_band(section.title, section_colour(section.id), styles)
    units[0] = Stack([band, units[0]], gap=styles.padding * 2)
    return [_tagged(u, section.id) for u in units]


def _tagged(unit: Flowable, tag: str) -> Stack:
    if isinstance(unit, Stack):
        unit.tag = tag
        return unit
    return Stack([unit], tag=tag)


def _fit_page(page: ReferencePage, geometry: SheetGeometry, styles: Styles, house: bool) -> list[FlowBox] | None:
    boxes = geometry.column_boxes()
    if not all(fits_width(t, boxes[0].width, styles) for s in page.sections for t in s.tables):
        return None  # a column would have to break a word: try a smaller size
    units = [(s.id, i, u) for s in page.sections for i, u in enumerate(section_flowables(s, boxes[0].width, styles))]
    # A long table may continue in the next column rather than leave a quarter of one empty.
    min_split = boxes[0].height * geometry.spec.split_fraction
    return reorder(units, geometry.column_boxes, column_gap(styles), min_split, house)


def _fit_pages(
    pages: Sequence[ReferencePage], geometry: SheetGeometry, styles: Styles, house: bool = True
) -> list[list[FlowBox]] | None:
    """Every side's columns at this size, or None as soon as one side does not fit (each try
    lays out whole pages: the full sheet tries seven sizes before one fits)."""
    fitted = []
    for page in pages:
        boxes = _fit_page(page, geometry, styles, house)
        if boxes is None:
            return None
        fitted.append(boxes)
    return fitted


def column_gap(styles: Styles) -> float:
    """Between blocks down a column."""
    return styles.body * 0.9


@dataclass(frozen=True)
class SheetFooter:
    """One side's footer line under the columns, in the bottom margin: the marks' legend, quiet (points)."""

    left: float
    baseline: float
    text: str
    size: float


def _footer(geometry: SheetGeometry, styles: Styles) -> SheetFooter:
    # In the band under the columns, its descenders clear of the sheet's outer 6 mm.
    spec = geometry.spec
    return SheetFooter(
        left=pt(spec.margin),
        baseline=pt(spec.bottom) - pt(spec.footer),
        text=label("common.ruling_legend"),
        size=styles.body,
    )


@dataclass
class SheetLayout:
    geometry: SheetGeometry
    styles: Styles
    pages: tuple[ReferencePage, ...]
    boxes: list[list[FlowBox]]  # per page, its filled columns
    headers: list[SheetHeader]  # per page
    footer: SheetFooter  # the same on both sides
    content: list[list[Shape]]  # per page, its columns as shapes


def _sizes(house: bool = False) -> list[float]:
    """The body sizes to try, largest first: down to min_pt, or with house (tables cut only as the
    house allows) on down to whole_tables_pt, a step or two under it."""
    spec = reference_look().type
    least = spec.whole_tables_pt if house and spec.whole_tables_pt is not None else spec.min_pt
    steps = round((spec.max_pt - least) / spec.step_pt)
    return [spec.max_pt - i * spec.step_pt for i in range(steps + 1)]


def sheet_title(edition: Edition) -> str:
    """The sheet's one title: the header's, the PDF's (the demo's says so)."""
    return label("tables.sheet.title_demo" if edition == "quickstart" else "tables.sheet.title")


def _header(geometry: SheetGeometry, index: int, pages: int, title: str, stamp: str) -> SheetHeader:
    """The game and the sheet's title on the left; the version and date, then the side's number, on the right."""
    spec = geometry.spec
    w, h = geometry.pagesize
    m = pt(spec.margin)
    number = label("tables.sheet.page_of", page=index + 1, pages=pages)
    band = (h - pt(spec.top), pt(spec.header))
    return title_line((m, w - m), band, (label("common.game"), title), stamp, number, spec)


def title_line(
    sides: tuple[float, float],
    band: tuple[float, float],
    names: tuple[str, str],
    stamp: str,
    number: str,
    spec: SheetSpec,
) -> SheetHeader:
    """The house title line in band (its top, points from the page's foot, and its height),
    between sides (left, right), with no number on a sheet of one page: names' first (the game, a system) in bold then its second (the
    sheet's title) muted; the stamp then the number from the right; the rule under them. KOLAPS's
    sheet and the rulesets' sheets print it alike (rsstyle21)."""
    (left, right), (top, height), (game, title) = sides, band, names
    return SheetHeader(
        left=left,
        right=right,
        baseline=top - height * 0.55,
        rule_y=top - height * 0.85,
        game=game,
        title=title,
        title_x=left + stringWidth(game + "  ", SANS_BOLD, spec.title_pt),
        stamp=stamp,
        stamp_right=right - stringWidth(number + "   ", SANS_BOLD, spec.page_pt) if number else right,
        number=number,
        title_pt=spec.title_pt,
        page_pt=spec.page_pt,
        rule_pt=spec.rule_pt,
    )


def sheet_styles(size: float, spec: SheetSpec) -> Styles:
    """The sheet's styles at this body size: its cells within spec.cell_lines lines, the tables it
    names with their text under each row; a line set under its row takes its own height, as on the
    cards (the room the three-line cells cost); a table of numbers may narrow its padding to keep
    its place in a row (snug_floor)."""
    return Styles(
        size,
        cell_lines=spec.cell_lines,
        tight_under=True,
        text_under=frozenset(spec.text_under),
        snug_floor=pt(spec.gutter_floor),
    )


def _page_shapes(columns: list[FlowBox], geometry: SheetGeometry, styles: Styles) -> list[Shape]:
    height = geometry.pagesize[1]
    return [shape for box in columns for shape in box_shapes(box, column_gap(styles), height)]


def layout_sheet(data: GameData, paper: str = "a4", edition: Edition = "full", stamp: str = "") -> SheetLayout:
    """The largest body size at which both sides fit; SheetOverflow if none does.

    edition: the quick-start's sheet holds only the demo's rules; stamp: the version and date line.
    """
    register_fonts(SANS)
    geometry, pages = SheetGeometry(paper, reference_look().sheet), reference_pages(data, edition)
    # Tables cut only as the house allows (a short one never, three rows a piece) at any size first,
    # a step under the floor if need be (the full sheet on Letter: 7.25 pt keeps its modifiers
    # whole, 7.5 cut them 9 + 2); a sheet that fits no other way cuts them where their rows allow.
    tries = [(True, size) for size in _sizes(house=True)] + [(False, size) for size in _sizes()]
    for house, size in tries:
        styles = sheet_styles(size, geometry.spec)
        boxes = _fit_pages(pages, geometry, styles, house)
        if boxes is not None:
            headers = [_header(geometry, i, len(pages), sheet_title(edition), stamp) for i in range(len(pages))]
            content = [_page_shapes(columns, geometry, styles) for columns in boxes]
            return SheetLayout(geometry, styles, pages, boxes, headers, _footer(geometry, styles), content)
    raise SheetOverflow(f"the reference content does not fit two sides even at {reference_look().type.min_pt} pt")
