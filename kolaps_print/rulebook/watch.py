"""--watch: rebuild the rulebook on every save under templates/ or data/.

rebuild() is one build, timed, errors caught and printed: the loop only waits for changes.
A broken edit prints its located error and the loop keeps watching.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from kolaps_print.diagnostics import KolapsError


@dataclass
class BuildOutcome:
    ok: bool
    seconds: float
    message: str  # one line for the terminal


def rebuild(build: Callable[[], object], describe: Callable[[object], str], echo: Callable[[str], None]) -> BuildOutcome:
    """Run one build; print its summary or its errors. Never raises for bad input."""
    start = time.perf_counter()
    try:
        result = build()
    except KolapsError as exc:
        seconds = time.perf_counter() - start
        for d in exc.diagnostics:
            echo(str(d))
        outcome = BuildOutcome(False, seconds, f"build failed in {seconds:.1f} s; fix the error and save again (Ctrl-C to stop)")
    except OSError as exc:  # a file vanished mid-save, a read-only output folder...
        seconds = time.perf_counter() - start
        outcome = BuildOutcome(False, seconds, f"build failed: {exc.filename or ''} {exc.strerror or exc}".strip())
    else:
        seconds = time.perf_counter() - start
        outcome = BuildOutcome(True, seconds, f"{describe(result)} in {seconds:.1f} s")
    echo(outcome.message)
    return outcome


def is_source(path: str) -> bool:
    """Editor swap files and hidden files are not sources: saving them must not rebuild."""
    name = Path(path).name
    return not (name.startswith(".") or name.endswith("~") or name.endswith(".swp") or name.endswith(".tmp"))


def watch(folders: Iterable[Path], on_change: Callable[[], object], echo: Callable[[str], None]) -> None:
    """Call on_change after every batch of saves under folders, until Ctrl-C."""
    from watchfiles import watch as watch_changes

    roots = [str(f) for f in folders]
    echo(f"watching {', '.join(roots)} (Ctrl-C to stop)")
    try:
        for changes in watch_changes(*roots, watch_filter=lambda _change, path: is_source(path)):
            if changes:
                on_change()
    except KeyboardInterrupt:
        pass
    echo("stopped watching")
