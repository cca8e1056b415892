"""A ruleset's demo army scaled to N characters, for bench_ruleset_cards.py, written in a folder.

    python benchmarks/ruleset_army.py FOLDER RULESET COUNT [COPIES] [--vary]   # prints the army file's path

The demo army's characters in turn, each copy renamed (« Kim Lacombe 12 »), so the deck has
N cards with the demo's own mix of skills, weapons and trackers; COPIES (default 1) is every
character's `copies:` (N × COPIES cards). Renamed only, the deck has as many distinct faces as
the demo has characters (its name is the one thing that changes, and only the band prints it).
With --vary, each character's numbers also move within the ruleset's declared bounds (integer
and percentage fields, skill values), as army.py varies KOLAPS's, deterministically: the first
round of the demo's characters keeps their values, each later round moves every number by a
few steps (one step, or a fortieth of the field's range), so nearly every card is a distinct
face to lay out, as in an army written by hand.
Each character gets its own copy of the demo's lists and mappings: shared ones, PyYAML writes
once with an anchor and then as aliases (`*id001`), which an army written by hand does not have
and which the reader takes by its node path (a node tree of the whole file: 143 MiB for 10,000
d100 characters, against 17 MiB).
"""

from __future__ import annotations

import copy
import hashlib
import sys
from pathlib import Path

import yaml

from kolaps_print.model.ruleset_fields import IntegerField, PercentageField, SkillMapField
from kolaps_print.model.ruleset_load import find_ruleset

SPREAD = 7  # each number takes one of 7 offsets, -3 to +3 steps


def scaled_army(folder: Path, ruleset_id: str, count: int, copies: int = 1, vary: bool = False) -> Path:
    ruleset = find_ruleset(ruleset_id)
    (demo,) = sorted((ruleset.folder / "armies").glob("*.yaml"))
    army = yaml.safe_load(demo.read_text(encoding="utf-8"))
    cast = army["characters"]
    army["characters"] = [
        {**copy.deepcopy(cast[i % len(cast)]), "name": f"{cast[i % len(cast)]['name']} {i}", "copies": copies}
        for i in range(count)
    ]
    if vary:
        tops = _tops(cast)
        for i, character in enumerate(army["characters"]):
            varied(character, ruleset.spec.character.fields, tops, i // len(cast))
    path = folder / f"bench-{ruleset_id}-{count}x{copies}{'-varied' if vary else ''}.yaml"
    path.write_text(yaml.safe_dump(army, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _tops(cast: list[dict]) -> dict[str, int]:
    """Each number's largest value in the demo (a skill map's: its largest skill)."""
    tops: dict[str, int] = {}
    for character in cast:
        for key, value in character.items():
            values = value.values() if isinstance(value, dict) else [value]
            for v in values:
                if isinstance(v, int) and not isinstance(v, bool):
                    tops[key] = max(tops.get(key, v), v)
    return tops


def varied(character: dict, fields: list, tops: dict[str, int], round_: int) -> None:
    """character's numbers moved in place for its round (0: as the demo has them), each by its own
    offset (_moved), so that the numbers do not move in step; each within its field's bounds and
    no higher than the demo goes (the demo's fullest card is the fullest the deck must fit: 3d6's
    Lou Ferrand, 30 stun and killing points, fills a poker back)."""
    k = 0
    for decl in fields:
        if decl.id not in character:
            continue
        if isinstance(decl, IntegerField | PercentageField):
            low = decl.min if isinstance(decl, IntegerField) else 0
            bounds = (low, decl.max, min(decl.max, tops[decl.id]))
            character[decl.id] = _moved(character[decl.id], bounds, round_, k)
            k += 1
        elif isinstance(decl, SkillMapField):
            for skill in character[decl.id]:
                bounds = (decl.min, decl.max, min(decl.max, tops[decl.id]))
                character[decl.id][skill] = _moved(character[decl.id][skill], bounds, round_, k)
                k += 1


def _moved(value: int, bounds: tuple[int, int, int], round_: int, k: int) -> int:
    """value moved by -3 to +3 steps (a step: 1, or a fortieth of the declared range, 5 for a d100
    skill), the same on every run and machine (a hash of the round and the number's place), none
    in round 0; bounds: the field's declared least and most, and the demo's most."""
    low, most, high = bounds
    digit = hashlib.blake2b(f"{round_}:{k}".encode(), digest_size=2).digest()[0] % SPREAD
    offset = (digit + 3) % SPREAD - 3 if round_ else 0
    step = max(1, (most - low) // 40)
    return min(high, max(low, value + offset * step))


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--vary"]
    print(scaled_army(Path(args[0]), args[1], int(args[2]), int(args[3]) if len(args) > 3 else 1, "--vary" in sys.argv))
