"""Start-up and small commands against issue 15's targets, CPU time of each process.

    .venv/bin/python benchmarks/bench_commands.py [--runs 7]

- `kolaps-print --help` (target 0.1 s CPU);
- `kolaps-print check data/armies/section-kappa.yaml` (0.15 s);
- `kolaps-print kit data/kits/demo.yaml` (1 s);
- one `rulebook --watch` rebuild, the rebuild function timed in process (0.3 s).
Medians of --runs interleaved runs.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import REPO, here, interleaved, kolaps_print, load, run, verdict  # noqa: E402

TARGETS = {"--help": 0.1, "check": 0.15, "kit": 1.0}
REBUILD_TARGET = 0.3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    kp = kolaps_print()
    with tempfile.TemporaryDirectory() as tmp:
        kit = Path(tmp) / "kit"
        costs = interleaved(
            {
                "--help": lambda: run([*kp, "--help"]),
                "check": lambda: run([*kp, "check", str(REPO / "data/armies/section-kappa.yaml")]),
                "kit": lambda: run([*kp, "kit", str(REPO / "data/kits/demo.yaml"), "-o", str(kit)]),
            },
            args.runs,
        )
        rebuild = float(here("rebuild_rulebook.py", Path(tmp) / "rulebook.pdf", args.runs))
    print(f"medians of {args.runs} interleaved runs ({load()})")
    for name, c in costs.items():
        target = TARGETS[name]
        print(
            f"  {name:8} cpu {c.cpu:6.3f} s   wall {c.wall:6.3f} s   target cpu <= {target} s: {verdict(c.cpu, target)}"
        )
    print(
        f"  rulebook --watch rebuild: cpu {rebuild:6.3f} s   target <= {REBUILD_TARGET} s: {verdict(rebuild, REBUILD_TARGET)}"
    )


if __name__ == "__main__":
    main()
