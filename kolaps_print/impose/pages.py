"""Choose the page plan for the imposition mode."""

from __future__ import annotations

from kolaps_print.impose.duplex import duplex_pages
from kolaps_print.impose.fold import fold_pages
from kolaps_print.impose.options import ResolvedOptions
from kolaps_print.impose.plan import Page
from kolaps_print.impose.print_shop import print_shop_pages

_PLANNERS = {"duplex": duplex_pages, "fold": fold_pages, "print-shop": print_shop_pages}


def plan_pages(count: int, options: ResolvedOptions) -> list[Page]:
    """Pages for count two-sided faces; options resolved by ImposeOptions.resolved()."""
    return _PLANNERS[options.mode](count, options)


def slots_per_sheet(options: ResolvedOptions) -> int:
    """How many cards one sheet (or one print-shop page pair) carries."""
    if options.mode == "print-shop":
        return 1
    from kolaps_print.impose.duplex import duplex_grid
    from kolaps_print.impose.fold import fold_grid

    return (duplex_grid if options.mode == "duplex" else fold_grid)(options).capacity
