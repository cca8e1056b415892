"""Stage 5: place two-sided card faces on printer sheets (duplex, fold, print shop) with cut guides.

This package knows nothing about characters: anything with draw_front / draw_back is a face.

    from kolaps_print.impose import Face, ImposeOptions, impose
    from kolaps_print.layout.sheets import card_size, paper_size

    class RulesCard:                      # any object with these two methods is a Face
        def draw_front(self, canvas, width, height): ...   # points; origin: trim's lower-left
        def draw_back(self, canvas, width, height): ...

    options = ImposeOptions(card=card_size("poker"), paper=paper_size("a4"), mode="duplex")
    result = impose([RulesCard(), RulesCard()], options, PdfMeta(title=..., subject=...))
    write_atomically("output/x.pdf", result.pdf)      # result.pages, result.sheets

Rules a face can rely on:
- Each side is drawn in its own saveState/restoreState, translated to the card, and clipped
  to the trim plus the bleed: nothing a face draws can land on a neighbour. To bleed, paint
  the background a little past the edges (up to 10 mm); the clip keeps what is wanted.
- Always setFont before drawing text (the page starts with KSans, never a standard-14 font).
- Faces may build PDF forms (canvas.beginForm/endForm/doForm) lazily while drawing, to draw
  what every card shares only once.

Modes (ImposeOptions.mode):
- "duplex": a page of fronts then a page of their backs; each back lands behind its front
  (columns mirrored for flip="long", rows for flip="short"); back_offset=(x, y) mm shifts
  every back page to compensate a printer's duplex drift (`kolaps-print calibrate`).
- "fold": front and back side by side with a dashed fold line, for single-sided printers.
- "print-shop": one card per page, front then back, with bleed (3 mm by default) and the
  TrimBox and BleedBox set (MediaBox = BleedBox = trim + bleed).
Cards are centred on the sheet, as many as fit inside the margins; crop marks run from the
block of cards out to the sheet edge. Geometry defaults come from data/layouts/sheets.yaml.
plan_pages() gives the plan (pure geometry in mm) without drawing anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from kolaps_print.impose.options import FLIPS, MODES, Flip, ImposeOptions, Mode, ResolvedOptions
from kolaps_print.impose.pages import plan_pages, slots_per_sheet
from kolaps_print.impose.plan import Page, Placement, Side
from kolaps_print.write import PdfMeta

if TYPE_CHECKING:  # at run time they come through __getattr__ below, on demand
    from kolaps_print.impose.render import Face, Imposed, Progress


def impose(
    faces: Sequence[Face] | Iterable[Face],
    options: ImposeOptions,
    meta: PdfMeta,
    progress: Progress | None = None,
    count: int | None = None,
    side: Side | None = None,
) -> Imposed:
    """Lay out the faces per options and draw them into a PDF held in memory.

    faces may be a generator (then count says how many it yields): each face is taken when its
    sheet is drawn and let go once that sheet is done, so 10,000 cards are never all in memory.
    side: only the pages of that side (a print-shop file of the fronts alone, or the backs).
    """
    from kolaps_print.impose.render import render

    total = len(faces) if count is None else count  # type: ignore[arg-type]
    pages = plan_pages(total, options.resolved())
    return render([p for p in pages if side in (None, p.side)], faces, meta, progress, total)


def __getattr__(name: str):
    # Face, Imposed and Progress live beside the reportlab drawing code; import it on demand.
    if name in ("Face", "Imposed", "Progress"):
        from kolaps_print.impose import render

        return getattr(render, name)
    raise AttributeError(name)


__all__ = [
    "FLIPS",
    "MODES",
    "Face",
    "Flip",
    "ImposeOptions",
    "Imposed",
    "Mode",
    "Page",
    "Placement",
    "ResolvedOptions",
    "Side",
    "impose",
    "plan_pages",
    "slots_per_sheet",
]
