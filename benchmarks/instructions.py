"""Instructions a command executes (valgrind's callgrind), for start-up work on a shared machine.

    .venv/bin/python benchmarks/instructions.py [--before DIR]

CPU seconds move with the load of the machine's other sessions (cache and core sharing); the
count of instructions a process executes does not: it tells a change of a few milliseconds
apart where timings cannot. It is no timing (an instruction of pydantic's Rust and one of the
interpreter loop cost differently): bench_cards.py and bench_commands.py give the seconds.
Measured, each under `valgrind --tool=callgrind` (about 50 times slower) after one run that
compiles the modules: `cards` of a one-character army (the fixed cost), `check` of the Section
Kappa, `--help`, and the bare reportlab replay of that one card (record_cards.py); with
`--more`, also `cards` of the d100 demo army (platypus paragraphs and tables) and `kit` of the
demo kit (a few minutes under valgrind).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import HERE, REPO, child_env, here, kolaps_print, prepare  # noqa: E402


def instructions(command: list[str], checkout: Path | None = None) -> int:
    env = child_env(checkout)
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    # The uncounted run compiles the modules and fills the caches; under valgrind too, whose own
    # variables (LD_PRELOAD...) make another environment: a `--help` or `check` is served from
    # what it printed only to the same environment (kolaps_print/cli/replayed.py).
    subprocess.run(valgrind, cwd=REPO, env=env, check=True, capture_output=True)
    counted = subprocess.run(valgrind, cwd=REPO, env=env, check=True, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", counted.stderr)
    if not found:
        raise SystemExit(f"no instruction count in valgrind's report:\n{counted.stderr[-1000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="also count the kolaps_print package of this checkout")
    parser.add_argument("--more", action="store_true", help="also count a ruleset's demo deck and the demo kit")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    kp = kolaps_print()
    kp = [sys.executable, *kp] if len(kp) == 1 else kp  # the installed script, run by its Python
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        army = prepare(folder, 1)
        here("record_cards.py", army, folder / "ops.marshal")
        commands = {
            "cards, 1 character": [*kp, "cards", str(army), "-o", str(folder / "one.pdf")],
            "check section-kappa": [*kp, "check", "data/rulesets/kolaps/armies/section-kappa.yaml"],
            "--help": [*kp, "--help"],
        }
        if args.more:
            commands |= {
                "cards, d100 demo": [
                    *kp,
                    "cards",
                    "data/rulesets/d100/armies/les-convoyeurs.yaml",
                    "-o",
                    str(folder / "d100.pdf"),
                ],
                "kit demo": [*kp, "kit", "data/rulesets/kolaps/kits/demo.yaml", "-o", str(folder / "kit")],
            }
        bare = [sys.executable, str(HERE / "bare_replay.py"), str(folder / "ops.marshal"), str(folder / "bare.pdf")]
        print("millions of instructions (callgrind)")
        for name, command in commands.items():
            ours = instructions(command) / 1e6
            line = f"  {name:22} {ours:8.0f}"
            if args.before:
                before = instructions(command, args.before) / 1e6
                line += f"   before {before:8.0f}   after / before {ours / before:4.2f}"
            print(line)
        print(f"  {'bare reportlab, 1 card':22} {instructions(bare) / 1e6:8.0f}")


if __name__ == "__main__":
    main()
