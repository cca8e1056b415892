"""A ruleset's demo army scaled to N characters, for bench_ruleset_cards.py, written in a folder.

    python benchmarks/ruleset_army.py FOLDER RULESET COUNT   # prints the army file's path

The demo army's characters in turn, each copy renamed (« Kim Lacombe 12 »), so the deck has
N distinct cards with the demo's own mix of skills, weapons and trackers.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from kolaps_print.model.ruleset_load import find_ruleset


def scaled_army(folder: Path, ruleset_id: str, count: int) -> Path:
    (demo,) = sorted((find_ruleset(ruleset_id).folder / "armies").glob("*.yaml"))
    army = yaml.safe_load(demo.read_text(encoding="utf-8"))
    cast = army["characters"]
    army["characters"] = [
        {**cast[i % len(cast)], "name": f"{cast[i % len(cast)]['name']} {i}", "copies": 1} for i in range(count)
    ]
    path = folder / f"bench-{ruleset_id}-{count}.yaml"
    path.write_text(yaml.safe_dump(army, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(scaled_army(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])))
