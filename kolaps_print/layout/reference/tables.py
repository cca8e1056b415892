"""One TableContent drawn as a block: title, the house table (style.yaml `table`: a head row on a black
tint, rows alternating paper and a lighter tint, black rules under the head and the last row), note."""

from __future__ import annotations

import math
import re
from dataclasses import replace

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph

from kolaps_print.content.tables import Align, TableContent
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.labels import label
from kolaps_print.layout.reference.bands import marks_grey, paragraph
from kolaps_print.layout.reference.flow import EPSILON, Stack
from kolaps_print.layout.reference.look import Styles, chance_colour
from kolaps_print.layout.reference.row_table import EMPTY_CELL_PT, Row, RowTable, TableLook
from kolaps_print.layout.ruling_style import quiet_marks
from kolaps_print.layout.shapes import Ink
from kolaps_print.layout.style import table_paint, unheaded_numbers
from kolaps_print.typography import escape, run_in

UNDER_SAVING = 0.05  # text goes under for height only when that saves at least this share (no flip-flop on a point)
EPSILON_PT = 0.01  # pt: widths closer than this are equal
SLACK_PT = 0.5  # pt: what a column's least width keeps beyond its longest word and padding (_min_widths)
# a numbered list's first cells: numbers and ranges (« 1 », « 6 à 4 », « 1–2 », « 7+ »), never words
NUMBERED = re.compile(r"[\d\s\u00a0\u202f–−+≤≥-]*\d[\d\s\u00a0\u202f–−+≤≥-]*(?:\s*à\s*\d+)?")
MIN_WORDS_A_LINE = 5  # a long-text column holding fewer words a line (on average) goes under its row instead


def _words(texts: list[str]) -> list[str]:
    # Paragraphs break at plain spaces only (never at a no-break space). The closing mark's two
    # words held as drawn (ruling_style.held_marks) are not measured as one: that reshuffled the
    # Letter sheet's sections (book21; tests/draw/test_reference_sheet17), and two short words fit.
    return [w for t in texts for w in re.split(r"[ \t\n]+", t) if w]


def _longest_word(texts: list[str], font: str, size: float) -> float:
    return max((stringWidth(w, font, size) for w in _words(texts)), default=0.0)


def _cell_pad(styles: Styles) -> float:
    """What a column adds to its text's width: both paddings as drawn, and SLACK_PT."""
    return 2 * _side(styles) + SLACK_PT


def _min_widths(table: TableContent, styles: Styles) -> list[float]:
    """Per column, the width under which a word (header or cell) would break mid-word."""
    pad = _cell_pad(styles)
    mins = []
    for i, header in enumerate(table.columns):
        cells = [row[i] for row in table.rows]
        body_font = SANS_BOLD if i in table_paint().bold_columns(table.columns, table.rows) else SANS
        mins.append(
            max(_longest_word([header], SANS_BOLD, styles.body), _longest_word(cells, body_font, styles.body)) + pad
        )
    return mins


def least_width(table: TableContent, styles: Styles) -> float:
    """The narrowest the table can be set without breaking a word."""
    return sum(_min_widths(table, styles))


def fits_width(table: TableContent, width: float, styles: Styles) -> bool:
    """Whether the table can be this narrow without breaking a word."""
    return sum(_min_widths(table, styles)) <= width


def _one_word_columns(table: TableContent, styles: Styles) -> list[int]:
    """The columns whose every cell and head is one word (numbers, « Cases »): padding is all
    that keeps their texts clear of their neighbours', and what they may narrow (grav18, letter19)."""
    natural, least = _natural_widths(table, styles), _min_widths(table, styles)
    return [i for i in range(len(least)) if natural[i] <= least[i] + EPSILON_PT]


def snug_room(table: TableContent, styles: Styles) -> float:
    """How much narrower than its cells whole the table can be in a sheet's row: its one-word
    columns' side padding down to the sheet's floor (styles.snug_floor; 0: none)."""
    if not styles.snug_floor:
        return 0.0
    return 2 * len(_one_word_columns(table, styles)) * max(0.0, _side(styles) - styles.snug_floor)


def snug_fits(table: TableContent, width: float, styles: Styles) -> bool:
    """Whether the table can be this narrow in a sheet's row without breaking a word: at its least
    width, or with its cells whole and its one-word columns' padding narrowed (snug_room)."""
    return fits_width(table, width, styles) or whole_cells_width(table, styles) - snug_room(table, styles) <= width


def _snug_widths(table: TableContent, width: float, styles: Styles) -> tuple[list[float], tuple[float, ...]] | None:
    """Widths and side paddings where the table's cells stand whole in less than their width, its
    one-word columns' paddings narrowed alike, never under the floor (letter19: the Letter kit
    sheet's « Localisation » with « Bras gauche » whole beside « Cumul des blessures »); None
    where they need no narrowing or the floor does not allow it."""
    wanted, one_word, side = _cell_widths(table, styles), _one_word_columns(table, styles), _side(styles)
    if not one_word or sum(wanted) <= width + EPSILON_PT:
        return None
    narrower = (sum(wanted) - width) / (2 * len(one_word))
    if narrower > side - styles.snug_floor + EPSILON_PT:
        return None
    widths = [w - 2 * narrower if i in one_word else w for i, w in enumerate(wanted)]
    return widths, tuple(side - narrower if i in one_word else side for i in range(len(wanted)))


def _widths(table: TableContent, width: float, styles: Styles) -> list[float]:
    """Share width by the table's hints, but never below a column's longest word; on a card, a column
    a little short of its longest line then takes that from the others' spare room (_unwrap); on the
    sheet, a column of short cells (names) takes what its cells need whole from the others' room
    (_whole_cells)."""
    shared = _shared_widths(table, width, styles)
    if styles.unwrap:
        return _unwrap(table, shared, styles)
    return _whole_cells(table, shared, styles) if styles.cell_lines else shared


def _cell_widths(table: TableContent, styles: Styles) -> list[float]:
    """Per column, the width its cells take whole, none wrapped (its head may wrap), never below
    its longest word: what a table of names needs so « Bras gauche » stays on one line."""
    pad = _cell_pad(styles)
    bold = table_paint().bold_columns(table.columns, table.rows)
    cells = [
        max((stringWidth(row[i], SANS_BOLD if i in bold else SANS, styles.body) for row in table.rows), default=0.0)
        + pad
        for i in range(len(table.columns))
    ]
    return [max(c, m) for c, m in zip(cells, _min_widths(table, styles), strict=True)]


def whole_cells_width(table: TableContent, styles: Styles) -> float:
    """The narrowest the table can be with no cell wrapped (its heads may): the width a sheet's row of
    tables gives it when the row has the room (sheet._row_widths, hang18)."""
    return sum(_cell_widths(table, styles))


def _whole_cells(table: TableContent, widths: list[float], styles: Styles) -> list[float]:
    """Widths where a column whose cells wrap takes what they need whole from the columns with room
    beyond their own cells' (hang18: the kit's « Localisation » printed « Bras / gauche » over two
    lines while « Gravité suivante » had room); a column no room covers keeps its share."""
    return _give_room(widths, _cell_widths(table, styles), most=math.inf, least=EPSILON)


def _give_room(widths: list[float], wanted: list[float], most: float, least: float = 0.0) -> list[float]:
    """Widths where each column short of its wanted width by more than least and at most most pt
    takes the difference from the columns wider than they want, in proportion to their room, the
    smallest need first; a need the others' room cannot cover is left as it is."""
    widths = list(widths)
    for i in sorted(range(len(widths)), key=lambda c: wanted[c] - widths[c]):
        need = wanted[i] - widths[i]
        spare = {j: widths[j] - wanted[j] for j in range(len(widths)) if j != i and widths[j] > wanted[j]}
        if need <= least or need > most or sum(spare.values()) < need:
            continue
        total = sum(spare.values())
        for j, room in spare.items():
            widths[j] -= need * room / total
        widths[i] = wanted[i]
    return widths


def _natural_widths(table: TableContent, styles: Styles) -> list[float]:
    """Per column, the width its longest cell (or head) takes on one line, padding included."""
    pad = _cell_pad(styles)
    bold = table_paint().bold_columns(table.columns, table.rows)
    return [
        max(
            stringWidth(header, SANS_BOLD, styles.body),
            *(stringWidth(row[i], SANS_BOLD if i in bold else SANS, styles.body) for row in table.rows),
        )
        + pad
        for i, header in enumerate(table.columns)
    ]


def _unwrap(table: TableContent, widths: list[float], styles: Styles) -> list[float]:
    """Widths where a column whose longest line is at most styles.unwrap pt too wide takes the
    difference from the columns with room to spare (review 11: « Bras gauche estropié » wrapped on
    the poker card where « Bras droit estropié » did not, the Test column half empty beside it)."""
    return _give_room(widths, _natural_widths(table, styles), most=styles.unwrap)


def _shared_widths(table: TableContent, width: float, styles: Styles) -> list[float]:
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


def _grid(table: TableContent, styles: Styles, bold: frozenset[int] | None = None) -> list[list[Paragraph]]:
    """Head and body cells; bold: the body columns set bold (by default the house table's for table)."""
    header = [paragraph(c, styles.cell(table.column_align(i), bold=True)) for i, c in enumerate(table.columns)]
    bold = table_paint().bold_columns(table.columns, table.rows) if bold is None else bold
    body = [
        # The first column names the row (a rank, a die face, an action): bold reads faster (the house table).
        [paragraph(cell, styles.cell(table.column_align(i), bold=(i in bold))) for i, cell in enumerate(row)]
        for row in table.rows
    ]
    for r in table.strong:  # a rule players must not miss, in its row: the rule's bold
        body[r][-1] = paragraph(table.rows[r][-1], styles.rule())
    return [header] + body


def _ink(colour: Color) -> Ink:
    return colour.cmyk()


def _zebra() -> tuple[Ink, ...]:
    return table_paint().rows


def _side(styles: Styles) -> float:
    """A cell's padding on each side."""
    return styles.padding * 1.4


def _hung_look(styles: Styles, columns: int) -> TableLook:
    """The house table set as a numbered list: the numbers' column has no right padding, so a number
    stands one padding from its name (_hanging_widths)."""
    look = _look(styles, columns)
    return replace(look, right=(0.0, *look.right[1:]))


def _look(styles: Styles, columns: int) -> TableLook:
    """The house table: its head row's tint, its rows' tints, its rules under the head and the last row.
    Black only, whatever the section's colour: the same table reads the same in the book."""
    side, paint = (_side(styles),) * columns, table_paint()
    return TableLook(
        left=side,
        right=side,
        header_fill=paint.head_fill,
        zebra=paint.rows,
        rule=paint.rule,
        rule_pt=paint.rule_pt,
        rule_below_header=True,
        rule_below=True,
        empty_cell=0.0 if styles.tight_under else EMPTY_CELL_PT,
    )


def _row(cells: list, styles: Styles, **kwargs) -> Row:
    """A row with the tables' usual padding (a little more below, where the descenders are)."""
    pad = styles.padding
    return Row(tuple(cells), top=kwargs.pop("top", pad), bottom=pad * 1.2, **kwargs)


def _shading(table: TableContent, r: int) -> tuple[tuple[int, Ink], ...]:
    """Row r's cells on the chances' ramp (the heat map)."""
    if not table.shade:
        return ()
    return tuple((c, _ink(chance_colour(v))) for c, v in enumerate(table.shade[r]) if v is not None)


def _words_a_line(texts: list[str], width: float, styles: Styles) -> float:
    """How many words of these texts, on average, a line of this width holds."""
    words = _words(texts)
    if not words:
        return float("inf")
    space = stringWidth(" ", SANS, styles.body)
    mean = sum(stringWidth(w, SANS, styles.body) for w in words) / len(words) + space
    return (width - 2 * _side(styles)) / mean


def _long_text_last(table: TableContent, styles: Styles) -> bool:
    """Whether the table ends in a column of running text (the widest by its hints) that may go under its row."""
    return len(table.columns) >= styles.under_from and _widest_last(table) and not table.shade


def _widest_last(table: TableContent) -> bool:
    """Whether the table's last column is its widest by its hints (its running text)."""
    # The systems' tables answer the same question their own way (layout/ruleset/sheet.py
    # text_goes_under): they carry no width hints, so theirs is the column past the first with the
    # most text, wherever it stands (d12's « Attaquant » in the middle), and never one of numbers.
    # KOLAPS's author names it in the hints (content/tables.py), always the last column; a heat map's
    # columns never go under (_long_text_last). On KOLAPS's tables both rules pick the same column today.
    hints = table.widths
    return len(hints) == len(table.columns) and max(hints) == hints[-1]


def _text_goes_under(table: TableContent, width: float, styles: Styles) -> bool:
    """Whether the last column's text reads better on a full-width line under its row.

    Counted in words a line and in height, never in raw points: under when the column would
    hold fewer than MIN_WORDS_A_LINE words a line, or when the table is clearly shorter that way.
    """
    if not _long_text_last(table, styles):
        return False
    widths = _widths(table, width, styles)
    if _words_a_line([r[-1] for r in table.rows], widths[-1], styles) < MIN_WORDS_A_LINE:
        return True
    inline = _table_inline(table, widths, styles).wrap(width, 1e9)[1]
    return _table_text_under(table, width, styles).wrap(width, 1e9)[1] < inline * (1 - UNDER_SAVING)


def _key_columns(table: TableContent, under: int = 1) -> TableContent:
    """The table less its last `under` columns (set under each row), and so less its strong texts."""
    return column_part(table, list(range(len(table.columns) - under)))


def _under_text(
    table: TableContent, r: int, column: int, headed: bool, styles: Styles, indent: float = 0.0
) -> Paragraph:
    """Row r's text of a column set under it: plain (a strong rule in bold) when it is the row's
    own text; headed, after its head in bold (« Réussite critique : … »), as the rulebook sets them.
    indent: the text starts this far in (a hanging step's, under its name)."""
    last = column == len(table.columns) - 1
    style = styles.rule() if (r in table.strong and last) else styles.cell("l")
    if indent:
        style = ParagraphStyle(f"{style.name}-hung", parent=style, leftIndent=indent)
    if not headed:
        return paragraph(table.rows[r][column], style)
    return Paragraph(_stacked_cell(table.columns[column], table.rows[r][column], style.fontSize), style)


def _rows_text_under(
    table: TableContent, styles: Styles, under: int = 1, headed: bool = False, hang: float = 0.0
) -> list[Row]:
    """Key columns on one row, each of the last `under` columns' texts on a full-width row under it
    (headed: each after its column's head; always when more than one), the row and its lines one
    zebra shade. hang: the first key column's width, for a table set as steps (hung_columns)."""
    keys = hung_columns(_key_columns(table, under)) if hang else _key_columns(table, under)
    # bold as the whole table would be (« Le tour de jeu »'s names, though its text goes under); a
    # hung list's as its keys: its names, its numbers unheaded (fix20)
    named = keys if hang else table
    grid = _grid(keys, styles, table_paint().bold_columns(named.columns, named.rows))
    rows = [_row(grid[0], styles)]
    first_under = len(table.columns) - under
    for i, cells in enumerate(grid[1:]):
        shade = _zebra()[i % len(_zebra())]
        rows.append(_row(cells, styles, fill=shade))
        for column in range(first_under, len(table.columns)):
            text = [_under_text(table, i, column, headed or under > 1, styles, hang)] + [""] * (len(cells) - 1)
            rows.append(_row(text, styles, top=0, span=True, fill=shade))
    return rows


def _hangs(table: TableContent, under: int, styles: Styles) -> bool:
    """Whether a table whose `under` last columns go under its rows is set as a hung list: the
    layout's steps (text_under) always; a numbered table with its running text alone under its rows
    where the styles allow (styles.hang_lists)."""
    return _always_under(table, styles) or (styles.hang_lists and hangs_list(table, under))


def hangs_list(table: TableContent, under: int) -> bool:
    """Whether a table whose `under` last columns go under its rows is a numbered list with its
    running text alone under them: set hung in every product that sets it so (the book's too)."""
    return under == 1 and numbered_list(table)


def numbered_list(table: TableContent) -> bool:
    """Whether the table reads as a numbered list (hung wherever its running text goes under its
    rows, issue 12: one look in every product): a first column of numbers or ranges (« 1 », « 6 à 4 »),
    a last column of running text (its widest), no heat map. The walk-through, « Le tour de jeu »,
    « Effets secondaires », « Moral », « Blessures critiques »."""
    firsts = [row[0] for row in table.rows]
    return bool(firsts) and all(NUMBERED.fullmatch(c) for c in firsts) and _widest_last(table) and not table.shade


def hung_columns(keys: TableContent) -> TableContent:
    """The key columns of a table set as steps (styles.text_under: the attack walk-through), as a
    typesetter sets a numbered list (review 17, S3): the numbers hang, right-aligned against the
    names, whose left edge the text under them keeps; the last key (« Attaquant », « Cible ») ends
    flush with the table's right edge instead of floating mid-column. The numbers go unheaded, as a
    list's labels (fix20, review 19 S4: « Moral État » read as one phrase), their names bold."""
    right: Align = "r"
    middle = [keys.column_align(i) for i in range(1, len(keys.columns) - 1)]
    last = [right] if len(keys.columns) > 2 else [keys.column_align(i) for i in range(1, len(keys.columns))]
    return replace(keys, columns=["", *keys.columns[1:]], align=(right, *middle, *last))


def _printed_keys(table: TableContent, under: int, styles: Styles) -> TableContent:
    """The key columns of a table whose `under` last columns go under its rows, as printed: hung
    where it hangs (_hangs), so they are measured with the numbers unheaded and the names bold."""
    keys = _key_columns(table, under)
    return hung_columns(keys) if _hangs(table, under, styles) and len(keys.columns) > 1 else keys


def _hanging_widths(keys: TableContent, widths: list[float], styles: Styles) -> list[float]:
    """The numbers' column as narrow as its widest number (« 10 ») allows, with no padding on its
    right (the names' own left padding parts them, as a list's label from its item: _hung_look),
    the rest to the names': the steps' texts, hung from the names, lose no more than that."""
    return hang_widths(widths, _min_widths(keys, styles)[0] - _side(styles))


def hang_widths(widths: list[float], least: float, to: int = 1) -> list[float]:
    """A hung list's widths: its numbers' column narrowed to `least` (its widest number and its left
    padding), what that frees given to column `to`: the names' (their left edge the texts under
    keep), or the book's last key column, which takes the rest of its measure (rulebook _close_keys)."""
    if least >= widths[0]:
        return widths
    given = list(widths)
    given[0], given[to] = least, widths[to] + widths[0] - least
    return given


def table_flowable(table: TableContent, width: float, styles: Styles, snug: bool = False) -> RowTable:
    """The table itself; it splits between rows and repeats its header row. snug: its cells whole in
    less than their width, its one-word columns' padding narrowed (a sheet's row: letter19)."""
    if styles.max_lines:
        return _card_table(table, width, styles)
    under = _sheet_under(table, width, styles)
    if under:
        # a column under its row that is not the table's running text (its widest) says its head:
        # « Les trois jets »' « Échec critique : … » (round-12 review), not « Moral »'s effect
        headed = not _widest_last(table)
        return _table_text_under(table, width, styles, under, headed)
    snugged = _snug_widths(table, width, styles) if snug else None
    if snugged:
        return _table_inline(table, snugged[0], styles, snugged[1])
    return _table_inline(table, _widths(table, width, styles), styles)


def _sheet_under(table: TableContent, width: float, styles: Styles) -> int:
    """How many last columns the sheet sets under each row: its usual choice (_text_goes_under) when
    no cell then wraps beyond styles.cell_lines lines, else the fewest that leave none beyond, as the
    rulebook does (rulebook.yaml cell_lines), down to the key column alone (« Facultés des armes »);
    a table no cut helps, or a heat map, keeps its usual choice. A table the layout names
    (styles.text_under: the attack walk-through) sets its running text under at every size."""
    usual = 1 if _always_under(table, styles) or _text_goes_under(table, width, styles) else 0
    if not styles.cell_lines or table.shade:
        return usual
    for under in range(usual, len(table.columns)):
        keys = _printed_keys(table, under, styles) if under else table
        if _most_lines(keys, _widths(keys, width, styles), styles) <= styles.cell_lines:
            return under
    return usual


def _always_under(table: TableContent, styles: Styles) -> bool:
    """Whether the layout sets this table's running text under its rows whatever the size: one
    arrangement on every sheet (the kit's at 10 pt needs it, so the A4 sheet's at 7.25 takes it too)."""
    return table.id in styles.text_under and _widest_last(table) and not table.shade


def _card_table(table: TableContent, width: float, styles: Styles) -> RowTable:
    """A card's table: no cell beyond styles.max_lines lines. The sheet's choice if it keeps to that,
    else the long last column under each row, else every column but the first under its row
    (« Réussite critique : … »)."""
    shape = _card_shape(table, width, styles)
    if shape == "under":
        return _table_text_under(table, width, styles)
    if shape == "inline":
        return _table_inline(table, _widths(table, width, styles), styles)
    return _table_stacked(table, width, styles)


def _card_shape(table: TableContent, width: float, styles: Styles) -> str:
    """Which of a card's three arrangements _card_table takes: "under", "inline" or "stacked"."""
    widths = _widths(table, width, styles)
    inline = styles.max_lines >= (0 if table.shade else _most_lines(table, widths, styles))
    under_ok = _long_text_last(table, styles) and _most_lines_under(table, width, styles) <= styles.max_lines
    # Two short columns (rank, threshold) stay side by side; the sheet's rule judges three and more.
    sheet_under = len(table.columns) >= 3 and _text_goes_under(table, width, styles)
    if under_ok and (sheet_under or not inline):
        return "under"
    return "inline" if inline else "stacked"


def card_fits(table: TableContent, width: float, styles: Styles, stacked: bool = False) -> bool:
    """Whether a card's arrangement of table (_card_table's) is this narrow without breaking a word,
    no cell over styles.max_lines lines. stacked: the one-column arrangement is allowed (a table of
    text); else a table that would take it does not fit (numbers stacked read as a long list)."""
    shape = _card_shape(table, width, styles)
    if shape == "under":
        return sum(_min_widths(_printed_keys(table, 1, styles), styles)) <= width
    if shape == "inline":
        return fits_width(table, width, styles) and (
            _most_lines(table, _widths(table, width, styles), styles) <= styles.max_lines
        )
    return stacked and not table.shade and _stacked_fits(table, width, styles)


def _stacked_fits(table: TableContent, width: float, styles: Styles) -> bool:
    """Each line of the one-column arrangement within max_lines lines, no word broken."""
    if max(_min_widths(table, styles)) > width:  # a word wider than the card
        return False
    inner = width - 2 * _side(styles)
    style = styles.cell("l")
    for row in table.rows:
        for header, value in zip(table.columns[1:], row[1:], strict=True):
            text = Paragraph(_stacked_cell(header, value, style.fontSize), style)
            if round(text.wrap(inner, 1e9)[1] / style.leading) > styles.max_lines:
                return False
    return True


def column_part(table: TableContent, columns: list[int]) -> TableContent:
    """The table cut down to these columns (the key, column 0, first): a part of a table set in
    column groups, its shades, alignments and width hints with them; its strong texts only where
    it keeps the last column."""

    def pick(values: tuple | list) -> tuple:
        return tuple(values[i] for i in columns if i < len(values))

    last = len(table.columns) - 1 in columns
    return replace(
        table,
        columns=[table.columns[i] for i in columns],
        rows=[[row[i] for i in columns] for row in table.rows],
        align=pick(table.align),
        widths=pick(table.widths) if len(table.widths) == len(table.columns) else (),
        shade=tuple(pick(r) for r in table.shade) if table.shade else None,
        strong=table.strong if last else (),
    )


def column_groups(table: TableContent, parts: int, least: int) -> list[list[list[int]]]:
    """Every way to deal the columns after the key into `parts` runs in order, each run at least
    `least` columns, each with the key in front."""
    rest = list(range(1, len(table.columns)))

    def deal(start: int, left: int) -> list[list[list[int]]]:
        if left == 1:
            run = rest[start:]
            return [[[0, *run]]] if len(run) >= least else []
        return [
            [[0, *rest[start:end]], *tail]
            for end in range(start + least, len(rest) + 1)
            for tail in deal(end, left - 1)
        ]

    return deal(0, parts)


def _lines(text: str, width: float, styles: Styles, bold: bool = False) -> int:
    """How many lines text takes in a cell this wide (its padding aside)."""
    style = styles.cell("l", bold=bold)
    return round(paragraph(text, style).wrap(width - 2 * _side(styles), 1e9)[1] / style.leading)


def _most_lines(table: TableContent, widths: list[float], styles: Styles) -> int:
    """The most lines a cell or head takes at these widths; bold: the first column, a hung list's
    numbers and names."""
    bold = {0, 1} if unheaded_numbers(table.columns) else {0}
    cells = [(t, w, i in bold) for row in table.rows for i, (t, w) in enumerate(zip(row, widths, strict=True))]
    headers = [(t, w, True) for t, w in zip(table.columns, widths, strict=True)]
    return max((_lines(t, w, styles, bold) for t, w, bold in cells + headers), default=0)


def _most_lines_under(table: TableContent, width: float, styles: Styles) -> int:
    keys = _printed_keys(table, 1, styles)
    return _most_lines(keys, _widths(keys, width, styles), styles)


def _stacked_cell(header: str, value: str, size: float) -> str:
    """« <b>Réussite critique :</b> le dé gardé donne 6. » as Paragraph markup, marks quiet."""
    grey = marks_grey(size)

    def quiet(text: str) -> str:
        return quiet_marks(escape(text), grey)

    return run_in(header, value, quiet) if header else quiet(value)


def _table_stacked(table: TableContent, width: float, styles: Styles) -> RowTable:
    """One column: each row's first cell in bold, then each other cell on its own line, its header first."""
    group = len(table.columns)
    pad = styles.padding
    rows = []
    for r, row in enumerate(table.rows):
        shade = _zebra()[r % len(_zebra())]
        cells = [paragraph(row[0], styles.cell("l", bold=True))]
        for i in range(1, group):
            style = styles.rule() if (r in table.strong and i == group - 1) else styles.cell("l")
            cells.append(Paragraph(_stacked_cell(table.columns[i], row[i], style.fontSize), style))
        rows += [Row((cell,), top=pad if i == 0 else 0, bottom=pad * 0.6, fill=shade) for i, cell in enumerate(cells)]
    side = (pad * 1.4,)
    paint = table_paint()
    look = TableLook(
        left=side, right=side, valign="bottom", rule=paint.rule, rule_pt=paint.rule_pt, rule_above=True, rule_below=True
    )
    # a row and its lines under it: the flow never cuts between them
    return RowTable(rows, [width], look, row_group=group)


def _table_inline(
    table: TableContent,
    widths: list[float],
    styles: Styles,
    sides: tuple[float, ...] | None = None,
) -> RowTable:
    """The grid; sides: each column's side padding (a snug table's)."""
    grid = _grid(table, styles)
    look = _look(styles, len(widths))
    if sides is not None:
        look = replace(look, left=sides, right=sides)
    if table.id in styles.narrow_gutters:
        widths, sides = _narrow_gutters(table, widths, styles)
        look = replace(look, left=sides, right=sides)
    heads = [_broken_head(table, i, w - look.left[i] - look.right[i], styles) for i, w in enumerate(widths)]
    rows = [_row([h or cell for h, cell in zip(heads, grid[0], strict=True)], styles)]
    rows += [_row(cells, styles, cell_fills=_shading(table, r)) for r, cells in enumerate(grid[1:])]
    return RowTable(rows, widths, look, repeat_rows=1)


def _broken_head(table: TableContent, column: int, inner: float, styles: Styles) -> Paragraph | None:
    """A head too wide for its column on one line, broken where its parts meet, the separator left
    out (kit20, review 19: « Chances de réussite » read « 0 · / 2C6 » on the Letter sheets and the
    decks, now « 0 » over « 2C6 »); None for a head that fits, or has no such separator."""
    head, sep = table.columns[column], label("tables.format.head_break")
    style = styles.cell(table.column_align(column), bold=True)
    if sep not in head or stringWidth(head, style.fontName, style.fontSize) <= inner + EPSILON_PT:
        return None
    return Paragraph("<br/>".join(escape(part) for part in head.split(sep)), style)


def _narrow_gutters(table: TableContent, widths: list[float], styles: Styles) -> tuple[list[float], tuple[float, ...]]:
    """Widths and side paddings where the columns of one-word cells (numbers, « toujours ») give up
    side padding, down to styles.gutter_floor, to the columns whose cells wrap, as far as
    that saves lines and no further (grav18: « Blessure très grave » in three lines on the tarot,
    every column at its longest word, « Mauvais coup » in two on the poker). Only the drawing
    changes: the table's plan (its type, its parts) was made with the usual padding."""
    side, natural, one_word = _side(styles), _natural_widths(table, styles), _one_word_columns(table, styles)
    wrapped = [i for i in range(len(widths)) if natural[i] > widths[i] + EPSILON_PT]
    if not one_word or not wrapped:
        return widths, (side,) * len(widths)
    # what each one-word column can give: its room beyond its text with the narrow padding
    floor = min(side, styles.gutter_floor)
    spare = {i: max(0.0, widths[i] - (natural[i] - 2 * (side - floor))) for i in one_word}
    if not sum(spare.values()):
        return widths, (side,) * len(widths)

    def given(share: float) -> list[float]:
        out = list(widths)
        room = share * sum(spare.values())
        for i in one_word:
            out[i] -= share * spare[i]
        need = {i: natural[i] - widths[i] for i in wrapped}
        for i in wrapped:  # shared by how far each is from its longest line
            out[i] += room * need[i] / sum(need.values())
        return out

    best = _cell_lines(table, given(1.0), styles, wrapped)
    if best >= _cell_lines(table, widths, styles, wrapped):
        return widths, (side,) * len(widths)
    low, high = 0.0, 1.0  # the least share giving as few lines
    for _ in range(12):
        middle = (low + high) / 2
        low, high = (low, middle) if _cell_lines(table, given(middle), styles, wrapped) <= best else (middle, high)
    new = given(min(1.0, high + SLACK_PT / sum(spare.values())))  # the least widths' slack: no line at its edge
    sides = tuple(min(side, (new[i] - natural[i]) / 2 + side) if i in spare else side for i in range(len(new)))
    return new, sides


def _cell_lines(table: TableContent, widths: list[float], styles: Styles, columns: list[int]) -> int:
    """All the lines of these columns' cells and heads at these widths (usual padding)."""
    bold = table_paint().bold_columns(table.columns, table.rows)
    cells = [(row[i], widths[i], i in bold) for row in table.rows for i in columns]
    heads = [(table.columns[i], widths[i], True) for i in columns]
    return sum(_lines(t, w, styles, b) for t, w, b in cells + heads)


def _table_text_under(
    table: TableContent, width: float, styles: Styles, under: int = 1, headed: bool = False
) -> RowTable:
    keys = _printed_keys(table, under, styles)
    widths = _widths(keys, width, styles)
    hang = 0.0
    if _hangs(table, under, styles) and len(widths) > 1:
        widths = _hanging_widths(keys, widths, styles)
        hang = widths[0]
    rows = _rows_text_under(table, styles, under, headed, hang)
    # the walk-through's cuts may move back to where its actor changes (tarot19); not a numbered list's
    breaks = _actor_changes(keys) if hang and _always_under(table, styles) else frozenset()
    look = _hung_look(styles, len(widths)) if hang else _look(styles, len(widths))
    # a row and its texts: the flow never cuts between them
    return RowTable(rows, widths, look, repeat_rows=1, row_group=1 + under, breaks=breaks)


def _actor_changes(keys: TableContent) -> frozenset[int]:
    """The steps after which the last key column (« Attaquant », « Cible ») changes: where a card
    cuts the walk-through when it has the room (faces.py)."""
    actors = [row[-1] for row in keys.rows]
    return frozenset(r for r in range(1, len(actors)) if actors[r] != actors[r - 1])


def continued_title(title: str) -> str:
    """The title heading a table's second part: « Blessures critiques (réussite critique) » continues
    as « Blessures critiques (suite) », never with two parentheses in a row, nor with one inside it
    (review 14b, N2: d100 mini 3/8's « Chance de réussite (d100 ≤ score), à bout portant (suite) »
    ran to three lines, « (suite) » alone on the last; its first piece gave the title whole)."""
    short = re.sub(r"\s*\([^()]*\)", "", title).strip() or title
    return label("tables.format.continued", title=short)


def table_block(
    table: TableContent,
    width: float,
    styles: Styles,
    show_title: bool = True,
    legend: bool = False,
    body: RowTable | None = None,
) -> Stack:
    """Title, the rule it serves (bold, read first), table (body: as set already, else table_flowable's),
    note and (legend) the marks' legend, kept together.

    The legend is never a table's note here: the sheet's footer carries it, and on the cards it
    follows the first table in its own quiet paragraph.
    """
    parts: list[Flowable] = []
    if show_title:
        parts.append(paragraph(table.title, styles.table_title()))
    if table.rule:
        parts.append(paragraph(table.rule, styles.rule()))
    parts.append(body if body is not None else table_flowable(table, width, styles))
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
    last = len(blocks) - 1
    col_widths = [w + (gap if i < last else 0) for i, w in enumerate(widths)]
    look = TableLook(
        left=(0.0,) * len(blocks), right=tuple(gap if i < last else 0.0 for i in range(len(blocks))), valign="top"
    )
    return RowTable([Row(tuple(blocks), top=0, bottom=0)], col_widths, look)
