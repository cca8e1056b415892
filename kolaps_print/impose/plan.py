"""Page plans: where each face goes on each page, in mm, before anything is drawn.

Pure geometry, so the tests can check mirroring and marks without reading a PDF.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kolaps_print.impose.scale_bar import ScaleBarPlace
from kolaps_print.layout.geometry import Edges, Line, Rect, Size

Side = Literal["front", "back"]


@dataclass(frozen=True)
class Placement:
    """One face of one card at its place on a page."""

    face: int  # index in the list of faces
    side: Side
    trim: Rect  # the card's trim rectangle on the page
    bleed: Edges = Edges()  # how far past each trim edge the face's background may paint


@dataclass(frozen=True)
class Page:
    """One page of the imposed PDF: its faces and the marks drawn around them."""

    size: Size
    sheet: int  # 1-based: a duplex sheet is two pages, a print-shop card two pages
    side: Side
    placements: tuple[Placement, ...]
    crop_marks: tuple[Line, ...] = ()
    fold_lines: tuple[Line, ...] = ()
    shift: tuple[float, float] = (0.0, 0.0)  # the back offset, applied to everything on the page
    trim_box: Rect | None = None
    bleed_box: Rect | None = None
    scale_bar: ScaleBarPlace | None = None  # home sheets: a line of known length, to check the scale
