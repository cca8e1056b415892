"""Build the kit in a temporary folder beside the target, then move it into place.

Nothing half-made is ever visible: on any error the temporary folder is removed and a
previous kit is left untouched; on success the previous kit is replaced in one rename.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")


def build_atomically(target: Path, build: Callable[[Path], T]) -> T:
    """Call build(tmp) to fill a fresh folder; it becomes target only if build returns."""
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} exists and is not a folder; move it away first")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        result = build(tmp)
        os.chmod(tmp, 0o755)
        _replace(tmp, target)
        return result
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _replace(tmp: Path, target: Path) -> None:
    if not target.exists():
        os.replace(tmp, target)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent))
    os.replace(target, old / "kit")  # the previous kit steps aside...
    try:
        os.replace(tmp, target)  # ...the new one takes its place...
    except BaseException:
        os.replace(old / "kit", target)  # ...or the previous one comes back
        raise
    finally:
        shutil.rmtree(old, ignore_errors=True)
