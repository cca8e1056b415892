"""The book's look: text block, columns and colours (data/layouts/rulebook.yaml, mm), pages
of data/layouts/sizes.yaml's papers, and paragraph styles.

Body in KSerif (Gentium Book Plus) 9.2 pt in columns of 88 mm, so a line holds 60-75
characters; ragged right and hyphenated in French (no loose lines), never a lone line at a column's top, never a
hyphenated word at its foot. Headings, tables and boxes in KSans (Roboto Condensed).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated

from pydantic import Field
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError, display_path
from kolaps_print.fonts import SANS, SANS_BOLD, SERIF, register_fonts
from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.sheets import paper_name, paper_names, paper_size
from kolaps_print.layout.style import StyleColour, StyleSize, as_colour, markup, table_paint
from kolaps_print.load import load_yaml
from kolaps_print.model.common import Model
from kolaps_print.typography import french_patterns
from kolaps_print.units import pt

TextWidth = Annotated[float, Field(ge=60, le=1000)]  # mm; narrower, table columns turn into a letter each
Columns = Annotated[int, Field(ge=1, le=3)]
Gap = Annotated[float, Field(ge=0, le=30)]  # mm between two columns
MIN_COLUMN_MM = 60.0  # narrower, the tables' columns turn into a letter each
Margin = Annotated[float, Field(ge=0, le=200)]  # mm: from a page edge to the text frame
# Below this the chapter openers and the tallest table rows no longer fit in the frame and
# reportlab gives up half-way through the book.
MIN_TEXT_HEIGHT_MM = 150.0


class BookColours(Model):
    """Names from the house palette (style.yaml), read as CMYK."""

    ink: StyleColour
    accent: StyleColour
    accent_light: StyleColour  # the accent on the cover's dark band
    paper: StyleColour  # text reversed out of a dark fill
    quiet_on_dark: StyleColour  # the quick-start's version line on its dark band
    muted: StyleColour
    rule: StyleColour
    shade: StyleColour
    band: StyleColour  # the cover's and the quick-start's dark band


class TextStyle(Model):
    """One paragraph style: its size (a name of the house type scale, or points), its line
    pitch and the space around it, in points."""

    size: Annotated[float, StyleSize, Field(ge=6, le=40)]  # the floor for printed text is 6 pt
    leading: Annotated[float, Field(ge=6, le=48)]
    before: Annotated[float, Field(ge=0, le=40)] = 0
    after: Annotated[float, Field(ge=0, le=40)] = 0

    def options(self) -> dict[str, float]:
        """The style as ParagraphStyle's keywords."""
        return dict(fontSize=self.size, leading=self.leading, spaceBefore=self.before, spaceAfter=self.after)


class BookType(Model):
    """The book's paragraph styles (data/layouts/rulebook.yaml `type`)."""

    body: TextStyle
    item: TextStyle
    h1: TextStyle
    kicker: TextStyle
    h2: TextStyle
    h3: TextStyle
    box: TextStyle
    table_title: TextStyle
    cell: TextStyle
    head: TextStyle
    note: TextStyle
    toc1: TextStyle
    toc2: TextStyle
    index_letter: TextStyle
    index: TextStyle
    report: TextStyle
    colophon: TextStyle


PagePt = Annotated[float, StyleSize, Field(ge=6, le=120)]  # a drawn size: a name of the type scale, or points


class FurnitureSizes(Model):
    """Sizes of what every text page carries besides the text, in points."""

    running_head: PagePt
    folio: PagePt


class CoverSizes(Model):
    """The title page's type sizes, in points."""

    kicker: PagePt  # « LIVRE DE RÈGLES » on the band
    title: PagePt
    subtitle: PagePt
    edition: PagePt
    byline: PagePt
    version: PagePt


class RulebookLayout(Model):
    """The text block (the same on every paper of sizes.yaml: the same line breaks), its
    columns and colours."""

    text_width: TextWidth
    columns: Columns = 1
    column_gap: Gap = 0
    pages_multiple_of: Annotated[int, Field(ge=1, le=32)] = 1  # of an edition with credits: folded sheets
    cell_lines: Annotated[int, Field(ge=1, le=20)] = 3  # a table's cell wraps to this many lines at most
    list_lines: Annotated[int, Field(ge=1, le=20)] = 3  # a numbered list with names' grid cells, at most
    whole_rows: Annotated[int, Field(ge=0, le=40)] = (
        0  # a table of this many body rows or fewer never splits (0: the house's)
    )
    whole_share: Annotated[float, Field(ge=0, le=1)] = 1  # of a column: a table this short never splits
    first_share: Annotated[float, Field(ge=0, le=1)] = (
        0.5  # a table that fits a column whole never starts with fewer of its rows
    )
    key_gap: Annotated[float, Field(ge=0, le=20)] = 6  # pt between the key columns of a table whose texts go under
    short_line: Annotated[float, Field(ge=0, le=1)] = 0.2  # of the measure: a line before a weak tie
    notes_pitch: Annotated[float, Field(ge=4, le=20)] = 8  # mm between the ruled lines of a page of notes
    top: Margin
    bottom: Margin
    colours: BookColours
    type: BookType
    furniture: FurnitureSizes
    cover: CoverSizes


def rulebook_layout() -> RulebookLayout:
    """data/layouts/rulebook.yaml of the data folder in use; KolapsError (located) if it is wrong."""
    return load_layout("rulebook", RulebookLayout)


@dataclass(frozen=True)
class PageGeometry:
    page_mm: tuple[float, float]
    text_width_mm: float  # the same text block on every paper: the same line breaks
    top_mm: float
    bottom_mm: float
    columns: int = 1
    column_gap_mm: float = 0
    paper: str = ""  # sizes.yaml's name of the paper (the quick-start sets its type per paper)

    @property
    def column_width_mm(self) -> float:
        return (self.text_width_mm - (self.columns - 1) * self.column_gap_mm) / self.columns

    @property
    def pagesize(self) -> tuple[float, float]:
        return pt(self.page_mm[0]), pt(self.page_mm[1])

    @property
    def margin_x_mm(self) -> float:
        return (self.page_mm[0] - self.text_width_mm) / 2

    @property
    def frame(self) -> tuple[float, float, float, float]:
        """x, y, width, height of the text frame, in points."""
        return (
            pt(self.margin_x_mm),
            pt(self.bottom_mm),
            pt(self.text_width_mm),
            pt(self.page_mm[1] - self.top_mm - self.bottom_mm),
        )

    @property
    def column_frames(self) -> list[tuple[float, float, float, float]]:
        """x, y, width, height of each column, left to right, in points."""
        x, y, _, h = self.frame
        step = pt(self.column_width_mm + self.column_gap_mm)
        return [(x + i * step, y, pt(self.column_width_mm), h) for i in range(self.columns)]


def page_geometry(paper: str) -> PageGeometry:
    """The page of a paper of data/layouts/sizes.yaml around rulebook.yaml's text frame;
    KolapsError, located in rulebook.yaml, if the frame does not fit on that paper."""
    data = rulebook_layout()
    name, size = paper_name(paper), paper_size(paper)
    if data.text_width >= size.width:
        raise _layout_error(
            ("text_width",), f"{data.text_width:g} mm leaves no margin on {name} paper ({size.width:g} mm wide)"
        )
    if size.height - data.top - data.bottom < MIN_TEXT_HEIGHT_MM:
        raise _layout_error(
            ("bottom",),
            f"top and bottom ({data.top:g} + {data.bottom:g} mm) leave less than "
            f"{MIN_TEXT_HEIGHT_MM:g} mm for text on {name} paper ({size.height:g} mm high)",
        )
    if (data.text_width - (data.columns - 1) * data.column_gap) / data.columns < MIN_COLUMN_MM:
        raise _layout_error(
            ("columns",),
            f"{data.columns} columns of a {data.text_width:g} mm text block are narrower than {MIN_COLUMN_MM:g} mm",
        )
    return PageGeometry(
        (size.width, size.height), data.text_width, data.top, data.bottom, data.columns, data.column_gap, name
    )


def check_every_paper() -> None:
    """`check`: the book's frame fits on every paper a user may choose (KolapsError if not)."""
    for name in paper_names():
        page_geometry(name)


def _layout_error(path: tuple, message: str) -> KolapsError:
    file = resources.data_dir() / "layouts" / "rulebook.yaml"
    return KolapsError([load_yaml(file, display_path(file)).diagnostic(path, message)])


@dataclass(frozen=True)
class BookPalette:
    ink: colors.CMYKColor  # body text
    accent: colors.CMYKColor  # dried-blood red
    accent_light: colors.CMYKColor
    paper: colors.CMYKColor
    quiet_on_dark: colors.CMYKColor
    muted: colors.CMYKColor
    rule: colors.CMYKColor
    shade: colors.CMYKColor
    band: colors.CMYKColor

    def markup(self, name: str) -> str:
        """A colour as paragraph markup takes it (color=...), still CMYK."""
        return markup(getattr(self, name).cmyk())

    def faint(self, name: str, alpha: float) -> colors.CMYKColor:
        """A colour laid at this opacity (the cover's hatching, the proof's watermark)."""
        return colors.CMYKColor(*getattr(self, name).cmyk(), alpha=alpha)


def palette() -> BookPalette:
    return _of_layout(rulebook_layout())[1]


@cache
def _palette(colours: BookColours) -> BookPalette:
    return BookPalette(**{name: as_colour(value) for name, value in colours.model_dump().items()})


def styles() -> dict[str, ParagraphStyle]:
    return _of_layout(rulebook_layout())[2]


# The last layout's palette and styles, by the layout object itself (one per read of rulebook.yaml):
# a rebuild asks some 2000 times, and each lookup by value hashed and compared its pydantic models.
_LAST: list[tuple[RulebookLayout, BookPalette, dict[str, ParagraphStyle]]] = []


def _of_layout(data: RulebookLayout) -> tuple[RulebookLayout, BookPalette, dict[str, ParagraphStyle]]:
    if not _LAST or _LAST[0][0] is not data:  # held here, so never another object at the same address
        _LAST[:] = [(data, _palette(data.colours), _styles(data.type, data.colours))]
    return _LAST[0]


def french_syllables(word: str, least: int = 2) -> list[tuple[str, str]]:
    """Where a word may break, with a hyphen, at a French syllable: never a capitalised word.

    Army, character and place names (« Section Kappa », « Piotr Nicolescu ») are never cut, as
    French typography wants of proper names: the army files are untrusted and open-ended, so no
    list could name them all, but each starts with a capital. A common word starting a sentence
    stays whole too, which only spares a hyphen. `least`: the fewest letters either side of
    the hyphen (2, the French patterns' own minimum; more spares hyphens)."""
    if word[:1].isupper():
        return []
    return list(french_patterns(least).iterate(word))


@cache  # one set per type and palette: another data folder may set the book differently
def _styles(sizes: BookType, colours: BookColours) -> dict[str, ParagraphStyle]:
    register_fonts()
    paint = _palette(colours)
    body = ParagraphStyle(
        "body",
        fontName=SERIF,
        alignment=TA_LEFT,  # ragged right, hyphenated: in an 88 mm column justification leaves loose lines
        textColor=paint.ink,
        allowWidows=0,  # never a paragraph's last line alone at the top of a column
        allowOrphans=0,
        hyphenationLang=french_syllables,
        embeddedHyphenation=1,
        uriWasteReduce=0.3,
        **sizes.body.options(),
    )
    sans = ParagraphStyle("sans", fontName=SANS, textColor=paint.ink, alignment=TA_LEFT)
    heading = dict(fontName=SANS_BOLD, keepWithNext=1)
    return {
        "body": body,
        "item": ParagraphStyle("item", parent=body, **sizes.item.options()),
        "h1": ParagraphStyle("h1", textColor=paint.ink, **heading, **sizes.h1.options()),
        "kicker": ParagraphStyle("kicker", textColor=paint.accent, **heading, **sizes.kicker.options()),
        "h2": ParagraphStyle("h2", textColor=paint.accent, **heading, **sizes.h2.options()),
        "h3": ParagraphStyle("h3", textColor=paint.ink, **heading, **sizes.h3.options()),
        "box": ParagraphStyle("box", parent=sans, **sizes.box.options()),
        "table_title": ParagraphStyle("table_title", textColor=paint.ink, **heading, **sizes.table_title.options()),
        "cell": ParagraphStyle("cell", parent=sans, **sizes.cell.options()),
        "head": ParagraphStyle(
            "head", fontName=SANS_BOLD, textColor=as_colour(table_paint().head_text), **sizes.head.options()
        ),
        "note": ParagraphStyle(
            "note", parent=sans, fontName="KSans-Italic", textColor=paint.muted, **sizes.note.options()
        ),
        "toc1": ParagraphStyle("toc1", fontName=SANS_BOLD, textColor=paint.ink, **sizes.toc1.options()),
        "toc2": ParagraphStyle("toc2", fontName=SANS, textColor=paint.ink, **sizes.toc2.options()),
        "index_letter": ParagraphStyle(
            "index_letter", fontName=SANS_BOLD, textColor=paint.ink, **sizes.index_letter.options()
        ),
        "index": ParagraphStyle("index", fontName=SANS, textColor=paint.ink, **sizes.index.options()),
        "report": ParagraphStyle("report", parent=sans, **sizes.report.options()),
        "colophon": ParagraphStyle("colophon", parent=sans, **sizes.colophon.options()),
        "center": ParagraphStyle("center", parent=body, alignment=TA_CENTER),
    }
