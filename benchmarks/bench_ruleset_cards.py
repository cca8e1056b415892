"""`kolaps-print cards` for each other ruleset next to bare reportlab drawing the same cards.

    .venv/bin/python benchmarks/bench_ruleset_cards.py [--cards 1000] [--runs 5] [--ruleset d12 ...] [--before DIR] [--vary]

For each ruleset (default: every bundled one), its demo army scaled to --cards characters
(ruleset_army.py, in a temporary folder; with --vary, each character's numbers varied within the
ruleset's bounds, as KOLAPS's bench army varies its own, so nearly every card is a face of its own
to lay out: renamed only, a deck has as many distinct faces as the demo has characters), then, each side a separate process timed from start
to the PDF written:
- ours: `kolaps-print cards army.yaml -o out.pdf`;
- bare: benchmarks/bare_calls.py, plain reportlab performing the canvas calls our job made
  (recorded once beforehand by record_calls.py, not timed): the same forms, text objects and
  paths, none of our loading, card blocks, platypus layout or type fitting.
CPU time (user + system of the child) and wall time, medians of --runs interleaved runs, and
the ratio ours / bare per ruleset, against KOLAPS's bar (bench_cards.py: 1.2 x). With --before, a
checkout's kolaps_print package is timed in the same rounds (its ratio to the same bare replay).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_cards import TARGET  # noqa: E402
from measure import HERE, here, interleaved, kolaps_print, load, run, verdict  # noqa: E402

RULESETS = ("d100", "3d6", "d12")


def bench(
    ruleset_id: str, folder: Path, cards: int, runs: int, before: Path | None, vary: bool = False
) -> dict[str, float]:
    """The ruleset's figures printed; its CPU ratios to the bare replay (ours, and before's with --before)."""
    army = Path(here("ruleset_army.py", folder, ruleset_id, cards, *(["--vary"] if vary else [])))
    calls = int(here("record_calls.py", army, folder / f"{ruleset_id}.marshal"))
    bare = [sys.executable, str(HERE / "bare_calls.py"), str(folder / f"{ruleset_id}.marshal")]
    ours = [*kolaps_print(), "cards", str(army), "-o"]
    commands = {
        "ours": lambda: run([*ours, str(folder / "ours.pdf")]),
        "bare": lambda: run([*bare, str(folder / "bare.pdf")]),
    }
    if before:
        commands["before"] = lambda: run([*ours, str(folder / "before.pdf")], checkout=before)
    costs = interleaved(commands, runs)
    varied = ", varied" if vary else ""
    print(f"{ruleset_id}: {cards} cards{varied}, {calls} canvas calls, medians of {runs} interleaved runs ({load()})")
    for name, c in costs.items():
        print(f"  {name}: cpu {c.cpu:6.3f} s   wall {c.wall:6.3f} s   peak {c.peak_mib:5.1f} MiB")
    for what in ("cpu", "wall"):
        ratio = getattr(costs["ours"], what) / getattr(costs["bare"], what)
        print(f"  ratio ours / bare ({what}): {ratio:4.2f}   KOLAPS's bar <= {TARGET}: {verdict(ratio, TARGET)}")
        if before:
            print(
                f"  ratio before / bare ({what}): {getattr(costs['before'], what) / getattr(costs['bare'], what):4.2f}"
            )
    return {name: c.cpu / costs["bare"].cpu for name, c in costs.items() if name != "bare"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ruleset", action="append", choices=RULESETS, help="only this ruleset (repeatable)")
    parser.add_argument("--before", type=Path, help="also run the kolaps_print package of this checkout, interleaved")
    parser.add_argument("--vary", action="store_true", help="each character's numbers varied (ruleset_army.py)")
    args = parser.parse_args()
    started = load()
    ratios = {}
    for ruleset_id in args.ruleset or RULESETS:
        with tempfile.TemporaryDirectory() as tmp:
            ratios[ruleset_id] = bench(ruleset_id, Path(tmp), args.cards, args.runs, args.before, args.vary)
    # the summary a session's notes record (docs/performance.md): one line a ruleset, the load at both ends
    print(f"summary, CPU ratio to the bare replay (from {started} to {load()}):")
    for ruleset_id, ratio in ratios.items():
        against = f"   before / bare {ratio['before']:4.2f}" if "before" in ratio else ""
        print(f"  {ruleset_id}: ours / bare {ratio['ours']:4.2f}{against}   bar <= {TARGET}")


if __name__ == "__main__":
    main()
