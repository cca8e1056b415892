"""An army file whose characters each name one portrait, on known lines (golden messages).

Line 4 is the Avatar (no portrait); character i (1-based) is on line 4 + i and the value of its
`portrait:` starts at column 51.
"""

from __future__ import annotations

import json
from pathlib import Path

PORTRAIT_COL = 51


def write_portrait_army(folder: Path, portraits: list[str], extra: str = "") -> Path:
    """folder/army.yaml with one character per portrait (P1, P2, ...); extra: more keys for P1."""
    lines = [
        "name: Essai",
        "affiliation: apc",
        "characters:",
        "  - {name: Chef, rank: 1, mvt: 4, cib: 2, avatar: true}",
    ]
    for i, portrait in enumerate(portraits, 1):
        # JSON's string syntax is YAML's double-quoted one: any character, \0 included, round-trips.
        more = extra if i == 1 else ""
        lines.append(
            f"  - {{name: P{i}, rank: 1, mvt: 4, cib: 2, portrait: {json.dumps(portrait, ensure_ascii=False)}{more}}}"
        )
    path = folder / "army.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def at(path: Path, i: int, severity: str, message: str) -> str:
    """The golden line for character i's portrait."""
    return f"{path}:{4 + i}:{PORTRAIT_COL}: {severity}: characters[{i}].portrait: {message}"
