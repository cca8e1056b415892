"""Kit folders and cache entries compared by their bytes (the kit's kept steps' tests)."""

from __future__ import annotations

import filecmp
from pathlib import Path


def entries(folder: Path, suffix: str) -> list[Path]:
    """The cache folder's entries of that kind."""
    return sorted(folder.glob(f"*.{suffix}"))


def same_folders(a: Path, b: Path) -> list[str]:
    """The files that differ or are missing on one side (every file compared by its bytes)."""
    names = sorted({p.relative_to(a).as_posix() for p in a.rglob("*") if p.is_file()})
    names_b = sorted({p.relative_to(b).as_posix() for p in b.rglob("*") if p.is_file()})
    if names != names_b:
        return sorted(set(names) ^ set(names_b))
    return [n for n in names if not filecmp.cmp(a / n, b / n, shallow=False)]
