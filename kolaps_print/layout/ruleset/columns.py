"""Measuring a ruleset table's columns (sheet, reference cards, character cards): each column at
least as wide as its longest word, the type a little smaller for a table too wide for that, a
heading that still cannot fit broken at a French syllable."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth

from kolaps_print.content.ruleset_table import RulesetTable
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.typography import closing_mark_held, french_patterns

SOFT_HYPHEN = "\u00ad"  # reportlab breaks a word there, with a hyphen, only where it must
CELL_PAD = 2  # points, a cell's padding on each side, when its column's width is measured
SLACK = 1  # points: a word exactly as wide as its cell would still break on rounding
# At the gutters' floor only rounding is allowed for: reportlab breaks a line only past its width
# (review 14b S1: the 1 pt SLACK of four columns wrapped d100 tarot's « Portée (m) » at 9.75 pt).
FLOOR_SLACK = 0.25
EDGE = 0.01  # points: what a width asked for a text's lines is given over it, for rounding
# A cell no wider than this many ems whole (a label « Coup puissant », a modifier « −2 AV, −3 DV »)
# reads as one word: the reshare never breaks one that the share set whole (review 16, S3)
SHORT_EMS = 6
MOST_LINES = 3  # no cell over three lines (the house rule): what a short cell made whole may cost the others


def unbroken_size(
    table: RulesetTable,
    width: float,
    size: float,
    least: float,
    step: float = 0.25,
    strong: float = 1.0,
    pad: float = CELL_PAD,
    bold_first: bool = False,
) -> float:
    """size, or the largest below it (down to least) at which no word of the table has to break:
    a wide table sets a little smaller than its neighbours."""
    while size - step >= least - 1e-9 and sum(least_widths(table, size, strong, pad, bold_first=bold_first)) > width:
        size = round(size - step, 2)
    return size


def _measured(
    table: RulesetTable, size: float, strong: float, bold_first: bool = False
) -> list[list[tuple[str, str, float]]]:
    """Each column's texts with the font and size they print in: headings bold, the strong
    column bold and strong times larger, the first column bold with bold_first (a card's
    weapon names: the row's head). A cell's closing mark holds its last two words, as drawn
    (typography.closing_mark_held: « de l’arme. † 3D6-E4 » measured as one word)."""
    out = []
    for i in range(len(table.header)):
        font, body = (SANS_BOLD, size * strong) if i == table.strong else (SANS, size)
        font = SANS_BOLD if bold_first and i == 0 else font
        out.append(
            [(table.header[i], SANS_BOLD, size), *((closing_mark_held(row[i]), font, body) for row in table.rows)]
        )
    return out


def least_widths(
    table: RulesetTable,
    size: float,
    strong: float = 1.0,
    pad: float = CELL_PAD,
    whole_first: bool = False,
    bold_first: bool = False,
) -> list[float]:
    """Each column's longest word, padding (pad points a side) included: words are cut at plain
    spaces only, as reportlab cuts lines (« 55 % » and « 1d12 + 6 » written with no-break spaces
    stay whole). whole_first: the first column's body texts whole (a card's weapon names)."""
    return _least(_measured(table, size, strong, bold_first), pad, whole_first)


def _least(
    texts: list[list[tuple[str, str, float]]], pad: float = CELL_PAD, whole_first: bool = False, slack: float = SLACK
) -> list[float]:
    def longest(i: int, column: list[tuple[str, str, float]]) -> float:
        if whole_first and i == 0:
            head, *body = column
            return max([_width((w, head[1], head[2])) for w in head[0].split(" ")] + [_width(t) for t in body])
        return max((_width((w, f, s)) for text, f, s in column for w in text.split(" ")), default=0)

    return [longest(i, column) + 2 * pad + slack for i, column in enumerate(texts)]


def heads_whole_widths(
    table: RulesetTable,
    size: float,
    strong: float = 1.0,
    pad: float = CELL_PAD,
    bold_first: bool = False,
    rows_whole: bool = False,
) -> list[float]:
    """Each column as wide as its heading whole (one line) and its rows' longest word (with
    rows_whole, their longest text), with the first column's texts whole with bold_first (a
    weapon's name beside its values)."""
    texts = _measured(table, size, strong, bold_first)
    least = _least(texts, pad, whole_first=bold_first)
    rows = [max((_width(t) for t in c[1:]), default=0) + 2 * pad + SLACK if rows_whole else 0 for c in texts]
    return [max(a, r, _width(c[0]) + 2 * pad + SLACK) for a, r, c in zip(least, rows, texts, strict=True)]


def heads_whole_columns(
    table: RulesetTable, width: float, size: float, strong: float = 1.0, pad: float = CELL_PAD, bold_first: bool = False
) -> list[float]:
    """width shared between the columns, each its heads_whole_widths first, then what the rows'
    texts lack to be whole (« Armes de tir » on one line) in proportion, the rest evenly."""
    texts = _measured(table, size, strong, bold_first)
    least = heads_whole_widths(table, size, strong, pad, bold_first)
    whole = [
        max(a, max((_width(t) for t in c[1:]), default=0) + 2 * pad + SLACK) for a, c in zip(least, texts, strict=True)
    ]
    columns = _shared(least, whole, width)
    rest = (width - sum(columns)) / len(columns)
    return [c + rest for c in columns]


def row_widths(
    table: RulesetTable, size: float, strong: float = 1.0, pad: float = CELL_PAD, bold_first: bool = False
) -> list[float]:
    """Each column as wide as its longest word, and as its longest row text whole: a card
    table whose names and skills (« Armes de tir ») each hold one line."""
    texts = _measured(table, size, strong, bold_first)
    return [
        max(least, max((_width(t) for t in column[1:]), default=0) + 2 * pad + SLACK)
        for least, column in zip(_least(texts, pad), texts, strict=True)
    ]


def wrapped_cells(
    table: RulesetTable,
    columns: list[float],
    size: float,
    strong: float = 1.0,
    pad: float = CELL_PAD,
    bold_first: bool = False,
    heads: bool = False,
) -> int:
    """How many of the rows' texts (and with heads, the headings) take more than one line in those columns."""
    texts = _measured(table, size, strong, bold_first)
    first = 0 if heads else 1
    return sum(
        _width(t) + 2 * pad + SLACK > width
        for width, column in zip(columns, texts, strict=True)
        for t in column[first:]
    )


def heads_wrapped(table: RulesetTable, columns: list[float], size: float, pad: float, slack: float = SLACK) -> int:
    """How many of the table's headings take more than one line in those columns."""
    return sum(
        _width((head, SANS_BOLD, size)) + 2 * pad + slack > width
        for head, width in zip(table.header, columns, strict=True)
    )


@lru_cache(maxsize=16384)
def _width(text: tuple[str, str, float]) -> float:
    """A text's width in its font and size, measured once: a deck's type fitting asks for the
    same words at the same sizes for every scale it tries (about 10 times a card side)."""
    return stringWidth(*text)


def column_widths(
    table: RulesetTable,
    width: float,
    size: float,
    strong: float = 1.0,
    pad: float = CELL_PAD,
    whole_first: bool = False,
    body_first: bool = False,
    two_line_heads: float | None = None,
    bold_first: bool = False,
) -> list[float]:
    """Each column at least as wide as its longest word at size points (so « Bonus » never
    breaks), the width left shared in proportion to what each column's longest text still lacks.
    The strong column (what is rolled) is measured at size × strong. body_first (a card's
    weapons): the rows' texts are made whole first (« Fusil de précision », « Armes de tir »),
    the headings with what is left, so a name never wraps while a heading has room.
    two_line_heads (the sheet's and reference cards' tables, their cells' padding in points): a
    heading that would take three lines widens its column to hold it in two, from the columns
    with width to spare."""
    texts = _measured(table, size, strong, bold_first)

    def whole(i: int, rows: slice = slice(None)) -> float:
        return max((_width(t) for t in texts[i][rows]), default=0) + 2 * pad + SLACK

    least = _least(texts, pad, whole_first)
    if width - sum(least) <= 0:
        return [width * a / sum(least) for a in least]
    columns = least
    steps = ([slice(1, None)] if body_first else []) + [slice(None)]
    for rows in steps:
        columns = _shared(columns, [max(a, whole(i, rows)) for i, a in enumerate(columns)], width)
    rest = (width - sum(columns)) / len(columns)  # every text fits on one line: the rest evenly
    columns = [c + rest for c in columns]
    return columns if two_line_heads is None else _heads_in_two_lines(columns, texts, two_line_heads)


def _heads_in_two_lines(columns: list[float], texts: list[list[tuple[str, str, float]]], pad: float) -> list[float]:
    """columns with each heading held in two lines at most (« Écart de / bonus », once « Écart /
    de / bonus »): a column too narrow for that takes what it lacks from the others' width over
    their own needs (their longest word, their heading in two lines), in proportion; a column
    whose heading already holds in two lines keeps its width when none lacks any. Measured with
    the padding the cells print with (pad), not the rounder CELL_PAD the shares are made with."""
    least = _least(texts, pad)
    need = [max(a, _two_lines(column[0]) + 2 * pad + SLACK) for a, column in zip(least, texts, strict=True)]
    lacking = [max(0.0, n - c) for n, c in zip(need, columns, strict=True)]
    spare = [max(0.0, c - n) for n, c in zip(need, columns, strict=True)]
    if not sum(lacking) or not sum(spare):
        return columns
    given = min(sum(lacking), sum(spare))
    return [
        c + given * short / sum(lacking) - given * extra / sum(spare)
        for c, short, extra in zip(columns, lacking, spare, strict=True)
    ]


def within_lines(
    table: RulesetTable, columns: list[float], size: float, lines: int, pad: float, strong: float = 1.0
) -> list[float]:
    """columns reshared so that no body text takes more than lines lines and no heading more than
    two (3d6's « Mourant : −1 COUP par round… » in four on a mini card): when a body text takes
    more, each column short of that takes what it lacks from the others' width over their own
    needs, in proportion; columns unchanged when every body text holds, or when the table is too
    narrow for all of them."""
    texts = _measured(table, size, strong)
    body = [max((_width_in_lines(t, lines) for t in column[1:]), default=0) + 2 * pad + SLACK for column in texts]
    if all(b <= c + 1e-6 for b, c in zip(body, columns, strict=True)):
        return columns  # every body text holds: the widths as they were (the headings' own rule)
    need = [max(b, _two_lines(column[0]) + 2 * pad + SLACK) for b, column in zip(body, texts, strict=True)]
    lacking = [max(0.0, n - c) for n, c in zip(need, columns, strict=True)]
    spare = [max(0.0, c - n) for n, c in zip(need, columns, strict=True)]
    if sum(lacking) < 1e-6 or sum(need) > sum(columns) + 1e-6:
        return columns
    given = sum(lacking)
    return [c + short - given * extra / sum(spare) for c, short, extra in zip(columns, lacking, spare, strict=True)]


def _wants(text: tuple[str, str, float], width: float, room: float) -> list[float]:
    """What a column width wide lacks to set text in fewer lines: whole, or in each count of
    lines under its own (review 14b S2: « Enseignée par un / autre personnage » in two where
    three, on the sheet; its one line is out of reach). room: the cell's padding and slack."""
    now = _lines_at(text[0].split(" "), text[1], text[2], width - room)
    # EDGE over: a text's words and spaces summed come out a hair wider than the text measured whole
    # (« 5 XP × niveau visé » given its exact width still took two lines)
    return [_width_in_lines(text, lines) + room + EDGE - width for lines in range(1, now)]


def _width_in_lines(text: tuple[str, str, float], lines: int) -> float:
    """The narrowest width that sets text in lines lines at most, broken at plain spaces as
    reportlab breaks them (a word never broken)."""
    words, font, size = text[0].split(" "), text[1], text[2]
    low = max(_width((w, font, size)) for w in words)
    high = _width(text)
    while high - low > 0.25:
        mid = (low + high) / 2
        low, high = (low, mid) if _lines_at(words, font, size, mid) <= lines else (mid, high)
    return high


def _lines_at(words: list[str], font: str, size: float, width: float) -> int:
    """The lines words take set width wide, each filled before the next."""
    space, count, used = _width((" ", font, size)), 1, 0.0
    for word in words:
        w = _width((word, font, size))
        if used and used + space + w > width:
            count, used = count + 1, w
        else:
            used = used + space + w if used else w
    return count


def _two_lines(head: tuple[str, str, float]) -> float:
    """The narrowest width that sets a heading in two lines (one, for a single word)."""
    words, font, size = head[0].split(" "), head[1], head[2]
    return min(
        max(_width((" ".join(words[:i]), font, size)), _width((" ".join(words[i:]), font, size)))
        for i in range(1, len(words) + 1)
    )


def _shared(columns: list[float], wanted: list[float], width: float) -> list[float]:
    """The width left over columns shared in proportion to what each still lacks of wanted."""
    spare, lacking = width - sum(columns), sum(w - a for w, a in zip(wanted, columns, strict=True))
    share = min(1.0, spare / lacking) if lacking > 0 else 0.0
    return [a + (w - a) * share for w, a in zip(wanted, columns, strict=True)]


def breakable(heading: str, room: float, size: float) -> str:
    """A heading whose words wider than room (pt, in bold at size: a table too wide even at the
    smallest size, on a narrow card) may break at a French syllable, with a hyphen (soft
    hyphens: « Sui­ci­daire »), never at any letter. A word that fits never breaks."""
    return " ".join(
        french_patterns().inserted(word, hyphen=SOFT_HYPHEN) if stringWidth(word, SANS_BOLD, size) > room else word
        for word in heading.split(" ")
    )


def _donors(given: list[float]) -> list[list[float]]:
    """The ways a cell may take its width: from every column that has some to give, in proportion
    to it (given), or from each of them alone."""
    return [given] + [[g if j == k else 0.0 for j, g in enumerate(given)] for k, x in enumerate(given) if x > 0]


def _short_whole(
    rows: list[tuple[tuple[str, str, float], ...]],
    columns: list[float],
    count: Callable[[tuple[str, str, float], float], int],
) -> list[tuple[int, int]]:
    """The body cells (row, column) no wider than SHORT_EMS ems whole that hold one line in columns."""
    return [
        (r, c)
        for r, row in enumerate(rows)
        for c, (text, width) in enumerate(zip(row, columns, strict=True))
        if _short(text) and count(text, width) == 1
    ]


def _short(text: tuple[str, str, float]) -> bool:
    """A text no wider than SHORT_EMS ems whole: « Coup puissant », « −2 REF et DEX »."""
    return _width(text) <= SHORT_EMS * text[2]


def _shorts_made_whole(
    texts: list[list[tuple[str, str, float]]],
    columns: list[float],
    least: list[float],
    count: Callable[[tuple[str, str, float], float], int],
    room: float,
) -> list[float]:
    """columns widened so that the short body cells (_short) the share broke hold one line, from
    the others' width over their own needs (their longest word, their short cells whole), in
    proportion: from all the columns at once, else from each alone (cells17: the 3d6 sheet's
    « Coup / puissant » and « −2 REF / et DEX », broken by the first share, that fewer_row_lines
    then kept broken). A move that sets a heading over two lines, or a cell over MOST_LINES lines
    (over its own count, if more), is not made; columns as they were when none holds. room: a
    cell's padding and slack."""
    need = [
        max([a] + [_width(t) + room + EDGE for t in column[1:] if _short(t)])
        for a, column in zip(least, texts, strict=True)
    ]
    lacking = [max(0.0, n - c) for n, c in zip(need, columns, strict=True)]
    spare = [max(0.0, c - n) for n, c in zip(need, columns, strict=True)]
    if sum(lacking) < 1e-6:
        return columns
    tries = [lacking] + [[x if j == k else 0.0 for j, x in enumerate(lacking)] for k, x in enumerate(lacking) if x > 0]
    for want in tries:
        given = sum(want)
        if given > sum(spare) + 1e-6:
            continue
        moved = [c + w - given * s / sum(spare) for c, w, s in zip(columns, want, spare, strict=True)]
        if _no_longer(texts, columns, moved, count):
            return moved
    return columns


def cells_astray(
    table: RulesetTable, columns: list[float], size: float, pad: float, lines: float, bold_first: bool = False
) -> int:
    """How many of the table's body cells, set in columns with pad points a side, are short and broken
    (_short: « Coup / puissant ») or take more than lines lines."""
    texts = _measured(table, size, 1.0, bold_first)
    return sum(
        (n := _lines_at(t[0].split(" "), t[1], t[2], width - 2 * pad - SLACK)) > lines or (n > 1 and _short(t))
        for width, column in zip(columns, texts, strict=True)
        for t in column[1:]
    )


def _no_longer(
    texts: list[list[tuple[str, str, float]]],
    columns: list[float],
    moved: list[float],
    count: Callable[[tuple[str, str, float], float], int],
) -> bool:
    """Whether moved keeps every heading within two lines and every body cell within MOST_LINES
    (or within the lines it took in columns, if more)."""
    return all(
        count(t, m) <= max(count(t, c), 2 if r == 0 else MOST_LINES)
        for column, c, m in zip(texts, columns, moved, strict=True)
        for r, t in enumerate(column)
    )


def fewer_row_lines(
    table: RulesetTable,
    columns: list[float],
    size: float,
    pad: float,
    strong: float = 1.0,
    bold_first: bool = False,
    heads_whole: bool = False,
    slack: float = SLACK,
    *,
    under: bool = True,
) -> list[float]:
    """columns reshared, where that takes lines off the rows' other cells, so that no row's
    first cell stands over an empty line: a row whose text goes under it (a card's row, under)
    read « Lancer », a blank, « Jeter un objet. » where « −4 AV si / improvisé » took two lines
    (review 12, item 4). A cell gets what it lacks from the other columns' width over their
    longest word, in proportion, when that leaves fewer such blank lines (then fewer lines), its
    headings within two lines; columns unchanged when no move does. strong, bold_first: the texts
    measured as a character card prints them (_measured); heads_whole: the width taken first from
    the others' width over their headings whole, a heading taking a second line only where
    that is not enough (a card's table: every card pays for its heading's line). slack: what a
    cell keeps over its text (FLOOR_SLACK at the gutters' floor). under: a blank line under a
    row's first cell counts first, as where text is set under the row it shows as a gap; in a grid
    (under False) it is no fault: a cell that can take a line less takes it (review 15, N8: the
    d100 sheet's « Arme / de jet » beside a two-line « Temps » with 26 mm over its text), and a
    cell over two lines is the first fault (review 15, S1: « Caractéristique / (primaire ou / dérivée) »
    once « niveau visé » was tied)."""
    texts = _measured(table, size, strong, bold_first)
    least, cells = _least(texts, pad, slack=slack), list(zip(*texts, strict=True))

    def count(text: tuple[str, str, float], width: float) -> int:
        return _lines_at(text[0].split(" "), text[1], text[2], width - 2 * pad - slack)

    made = _shorts_made_whole(texts, columns, least, count, 2 * pad + slack)
    plain = _reshared(texts, cells, least, columns, count, heads_whole, under, pad + pad + slack)
    if made == columns:
        return plain
    whole = _reshared(texts, cells, least, made, count, heads_whole, under, pad + pad + slack)
    # cells18: the short cells made whole only where that leaves no cell taller than the tallest
    # of the plain reshare (d12's « Pas de défense. » whole set « Deux jets d'attaque, un jet de
    # dégâts par touche. » in three lines where the reshare held every cell in two)
    return whole if _tallest(cells, whole, count) <= _tallest(cells, plain, count) else plain


def _tallest(
    cells: list[tuple[tuple[str, str, float], ...]],
    columns: list[float],
    count: Callable[[tuple[str, str, float], float], int],
) -> int:
    """The lines the table's tallest body cell takes in columns."""
    return max((count(t, w) for row in cells[1:] for t, w in zip(row, columns, strict=True)), default=0)


def _reshared(
    texts: list[list[tuple[str, str, float]]],
    cells: list[tuple[tuple[str, str, float], ...]],
    least: list[float],
    columns: list[float],
    count: Callable[[tuple[str, str, float], float], int],
    heads_whole: bool,
    under: bool,
    room: float,
) -> list[float]:
    """fewer_row_lines's reshare from columns: the best move, again, while one scores better."""
    kept = _short_whole(cells[1:], columns, count)

    def score(widths: list[float], most: float = float("inf")) -> tuple[int, int, int, int] | None:
        if any(count(t, w) > 2 for t, w in zip(cells[0], widths, strict=True)):
            return None
        rows = [[count(t, w) for t, w in zip(row, widths, strict=True)] for row in cells[1:]]
        if max(map(max, rows), default=0) > most:
            return None  # no cell longer than the longest was (3d6 sheet « La moitié des… » in four)
        if any(rows[r][c] > 1 for r, c in kept):
            return None  # a short cell whole stays whole: « Coup / puissant » saved lines of « Effet »
        # then the cells over two lines (review 14b S2: « Enseignée par / un autre / personnage »
        # beside a Hausse with 7.8 mm over its longest word), then the rows' lines, then the
        # table's: a cell unwrapped within its row's height counts (review 14, S3)
        over = sum(n > 2 for r in rows for n in r)
        blank = sum(max(r) - r[0] for r in rows) if under else 0
        return blank, over, sum(max(r) for r in rows), sum(map(sum, rows))

    floors = (
        [[max(a, _width(head) + room) for a, head in zip(least, cells[0], strict=True)]] if heads_whole else []
    ) + [least]

    def spare(i: int, widths: list[float], want: float) -> list[float]:
        """The others' width over the first floor that gives want (their headings whole, else their longest word)."""
        for floor in floors:
            over = [0.0 if j == i else max(0.0, w - a) for j, (w, a) in enumerate(zip(widths, floor, strict=True))]
            if want <= sum(over):
                break
        return over

    best, now = list(columns), score(columns)
    most = max((count(t, w) for row in cells[1:] for t, w in zip(row, columns, strict=True)), default=0)
    while now is not None:
        tries = []
        for i, column in enumerate(texts):
            for text in column[1:]:
                for want in _wants(text, best[i], room):
                    given = spare(i, best, want)
                    # from all the others in proportion, or from one alone (review 15, S1: the book's
                    # « Exemple » pushed « Caractéristique (primaire ou dérivée) » to three lines,
                    # when « Hausse » alone had the 3 mm « 5 XP × niveau visé » lacked)
                    for share in _donors(given):
                        if 0 < want <= sum(share):
                            moved = [
                                w + want if j == i else w - want * s / sum(share)
                                for j, (w, s) in enumerate(zip(best, share, strict=True))
                            ]
                            tries.append((score(moved, most), moved))
        better = [(s, m) for s, m in tries if s is not None and s < now]
        if not better:
            break
        now, best = min(better, key=lambda t: t[0])
    return best
