"""One TableContent drawn as a block: coloured title, tinted header row, zebra rows, note."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, TableStyle

from kolaps_print.content.tables import TableContent
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.labels import label
from kolaps_print.layout.reference.flow import RowTable, SectionBand, Stack
from kolaps_print.layout.reference.look import Styles, chance_colour, tint
from kolaps_print.layout.ruling_style import quiet_marks
from kolaps_print.layout.style import cell_ink

Cell = tuple[int, int]  # (row, column) of a body cell, 0-based
UNDER_SAVING = 0.05  # text goes under for height only when that saves at least this share (no flip-flop on a point)
MIN_WORDS_A_LINE = 5  # a long-text column holding fewer words a line (on average) goes under its row instead


def paragraph(text: str, style) -> Paragraph:
    return Paragraph(quiet_marks(escape(text)), style)


def _words(texts: list[str]) -> list[str]:
    # Paragraphs break at plain spaces only (never at a no-break space).
    return [w for t in texts for w in re.split(r"[ \t\n]+", t) if w]


def _longest_word(texts: list[str], font: str, size: float) -> float:
    return max((stringWidth(w, font, size) for w in _words(texts)), default=0.0)


def _min_widths(table: TableContent, styles: Styles) -> list[float]:
    """Per column, the width under which a word (header or cell) would break mid-word."""
    pad = 2 * styles.padding * 1.4 + 0.5
    mins = []
    for i, header in enumerate(table.columns):
        cells = [row[i] for row in table.rows]
        body_font = SANS_BOLD if i == 0 else SANS
        mins.append(
            max(_longest_word([header], SANS_BOLD, styles.body), _longest_word(cells, body_font, styles.body)) + pad
        )
    return mins


def fits_width(table: TableContent, width: float, styles: Styles) -> bool:
    """Whether the table can be this narrow without breaking a word."""
    return sum(_min_widths(table, styles)) <= width


def _widths(table: TableContent, width: float, styles: Styles) -> list[float]:
    """Share width by the table's hints, but never below a column's longest word."""
    hints = list(table.widths) + [1.0] * (len(table.columns) - len(table.widths))
    mins = _min_widths(table, styles)
    fixed: dict[int, float] = {}
    while len(fixed) < len(hints):  # pin too-narrow columns at their minimum, share the rest
        free = [i for i in range(len(hints)) if i not in fixed]
        room = width - sum(fixed.values())
        total = sum(hints[i] for i in free) or 1.0
        share = {i: room * hints[i] / total for i in free}
        narrow = {i: mins[i] for i in free if share[i] < mins[i]}
        if not narrow:
            return [fixed.get(i, share.get(i, 0.0)) for i in range(len(hints))]
        fixed.update(narrow)
    return [fixed[i] for i in range(len(hints))]  # all at their minimum: may overflow width


def _grid(table: TableContent, styles: Styles) -> list[list[Paragraph]]:
    header = [paragraph(c, styles.cell(table.column_align(i), bold=True)) for i, c in enumerate(table.columns)]
    body = [
        # The first column names the row (a rank, a die face, an action): bold reads faster.
        [paragraph(cell, styles.cell(table.column_align(i), bold=(i == 0))) for i, cell in enumerate(row)]
        for row in table.rows
    ]
    for r in table.strong:  # a rule players must not miss, in its row: the rule's bold
        body[r][-1] = paragraph(table.rows[r][-1], styles.rule())
    return [header] + body


def _table_style(n_rows: int, colour: Color, styles: Styles, backgrounds: Mapping[Cell, Color]) -> TableStyle:
    pad = styles.padding
    commands = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),  # never reportlab's Helvetica default
        cell_ink(),
        ("FONTNAME", (0, 0), (-1, 0), SANS_BOLD),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), pad * 1.4),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad * 1.4),
        ("TOPPADDING", (0, 0), (-1, -1), pad),
        ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 1.2),
        ("BACKGROUND", (0, 0), (-1, 0), tint(colour, 0.30)),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [tint(colour, 0.02), tint(colour, 0.11)]),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colour),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, colour),
    ]
    commands += [("BACKGROUND", (c, r + 1), (c, r + 1), bg) for (r, c), bg in sorted(backgrounds.items())]
    return TableStyle(commands)


def _shading(table: TableContent) -> dict[Cell, Color]:
    if not table.shade:
        return {}
    return {(r, c): chance_colour(v) for r, row in enumerate(table.shade) for c, v in enumerate(row) if v is not None}


def _words_a_line(texts: list[str], width: float, styles: Styles) -> float:
    """How many words of these texts, on average, a line of this width holds."""
    words = _words(texts)
    if not words:
        return float("inf")
    space = stringWidth(" ", SANS, styles.body)
    mean = sum(stringWidth(w, SANS, styles.body) for w in words) / len(words) + space
    return (width - 2 * styles.padding * 1.4) / mean


def _long_text_last(table: TableContent, styles: Styles) -> bool:
    """Whether the table ends in a column of running text (the widest by its hints) that may go under its row."""
    hints = table.widths
    return (
        len(table.columns) >= styles.under_from
        and len(hints) == len(table.columns)
        and max(hints) == hints[-1]
        and not table.shade
    )


def _text_goes_under(table: TableContent, width: float, styles: Styles, colour: Color) -> bool:
    """Whether the last column's text reads better on a full-width line under its row.

    Counted in words a line and in height, never in raw points: under when the column would
    hold fewer than MIN_WORDS_A_LINE words a line, or when the table is clearly shorter that way.
    """
    if not _long_text_last(table, styles):
        return False
    widths = _widths(table, width, styles)
    if _words_a_line([r[-1] for r in table.rows], widths[-1], styles) < MIN_WORDS_A_LINE:
        return True
    inline = _table_inline(table, widths, styles, colour).wrap(width, 1e9)[1]
    return _table_text_under(table, width, styles, colour).wrap(width, 1e9)[1] < inline * (1 - UNDER_SAVING)


def _key_columns(table: TableContent) -> TableContent:
    """The table less its last column (set under each row), and so less its strong texts."""
    return replace(
        table, columns=table.columns[:-1], rows=[r[:-1] for r in table.rows], widths=table.widths[:-1], strong=()
    )


def _grid_text_under(table: TableContent, styles: Styles) -> tuple[list[list], list[tuple]]:
    """Key columns on one row, the last column's text on a full-width row under it."""
    keys = _key_columns(table)
    grid, spans = [_grid(keys, styles)[0]], []
    for i, row in enumerate(_grid(keys, styles)[1:]):
        grid.append(row)
        style = styles.rule() if i in table.strong else styles.cell("l")
        grid.append([paragraph(table.rows[i][-1], style)] + [""] * (len(row) - 1))
        spans.append(("SPAN", (0, len(grid) - 1), (-1, len(grid) - 1)))
    return grid, spans


def table_flowable(table: TableContent, width: float, styles: Styles, colour: Color) -> RowTable:
    """The table itself; it splits between rows and repeats its header row."""
    if styles.max_lines:
        return _card_table(table, width, styles, colour)
    if _text_goes_under(table, width, styles, colour):
        return _table_text_under(table, width, styles, colour)
    return _table_inline(table, _widths(table, width, styles), styles, colour)


def _card_table(table: TableContent, width: float, styles: Styles, colour: Color) -> RowTable:
    """A card's table: no cell beyond styles.max_lines lines. The sheet's choice if it keeps to that,
    else the long last column under each row, else every column but the first under its row
    (« Réussite critique : … »)."""
    widths = _widths(table, width, styles)
    inline = styles.max_lines >= (0 if table.shade else _most_lines(table, widths, styles))
    under_ok = _long_text_last(table, styles) and _most_lines_under(table, width, styles) <= styles.max_lines
    # Two short columns (rank, threshold) stay side by side; the sheet's rule judges three and more.
    sheet_under = len(table.columns) >= 3 and _text_goes_under(table, width, styles, colour)
    if under_ok and (sheet_under or not inline):
        return _table_text_under(table, width, styles, colour)
    if inline:
        return _table_inline(table, widths, styles, colour)
    return _table_stacked(table, width, styles, colour)


def _lines(text: str, width: float, styles: Styles, bold: bool = False) -> int:
    """How many lines text takes in a cell this wide (its padding aside)."""
    style = styles.cell("l", bold=bold)
    return round(paragraph(text, style).wrap(width - 2 * styles.padding * 1.4, 1e9)[1] / style.leading)


def _most_lines(table: TableContent, widths: list[float], styles: Styles) -> int:
    cells = [(t, w, i == 0) for row in table.rows for i, (t, w) in enumerate(zip(row, widths, strict=True))]
    headers = [(t, w, True) for t, w in zip(table.columns, widths, strict=True)]
    return max((_lines(t, w, styles, bold) for t, w, bold in cells + headers), default=0)


def _most_lines_under(table: TableContent, width: float, styles: Styles) -> int:
    keys = _key_columns(table)
    return _most_lines(keys, _widths(keys, width, styles), styles)


def _stacked_cell(header: str, value: str) -> str:
    """« <b>Réussite critique :</b> Le dé gardé donne 6. » as Paragraph markup, marks quiet."""
    body = quiet_marks(escape(value))
    return f"<b>{escape(header)}\u00a0:</b> {body}" if header else body


def _table_stacked(table: TableContent, width: float, styles: Styles, colour: Color) -> RowTable:
    """One column: each row's first cell in bold, then each other cell on its own line, its header first."""
    group = len(table.columns)
    grid: list[list] = []
    for r, row in enumerate(table.rows):
        grid.append([paragraph(row[0], styles.cell("l", bold=True))])
        for i in range(1, group):
            style = styles.rule() if (r in table.strong and i == group - 1) else styles.cell("l")
            grid.append([Paragraph(_stacked_cell(table.columns[i], row[i]), style)])
    flowable = RowTable(grid, colWidths=[width], repeatRows=0, hAlign="LEFT")
    pad = styles.padding
    shades = [tint(colour, 0.02), tint(colour, 0.11)]
    commands = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),
        cell_ink(),
        ("LEFTPADDING", (0, 0), (-1, -1), pad * 1.4),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad * 1.4),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.6),
        ("LINEABOVE", (0, 0), (-1, 0), 0.8, colour),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, colour),
    ]
    commands += [("TOPPADDING", (0, r), (-1, r), pad) for r in range(0, len(grid), group)]
    commands += [("BACKGROUND", (0, r), (-1, r), shades[(r // group) % 2]) for r in range(len(grid))]
    flowable.setStyle(TableStyle(commands))
    flowable.row_group = group  # a row and its lines under it: the flow never cuts between them
    return flowable


def _table_inline(table: TableContent, widths: list[float], styles: Styles, colour: Color) -> RowTable:
    flowable = RowTable(_grid(table, styles), colWidths=widths, repeatRows=1, hAlign="LEFT")
    flowable.setStyle(_table_style(len(table.rows), colour, styles, _shading(table)))
    return flowable


def _table_text_under(table: TableContent, width: float, styles: Styles, colour: Color) -> RowTable:
    keys = _key_columns(table)
    grid, spans = _grid_text_under(table, styles)
    flowable = RowTable(grid, colWidths=_widths(keys, width, styles), repeatRows=1, hAlign="LEFT")
    style = _table_style(len(grid) - 1, colour, styles, {})
    shades = [tint(colour, 0.02), tint(colour, 0.11)]
    zebra = [("BACKGROUND", (0, r), (-1, r), shades[((r - 1) // 2) % 2]) for r in range(1, len(grid))]
    tight = [("TOPPADDING", (0, r), (-1, r), 0) for r in range(2, len(grid), 2)]
    for command in spans + zebra + tight:
        style.add(*command)
    flowable.setStyle(style)
    flowable.row_group = 2  # a row and its text: the flow never cuts between them
    return flowable


def continued_title(title: str) -> str:
    """The title heading a table's second part: « Blessures critiques (réussite critique) » continues
    as « Blessures critiques (suite) », never with two parentheses in a row."""
    short = re.sub(r"\s*\([^()]*\)\s*$", "", title).strip() or title
    return label("tables.format.continued", title=short)


def table_block(
    table: TableContent, width: float, styles: Styles, colour: Color, show_title: bool = True, legend: bool = False
) -> Stack:
    """Title, the rule it serves (bold, read first), table, note and (legend) the marks' legend, kept together.

    The legend is never a table's note here: the sheet's footer carries it, and on the cards it
    follows the first table in its own quiet paragraph.
    """
    parts: list[Flowable] = []
    if show_title:
        parts.append(paragraph(table.title, styles.table_title()))
    if table.rule:
        parts.append(paragraph(table.rule, styles.rule()))
    parts.append(table_flowable(table, width, styles, colour))
    if table.note:
        parts.append(paragraph(table.note, styles.note()))
    if legend:
        parts.append(legend_paragraph(styles))
    continued = paragraph(continued_title(table.title), styles.table_title())
    return Stack(parts, gap=styles.padding * 1.5, continued=continued)


def legend_paragraph(styles: Styles) -> Paragraph:
    """The marks' legend (« † En : … »), in the quiet style of the marks."""
    return paragraph(label("common.ruling_legend"), styles.quiet())


def side_by_side(blocks: list[Flowable], widths: list[float], gap: float) -> RowTable:
    """Blocks next to each other (small tables sharing a column), tops aligned."""
    cells, col_widths = [], []
    for i, (block, w) in enumerate(zip(blocks, widths, strict=True)):
        cells.append(block)
        col_widths.append(w + (gap if i < len(blocks) - 1 else 0))
    holder = RowTable([cells], colWidths=col_widths, hAlign="LEFT")
    holder.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), SANS),
                cell_ink(),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-2, 0), gap),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return holder


def section_band(title: str, colour: Color, styles: Styles) -> SectionBand:
    return SectionBand(paragraph(title, styles.section_title()), colour, pad=styles.body * 0.6)
