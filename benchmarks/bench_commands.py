"""Start-up and small commands against issue 15's targets, CPU time of each process.

    .venv/bin/python benchmarks/bench_commands.py [--runs 7] [--before DIR] [--only kit]

- `kolaps-print --help` (target 0.1 s CPU);
- `kolaps-print check data/rulesets/kolaps/armies/section-kappa.yaml` (0.15 s);
- `kolaps-print kit data/rulesets/kolaps/kits/demo.yaml` (1 s), warm (an unchanged kit: its
  documents, stamps and previews come from the cache), then after an edit of the kit file (a new
  date: the cards, their previews, the stamps and the runs made again, the rules kept: what a
  demo team's second build costs), then with the cache off (every step made: the first build
  after an edit of the data, templates or package);
- one `rulebook --watch` rebuild after a one-word edit of a chapter, the rebuild function timed in
  process (0.3 s), and one after a save that changed nothing;
- a cold `kolaps-print rulebook` (the full book, A4; no target: it must not regress).
Medians of --runs interleaved runs.
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import REPO, here, interleaved, kolaps_print, load, run, verdict  # noqa: E402

TARGETS: dict[str, float | None] = {
    "--help": 0.1,
    "check": 0.15,
    "kit": 1.0,
    "kit, date edited": 1.0,
    "kit, cache off": 1.0,
    "rulebook": None,
}
KIT = REPO / "data/rulesets/kolaps/kits/demo.yaml"
_DAYS = itertools.count()  # each edited kit a new date: nothing of the last one's cards is kept
REBUILD_TARGET = 0.3
ROUNDS = 3  # rebuild processes per side, interleaved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--before", type=Path, help="also run the kolaps_print package of this checkout, interleaved")
    parser.add_argument("--only", help="only the rows whose name starts with this (kit: the kit's three rows)")
    args = parser.parse_args()
    kp = kolaps_print()
    sides = {"": None} | ({"before ": args.before} if args.before else {})
    with tempfile.TemporaryDirectory() as tmp:
        kit, book = Path(tmp) / "kit", Path(tmp) / "cold.pdf"
        commands = {}
        for side, checkout in sides.items():
            commands |= {
                f"{side}--help": lambda c=checkout: run([*kp, "--help"], checkout=c),
                f"{side}check": lambda c=checkout: run(
                    [*kp, "check", str(REPO / "data/rulesets/kolaps/armies/section-kappa.yaml")], checkout=c
                ),
                f"{side}kit": lambda c=checkout: run([*kp, "kit", str(KIT), "-o", str(kit)], checkout=c),
                f"{side}kit, date edited": lambda c=checkout: run(
                    [*kp, "kit", str(_edited_kit(Path(tmp))), "-o", str(kit)], checkout=c
                ),
                f"{side}kit, cache off": lambda c=checkout: run(
                    [*kp, "kit", str(KIT), "-o", str(kit)], checkout=c, env={"KOLAPS_CACHE": "off"}
                ),
                f"{side}rulebook": lambda c=checkout: run([*kp, "rulebook", "-o", str(book)], checkout=c),
            }
        if args.only:
            commands = {name: c for name, c in commands.items() if name.removeprefix("before ").startswith(args.only)}
        costs = interleaved(commands, args.runs)
        watch = not args.only or "rulebook".startswith(args.only)
        rebuilds = _rebuilds(sides, Path(tmp) / "rulebook.pdf", args.runs) if watch else {}
        unchanged = _rebuilds(sides, Path(tmp) / "rulebook.pdf", args.runs, "--unchanged") if watch else {}
    print(f"medians of {args.runs} interleaved runs ({load()})")
    for name, c in costs.items():
        target = TARGETS[name.removeprefix("before ")]
        aim = f"target cpu <= {target} s: {verdict(c.cpu, target)}" if target else "no target (not to regress)"
        print(f"  {name:24} cpu {c.cpu:6.3f} s   wall {c.wall:6.3f} s   {aim}")
    for side, rebuild in rebuilds.items():
        print(
            f"  {side}rulebook --watch rebuild after a one-word edit: cpu {rebuild:6.3f} s   "
            f"target <= {REBUILD_TARGET} s: {verdict(rebuild, REBUILD_TARGET)}"
        )
        print(f"  {side}rulebook --watch rebuild, nothing changed: cpu {unchanged[side]:6.3f} s")
    if args.before:  # the change, measured in the same rounds: what a loaded machine cannot blur
        ratios = {name: costs[name].cpu / costs[f"before {name}"].cpu for name in TARGETS if name in costs}
        if watch:
            ratios["rebuild"] = rebuilds[""] / rebuilds["before "]
            ratios["unchanged rebuild"] = unchanged[""] / unchanged["before "]
        print("  cpu after / before: " + "   ".join(f"{name} {r:4.2f}" for name, r in ratios.items()))


def _edited_kit(folder: Path) -> Path:
    """The demo kit with the next date (its armies named where they are): a new stamp on every
    page and card."""
    day = dt.date(2027, 3, 1) + dt.timedelta(days=next(_DAYS))
    if day == dt.date(2027, 3, 14):  # the kit's own date: that run would be the warm kit
        day = dt.date(2027, 3, 1) + dt.timedelta(days=next(_DAYS))
    text = KIT.read_text(encoding="utf-8").replace("../armies/", f"{KIT.parent.parent / 'armies'}/")
    if "date: 2027-03-14" not in text:  # else every run would be the warm kit again
        raise SystemExit(f"{KIT}: no 'date: 2027-03-14' to edit")
    edited = folder / "edited.yaml"
    edited.write_text(text.replace("date: 2027-03-14", f"date: {day.isoformat()}"), encoding="utf-8")
    return edited


def _rebuilds(sides: dict[str, Path | None], out: Path, runs: int, *mode: str) -> dict[str, float]:
    """Median CPU of a rebuild per side: ROUNDS processes per side, taken in turn (load drifts),
    each timing runs rebuilds after its own first build (mode: rebuild_rulebook.py's options)."""
    medians: dict[str, list[float]] = {side: [] for side in sides}
    for _ in range(ROUNDS):
        for side, checkout in sides.items():
            medians[side].append(float(here("rebuild_rulebook.py", out, runs, *mode, checkout=checkout)))
    return {side: statistics.median(m) for side, m in medians.items()}


if __name__ == "__main__":
    main()
