"""The tokens sheet: AFF numbers, Offensive markers, haemorrhage drops, fatigue dials.

How many of each comes from the kit (miniatures at one table) and the rules (fatigue
maximum); the sheet is laid out in sections, one grid of round tokens each, and spills
onto a second page only when a big kit needs it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from io import BytesIO

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.draw import tokens as draw
from kolaps_print.fonts import SANS, SANS_BOLD
from kolaps_print.kit.kitfile import Kit
from kolaps_print.labels import label
from kolaps_print.layout.sheets import paper_size
from kolaps_print.layout.style import colour
from kolaps_print.layout.units import pt
from kolaps_print.write import PdfMeta, new_canvas

GAP_MM = 2.0  # between two cut circles: room for the scissors
SIDE_MARGIN_MM = 8.0  # at least; the grid is centred
TOP_MM = 12.0  # from the top edge to the title's baseline
BOTTOM_MM = 11.0  # stays clear of the stamp
TITLE_PT, SUBTITLE_PT, HEADING_PT, HELP_PT = 15.0, 7.5, 9.0, 7.0
HEADING_SPACE_MM = 7.0  # a heading line and the space under it
SECTION_SPACE_MM = 3.0


@dataclass(frozen=True)
class TokenGroup:
    kind: str  # aff, offensive, haemorrhage, fatigue: a key of kit.tokens labels
    values: tuple[int, ...]  # one per token: the AFF number, or the dial's maximum


def miniatures_per_table(kit: Kit) -> int:
    return sum(book.card_count for book in kit.books)


def token_sections(kit: Kit) -> list[TokenGroup]:
    """One Offensive, haemorrhage and fatigue token per miniature; AFF numbers in pairs,
    as many numbers as there can be simultaneous affrontements (two miniatures each)."""
    minis = miniatures_per_table(kit)
    fatigue_max = kit.books[0].rules.actions.fatigue.max
    numbers = max(1, minis // 2)
    return [
        TokenGroup("aff", tuple(n for n in range(1, numbers + 1) for _ in range(2))),
        TokenGroup("offensive", (0,) * minis),
        TokenGroup("haemorrhage", (0,) * minis),
        TokenGroup("fatigue", (fatigue_max,) * minis),
    ]


@dataclass
class SheetPage:
    headings: list[tuple[str, float, float]] = field(default_factory=list)  # kind, x, baseline y (mm)
    tokens: list[tuple[str, int, float, float]] = field(default_factory=list)  # kind, value, centre x, y


@dataclass(frozen=True)
class TokenGrid:
    width: float  # page, mm
    height: float
    columns: int
    left: float  # centre x of the first column

    @property
    def pitch(self) -> float:
        return draw.DIAMETER_MM + GAP_MM

    def x(self, column: int) -> float:
        return self.left + column * self.pitch


def grid_for(width: float, height: float) -> TokenGrid:
    pitch = draw.DIAMETER_MM + GAP_MM
    columns = int((width - 2 * SIDE_MARGIN_MM + GAP_MM) // pitch)
    used = columns * pitch - GAP_MM
    return TokenGrid(width, height, columns, (width - used) / 2 + draw.DIAMETER_MM / 2)


def layout_sheet(sections: list[TokenGroup], grid: TokenGrid) -> list[SheetPage]:
    """Place headings and tokens top to bottom; a section may continue on the next page."""
    first_y = grid.height - TOP_MM - 14.0
    pages, y = [SheetPage()], first_y

    def heading(kind: str) -> None:
        nonlocal y
        pages[-1].headings.append((kind, grid.x(0) - draw.DIAMETER_MM / 2, y - HEADING_PT * 0.35))
        y -= HEADING_SPACE_MM

    for section in sections:
        if y - HEADING_SPACE_MM - draw.DIAMETER_MM < BOTTOM_MM:
            pages.append(SheetPage())
            y = first_y
        heading(section.kind)
        for start in range(0, len(section.values), grid.columns):
            if y - draw.DIAMETER_MM < BOTTOM_MM:  # continue on a new page, under the same heading
                pages.append(SheetPage())
                y = first_y
                heading(section.kind)
            row = section.values[start : start + grid.columns]
            for column, value in enumerate(row):
                pages[-1].tokens.append((section.kind, value, grid.x(column), y - draw.DIAMETER_MM / 2))
            y -= grid.pitch
        y -= SECTION_SPACE_MM
    return pages


def _token_drawer(kind: str) -> Callable[[Canvas, float, float, int], None]:
    caption = label(f"kit.tokens.{kind}.label")
    return {
        "aff": lambda c, x, y, v: draw.aff_token(c, x, y, caption, v),
        "offensive": lambda c, x, y, v: draw.offensive_token(c, x, y, caption),
        "haemorrhage": lambda c, x, y, v: draw.haemorrhage_token(c, x, y, caption),
        "fatigue": lambda c, x, y, v: draw.fatigue_token(c, x, y, caption, v),
    }[kind]


def _draw_header(c: Canvas, kit: Kit, grid: TokenGrid) -> None:
    left = grid.x(0) - draw.DIAMETER_MM / 2
    c.setFillColor(colour("ink"))
    c.setFont(SANS_BOLD, TITLE_PT)
    c.drawString(pt(left), pt(grid.height - TOP_MM), label("kit.tokens.title"))
    c.setFont(SANS, SUBTITLE_PT)
    c.setFillColor(colour("muted"))
    c.drawString(
        pt(left),
        pt(grid.height - TOP_MM - 5.0),
        label("kit.tokens.subtitle", kit=kit.spec.name, diameter=f"{draw.DIAMETER_MM:g}"),
    )


def _draw_heading(c: Canvas, kind: str, x: float, y: float) -> None:
    heading = label(f"kit.tokens.{kind}.heading")
    c.setFillColor(colour("ink"))
    c.setFont(SANS_BOLD, HEADING_PT)
    c.drawString(pt(x), pt(y), heading)
    c.setFillColor(colour("muted"))
    c.setFont(SANS, HELP_PT)
    c.drawString(pt(x) + stringWidth(heading, SANS_BOLD, HEADING_PT) + 6, pt(y), label(f"kit.tokens.{kind}.help"))


def tokens_pdf(kit: Kit) -> tuple[bytes, int]:
    """The tokens sheet for one table: (PDF bytes, page count)."""
    paper = paper_size(kit.spec.paper)
    grid = grid_for(paper.width, paper.height)
    pages = layout_sheet(token_sections(kit), grid)
    buffer = BytesIO()
    meta = PdfMeta(title=f"{label('common.game')} — {label('kit.tokens.title')}", subject=kit.spec.name)
    c = new_canvas(buffer, (pt(paper.width), pt(paper.height)), meta)
    drawers = {kind: _token_drawer(kind) for kind in ("aff", "offensive", "haemorrhage", "fatigue")}
    for page in pages:
        _draw_header(c, kit, grid)
        for kind, x, y in page.headings:
            _draw_heading(c, kind, x, y)
        for kind, value, x, y in page.tokens:
            drawers[kind](c, x, y, value)
        c.showPage()
    c.save()
    return buffer.getvalue(), len(pages)
