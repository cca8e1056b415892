"""10,000 cards: peak memory and time per card, next to 1000 cards.

    .venv/bin/python benchmarks/bench_scale.py [--runs 3] [--ruleset kolaps|d100|3d6|d12 ...] [--before DIR] [--vary]

Four armies, each drawn by `kolaps-print cards` in its own process: 1 character (the fixed
cost: start-up, data, fonts), 1000 characters, 1000 characters with `copies: 10`, 10,000
distinct characters. KOLAPS's armies by default (army.py: varied names, weapons, stats); with
--ruleset, that ruleset's demo army scaled (ruleset_army.py: the demo's characters in turn,
each renamed; with --vary, their numbers varied too, so nearly every card is a face of its own).
Time per card is the CPU time past the fixed cost, divided by the cards.
Targets (issue 15): peak resident memory (ru_maxrss) under 100 MiB at 10,000 cards, and time
per card at 10,000 within 1.2 x the time per card at 1000 (linear). Medians of --runs
interleaved runs.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import here, interleaved, kolaps_print, load, prepare, run, verdict  # noqa: E402

PEAK_MIB = 100
LINEAR = 1.2
ARMIES = {"1": (1, 1), "1000": (1000, 1), "1000 x copies 10": (1000, 10), "10,000 distinct": (10_000, 1)}
RULESETS = ("kolaps", "d100", "3d6", "d12")


def army(folder: Path, ruleset: str, count: int, copies: int, vary: bool = False) -> Path:
    """The benchmark army of that ruleset, written by a helper process (the timing process stays
    small); vary: another ruleset's characters with their numbers varied (KOLAPS's always are)."""
    if ruleset == "kolaps":
        return prepare(folder, count, copies)
    return Path(here("ruleset_army.py", folder, ruleset, count, copies, *(["--vary"] if vary else [])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--before", type=Path, help="also measure the kolaps_print package of this checkout, interleaved"
    )
    parser.add_argument("--ruleset", action="append", choices=RULESETS, help="this ruleset's armies (repeatable)")
    parser.add_argument("--vary", action="store_true", help="another ruleset's characters' numbers varied")
    args = parser.parse_args()
    for ruleset in args.ruleset or ["kolaps"]:
        bench(ruleset, args.runs, args.before, args.vary)


def bench(ruleset: str, runs: int, before: Path | None, vary: bool = False) -> None:
    kp = kolaps_print()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        armies = {name: army(folder, ruleset, *size, vary) for name, size in ARMIES.items()}

        def cards(name: str, checkout: Path | None):
            return lambda: run([*kp, "cards", str(armies[name]), "-o", str(folder / "out.pdf")], checkout=checkout)

        sides = {"": None} | ({"before ": before} if before else {})
        costs = interleaved(
            {side + name: cards(name, checkout) for name in ARMIES for side, checkout in sides.items()}, runs
        )
    print(f"{ruleset}{', varied' if vary else ''}: medians of {runs} interleaved runs ({load()})")
    for side in sides:
        per_card = {}
        for name in ARMIES:
            c, count = costs[side + name], ARMIES[name][0] * ARMIES[name][1]
            per_card[name] = (c.cpu - costs[side + "1"].cpu) / count
            print(
                f"  {side + name:24} cpu {c.cpu:7.3f} s   wall {c.wall:7.3f} s   {per_card[name] * 1000:5.3f} ms/card   "
                f"peak {c.peak_mib:6.1f} MiB"
                + (f"   target < {PEAK_MIB} MiB: {verdict(c.peak_mib, PEAK_MIB)}" if count >= 10_000 else "")
            )
        for name in ("1000 x copies 10", "10,000 distinct"):
            ratio = per_card[name] / per_card["1000"]
            print(f"  {side}time per card, {name} / 1000: {ratio:4.2f}   target <= {LINEAR}: {verdict(ratio, LINEAR)}")
    if before:  # the change, measured in the same rounds
        for name in ARMIES:
            after, before = costs[name], costs["before " + name]
            print(
                f"  after / before, {name:18} cpu {after.cpu / before.cpu:4.2f}   peak {after.peak_mib / before.peak_mib:4.2f}"
            )


if __name__ == "__main__":
    main()
