"""A portrait as print needs it, and whether it prints sharp.

Each picture is decoded once, at 600 dpi for the largest box a card gives a portrait (card.yaml's
front.portrait: smaller cards only shrink it), so every card size and every copy shares it.
"""

from __future__ import annotations

import math
from pathlib import Path

from kolaps_print.layout.card_data import card_layout
from kolaps_print.load.pictures import Bitmap, read_picture
from kolaps_print.units import inches

PRINT_DPI = 600  # the finest a print shop prints a photo
MIN_PPI = 150  # below this, a portrait prints visibly soft at home
PRESS_PPI = 300  # what a print shop asks for (--print-shop)


def portrait_pixels() -> tuple[int, int]:
    """The pixels the largest portrait box holds at PRINT_DPI."""
    box = card_layout().front.portrait
    return math.ceil(inches(box.width) * PRINT_DPI), math.ceil(inches(box.height) * PRINT_DPI)


def load_portrait(path: Path) -> Bitmap:
    """The decoded portrait (PictureError if it cannot be printed); decoded once per file version."""
    return read_picture(path, portrait_pixels())


def soft_portrait(
    bitmap: Bitmap, width: float, height: float, character: str, min_ppi: int | None = None
) -> str | None:
    """A warning when the picture, covering a width × height mm box, has fewer than min_ppi
    (None: MIN_PPI, for home printing)."""
    min_ppi = min_ppi or MIN_PPI
    ppi = min(bitmap.width / inches(width), bitmap.height / inches(height))
    if ppi >= min_ppi:
        return None
    needs = "a print shop asks for" if min_ppi == PRESS_PPI else "prints sharp"
    return (
        f"the portrait of '{character}' prints at {ppi:.0f} ppi ({bitmap.width} × {bitmap.height} pixels "
        f"for {width:.1f} × {height:.1f} mm), below the {min_ppi} ppi that {needs}: use a larger picture"
    )
