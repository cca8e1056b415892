"""How full each text column of a book page is, read back from the PDF: from the top of the
text frame down to the lowest text printed in the column, as a share of the frame's height."""

from __future__ import annotations

from pdf_text import text_objects  # tests/support


def column_fill(pdf: bytes, geometry) -> dict[tuple[int, int], float]:
    """(page from 0, column from 0) -> share of the column's height that its text reaches, for
    every column holding text inside the frame (the running head and the folio are outside).
    geometry: the book's PageGeometry (kolaps_print.rulebook.styles.page_geometry)."""
    x, bottom, width, height = geometry.frame
    lefts = [frame[0] for frame in geometry.column_frames]
    lowest: dict[tuple[int, int], float] = {}
    for obj in text_objects(pdf):
        left, low, _, top = obj.bounds
        if low < bottom - 2 or top > bottom + height + 2:
            continue
        column = max(i for i, start in enumerate(lefts) if left >= start - 1) if left >= lefts[0] - 1 else 0
        key = (obj.page, column)
        lowest[key] = min(lowest.get(key, low), low)
    return {key: (bottom + height - low) / height for key, low in lowest.items()}


def sheet_column_ends(pdf: bytes) -> dict[tuple[int, int], float]:
    """Per (page from 0, column 0 or 1) of a system's quick-reference sheet, how far its lowest
    text stands above the columns' foot (the footer line left out), as a share of a column's
    height; the margins are data/layouts/rulesets.yaml's."""
    from kolaps_print.layout.ruleset.look import sheet_look
    from kolaps_print.units import pt

    look = sheet_look()
    objects = text_objects(pdf)
    width = max(o.bounds[2] for o in objects) + pt(look.margin_mm)  # the paper, from its right margin
    height = max(o.bounds[3] for o in objects) + pt(look.margin_mm)  # (the title's top is at the margin)
    foot = pt(look.margin_mm + look.footer_mm)
    column = height - foot - pt(look.margin_mm + look.header_mm)
    lows: dict[tuple[int, int], float] = {}
    for o in (o for o in objects if o.bounds[1] >= foot - 1):
        key = (o.page, 0 if o.bounds[0] < width / 2 else 1)
        lows[key] = min(lows.get(key, o.bounds[1]), o.bounds[1])
    return {key: (low - foot) / column for key, low in lows.items()}
