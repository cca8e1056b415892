"""The quick-start handout's look: its page areas (data/layouts/quickstart.yaml, mm) and its
paragraph styles, the book's styles set smaller for two columns on a folded sheet."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from typing import Annotated

from pydantic import Field
from reportlab.lib.styles import ParagraphStyle

from kolaps_print.layout.aside import EXAMPLE, aside_styles
from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.sheets import SAFE_EDGE_MM
from kolaps_print.model.common import Model
from kolaps_print.rulebook import styles as st
from kolaps_print.units import pt

Mm = Annotated[float, Field(ge=0, le=120)]


class HandoutType(Model):
    """The handout's own heading styles (the others are the book's)."""

    h1: st.TextStyle
    h2: st.TextStyle


class BandSizes(Model):
    """Page 1's title band, in points."""

    title: st.PagePt
    subtitle: st.PagePt
    edition: st.PagePt
    version: st.PagePt


class PageType(Model):
    """One page's running text, set larger than the default where the page has the room (a page
    whose columns would otherwise end a quarter above the foot)."""

    body_size: Annotated[float, Field(ge=7, le=14)]
    body_leading: Annotated[float, Field(ge=8, le=20)]
    body_after: Annotated[float, Field(ge=0, le=20)] | None = None  # None: the layout's body_after
    item_after: Annotated[float, Field(ge=0, le=20)] | None = None
    # its tables' cells (and captions) this much larger than the book's, near its running text;
    # None: the book's size (a page of tables only searches its own, up to table_scale_max)
    table_scale: Annotated[float, Field(ge=1, le=2)] | None = None


class PaperPages(Model):
    """The running text of each page (1, 2...) on one paper (a sizes.yaml name)."""

    paper: str
    type: tuple[PageType, ...]


class HandoutLayout(Model):
    margin: Annotated[float, Field(ge=SAFE_EDGE_MM, le=40)]
    gutter: Annotated[float, Field(ge=3, le=30)]
    band: Annotated[float, Field(ge=20, le=120)]
    head: Mm
    foot: Mm
    body_size: Annotated[float, Field(ge=7, le=12)]  # the floor for printed text is 6 pt
    body_leading: Annotated[float, Field(ge=8, le=16)]
    type: HandoutType
    body_after: Annotated[float, Field(ge=0, le=20)]
    item_after: Annotated[float, Field(ge=0, le=20)]
    furniture: st.FurnitureSizes
    band_type: BandSizes
    # a page of tables only (the back) sets its tables up to this much larger, by table_scale_step,
    # as large as still fits the page: read at arm's length, and the page is not left a third empty
    table_scale_max: Annotated[float, Field(ge=1, le=2)] = 1.0
    table_scale_step: Annotated[float, Field(gt=0, le=0.5)] = 0.05
    # per paper, each page's running text; a paper or page not listed takes the above
    pages: tuple[PaperPages, ...] = ()
    # the fewest letters a hyphen leaves on either side of it (2: the book's, the French minimum)
    hyphen_least: Annotated[int, Field(ge=2, le=8)] = 2

    def page_type(self, page: int, paper: str) -> PageType:
        """Page `page`'s (from 0) running text on this paper: its own, or the layout's."""
        chosen = next((p.type for p in self.pages if p.paper == paper), ())
        if page < len(chosen):
            return chosen[page]
        return PageType(body_size=self.body_size, body_leading=self.body_leading)


def handout_layout() -> HandoutLayout:
    """data/layouts/quickstart.yaml of the data folder in use; KolapsError (located) if it is wrong."""
    return load_layout("quickstart", HandoutLayout)


@dataclass(frozen=True)
class Columns:
    """The two text columns of a page, in points: x of each, bottom, width, height."""

    xs: tuple[float, float]
    bottom: float
    width: float
    height: float

    def balanced(self, height: float | None) -> Columns:
        """The same columns ending height points under their top (None: as they are)."""
        if height is None or height >= self.height:
            return self
        return Columns(self.xs, self.bottom + self.height - height, self.width, height)


def columns(geometry: st.PageGeometry, top_mm: float) -> Columns:
    """Two columns between the margins, below top_mm (the band or the running head) and above the folio."""
    look = handout_layout()
    page_w, page_h = geometry.page_mm
    width = (page_w - 2 * look.margin - look.gutter) / 2
    bottom = look.margin + look.foot
    left = look.margin
    return Columns((pt(left), pt(left + width + look.gutter)), pt(bottom), pt(width), pt(page_h - top_mm - bottom))


def handout_styles(page: int = -1, paper: str = "") -> dict[str, ParagraphStyle]:
    """The handout's paragraph styles on page `page` (from 0; -1: the layout's default type) of this paper."""
    look = handout_layout()
    return _styles(look, look.page_type(page, paper) if page >= 0 else None)


@cache  # one set per layout and page: another data folder may set the handout differently
def _styles(look: HandoutLayout, page: PageType | None) -> dict[str, ParagraphStyle]:
    book = st.styles()
    size, leading = (page.body_size, page.body_leading) if page else (look.body_size, look.body_leading)
    after = page.body_after if page and page.body_after is not None else look.body_after
    item_after = page.item_after if page and page.item_after is not None else look.item_after
    scale = size / book["body"].fontSize
    body = ParagraphStyle(
        "hbody",
        parent=book["body"],
        fontSize=size,
        leading=leading,
        spaceAfter=after,
        hyphenationLang=partial(st.french_syllables, least=look.hyphen_least),
    )
    out = {name: style for name, style in book.items()}
    out.update(
        body=body,
        item=ParagraphStyle("hitem", parent=body, spaceAfter=item_after),
        h1=ParagraphStyle("hh1", parent=book["h1"], textColor=book["h2"].textColor, **look.type.h1.options()),
        h2=ParagraphStyle("hh2", parent=book["h2"], **look.type.h2.options()),
        h3=ParagraphStyle("hh3", parent=book["h3"], fontSize=size + 0.6, leading=leading, spaceBefore=5, spaceAfter=2),
        box=ParagraphStyle(
            "hbox", parent=book["box"], fontSize=book["box"].fontSize * scale, leading=leading - 0.6, spaceAfter=2
        ),
    )
    example = aside_styles(EXAMPLE, size, leading)  # the house's example box (layout/aside.py)
    out.update(example=example["text"], example_item=example["item"], example_head=example["head"])
    return out
