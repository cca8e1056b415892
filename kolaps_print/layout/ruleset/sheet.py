"""A ruleset's quick-reference sheet laid out as shapes: generic « sections of tables » from
content/ruleset_sheet.py, in the look of data/layouts/rulesets.yaml, poured down the columns of
portrait pages (layout/ruleset/flow.py), the body at the largest size that prints on the fewest
pages and the last page's columns ending level. Any ruleset prints through it; nothing here knows
a mechanic."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer

from kolaps_print.content.ruleset_sheet import (
    NUMBER,
    RulesetTable,
    SectionContent,
    column_parts,
    refolded,
    value_columns,
)
from kolaps_print.fonts import SANS, SANS_BOLD, SANS_ITALIC, register_fonts
from kolaps_print.labels import label
from kolaps_print.layout.aside import EXAMPLE, AsideShapes, aside_styles
from kolaps_print.layout.reference.as_shapes import Area, box_shapes
from kolaps_print.layout.reference.bands import paragraph, quiet
from kolaps_print.layout.reference.flow import FlowBox, Stack, house_cut
from kolaps_print.layout.reference.furniture import sheet_furniture
from kolaps_print.layout.reference.look import Styles, ink, muted, reference_look
from kolaps_print.layout.reference.row_table import BIG, EMPTY_CELL_PT, Row, RowTable, TableLook
from kolaps_print.layout.reference.sheet import SheetFooter, title_line
from kolaps_print.layout.ruleset.blocks import SectionBar
from kolaps_print.layout.ruleset.card_flow import KEY_STYLE
from kolaps_print.layout.ruleset.columns import (
    CELL_PAD,
    SLACK,
    breakable,
    cells_astray,
    column_widths,
    fewer_row_lines,
    least_widths,
    unbroken_size,
    within_lines,
)
from kolaps_print.layout.ruleset.flow import fill_column, split_between_rows
from kolaps_print.layout.ruleset.look import SheetLook, paragraph_style
from kolaps_print.layout.shapes import Shape, Text
from kolaps_print.layout.style import table_paint
from kolaps_print.provenance import mark_pattern, marked
from kolaps_print.typography import NBSP, escape, run_in, tied_end
from kolaps_print.units import pt

BAR_GAP_MM = 1.2  # between a section's bar and its first table: never alone at a column's foot
SIDE_SHARE = 0.75  # a later column of text this share of the longest as long: the other side of the event (_later_side)


class TableTooTall(ValueError):
    """A table (with its title) taller than a whole column."""


def _tables(
    table: RulesetTable,
    width: float,
    look: SheetLook,
    lead: list[Flowable],
    under: bool = False,
    grids: Grids | None = None,
) -> list[Stack]:
    """The table with its title and note, kept together with lead (its section's bar, if first);
    a table too wide for width even at the least size in parts (_column_parts), set at one size.
    Its body's first column is bold when the house table says so (measured bold: the strong column)."""
    parts, size = grids.parts(table, width, look, under) if grids is not None else _parts(table, width, look, under)
    return [_table(part, width, look, lead if i == 0 else [], size, under, grids) for i, part in enumerate(parts)]


def _parts(table: RulesetTable, width: float, look: SheetLook, under: bool = False) -> tuple[list[RulesetTable], float]:
    """The table's parts (_column_parts, after its pairs refolded to fit) and the one size they set at;
    under: its longest column's text to go under its rows, the rest measured for the width."""
    paint = table_paint()  # the house table, as on KOLAPS's sheet and in the books
    if 0 in paint.bold_columns(table.header, table.rows) and table.strong is None:
        table = replace(table, strong=0)  # measured bold
    while table.folded and len(table.header) > 2 and sum(least_widths(table, look.min_body_pt)) > width:
        table = refolded(table, len(table.header) // 2 - 1)  # too wide even at the least size: a pair fewer a row
    if under:  # the columns left beside each other whole: the table whole (3d6's Actions on a mini card)
        column = _under_column(table)
        keys = replace(table, header=_without(table.header, column), rows=[_without(r, column) for r in table.rows])
        return [table], unbroken_size(keys, width, look.body_pt, look.min_body_pt, look.body_step_pt)
    parts = _column_parts(table, width, look)
    size = min(unbroken_size(part, width, look.body_pt, look.min_body_pt, look.body_step_pt) for part in parts)
    return parts, _cells_whole_size(parts, width, size, look)


def _cells_whole_size(parts: list[RulesetTable], width: float, size: float, look: SheetLook) -> float:
    """size, or when its grids break a short cell, the largest size at most short_cells_within_pt
    below it at which they break none and set none over max_cell_lines lines (cells17: the 3d6
    sheet's « Combat » had « Coup / puissant » and « −2 REF / et DEX » at the sheet's 11.5 pt): a
    wide table sets a little smaller than its neighbours, as for its words (unbroken_size). size
    when no size that near holds."""
    if not (look.max_cell_lines and look.fewer_lines and look.short_cells_within_pt):
        return size

    def astray(at: float, lines: float) -> int:
        pad = look.cell_padding_pt
        return sum(
            cells_astray(keys, _grid_widths(keys, width, at, look, False, bold), at, pad, lines, bold)
            for keys, bold in map(_grid_keys, parts)
        )

    if not astray(size, BIG):  # no short cell broken (a cell over the lines is _within_lines's to mend)
        return size
    at = round(size - look.body_step_pt, 2)
    while at >= max(look.min_body_pt, size - look.short_cells_within_pt) - 1e-9:
        if not astray(at, look.max_cell_lines):
            return at
        at = round(at - look.body_step_pt, 2)
    return size


def _column_parts(table: RulesetTable, width: float, look: SheetLook) -> list[RulesetTable]:
    """The table whole when no word of it has to break at the least size; else (the d12 ladder's
    seven columns on a mini card: « Bo-nus », « 100 » over « % ») cut between its columns into
    the fewest parts that hold their words whole at the body size, else at the least size; the
    table whole, its heads broken at syllables, when no cut holds them."""
    if table.folded or len(table.header) < 3 or sum(least_widths(table, look.min_body_pt)) <= width + 1e-6:
        return [table]
    continued = continued_title_text(table.title)
    for least in (look.body_pt, look.min_body_pt):
        for count in range(2, len(table.header)):
            parts = column_parts(table, count, continued)
            if all(sum(least_widths(part, least)) <= width + 1e-6 for part in parts):
                return parts
    return [table]


def continued_title_text(title: str) -> str:
    """A part's title after the first: « Chance de réussir une action (suite) † D12-E3 », its
    marks kept (the proof finds them on the faces that print them)."""
    from kolaps_print.layout.reference.tables import continued_title  # KOLAPS's tables: only for a cut table

    out = continued_title(mark_pattern().sub("", title).strip())
    for found in mark_pattern().finditer(title):
        out = marked(out, found.group(1))
    return out


def text_goes_under(table: RulesetTable) -> bool:
    """Whether the table has a column of text past its first that may go under its rows (not pairs
    of values): two columns are enough (3d6's États on a mini card: each « Quand » on a line, its
    effect under it, rather than a cell of four lines)."""
    # Not KOLAPS's rule (layout/reference/tables.py _widest_last): KOLAPS's tables name their running
    # text in their width hints, always the last column; a system's tables carry no hints, so the
    # column is measured (_under_column, the most text, wherever it stands) and must not hold numbers.
    return len(table.header) >= 2 and not table.folded and not value_columns(table)[_under_column(table)]


def _under_column(table: RulesetTable) -> int:
    """The column past the first that holds the most text: the one set under its rows; but a later
    column of text nearly as long (two sides of one event: d12's « Attaquant | Défenseur ») goes
    under in its place, so the row reads in its columns' order, first side first (review 16, S4:
    « Dé | Défenseur » with the attacker's text under it, read after the defender's). A column of
    examples goes under before any (words19: 3d6's « Exemple », « Ex. : … », under its cost)."""
    return _example_column(table) or _later_side(table) or _most_text(table)


def _example_column(table: RulesetTable) -> int | None:
    """The column past the first headed « Exemple », else None."""
    example = label("rulesets.columns.example")
    return next((i for i, h in enumerate(table.header) if i and _same(h, example)), None)


def _most_text(table: RulesetTable) -> int:
    return max(range(1, len(table.header)), key=lambda i: _text_length(table, i))


def _later_side(table: RulesetTable) -> int | None:
    """The last column after the one of most text holding SIDE_SHARE of its text, else None."""
    most = _most_text(table)
    values = value_columns(table)
    later = [
        i
        for i in range(most + 1, len(table.header))
        if not values[i] and _text_length(table, i) >= SIDE_SHARE * _text_length(table, most)
    ]
    return later[-1] if later else None


def _text_length(table: RulesetTable, column: int) -> int:
    return sum(len(row[column]) for row in table.rows)


def _without(row: list[str], column: int) -> list[str]:
    return row[:column] + row[column + 1 :]


def _table(
    table: RulesetTable,
    width: float,
    look: SheetLook,
    lead: list[Flowable],
    size: float,
    under: bool = False,
    grids: Grids | None = None,
) -> Stack:
    """The table at size with its title and note, kept together with lead (its section's bar, if
    first); its grid from grids when it was laid out there already."""
    grid = grids.grid(table, width, size, look, under) if grids is not None else _grid(table, width, size, look, under)
    parts: list[Flowable] = [*lead]
    if table.title:  # KOLAPS's caption: bold, the body + 1.5 pt, its « † D12-E3 » in the marks' grey italic
        parts.append(paragraph(table.title, _caption_style(look)))
    parts.append(grid)
    note = paragraph_style("note", SANS_ITALIC, look.note_pt or look.body_pt, look.leading, muted())
    note.allowWidows = 0  # a key or note split at a face's foot never leaves its last line alone over the page
    key = ParagraphStyle(KEY_STYLE, parent=note)  # the same look, named: a card keeps it with its table
    parts += [paragraph(text, style) for text, style in ((table.key, key), (table.note, note)) if text]
    return Stack(parts + [Spacer(1, pt(look.table_gap_mm))])


class Grids:
    """Tables' parts and grids laid out once per table, width, size and arrangement: a reference deck
    tries each table at many sizes for every size of the deck, whose titles change but whose
    grids repeat. A grid is measured once (RowTable keeps its rows' heights) and only read after."""

    def __init__(self) -> None:
        self.made: dict[tuple, RowTable] = {}
        self.cut: dict[tuple, tuple[list[RulesetTable], float]] = {}

    def parts(
        self, table: RulesetTable, width: float, look: SheetLook, under: bool = False
    ) -> tuple[list[RulesetTable], float]:
        key = (_content(table), width, look.body_pt, look.min_body_pt, look.body_step_pt, under)
        if key not in self.cut:
            self.cut[key] = _parts(table, width, look, under)
        return self.cut[key]

    def grid(self, table: RulesetTable, width: float, size: float, look: SheetLook, under: bool) -> RowTable:
        lines = (look.max_cell_lines, look.fewer_lines)
        key = (_content(table), width, size, under, look.leading, look.cell_padding_pt, lines)
        if key not in self.made:
            self.made[key] = _grid(table, width, size, look, under)
        return self.made[key]


def _content(table: RulesetTable) -> tuple:
    """What a table's grid is made of, hashable."""
    rows = tuple(tuple(row) for row in table.rows)
    return (table.title, tuple(table.header), rows, table.note, table.strong, table.key, table.folded)


def _grid(table: RulesetTable, width: float, size: float, look: SheetLook, under: bool) -> RowTable:
    """The table's rows at size; under: its longest column's text on a line of its own across the
    table under each row (a table too tall for a mini card's face otherwise), row and text one
    zebra shade, never parted."""
    paint = table_paint()
    table = _tied(table)
    head, cell = (paragraph_style(n, f, size, look.leading) for n, f in (("head", SANS_BOLD), ("cell", SANS)))
    column = _under_column(table) if under else -1
    keys, bold_first = _grid_keys(table, under)
    widths = _grid_widths(keys, width, size, look, under, bold_first)
    header = [breakable(h, w - 2 * CELL_PAD - SLACK, size) for h, w in zip(keys.header, widths, strict=True)]
    pad = look.cell_padding_pt
    figures = figure_columns(keys)
    heads = _by_column(head, figures)
    strong = paint.bold_columns(keys.header, keys.rows)
    faces = [_in_font(cell, SANS_BOLD) if i in strong else cell for i in range(len(widths))]
    cells = [
        _figures(face, [row[i] for row in keys.rows], widths[i] - 2 * pad) if figures[i] else face
        for i, face in enumerate(faces)
    ]
    # A table of two columns with its text under its rows has no head row (heads19, review 18b M1):
    # one head over the terms (« Quand » without « Effet ») read as a table missing a column; each
    # entry is a bold term with its text under it, as a glossary. Its text is not named: « Effet : »
    # run in before each cost the 3d6 tarot deck its 9.5 pt body (tables14).
    headless = under and len(keys.header) == 1
    rows = (
        [] if headless else [Row(tuple(Paragraph(escape(h), s) for h, s in zip(header, heads, strict=True)), pad, pad)]
    )
    if under:
        for i, row in enumerate(table.rows):
            shade = paint.rows[i % len(paint.rows)]
            line = (Paragraph(quiet(_under_text(table, column, row[column]), size), cell), *("" for _ in widths[1:]))
            texts = _without(row, column)
            keyed = tuple(paragraph(c, s) for c, s in zip(texts, cells, strict=True))
            rows += [
                Row(keyed, pad, 0, fill=shade),
                Row(line, pad / 2, pad, span=True, fill=shade),
            ]
    else:
        rows += [Row(tuple(paragraph(c, s) for c, s in zip(row, cells, strict=True)), pad, pad) for row in table.rows]
    grid_look = TableLook(
        left=(pad,) * len(widths),
        right=(pad,) * len(widths),
        valign="top",
        header_fill=paint.head_fill,
        zebra=() if under else paint.rows,
        rule=paint.rule,
        rule_pt=paint.rule_pt,
        rule_below_header=True,
        rule_above=headless,  # the rule the head row's would have been: the table's top edge
        rule_below=True,
        empty_cell=0.0 if under else EMPTY_CELL_PT,
    )
    return RowTable(rows, widths, grid_look, repeat_rows=0 if headless else 1, row_group=2 if under else 1)


def _grid_keys(table: RulesetTable, under: bool = False) -> tuple[RulesetTable, bool]:
    """The columns a grid of table sets side by side (under: its longest column's text goes under
    them), tied as printed, and whether its first column prints bold (review 15, N8: « Arme de
    jet » measured in the regular face fitted its column, and wrapped in print)."""
    table = _tied(table)
    column = _under_column(table) if under else -1
    keys = replace(table, header=_without(table.header, column), rows=[_without(r, column) for r in table.rows])
    keys = keys if under else table
    return keys, 0 in table_paint().bold_columns(keys.header, keys.rows)


def _grid_widths(
    keys: RulesetTable, width: float, size: float, look: SheetLook, under: bool, bold_first: bool
) -> list[float]:
    """The grid's columns: shared by their texts, then reshared so that no cell is over
    max_cell_lines lines where they can share for it, and (a card's row over its text, the sheet's
    « Coût ») no cell wrapped that need not be."""
    widths = column_widths(keys, width, size, two_line_heads=look.cell_padding_pt, bold_first=bold_first)
    if look.max_cell_lines:
        widths = within_lines(keys, widths, size, look.max_cell_lines, look.cell_padding_pt)
    if look.max_cell_lines and (under or look.fewer_lines):
        widths = fewer_row_lines(keys, widths, size, look.cell_padding_pt, bold_first=bold_first, under=under)
    return widths


def _tied(table: RulesetTable) -> RulesetTable:
    """table with no head or cell ending on a short word alone on its last line (typography.tied_end)."""
    return replace(
        table, header=[tied_end(h) for h in table.header], rows=[[tied_end(c) for c in r] for r in table.rows]
    )


def _under_text(table: RulesetTable, column: int, text: str) -> str:
    """A text set under its row, as Paragraph markup: an example as « Ex. : » in italics (words19);
    otherwise after its column's head in bold, as the head row names only the columns left in the
    row (review 12, M1: d12's « Dé | Défenseur » over the attacker's text, read as the defender's;
    review 18b, M1: d100's « Bout portant » under « Distance | Effet », its « Sauf » unnamed; review
    19, S6: 3d6's « Dommages » on the cards, whose texts went on plain where « Effet : » cost lines);
    plain in a table of two columns, which has no head row (_grid: each term in bold, its text under it)."""
    if column == _example_column(table):
        return _example(text)
    if len(table.header) == 2:
        return escape(text)
    return run_in(table.header[column], text)


def _example(text: str) -> str:
    """« Ex. : CORPS de 4 à 5, 25 XP » in italics, an example set under its row (words19: the
    stacked lines read as rules); nothing for a row without one (« — »)."""
    if text == label("rulesets.values.none"):
        return ""
    head = escape(label("rulesets.columns.example_run_in") + NBSP + ":")
    return f'<font face="{SANS_ITALIC}">{head} {escape(text)}</font>'


def _caption_style(look: SheetLook) -> ParagraphStyle:
    """A table's title: KOLAPS's (bold, the body + 1.5 pt), or a tight sheet's (tight_heads)."""
    style = Styles(look.body_pt).table_title()
    if not look.heads:
        return style
    size = look.body_pt + look.tight_heads[look.heads - 1].caption_over_pt
    return ParagraphStyle(
        f"{style.name}-tight", parent=style, fontSize=size, leading=size * style.leading / style.fontSize
    )


def _in_font(style: ParagraphStyle, font: str) -> ParagraphStyle:
    """style in another font (the bold first column's cells)."""
    return ParagraphStyle(f"{style.name}-{font}", parent=style, fontName=font)


def figure_columns(table: RulesetTable) -> list[bool]:
    """The columns of figures: value_columns, and the first too when it holds only numbers (3d6's
    « Nombre », d12's « Bonus », d100's « Score (%) »), read down like the same column further right
    (review 21b, S15: the folded « Nombre » left, its pairs centred)."""
    values = value_columns(table)
    first = bool(table.rows) and all(NUMBER.fullmatch(row[0].strip()) for row in table.rows)
    return [values[0] or first, *values[1:]]


def _figures(style: ParagraphStyle, texts: list[str], inner: float) -> ParagraphStyle:
    """A column of figures: right-aligned on one edge, the block of them centred in the column under
    its centred head (review 21b, S15: « 100 % » over « 9,3 % », their « % » in line)."""
    widest = max((stringWidth(t, style.fontName, style.fontSize) for t in texts), default=0.0)
    indent = max(0.0, (inner - widest) / 2)
    return ParagraphStyle(f"{style.name}-figures", parent=style, alignment=TA_RIGHT, rightIndent=indent)


def _by_column(style: ParagraphStyle, centred: list[bool]) -> list[ParagraphStyle]:
    """Each column's style: centred for a column of numbers and chances, else as it is."""
    centre = ParagraphStyle(f"{style.name}-centred", parent=style, alignment=TA_CENTER)
    return [centre if c else style for c in centred]


def _same(a: str, b: str) -> bool:
    return " ".join(a.casefold().split()) == " ".join(b.casefold().split())


def sheet_story(
    sections: list[SectionContent], width: float, look: SheetLook, colour: Color, bars: bool = True
) -> list[Flowable]:
    """The blocks of every section, in order: each table kept with its title and note, the first
    with its section's bar (unless not bars: a reference card's band names its section)."""
    register_fonts(SANS)  # paragraphs measure with the fonts' bold and italic faces
    story: list[Flowable] = []
    for section in sections:
        bar: list[Flowable] = [SectionBar(section.title, look, colour), Spacer(1, pt(BAR_GAP_MM))] if bars else []
        for i, table in enumerate(section_tables(section)):
            story += _within_lines(table, width, look, bar if i == 0 else [])
        if section.text and not section.tables:  # the worked example: the house's example box, its title its head
            story.append(_example_block(section.title, section.text, look))
        elif section.text:
            story.append(_text_block(section.text, look, []))
    return story


def _example_block(title: str, text: str, look: SheetLook) -> Stack:
    """The sheet's worked example (« Exemple de jet ») as the book and the quick-start set theirs
    (layout/aside.py; review 22b, 8: it had a section's bar, read as one more rule), in the
    body's type, kept whole."""
    styles = aside_styles(EXAMPLE, look.body_pt, look.body_pt * look.leading)
    paragraphs = [Paragraph(escape(title), styles["head"]), Paragraph(escape(text), styles["text"])]
    box = AsideShapes(EXAMPLE, paragraphs, title)  # a section of its own, as its bar made it
    return Stack([box])  # the sheet's last block (example_sections): no gap under it


def _text_block(text: str, look: SheetLook, lead: list[Flowable]) -> Stack:
    """A section's paragraph in the body's type, kept whole with lead (its bar): a worked example
    reads as one story, never cut between columns."""
    style = paragraph_style("text", SANS, look.body_pt, look.leading)
    return Stack([*lead, Paragraph(escape(text), style), Spacer(1, pt(look.table_gap_mm))])


# what a table's text under its rows may add to its grid's height to set whole the cells the grid
# broke (cells18: 3d6's « Combat » on the sheet, 10 % taller)
UNDER_TALLER_SHARE = 0.12


def _within_lines(table: RulesetTable, width: float, look: SheetLook, lead: list[Flowable]) -> list[Stack]:
    """The table's blocks; with a cell still over max_cell_lines lines once its columns have shared
    for it (3d6's « Actions de combat »: « Coupe le tour adverse… » in four), its longest column's
    text under each row, as on the reference cards and in the books, when that has fewer."""
    stacks = _tables(table, width, look, lead)
    tall = tall_cells(stacks, look.max_cell_lines) if look.max_cell_lines else 0
    if not look.max_cell_lines or not text_goes_under(table):
        return stacks
    if _smaller_than_under(table, width, look):
        return _tables(table, width, look, lead, under=True)
    head = table.header[_under_column(table)]
    broken = broken_keys(stacks, head) if look.fewer_lines else 0
    if not tall and not broken:
        return stacks
    under = _tables(table, width, look, lead, under=True)
    if tall_cells(under, look.max_cell_lines) < tall:
        return under
    # cells18: the grid breaks cells of the columns that stay side by side (3d6's « Dégainer / et
    # attaquer », « −4 AV si / improvisé »: no share of the sheet's column holds them whole with
    # « Effet » within three lines): the text under its rows, as the cards and the books set it,
    # when that breaks fewer, no more cells over the lines, and the table at most UNDER_TALLER_SHARE taller
    if (
        broken
        and _under_text(table, _under_column(table), "") != ""  # it says its head (« Effet : »)
        and tall_cells(under, look.max_cell_lines) <= tall
        and broken_keys(under, head) < broken
        and stacks_height(under, width) <= stacks_height(stacks, width) * (1 + UNDER_TALLER_SHARE)
    ):
        return under
    return stacks


def _smaller_than_under(table: RulesetTable, width: float, look: SheetLook) -> bool:
    """Whether the table's grid is set smaller than its text under its rows would be, for its
    cells (_cells_whole_size), where under its rows every cell is whole and within the lines at
    that size (review 19, S1: the A4 3d6 sheet's « Coût de l’expérience » at 10.5 pt beside 11.5 pt
    tables, for « De 3 à 4 : 4 XP » whole beside the tied « 5 XP × niveau visé »: no share of the
    column holds both at 11.5 with « Nouvelle compétence (enseignée par un tiers) » within three
    lines). A table a size smaller than its neighbours reads as a note; its example under its rows
    (« Ex. : … ») reads as on the Letter sheet and the cards."""
    grid = _parts(table, width, look)[1]
    parts, size = _parts(table, width, look, under=True)
    return grid < size - 1e-9 and not _astray(parts[0], width, size, look, under=True)


def _astray(table: RulesetTable, width: float, size: float, look: SheetLook, under: bool) -> int:
    """How many of the grid's cells beside each other are short and broken, or over max_cell_lines."""
    keys, bold = _grid_keys(table, under)
    widths = _grid_widths(keys, width, size, look, under, bold)
    return cells_astray(keys, widths, size, look.cell_padding_pt, look.max_cell_lines, bold)


def stacks_height(blocks: list[Stack], width: float) -> float:
    """The blocks' height set width wide."""
    return sum(b.wrap(width, BIG)[1] for b in blocks)


def broken_keys(blocks: list[Flowable], head: str) -> int:
    """How many body cells of the blocks' tables take more than one line, but those of the column
    headed head (the text that may go under its rows; under its rows, it is no cell)."""
    count = 0
    for grid in (p for block in blocks if isinstance(block, Stack) for p in block.parts if isinstance(p, RowTable)):
        heads = [getattr(c, "text", "") for c in grid.rows[0].cells]
        for row in grid.rows[grid.repeatRows :]:
            count += sum(
                isinstance(c, Paragraph) and not _same(h, head) and _lines(c, grid.cell_width(row, i)) > 1
                for i, (c, h) in enumerate(zip(() if row.span else row.cells, heads, strict=False))
            )
    return count


def tall_cells(blocks: list[Flowable], most: int) -> int:
    """How many cells of the blocks' tables take more than most lines, or headings more than two
    (3d6's « Écart / de / bonus » at 7.5 pt on poker cards): a text set under its row, across the
    table, is a line of its own, not a cell."""
    count = 0
    for grid in (p for block in blocks if isinstance(block, Stack) for p in block.parts if isinstance(p, RowTable)):
        for n, row in enumerate(grid.rows):
            cells, limit = (() if row.span else row.cells), (2 if n < grid.repeatRows else most)
            count += sum(
                isinstance(c, Paragraph) and _lines(c, grid.cell_width(row, i)) > limit for i, c in enumerate(cells)
            )
    return count


def _lines(cell: Paragraph, width: float) -> int:
    cell.wrap(width, BIG)
    return len(cell.blPara.lines)


def section_tables(section: SectionContent) -> list[RulesetTable]:
    """The section's tables, the first untitled when its title is the section's (the bar, or a
    card's band, already says it); a matrix of chances with « % » said once, in its title
    (dense_chances)."""
    tables = [dense_chances(t) for t in section.tables]
    if tables and _same(tables[0].title, section.title):
        tables[0] = replace(tables[0], title="")
    return tables


# a table of chances with this many columns of them or more says « % » once: d12's six rungs; d100's
# five modifiers keep theirs, their gutters three word spaces and more on every sheet and card
DENSE_CHANCE_COLUMNS = 6


def dense_chances(table: RulesetTable) -> RulesetTable:
    """A matrix of chances (DENSE_CHANCE_COLUMNS columns of them or more: d12's ladder) with « % »
    said once, in its title (« …, en % »), its cells the numbers alone, its heads as they are.
    Review 23, N8 (22b N10): « 42 % 8,3 % », « 100 % 100 % »: a cell's inner space, U+202F, is
    in Roboto Condensed as wide as a word space (0.23 em), so the gutter between two cells (about
    2.5 of them) read as another space in one long run of figures. Without their 78 « % » the
    cells leave that width to the gutters. A table of pairs (« Jet opposé ») keeps its « % »."""
    if table.folded or len(table.header) - 1 < DENSE_CHANCE_COLUMNS:
        return table
    return percent_in_title(table, condensed=False) or table


def percent_in_title(table: RulesetTable, condensed: bool = True) -> RulesetTable | None:
    """A table of chances with « % » said once, in its title (« …, en % »), its cells the numbers
    alone; condensed: its heads too (« ≥12 »: the d12 ladder's seven columns in a mini card's
    37 mm at 6 pt). None for a table whose value cells are not all percentages; a table already
    so titled (dense_chances) only has its heads condensed."""
    unit = label("tables.format.percent", value="")
    cells = [cell for row in table.rows for cell in row[1:]]
    bare = mark_pattern().sub("", table.title).strip()
    said = label("rulesets.columns.in_percent", title="")
    if said and bare.endswith(said) and cells and all(NUMBER.fullmatch(c.strip()) for c in cells):
        title, rows = table.title, table.rows
    elif cells and all(cell.endswith(unit) for cell in cells):
        title = label("rulesets.columns.in_percent", title=bare)
        for found in mark_pattern().finditer(table.title):
            title = marked(title, found.group(1))
        rows = [[row[0], *(cell.removesuffix(unit) for cell in row[1:])] for row in table.rows]
    else:
        return None
    header = (
        [table.header[0], *(head.replace("\u202f", "") for head in table.header[1:])] if condensed else table.header
    )
    return replace(table, title=title, header=header, rows=rows)


def table_stacks(
    table: RulesetTable, width: float, look: SheetLook, under: bool = False, grids: Grids | None = None
) -> list[Stack]:
    """One table's kept blocks (its parts, when it is cut between columns), with no bar; under:
    its longest column's text under each row (text_goes_under); grids: the grids laid out so far."""
    register_fonts(SANS)
    return _tables(table, width, look, [], under, grids)


@dataclass(frozen=True)
class SheetSetting:
    """What the sheet prints with: its paper (pt), its system's title, name and colour, and the
    rules' version and date for its head (« Version 0.1 · 30 novembre 2026 », as its book)."""

    size: tuple[float, float]
    title: str
    name: str
    colour: Color
    stamp: str = ""


@dataclass(frozen=True)
class SheetPages:
    """The laid-out sheet: its look (at the chosen body size) and each page's shapes."""

    look: SheetLook
    pages: list[list[Shape]]


def _columns(look: SheetLook, size: tuple[float, float]) -> list[FlowBox]:
    """Each column of a page, left to right, empty."""
    margin, gap = pt(look.margin_mm), pt(look.column_gap_mm)
    width = (size[0] - 2 * margin - gap * (look.columns - 1)) / look.columns
    bottom = margin + pt(look.footer_mm)
    register_fonts(SANS)  # the band measures its title
    band = SectionBar("X", look, Color(0, 0, 0)).wrap(width, BIG)[1]  # half a band's height kept under the title line
    height = size[1] - 2 * margin - pt(look.header_mm) - pt(look.footer_mm) - band / 2
    return [FlowBox(margin + i * (width + gap), bottom, width, height) for i in range(look.columns)]


@dataclass(frozen=True)
class _Thread:
    """What a column needs to head a section it opens in the middle of: the section's bar again,
    with « (suite) »."""

    look: SheetLook
    colour: Color
    whole: bool = False  # every section that opens below something else kept whole (the last page, with room)

    def resume(self, story: list[Flowable], section: str) -> tuple[Flowable, ...]:
        """A continued bar put ahead of story when story goes on with section (kept with the
        block it heads); the blocks put."""
        first = next((block for block in story if not isinstance(block, Spacer)), None)
        if not section or first is None or _opened(first):
            return ()
        while isinstance(story[0], Spacer):  # the bar brings its own gap
            story.pop(0)
        bar = (
            SectionBar(section, self.look, self.colour, label("rulesets.sheet.continued")),
            Spacer(1, pt(BAR_GAP_MM)),
        )
        if isinstance(story[0], Stack):
            story[0] = Stack([*bar, *story[0].parts])
        else:
            story[0:0] = bar
        return bar

    def fill(self, columns: list[FlowBox], story: list[Flowable], section: str) -> str:
        """Fill a page's columns from story; the section its last block belongs to."""
        for i, column in enumerate(columns):
            bar = self.resume(story, section)
            self.fill_column(column, story)
            if column.placed and all(any(block is b for b in bar) for block, _ in column.placed):
                column.placed.clear()  # a bar alone heads nothing: the next column heads it again
            if i == 0 and not column.placed:  # an empty page took nothing
                raise TableTooTall("a table does not fit on a page: split it")
            section = next((_opened(b) for b, _ in reversed(column.placed) if _opened(b)), section)
        return section

    def fill_column(self, column: FlowBox, story: list[Flowable]) -> None:
        """Fill column from story. A section it opens below something else and breaks at its foot
        after less than split_min_mm (a stub under a bar reads as unfinished) first lets its next
        table break between rows there; if that is still short, the section goes whole to the
        next column (always, when whole)."""
        before, least = list(story), math.inf if self.whole else pt(self.look.split_min_mm)
        fill_column(column, story)
        opener = _short_opening(column, story, least)
        if opener is None:
            return
        start = next(i for i, block in enumerate(before) if _lead(block) is opener)
        placed = [block for block, _ in column.placed]
        stop = next(i for i in range(start, len(before)) if all(before[i] is not b for b in placed))
        room = column.height - sum(h for _, h in column.placed)
        cut = _cut_table(before[stop], column.width, room) if isinstance(before[stop], Stack) else None
        cut = None if self.whole else cut
        if cut is not None:
            column.placed.clear()
            story[:] = before[:stop] + cut + before[stop + 1 :]
            fill_column(column, story)
            if _short_opening(column, story, least) is None:
                return
        column.placed.clear()
        story[:] = before[:start]
        fill_column(column, story)  # what fitted above the section fits again
        story[:] = story + before[start:]

    def fits(self, story: list[Flowable], columns: list[FlowBox], section: str) -> bool:
        """Whether all of story goes into empty columns like these (story is left untouched)."""
        rest = list(story)
        try:
            self.fill([FlowBox(c.x, c.y, c.width, c.height) for c in columns], rest, section)
        except TableTooTall:
            return False
        return not rest


def _lead(block: Flowable) -> Flowable:
    """A block's first part: a kept group's first block, or the block itself."""
    return block.parts[0] if isinstance(block, Stack) and block.parts else block


def _cut_table(block: Stack, width: float, room: float) -> list[Flowable] | None:
    """A kept table cut between its rows so that its first piece (with its bar and title) fills
    room: the two pieces kept groups of their own; None if not even one row fits."""
    at = next((i for i, part in enumerate(block.parts) if isinstance(part, RowTable)), None)
    if at is None:
        return None
    above = sum(part.wrap(width, room)[1] for part in block.parts[:at])
    pieces = split_between_rows(block.parts[at], width, room - above)
    if len(pieces) != 2 or not house_cut(block.parts[at], pieces):  # a short table is never cut
        return None
    return [Stack([*block.parts[:at], pieces[0]]), Stack([pieces[1], *block.parts[at + 1 :]])]


def _short_opening(column: FlowBox, story: list[Flowable], least: float) -> Flowable | None:
    """The bar of the section column opens below other blocks and breaks at its foot after less
    than least points (story goes on with it), or None."""
    rest = next((block for block in story if not isinstance(block, Spacer)), None)
    if rest is None or _opened(rest):
        return None
    opens = [i for i, (block, _) in enumerate(column.placed) if _opened(block)]
    if not opens or opens[-1] == 0:
        return None
    start = opens[-1]
    if sum(height for _, height in column.placed[start:]) >= least:
        return None
    return _lead(column.placed[start][0])


def _opened(block: Flowable) -> str:
    """The title of the section block opens (its bar leads it), or ""."""
    first = block.parts[0] if isinstance(block, Stack) and block.parts else block
    return first.title if isinstance(first, (SectionBar, AsideShapes)) else ""


def _cuts(columns: list[FlowBox]) -> int:
    """How many sections go on from one column to the next (a « (suite) » bar heads a column)."""
    leads = [_lead(column.placed[0][0]) for column in columns if column.placed]
    return sum(1 for lead in leads if isinstance(lead, SectionBar) and lead.continued)


def _balanced(
    story: list[Flowable], columns: list[FlowBox], thread: _Thread, section: str
) -> tuple[list[FlowBox], _Thread, list[Flowable]]:
    """The columns, shortened alike from the bottom when what is left fits a page: the last page's
    columns end level instead of one full and one nearly empty, and no section cut in two where
    the page has room to keep it whole (the fewest « (suite) » bars first, then the levellest).
    Every height from the tallest block up is tried, by 2 mm: a section kept whole (split_min_mm)
    makes the shortest height that fits not always the levellest. When the levellest still leaves
    the columns further apart than balance_within of a column, a whole later section may go up
    under an earlier one (d12: « Blessures » under « Actions », « Combat » beside them), as a
    designer fills a reference sheet's short column; the story is returned in the order chosen.
    A story that fits these columns only with a section moved up is taken in that order (d12 and
    d100 grow their type by half a point so, their last page fuller: review 14b, N7)."""
    if not thread.fits(story, columns, section):
        fitting = [order for order in _moved_up(story) if thread.fits(order, columns, section)]
        if not fitting:
            return columns, thread, story
        story = fitting[0]  # the page holds its sections only with one moved up (d12 from 12.75 pt)
    full = columns[0].height
    best = _levellest(story, columns, thread, section)
    if best is None:
        return columns, thread, story
    if best[0] or best[1] > thread.look.balance_within * full:  # fewer cuts, else leveller, or the order stays
        moved = [(found, order) for order in _moved_up(story) if (found := _levellest(order, columns, thread, section))]
        found, order = min(moved, key=lambda m: m[0][:2], default=(best, story))
        best, story = (found, order) if found[:2] < best[:2] else (best, story)
    _, _, height, whole = best
    return _shortened(columns, height), replace(thread, whole=whole), story


def _shortened(columns: list[FlowBox], height: float) -> list[FlowBox]:
    """The columns, empty, height tall from their top."""
    return [FlowBox(c.x, c.y + c.height - height, c.width, height) for c in columns]


def _levellest(
    story: list[Flowable], columns: list[FlowBox], thread: _Thread, section: str
) -> tuple[int, float, float, bool] | None:
    """The sections cut, how far apart the columns end, the height and whether sections are kept
    whole, of the levellest way story fills these columns shortened (fewest cuts first); None if
    no height holds it."""
    full, width = columns[0].height, columns[0].width
    heights = [block.wrap(width, full)[1] for block in story]

    def uneven(height: float, whole: bool) -> tuple[int, float] | None:
        """The sections cut and how far apart the columns end at this height (sections whole or
        not), or None if the story does not fit."""
        filled, rest = _shortened(columns, height), list(story)
        try:
            replace(thread, whole=whole).fill(filled, rest, section)
        except TableTooTall:
            return None
        used = [sum(h for _, h in c.placed) for c in filled]
        return None if rest else (_cuts(filled), max(used) - min(used))

    kept = [h for h in heights if h <= full]  # a kept table never splits; one taller than a column does, anywhere
    low = max([*kept, sum(heights) / len(columns)]) - 1
    tries = [low + pt(2) * i for i in range(int((full - low) / pt(2)) + 1)] + [full]
    spreads = [
        (*spread, height, whole)
        for height, whole in itertools.product(tries, (True, False))
        if (spread := uneven(height, whole)) is not None
    ]
    return min(spreads) if spreads else None


def _moved_up(story: list[Flowable]) -> list[list[Flowable]]:
    """story with one whole section moved up ahead of an earlier one, every way but ahead of the
    page's first section (where the reader starts, or the one going on from the page before)."""
    groups: list[list[Flowable]] = []
    for block in story:
        if not groups or _opened(block):
            groups.append([block])
        else:
            groups[-1].append(block)
    orders = []
    for j in range(2, len(groups)):
        for i in range(1, j):
            moved = groups[:i] + [groups[j]] + groups[i:j] + groups[j + 1 :]
            orders.append([block for group in moved for block in group])
    return orders


def paginate(
    story: list[Flowable], look: SheetLook, size: tuple[float, float], colour: Color, balance: bool
) -> list[list[FlowBox]]:
    """The story poured into pages of filled columns, a section going on in the next column headed
    by its bar again; with balance, the last page's columns end level, and a last page whose
    sections fit it only with one moved up holds them so (a page fewer: d12 from 12.75 pt)."""
    story, pages, thread, section = list(story), [], _Thread(look, colour), ""
    while story:
        columns = _columns(look, size)
        if balance:
            columns, filler, story = _balanced(story, columns, thread, section)
        else:
            filler = thread
        section = filler.fill(columns, story, section)
        pages.append(columns)
    return pages


def _story(sections: list[SectionContent], look: SheetLook, setting: SheetSetting) -> list[Flowable]:
    return sheet_story(sections, _columns(look, setting.size)[0].width, look, setting.colour)


def _fewest_pages(sections: list[SectionContent], look: SheetLook, setting: SheetSetting) -> SheetLook:
    """The look at the largest body size (from max_body_pt down to min_body_pt) that prints the
    sheet on the fewest pages: a sheet spilling a few lines onto a second page sets them a little
    smaller, a short one a little larger; or a size at most whole_within_pt smaller when it cuts
    fewer sections on the last page (a page with room keeps its sections whole).

    The body is chosen with the tightest heads (tight_heads' last: the most room); then the sheet
    takes KOLAPS's heads (section bands and tables' titles) if that body holds them on as many
    pages, cutting no more sections and keeping the last page's columns level (heads_level_within,
    or as level as the tightest), else the first of tight_heads that does: the heads never cost the
    body its size (rsstyle22; KOLAPS's set the d12 Letter sheet at 12 pt, not 12.75, its « Attaque
    ou défense totale » stacked, its columns 10 % apart)."""
    tightest = len(look.tight_heads)

    def laid(body: float, heads: int) -> list[list[FlowBox]]:
        at = look.at_body(body, heads)
        return paginate(_story(sections, at, setting), at, setting.size, setting.colour, balance=True)

    sizes = [look.max_body_pt]
    while sizes[-1] - look.body_step_pt >= look.min_body_pt - 1e-9:
        sizes.append(round(sizes[-1] - look.body_step_pt, 2))
    fewest = len(laid(sizes[-1], tightest))
    low, high = 0, len(sizes) - 1  # pages grow with the size: the first size at the fewest, by halves
    while low < high:
        middle = (low + high) // 2
        if len(laid(sizes[middle], tightest)) == fewest:
            high = middle
        else:
            low = middle + 1
    near = [size for size in sizes[low:] if size >= sizes[low] - look.whole_within_pt - 1e-9]
    cuts, body = min((_cuts(laid(size, tightest)[-1]), -size) for size in near)
    tight = laid(-body, tightest)[-1]
    level = max(_spread(tight), look.heads_level_within * tight[0].height)
    for heads in range(tightest):  # KOLAPS's first
        pages = laid(-body, heads)
        if len(pages) == fewest and _cuts(pages[-1]) <= cuts and _spread(pages[-1]) <= level:
            return look.at_body(-body, heads)
    return look.at_body(-body, tightest)


def _stretched(columns: list[FlowBox], full: float, look: SheetLook) -> list[FlowBox]:
    """A page's columns with their room spent, where one ends stretch_from_mm short of the page's
    foot or more (review 22b, S3: the 3d6 sheet's page 2, balanced, ended 40 mm above its footer).

    Every row of every column's tables (a row and its text under it: one) gains the same padding,
    half above and half below: as much as the column with the least room a row allows, up to
    stretch_row_pt, so the rows of a page read at one pitch (review 23, N10: page 1's short right
    column alone took 5 pt a row beside a full left one, airy beside tight). Then a column still
    short of the page's longest gives the rest to the gaps between its tables (never between a
    band and its first table), up to stretch_gap_pt each, then, still short, to its rows, up to
    stretch_row_pt in all (_rows_to). What goes in which column is not changed, nor any block's type."""
    if not look.stretch_from_mm or not any(c.placed and full - c.used >= pt(look.stretch_from_mm) for c in columns):
        return columns
    placed = [c for c in columns if c.placed]
    units = [sum(_row_units(t) for block, _ in c.placed for t in _grids(block)) for c in placed]
    rooms = [(full - c.used) / n for c, n in zip(placed, units, strict=True) if n]
    extra = max(0.0, min(look.stretch_row_pt, *rooms)) if rooms else 0.0
    spread = [_spread_column(c, extra) if c.placed else c for c in columns]
    level = max(min(full, max(c.used for c in spread)), 0.0)
    gapped = [_gapped(c, level - c.used, look.stretch_gap_pt) if c.placed else c for c in spread]
    return [_rows_to(c, level, look.stretch_row_pt - extra) if c.placed else c for c in gapped]


def _rows_to(column: FlowBox, level: float, most: float) -> FlowBox:
    """column with its rows spread toward level, up to most pt a row, where its gaps alone left it
    short (review 24, 1: the 3d6 sheet's page 1 right column, at the left's pitch and its gaps
    full, ended 3.5 cm above the left one: a column that ends level reads finished, an even pitch
    across the gutter comes second)."""
    units = sum(_row_units(t) for block, _ in column.placed for t in _grids(block))
    room = level - column.used
    if room <= 0.5 or not units or most <= 0:
        return column
    return _spread_column(column, min(most, room / units))


def _spread_column(column: FlowBox, extra: float) -> FlowBox:
    """column with every row of its tables extra pt taller (_spread_rows)."""
    if extra <= 0:
        return column
    placed = []
    for block, _ in column.placed:
        block = _spread_rows(block, extra)
        placed.append((block, block.wrap(column.width, BIG)[1]))
    return FlowBox(column.x, column.y, column.width, column.height, placed)


def _gapped(column: FlowBox, room: float, most: float) -> FlowBox:
    """column with room pt shared between the gaps before its tables (a Stack: a table with its
    title) that do not follow a band (a SectionBar or the bar's Spacer), up to most pt each."""
    blocks = [block for block, _ in column.placed]
    slots = [i for i in range(1, len(blocks)) if _gap_before(blocks, i)]
    if room <= 0 or not slots or not most:
        return column
    each = min(most, room / len(slots))
    placed: list[tuple[Flowable, float]] = []
    for i, (block, h) in enumerate(column.placed):
        if i in slots:
            placed.append((Spacer(1, each), each))
        placed.append((block, h))
    return FlowBox(column.x, column.y, column.width, column.height, placed)


def _gap_before(blocks: list[Flowable], i: int) -> bool:
    """Whether blocks[i] opens a table (a Stack, or the Spacer before one) or a section (a
    SectionBar) after another table: a gap _gapped may widen, never one under a band."""
    block, before = blocks[i], blocks[i - 1]
    if isinstance(before, SectionBar):
        return False
    if isinstance(block, Spacer):
        return i + 1 < len(blocks) and isinstance(blocks[i + 1], (Stack, SectionBar))
    return isinstance(block, (Stack, SectionBar)) and not isinstance(before, Spacer)


def _grids(block: Flowable) -> list[RowTable]:
    """The tables a placed block prints."""
    if isinstance(block, RowTable):
        return [block]
    return [p for p in block.parts if isinstance(p, RowTable)] if isinstance(block, Stack) else []


def _row_units(grid: RowTable) -> int:
    """A table's body rows, a row and its text under it counted once."""
    return (len(grid.rows) - grid.repeatRows) // max(grid.row_group, 1)


def _spread_rows(block: Flowable, extra: float) -> Flowable:
    """block with every body row of its tables extra pt taller (a row and its text under it: half
    above the first, half below the last); a new block, the laid-out one is left as it is."""
    if isinstance(block, Stack):
        return Stack([_spread_rows(p, extra) for p in block.parts], block.gap, block.continued, block.tag)
    if not isinstance(block, RowTable):
        return block
    group, head = max(block.row_group, 1), block.repeatRows
    rows = list(block.rows)
    for k in range(len(rows) - head):
        row = rows[head + k]
        top = extra / 2 if k % group == 0 else 0.0
        bottom = extra / 2 if k % group == group - 1 else 0.0
        rows[head + k] = replace(row, top=row.top + top, bottom=row.bottom + bottom)
    return RowTable(rows, block.column_widths, block.look, head, block.row_group, block.breaks)


def _spread(columns: list[FlowBox]) -> float:
    """How far apart the columns end (pt)."""
    return max(c.used for c in columns) - min(c.used for c in columns)


def page_furniture(look: SheetLook, setting: SheetSetting, page: int, pages: int) -> list[Shape]:
    """KOLAPS's title line and footer (layout/reference/furniture.py, in reference.yaml's type):
    the system's name in bold then « Aide de jeu » muted, the version and date then « 1/2 » at
    the right, an ink rule under them; the rulings' key at the foot in the marks' grey italic, and
    « Suite au verso › » at its right on a recto that has a verso (a sheet of two pages is one
    sheet printed on both sides, as KOLAPS's)."""
    width, height = setting.size
    margin, spec = pt(look.margin_mm), reference_look().sheet
    number = label("tables.sheet.page_of", page=page, pages=pages) if pages > 1 else ""
    names = (setting.name, label("tables.sheet.title"))
    spec = spec.model_copy(update={"title_pt": title_pt(look)})
    header = title_line(
        (margin, width - margin), (height - margin, pt(look.header_mm)), names, setting.stamp, number, spec
    )
    footer = SheetFooter(margin, margin, label("rulesets.sheet.footer"), look.body_pt)
    shapes = [s for s in sheet_furniture(header, footer, height) if not isinstance(s, Text) or s.text]  # no « 1/1 »
    if page % 2 == 1 and page < pages:  # printed recto verso: the reader turns the sheet over
        overleaf = label("rulesets.sheet.overleaf")
        area = Area(height)
        shapes.append(area.text(width - margin, margin, overleaf, SANS_BOLD, look.body_pt, ink().cmyk(), "right"))
    return shapes


def title_pt(look: SheetLook) -> float:
    """The title line's names' size: KOLAPS's (reference.yaml), or title_over_band_pt over the section
    bands' titles where they are larger (d12 A4: bands at 17 pt, the title 19)."""
    band = SectionBar("X", look, Color(0, 0, 0)).text.style.fontSize
    return max(reference_look().sheet.title_pt, band + look.title_over_band_pt)


def layout_sheet(sections: list[SectionContent], look: SheetLook, setting: SheetSetting) -> SheetPages:
    """Every page's shapes, its furniture first; TableTooTall if a table cannot fit a column."""
    look = _fewest_pages(sections, look, setting)
    pages = paginate(_story(sections, look, setting), look, setting.size, setting.colour, balance=True)
    full = _columns(look, setting.size)[0].height
    pages = [_stretched(columns, full, look) for columns in pages]
    height = setting.size[1]
    return SheetPages(
        look,
        [
            page_furniture(look, setting, n, len(pages))
            + [s for column in columns for s in box_shapes(column, 0, height)]
            for n, columns in enumerate(pages, start=1)
        ],
    )
