"""The quick-start's column balancing (rulebook/handout_balance.page_fits), timed in process.

    .venv/bin/python benchmarks/bench_handout.py [--runs 7] [--paper a4]

The demo quick-start is checked once (not timed); then page_fits runs --runs times: the median
CPU seconds, the trial layouts it made, and the same search with each trial a fresh full layout
(the chapter made again, drawn and written, counted in pages: what page_fits did before issue
15's second wave), interleaved. Both must find the same page settings.
"""

from __future__ import annotations

import argparse
import statistics
import time
from io import BytesIO

from reportlab.platypus import BaseDocTemplate, LayoutError

from kolaps_print import resources
from kolaps_print.rulebook import handout_balance as balance
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.check import check_book
from kolaps_print.rulebook.handout import _chapter_flow, _template
from kolaps_print.rulebook.handout_look import Columns


def _in_full(trials: balance.ChapterTrials, height: float, scale: float) -> bool:
    ctx = trials._context(scale)
    doc = BaseDocTemplate(BytesIO(), leftMargin=0, rightMargin=0, topMargin=0, bottomMargin=0)
    doc.addPageTemplates([_template("full", Columns((0.0, ctx.width + 10), 0.0, ctx.width, height), lambda c, d: None)])
    try:
        doc.build(_chapter_flow(trials.chapter, ctx))
    except LayoutError:
        return False
    return doc.page == 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args()
    with resources.folders():
        book = check_book(resources.rulebook_dir(), resources.data_dir(), "quickstart", strict=False)
    geometry = st.page_geometry(args.paper)
    quick_fits = balance.ChapterTrials.fits
    trials = 0

    def counted(self, height: float, scale: float) -> bool:
        nonlocal trials
        trials += (height, scale) not in self._answers
        return quick_fits(self, height, scale)

    def timed(fits) -> tuple[float, tuple]:
        balance.ChapterTrials.fits = fits  # type: ignore[method-assign]
        start = time.process_time()
        found = balance.page_fits(book.chapters, book.tables, book.unresolved, geometry)
        return time.process_time() - start, found

    quick, full = [], []
    for _ in range(args.runs):
        trials = 0
        seconds, found = timed(counted)
        quick.append(seconds)
        seconds, found_in_full = timed(_in_full)
        full.append(seconds)
        if found != found_in_full:
            raise SystemExit(f"the searches differ: {found} against {found_in_full}")
    print(
        f"quick-start ({args.paper}): {len(book.chapters)} pages, {trials} trial layouts, medians of {args.runs} runs"
    )
    print(f"  page_fits, measuring trials: cpu {statistics.median(quick):.3f} s")
    print(f"  page_fits, full layouts:     cpu {statistics.median(full):.3f} s")
    print(f"  ratio {statistics.median(quick) / statistics.median(full):.2f}")
    print("  target: none of its own (a warm kit keeps the pages: kit's 1 s, bench_commands.py)")


if __name__ == "__main__":
    main()
