"""The quick-start handout's look: its page areas (data/layouts/quickstart.yaml, mm) and its
paragraph styles, the book's styles set smaller for two columns on a folded sheet."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated

from pydantic import Field
from reportlab.lib.styles import ParagraphStyle

from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.units import pt
from kolaps_print.model.common import Model
from kolaps_print.rulebook import styles as st

Mm = Annotated[float, Field(ge=0, le=120)]
MIN_MARGIN_MM = 6.0  # nothing that matters closer to a trimmed edge (issue 12)


class HandoutLayout(Model):
    margin: Annotated[float, Field(ge=MIN_MARGIN_MM, le=40)]
    gutter: Annotated[float, Field(ge=3, le=30)]
    band: Annotated[float, Field(ge=20, le=120)]
    head: Mm
    foot: Mm
    body_size: Annotated[float, Field(ge=7, le=12)]  # the floor for printed text is 6 pt
    body_leading: Annotated[float, Field(ge=8, le=16)]


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


def columns(geometry: st.PageGeometry, top_mm: float) -> Columns:
    """Two columns between the margins, below top_mm (the band or the running head) and above the folio."""
    look = handout_layout()
    page_w, page_h = geometry.page_mm
    width = (page_w - 2 * look.margin - look.gutter) / 2
    bottom = look.margin + look.foot
    left = look.margin
    return Columns((pt(left), pt(left + width + look.gutter)), pt(bottom), pt(width), pt(page_h - top_mm - bottom))


def handout_styles() -> dict[str, ParagraphStyle]:
    look = handout_layout()
    return _styles(look.body_size, look.body_leading)


@cache
def _styles(size: float, leading: float) -> dict[str, ParagraphStyle]:
    book = st.styles()
    scale = size / book["body"].fontSize
    body = ParagraphStyle("hbody", parent=book["body"], fontSize=size, leading=leading, spaceAfter=3.2)
    out = {name: style for name, style in book.items()}
    out.update(
        body=body,
        item=ParagraphStyle("hitem", parent=body, spaceAfter=1.4),
        h1=ParagraphStyle(
            "hh1", parent=book["h1"], fontSize=17, leading=20, spaceAfter=5, textColor=book["h2"].textColor
        ),
        h2=ParagraphStyle("hh2", parent=book["h2"], fontSize=11.5, leading=13.5, spaceBefore=8, spaceAfter=3),
        h3=ParagraphStyle("hh3", parent=book["h3"], fontSize=size + 0.6, leading=leading, spaceBefore=5, spaceAfter=2),
        box=ParagraphStyle(
            "hbox", parent=book["box"], fontSize=book["box"].fontSize * scale, leading=leading - 0.6, spaceAfter=2
        ),
    )
    return out
