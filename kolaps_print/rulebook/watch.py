"""--watch: rebuild the rulebook on every save under templates/ or data/.

rebuild() is one build, timed, errors caught and printed: the loop only waits for changes.
A broken edit prints its located error, a bug its one-line report, and the loop keeps watching.
Each build reads every source afresh: the readers' caches (labels, layouts) are emptied first.
What is kept between builds is each checked against what it stands for: each chapter's
compiled template (by a hash of its text), its rendered Markdown (rulebook/kept_renders.py: by
the data folder's digest and the texts of the templates it loaded), where each anchor landed
(the layout starts from there and checks it, so an edit that moves no page reference is laid
out once), each paragraph's lines (by text, style and width) and each data table's arrangement
and measures (by its content, measure and the data folder's digest; rulebook/flowables.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError

R = TypeVar("R")  # what a build returns, which describe summarises
# Where the anchors of each book landed in the session's last build (rulebook.book.remember_pages)
_PAGES: dict = {}


@dataclass
class BuildOutcome:
    ok: bool
    seconds: float
    message: str  # one line for the terminal


def _echo_bug(echo: Callable[[str], None]) -> Callable[[Exception], None]:
    return lambda exc: echo(f"internal error: {type(exc).__name__}: {exc}")


def rebuild(
    build: Callable[[], R],
    describe: Callable[[R], str],
    echo: Callable[[str], None],
    on_bug: Callable[[Exception], None] | None = None,
    result: Callable[[str], None] | None = None,
) -> BuildOutcome:
    """Run one build on fresh reads; print its summary (through result, default echo: the CLI
    puts results on stdout) or its errors. Never raises but for Ctrl-C: a bug is handed to
    on_bug (default: one line through echo)."""
    from kolaps_print.rulebook.book import remember_pages  # reportlab: loaded by the build anyway

    resources.clear_cached_reads()
    start = time.perf_counter()
    try:
        with remember_pages(_PAGES):
            built = build()
    except KolapsError as exc:
        seconds = time.perf_counter() - start
        for d in exc.diagnostics:
            echo(str(d))
        outcome = BuildOutcome(
            False, seconds, f"build failed in {seconds:.1f} s; fix the error and save again (Ctrl-C to stop)"
        )
    except OSError as exc:  # a file vanished mid-save, a read-only output folder...
        seconds = time.perf_counter() - start
        outcome = BuildOutcome(False, seconds, f"build failed: {exc.filename or ''} {exc.strerror or exc}".strip())
    except Exception as exc:  # a bug in kolaps-print: say so, and keep watching
        seconds = time.perf_counter() - start
        (on_bug or _echo_bug(echo))(exc)
        outcome = BuildOutcome(
            False, seconds, f"build failed in {seconds:.1f} s (internal error); still watching (Ctrl-C to stop)"
        )
    else:
        seconds = time.perf_counter() - start
        outcome = BuildOutcome(True, seconds, f"{describe(built)} in {seconds:.1f} s")
    say = (result or echo) if outcome.ok else echo
    say(outcome.message)
    return outcome


def is_source(path: str) -> bool:
    """Editor swap files and hidden files are not sources: saving them must not rebuild."""
    name = Path(path).name
    return not (name.startswith(".") or name.endswith("~") or name.endswith(".swp") or name.endswith(".tmp"))


def watch(
    folders: Iterable[Path],
    on_change: Callable[[], object],
    echo: Callable[[str], None],
    changes: Iterable[set] | None = None,
) -> None:
    """Call on_change after every batch of saves under folders (or of the given changes, for
    tests), until Ctrl-C."""
    roots = [str(f) for f in folders]
    if changes is None:
        from watchfiles import watch as watch_changes

        changes = watch_changes(*roots, watch_filter=lambda _change, path: is_source(path))
    echo(f"watching {', '.join(roots)} (Ctrl-C to stop)")
    try:
        for batch in changes:
            if batch:
                on_change()
    except KeyboardInterrupt:
        pass
    echo("stopped watching")
