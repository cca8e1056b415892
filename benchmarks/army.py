"""A valid army of N characters for the benchmarks, written in a folder.

    python benchmarks/army.py FOLDER COUNT [COPIES]   # prints the army file's path

Run as its own process by the benchmarks, so that the timing process stays small: a child's
peak memory (ru_maxrss) starts from its parent's at fork.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from kolaps_print.model.gamedata import builtin_game_data

FIRST = ["Anna", "Boris", "Chloé", "Dmitri", "Élise", "Fiodor", "Gaëlle", "Hugo", "Irina", "Jonas", "Karim", "Léa"]
LAST = ["Solmeyer", "Marchal", "Weber", "Benali", "Dumont", "Hartmann", "Nicolescu", "Varga", "Brezina", "Kovač"]


def make_army(folder: Path, count: int, copies: int = 1) -> Path:
    """A valid army of count characters with varied names, weapons and specialisations."""
    data = builtin_game_data()
    weapons = sorted(data.catalogue.weapons)
    apc = data.catalogue.affiliations["apc"]
    characters = []
    for i in range(count):
        characters.append(
            {
                "name": f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]} {i}",
                "archetype": "Soldat",
                "function": ["Fusilier", "Éclaireur", "Mitrailleur", "Infirmier"][i % 4],
                "rank": i % 5,
                "mvt": 3 + i % 3,
                "cib": 2 + i % 3,
                "avatar": i == 0,
                "weapons": [weapons[i % len(weapons)], weapons[(i * 7 + 3) % len(weapons)]],
                "specialisations": [apc.specialisations[i % len(apc.specialisations)].id],
            }
            | ({"copies": copies} if copies > 1 else {})
        )
    path = folder / f"bench-army-{count}x{copies}.yaml"
    path.write_text(
        yaml.safe_dump(
            {"name": "Armée de test", "affiliation": "apc", "characters": characters},
            allow_unicode=True,
            sort_keys=False,
        ),
        encoding="utf-8",
    )
    return path


if __name__ == "__main__":
    print(make_army(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1))
