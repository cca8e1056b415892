"""`kolaps-print tables --ruleset ID --format cards --card CARD` for the other systems' reference decks.

    .venv/bin/python benchmarks/bench_ruleset_refcards.py [--runs 5] [--deck 3d6:mini ...] [--before DIR]
        [--instructions]

KOLAPS's own decks (kolaps:mini, kolaps:poker, kolaps:tarot) are timed when named by --deck.

Each deck a separate process timed from start to the PDF written: CPU time (user + system of
the child), medians of --runs interleaved runs (after one round not counted), the machine's load
beside them. With --before, a checkout's kolaps_print package (with its data/ and templates/) is
timed in the same rounds, and its PDF compared with ours byte for byte (a speed-up must not move
a point). --instructions: also each deck's instructions under callgrind (instructions.py; about
50 times slower, so one deck or two).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from instructions import instructions  # noqa: E402
from measure import interleaved, kolaps_print, load, run  # noqa: E402

DECKS = tuple(f"{rs}:{card}" for rs in ("3d6", "d12", "d100") for card in ("mini", "poker", "tarot"))
KOLAPS_DECKS = tuple(f"kolaps:{card}" for card in ("mini", "poker", "tarot"))  # by --deck only (check20)


def command(deck: str, out: Path) -> list[str]:
    ruleset, card = deck.split(":")
    kp = kolaps_print()
    kp = [sys.executable, *kp] if len(kp) == 1 else kp  # the installed script, run by its Python
    return [*kp, "tables", "--ruleset", ruleset, "--format", "cards", "--card", card, "-o", str(out)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--deck", action="append", choices=DECKS + KOLAPS_DECKS, help="ruleset:card (default: the nine above)"
    )
    parser.add_argument("--before", type=Path, help="also time the kolaps_print package of this checkout")
    parser.add_argument("--instructions", action="store_true", help="also count instructions (callgrind)")
    args = parser.parse_args()
    before = args.before.resolve() if args.before else None
    print(load())
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for deck in args.deck or DECKS:
            ours, theirs = folder / f"{deck.replace(':', '-')}.pdf", folder / "before.pdf"
            commands = {"ours": lambda d=deck, o=ours: run(command(d, o))}
            if before:
                commands["before"] = lambda d=deck, t=theirs: run(command(d, t), checkout=before)
            costs = interleaved(commands, args.runs)
            line = f"{deck:11} cpu {costs['ours'].cpu:5.2f} s"
            if before:
                same = "same bytes" if ours.read_bytes() == theirs.read_bytes() else "PDFs DIFFER"
                line += f"   before {costs['before'].cpu:5.2f} s   {same}"
            if args.instructions:
                line += f"   instructions {instructions(command(deck, ours)) / 1e6:6.0f} M"
                if before:
                    line += f"   before {instructions(command(deck, theirs), before) / 1e6:6.0f} M"
            print(line, flush=True)
    print(load())


if __name__ == "__main__":
    main()
