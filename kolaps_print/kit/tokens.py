"""The tokens sheet: the table states and counters the kit's rules use, one grid of round tokens
per kind.

Which kinds, and how many, come from data/layouts/tokens.yaml (per rules edition: the
quick-start has no AFF, Offensive or fatigue) and the kit (miniatures at one table, the rules'
fatigue maximum); the sheet spills onto a second page only when a big kit needs it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from io import BytesIO

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw import tokens as draw
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.kit.kitfile import Kit
from kolaps_print.kit.parts import TOKENS_STOCK
from kolaps_print.labels import label
from kolaps_print.layout.sheets import paper_size
from kolaps_print.layout.style import as_colour, colour
from kolaps_print.layout.tokens import TokenEntry, TokenLook, TokenSheet, token_sheet
from kolaps_print.model.army_book import ArmyBook
from kolaps_print.units import pt
from kolaps_print.write import PdfMeta, new_canvas

TITLE_PT, SUBTITLE_PT, HEADING_PT, HELP_PT = 15.0, 7.5, 9.0, 7.0


@dataclass(frozen=True)
class TokenGroup:
    kind: str  # a key of kit.tokens labels
    values: tuple[int, ...]  # one per token: the AFF number, the dial's maximum, else 0
    spares: bool = True  # may take spares to fill the sheet (not numbered pairs)


def miniatures_per_table(kit: Kit) -> int:
    return sum(book.card_count for book in kit.books)


def _values(entry: TokenEntry, minis: int, fatigue_max: int) -> tuple[int, ...]:
    if entry.count == "pairs":  # as many numbers as simultaneous affrontements (two miniatures each)
        return tuple(n for n in range(1, max(1, minis // 2) + 1) for _ in range(2))
    if entry.count == "dials":
        return (fatigue_max,) * minis
    return (0,) * (minis if entry.count == "miniatures" else math.ceil(minis / 2))


def token_sections(kit: Kit) -> list[TokenGroup]:
    """The kinds the kit's rules edition uses, in the data's order, counted for one table."""
    minis = miniatures_per_table(kit)
    book = kit.books[0]
    assert isinstance(book, ArmyBook)  # KOLAPS's tokens: a ruleset's kit has none (kitfile.load_kit)
    fatigue_max = book.rules.actions.fatigue.max
    entries = token_sheet().kinds(kit.spec.rulebook)
    return [TokenGroup(e.kind, _values(e, minis, fatigue_max), e.count != "pairs") for e in entries]


@dataclass
class SheetPage:
    headings: list[tuple[str, float, float]] = field(default_factory=list)  # kind, x, baseline y (mm)
    tokens: list[tuple[str, int, float, float]] = field(default_factory=list)  # kind, value, centre x, y
    capacity: int = 0  # the tokens this page holds under its legend


@dataclass(frozen=True)
class TokenGrid:
    width: float  # page, mm
    height: float
    columns: int
    left: float  # centre x of the first column
    sheet: TokenSheet

    @property
    def pitch(self) -> float:
        return self.sheet.pitch

    def x(self, column: int) -> float:
        return self.left + column * self.pitch

    @property
    def first_row_top(self) -> float:
        return self.height - self.sheet.top - self.sheet.legend_top

    @property
    def lowest(self) -> float:
        """No token's colour (cut circle plus bleed) comes lower than this."""
        return self.sheet.bottom


def grid_for(width: float, height: float, sheet: TokenSheet | None = None) -> TokenGrid:
    """As many columns as fit with the colour (bleed included) inside the safe margins, centred."""
    sheet = sheet or token_sheet()
    room = width - 2 * (sheet.safe_margin + sheet.bleed)
    columns = int((room + sheet.gap) // sheet.pitch)
    used = columns * sheet.pitch - sheet.gap
    return TokenGrid(width, height, columns, (width - used) / 2 + sheet.radius, sheet)


def with_spares(sections: list[TokenGroup], grid: TokenGrid) -> list[TokenGroup]:
    """The sections grown to fill their sheets: spares (for a token lost or torn) shared among
    the kinds in proportion to their counts (largest remainder, ties in the data's order), as
    many as fit without a further sheet. AFF numbers come in pairs and get none: a third token
    with one number would mislead."""
    sheets = len(layout_sheet(sections, grid))
    weights = {s.kind: len(s.values) for s in sections if s.spares}
    room = sheets * _capacity(grid, 1) - sum(len(s.values) for s in sections)  # an upper bound
    for spares in range(room, 0, -1):  # the most that keeps the sheet count
        grown = [
            TokenGroup(s.kind, s.values + s.values[-1:] * n, s.spares) for s, n in _paired(sections, spares, weights)
        ]
        if len(layout_sheet(grown, grid)) == sheets:
            return grown
    return sections


def _paired(sections: list[TokenGroup], spares: int, weights: dict[str, int]):
    shares = _shares(spares, weights)
    return [(s, shares.get(s.kind, 0)) for s in sections]


def _shares(total: int, weights: dict[str, int]) -> dict[str, int]:
    """total split in proportion to weights, in whole tokens (largest remainder first)."""
    whole = sum(weights.values())
    if total <= 0 or whole == 0:
        return {}
    exact = {k: total * w / whole for k, w in weights.items()}
    shares = {k: int(v) for k, v in exact.items()}
    order = sorted(weights, key=lambda k: -(exact[k] - shares[k]))  # stable: ties keep the data's order
    for k in order[: total - sum(shares.values())]:
        shares[k] += 1
    return shares


def sheet_pages(kit: Kit, grid: TokenGrid) -> list[SheetPage]:
    """The kit's tokens for one table, spares included, laid out on sheets."""
    return layout_sheet(with_spares(token_sections(kit), grid), grid)


def layout_sheet(sections: list[TokenGroup], grid: TokenGrid) -> list[SheetPage]:
    """A legend (each kind's heading and use) under the title, then every token in one grid,
    kind after kind, row after row: a kind starts beside the last one, so no half-empty rows.
    What does not fit goes to the next page, with its own legend."""
    queue = [(s.kind, v) for s in sections for v in s.values]
    pages: list[SheetPage] = []
    while queue or not pages:
        page, queue = _fill_page(queue, grid)
        pages.append(page)
    return pages


def _grid_top(grid: TokenGrid, legend_lines: int) -> float:
    """The top of the first row's colour, under a legend of that many lines."""
    return grid.first_row_top - legend_lines * grid.sheet.heading_space - grid.sheet.section_space


def _rows(grid: TokenGrid, legend_lines: int) -> int:
    s = grid.sheet
    return max(1, int((_grid_top(grid, legend_lines) - 2 * s.bleed - s.diameter - grid.lowest) // s.pitch) + 1)


def _capacity(grid: TokenGrid, legend_lines: int) -> int:
    """How many tokens a page holds under a legend of that many lines."""
    return _rows(grid, legend_lines) * grid.columns


def _fill_page(queue: list[tuple[str, int]], grid: TokenGrid) -> tuple[SheetPage, list[tuple[str, int]]]:
    s = grid.sheet
    placed, rest, lines = [], queue, 1
    for lines in range(1, len(queue) + 1):  # the shortest legend that names every kind placed under it
        capacity = _capacity(grid, lines)
        placed, rest = queue[:capacity], queue[capacity:]
        if len({kind for kind, _ in placed}) <= lines:
            break
    top = _grid_top(grid, lines)
    page = SheetPage(capacity=_capacity(grid, lines))
    for i, kind in enumerate(dict.fromkeys(kind for kind, _ in placed)):
        page.headings.append((kind, grid.x(0) - s.radius, grid.first_row_top - i * s.heading_space - HEADING_PT * 0.35))
    for i, (kind, value) in enumerate(placed):
        row, column = divmod(i, grid.columns)
        page.tokens.append((kind, value, grid.x(column), top - s.bleed - s.radius - row * s.pitch))
    return page, rest


def _token_drawer(kind: str) -> Callable[[Canvas, draw.Token, int], None]:
    caption = label(f"kit.tokens.{kind}.label")
    return {
        "activated": lambda c, t, v: draw.activated_token(c, t, caption),
        "aff": lambda c, t, v: draw.aff_token(c, t, caption, v),
        "offensive": lambda c, t, v: draw.offensive_token(c, t, caption),
        "haemorrhage": lambda c, t, v: draw.haemorrhage_token(c, t, caption),
        "fatigue": lambda c, t, v: draw.fatigue_token(c, t, caption, v),
        "prone": lambda c, t, v: draw.prone_token(c, t, caption),
        "out": lambda c, t, v: draw.out_token(c, t, caption),
    }[kind]


def _draw_header(c: Canvas, grid: TokenGrid) -> None:
    left = grid.x(0) - grid.sheet.radius
    c.setFillColor(colour("ink"))
    c.setFont(SANS_BOLD, TITLE_PT)
    c.drawString(pt(left), pt(grid.height - grid.sheet.top), label("kit.tokens.title"))
    c.setFont(SANS, SUBTITLE_PT)
    c.drawString(
        pt(left),
        pt(grid.height - grid.sheet.top - 5.0),
        label(
            "kit.tokens.subtitle",
            diameter=f"{grid.sheet.diameter:g}",
            stock=label(f"kit.packing.stock_weights.{TOKENS_STOCK}"),
        ),
    )


def _draw_heading(c: Canvas, kind: str, look: TokenLook, x: float, y: float, swatch: float) -> None:
    """A small token of the kind's look (its colour and face), its name, its use."""
    r = swatch / 2
    cy = y + HEADING_PT * 0.35 / pt(1)  # on the capitals' middle
    c.setFillColor(as_colour(look.colour))
    c.circle(pt(x + r), pt(cy), pt(r), stroke=0, fill=1)
    if not look.filled:
        c.setFillColor(colour("paper"))
        c.circle(pt(x + r), pt(cy), pt(r * 0.55), stroke=0, fill=1)
    heading = label(f"kit.tokens.{kind}.heading")
    left = pt(x + swatch + 1.6)
    c.setFillColor(colour("ink"))
    c.setFont(SANS_BOLD, HEADING_PT)
    c.drawString(left, pt(y), heading)
    c.setFont(SANS, HELP_PT)
    c.drawString(left + stringWidth(heading, SANS_BOLD, HEADING_PT) + 6, pt(y), label(f"kit.tokens.{kind}.help"))


def tokens_pdf(kit: Kit) -> tuple[bytes, int]:
    """The tokens sheet for one table: (PDF bytes, page count)."""
    paper = paper_size(kit.spec.paper)
    grid = grid_for(paper.width, paper.height)
    pages = sheet_pages(kit, grid)
    buffer = BytesIO()
    meta = PdfMeta(title=f"{label('common.game')} — {label('kit.tokens.title')}", subject=kit.spec.name)
    c = new_canvas(buffer, (pt(paper.width), pt(paper.height)), meta)
    looks: dict[str, TokenLook] = {str(k): v for k, v in grid.sheet.looks.items()}  # kinds as plain strings
    drawers = {kind: _token_drawer(kind) for kind in looks}
    for page in pages:
        _draw_header(c, grid)
        for kind, x, y in page.headings:
            _draw_heading(c, kind, looks[kind], x, y, grid.sheet.swatch)
        for kind, value, x, y in page.tokens:
            drawers[kind](c, draw.Token(grid.sheet, x, y, looks[kind]), value)
        c.showPage()
    c.save()
    return buffer.getvalue(), len(pages)
