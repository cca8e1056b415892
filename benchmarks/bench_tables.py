"""Time the reference sheet and cards (run: /work/venv/bin/python benchmarks/bench_tables.py)."""

from __future__ import annotations

import time

from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.model.gamedata import builtin_game_data


def best_of(runs: int, options: TablesOptions) -> float:
    data = builtin_game_data()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        build_reference(options, data)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    build_reference(TablesOptions())  # warm up: fonts, labels, data
    for name, options in (
        ("sheet a4", TablesOptions()),
        ("sheet letter", TablesOptions(paper="letter")),
        ("cards poker", TablesOptions(format="cards")),
    ):
        print(f"{name:14} {best_of(3, options) * 1000:7.0f} ms")
    print("target: none of its own (the sheet is part of the kit's 1 s: bench_commands.py)")


if __name__ == "__main__":
    main()
