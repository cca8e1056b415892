"""`kolaps-print check` of each ruleset's demo army as a user meets it after editing the file:
never served from a replay (cli/replayed.py), against issue 15's target (0.15 s of CPU).

    .venv/bin/python benchmarks/bench_check.py [--runs 7] [--ruleset d12 ...] [--before DIR]

Each run checks a new copy of the demo army (its bytes changed by a comment naming the run, so
no kept output matches), the data cache warm (the data folder unchanged). CPU time (user +
system of the child), medians of --runs interleaved runs; with --before, a checkout's
kolaps_print package in the same rounds.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import REPO, interleaved, kolaps_print, load, run, verdict  # noqa: E402

TARGET = 0.15
ARMIES = {
    "kolaps": "data/rulesets/kolaps/armies/section-kappa.yaml",
    "d100": "data/rulesets/d100/armies/les-convoyeurs.yaml",
    "3d6": "data/rulesets/3d6/armies/brigade-nocturne.yaml",
    "d12": "data/rulesets/d12/armies/equipe-neon.yaml",
}
_RUNS = itertools.count()


def edited(army: Path, folder: Path) -> Path:
    """A copy of army with a comment no other run wrote: its check is made, not replayed."""
    n = next(_RUNS)
    copy = folder / f"{n}-{army.name}"
    copy.write_bytes(army.read_bytes() + f"\n# run {n}\n".encode())
    return copy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--ruleset", action="append", choices=list(ARMIES), help="only this one (repeatable)")
    parser.add_argument("--before", type=Path, help="also run the kolaps_print package of this checkout, interleaved")
    args = parser.parse_args()
    started = load()
    kp = kolaps_print()
    sides = {"ours": None} | ({"before": args.before} if args.before else {})
    with tempfile.TemporaryDirectory() as tmp:
        commands = {
            f"{name} {side}": lambda a=REPO / army, c=checkout: run(
                [*kp, "check", str(edited(a, Path(tmp)))], checkout=c
            )
            for name, army in ARMIES.items()
            if name in (args.ruleset or ARMIES)
            for side, checkout in sides.items()
        }
        costs = interleaved(commands, args.runs)
    print(f"check of a demo army, a new copy each run: medians of {args.runs} interleaved runs ({started} -> {load()})")
    for name, cost in costs.items():
        print(
            f"  {name:14} cpu {cost.cpu:6.3f} s   wall {cost.wall:6.3f} s   target {TARGET} s: {verdict(cost.cpu, TARGET)}"
        )


if __name__ == "__main__":
    main()
