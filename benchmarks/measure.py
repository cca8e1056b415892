"""Shared by the benchmarks: run a command as a child process and read what it cost.

Each child is waited for with os.wait4, which returns that child's own resource usage
(getrusage of children, one child at a time): CPU time (user + system), peak resident memory.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
KOLAPS = [sys.executable, "-m", "kolaps_print"]
HERE = Path(__file__).resolve().parent


def here(script: str, *args, checkout: Path | None = None) -> str:
    """Run one of the benchmarks' helper scripts in its own process (not timed); its output."""
    command = [sys.executable, str(HERE / script), *map(str, args)]
    return subprocess.run(command, check=True, capture_output=True, text=True, env=child_env(checkout)).stdout.strip()


def prepare(folder: Path, count: int, copies: int = 1) -> Path:
    return Path(here("army.py", folder, count, copies))


@dataclass(frozen=True)
class Cost:
    cpu: float  # seconds, user + system
    wall: float  # seconds
    peak_mib: float  # ru_maxrss


# What an installed copy has: compiled modules. With PYTHONDONTWRITEBYTECODE set (some shells
# and CI set it), an editable install compiles every module of the package again on each run
# (about 0.1 s), while reportlab's come precompiled: the comparison would not be fair.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(
    command: Sequence[str], cwd: Path | None = None, checkout: Path | None = None, env: dict[str, str] | None = None
) -> Cost:
    """Run command to its end (process start to exit); fail loudly if it fails. checkout: a
    folder holding another kolaps_print package, imported instead of the installed one, and run
    in that folder unless cwd says otherwise, so that it reads its own data/ and templates/ (the
    project folders of the working folder come first). env: variables set for this child only."""
    env = child_env(checkout) | (env or {})
    cwd = cwd or checkout or REPO
    start = time.perf_counter()
    with open(os.devnull, "wb") as devnull:
        child = subprocess.Popen(list(command), cwd=cwd, stdout=devnull, stderr=subprocess.PIPE, env=env)
        err = child.stderr.read() if child.stderr else b""
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, command))} failed ({child.returncode}):\n{err.decode()[-2000:]}")
    return Cost(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


def child_env(checkout: Path | None = None) -> dict[str, str]:
    return CHILD_ENV | ({"PYTHONPATH": str(checkout)} if checkout else {})


def medians(costs: Sequence[Cost]) -> Cost:
    return Cost(*(statistics.median(getattr(c, f) for c in costs) for f in ("cpu", "wall", "peak_mib")))


def interleaved(commands: dict[str, Callable[[], Cost]], runs: int) -> dict[str, Cost]:
    """Medians of runs rounds, each round running every command once in turn (load drifts
    on a shared machine; interleaving spreads it evenly), after one round not counted."""
    for command in commands.values():  # a first round not counted: modules compiled, files cached
        command()
    costs: dict[str, list[Cost]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            costs[name].append(command())
    return {name: medians(c) for name, c in costs.items()}


def verdict(value: float, target: float) -> str:
    return "met" if value <= target else "NOT met"


def load() -> str:
    """The machine's load averages (1, 5, 15 min): figures on a shared machine need them."""
    return "load average {:.2f}, {:.2f}, {:.2f}".format(*os.getloadavg())


def kolaps_print() -> list[str]:
    """The installed kolaps-print script beside this Python (what a user runs), else -m."""
    script = Path(sys.executable).parent / "kolaps-print"
    return [str(script)] if script.exists() else KOLAPS
