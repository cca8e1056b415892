"""`kolaps-print cards` next to bare reportlab drawing the same cards, end to end.

    .venv/bin/python benchmarks/bench_cards.py [--cards 1000] [--runs 7]

Both sides are separate processes timed from start to the PDF written, on the same army
(made in a temporary folder):
- ours: `kolaps-print cards army.yaml -o out.pdf` (the script beside this Python);
- bare: benchmarks/bare_replay.py, plain reportlab replaying the canvas operations our job
  emits (recorded once beforehand by record_cards.py, not timed), with the same techniques:
  forms for the shared furniture and blocks, rl_accel, one text object per run of texts.
CPU time (user + system of the child) and wall time, medians of --runs interleaved runs.
Target (issue 15): ours within 1.2 x bare.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import HERE, here, interleaved, kolaps_print, load, prepare, run, verdict  # noqa: E402

TARGET = 1.2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--before", type=Path, help="also run the kolaps_print package of this checkout, interleaved")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        army = prepare(folder, args.cards)
        ops = int(here("record_cards.py", army, folder / "ops.marshal"))
        bare = [sys.executable, str(HERE / "bare_replay.py"), str(folder / "ops.marshal")]
        ours = [*kolaps_print(), "cards", str(army), "-o"]
        commands = {
            "ours": lambda: run([*ours, str(folder / "ours.pdf")]),
            "bare": lambda: run([*bare, str(folder / "bare.pdf")]),
        }
        if args.before:
            commands["before"] = lambda: run([*ours, str(folder / "before.pdf")], checkout=args.before)
        costs = interleaved(commands, args.runs)
        sizes = {name: (folder / f"{name}.pdf").stat().st_size / 1e3 for name in costs}
    ours_c, bare_c = costs["ours"], costs["bare"]
    print(f"{args.cards} cards, {ops} canvas operations, medians of {args.runs} interleaved runs ({load()})")
    for name, c in costs.items():
        print(
            f"  {name}: cpu {c.cpu:6.3f} s   wall {c.wall:6.3f} s   peak {c.peak_mib:5.1f} MiB   {sizes[name]:6.0f} KB"
        )
    for what in ("cpu", "wall"):
        ratio = getattr(ours_c, what) / getattr(bare_c, what)
        print(f"  ratio ours / bare ({what}): {ratio:4.2f}   target <= {TARGET}: {verdict(ratio, TARGET)}")
        if args.before:
            print(f"  ratio before / bare ({what}): {getattr(costs['before'], what) / getattr(bare_c, what):4.2f}")


if __name__ == "__main__":
    main()
