"""Temporary files and folders beside a target, and what removes them.

Each is named `.<target name>.<writer's pid>.<random>.tmp` (or `.old`): SIGINT, SIGTERM and
SIGHUP remove them (cleanup_on_signals turns the last two into an exception, as Python does
for Ctrl-C), and what a SIGKILL leaves is removed by the next run that writes the same target,
once the pid in its name is no longer running.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class Interrupted(KeyboardInterrupt):
    """SIGTERM or SIGHUP while a temporary file exists: unwinds like Ctrl-C, so it is removed."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise(signum: int, _frame) -> None:
    raise Interrupted(signum)


@contextmanager
def cleanup_on_signals() -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP raise Interrupted (unless the process ignores them, as
    under nohup); outside, their default (die at once, nothing of ours on disk) is back."""
    if threading.current_thread() is not threading.main_thread():  # only it may set handlers
        yield
        return
    previous = {s: signal.getsignal(s) for s in SIGNALS}
    for s, handler in previous.items():
        if handler is not signal.SIG_IGN:
            signal.signal(s, _raise)
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def temp_prefix(target: Path) -> str:
    return f".{target.name}.{os.getpid()}."


def _leftover(name: str) -> re.Pattern[str]:
    # mkstemp/mkdtemp add 8 characters from [a-z0-9_]: nothing else of the user's can match
    return re.compile(rf"\.{re.escape(name)}\.(\d{{1,10}})\.[a-z0-9_]{{8}}\.(?:tmp|old)")


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):  # another user's process, or no pid at all: keep
        return True
    return True


def remove_stale(target: Path) -> list[Path]:
    """Remove the temporary files and folders a killed writer left beside target."""
    pattern, removed = _leftover(target.name), list[Path]()
    try:
        names = os.listdir(target.parent)
    except OSError:
        return removed
    for name in names:
        match = pattern.fullmatch(name)
        if match and not _running(int(match.group(1))):
            path = target.parent / name
            mode = os.lstat(path).st_mode
            if stat.S_ISDIR(mode):
                shutil.rmtree(path, ignore_errors=True)
            elif stat.S_ISREG(mode):  # never a link someone planted: only what we make
                path.unlink(missing_ok=True)
            removed.append(path)
    return removed
