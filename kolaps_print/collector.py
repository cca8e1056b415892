"""Pausing Python's cycle collector where a run keeps what it makes and makes no cycles.

The collector then only walks the same live objects again and again: half the time of reading
a 10,000-character army, 15-20 % of the CPU of a 1000-card run. Plain reference counting
still frees everything that is dropped.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """The collector off within the block, as it was after (nested pauses are fine)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
