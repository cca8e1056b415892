"""A ruleset's demo army scaled to N characters, for bench_ruleset_cards.py, written in a folder.

    python benchmarks/ruleset_army.py FOLDER RULESET COUNT [COPIES]   # prints the army file's path

The demo army's characters in turn, each copy renamed (« Kim Lacombe 12 »), so the deck has
N distinct cards with the demo's own mix of skills, weapons and trackers; COPIES (default 1)
is every character's `copies:` (N × COPIES cards). Each character gets its own copy of the
demo's lists and mappings: shared ones, PyYAML writes once with an anchor and then as aliases
(`*id001`), which an army written by hand does not have and which the reader takes by its node
path (a node tree of the whole file: 143 MiB for 10,000 d100 characters, against 17 MiB).
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import yaml

from kolaps_print.model.ruleset_load import find_ruleset


def scaled_army(folder: Path, ruleset_id: str, count: int, copies: int = 1) -> Path:
    (demo,) = sorted((find_ruleset(ruleset_id).folder / "armies").glob("*.yaml"))
    army = yaml.safe_load(demo.read_text(encoding="utf-8"))
    cast = army["characters"]
    army["characters"] = [
        {**copy.deepcopy(cast[i % len(cast)]), "name": f"{cast[i % len(cast)]['name']} {i}", "copies": copies}
        for i in range(count)
    ]
    path = folder / f"bench-{ruleset_id}-{count}x{copies}.yaml"
    path.write_text(yaml.safe_dump(army, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(scaled_army(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 1))
