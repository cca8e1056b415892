"""Build the kit in a temporary folder beside the target, then move it into place.

Nothing half-made is ever visible: on any error the temporary folder is removed and a
previous kit is left untouched; on success the previous kit is replaced in one rename.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")


SIGNATURE = ("kit.pdf", "packing-list.md")  # files that tell a previous kit from any other folder


def check_target(target: Path, keep: list[Path] = ()) -> None:
    """Refuse, before anything is built, a target the kit must not replace: a file, a folder
    that is not a previous kit (-o data by mistake), or one holding the kit's own sources."""
    target = Path(target)
    if not target.exists():
        return
    if not target.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "exists and is not a folder; move it away or choose another -o", str(target))
    if any(target.iterdir()) and not all((target / name).is_file() for name in SIGNATURE):
        raise FileExistsError(errno.EEXIST, "this folder is not a previous kit and would be replaced; choose an empty or new folder with -o", str(target))
    inside = [p for p in keep if Path(p).resolve().is_relative_to(target.resolve())]
    if inside:
        raise FileExistsError(errno.EEXIST, f"holds {inside[0]}, which the kit reads; choose another -o", str(target))


def build_atomically(target: Path, build: Callable[[Path], T], keep: list[Path] = ()) -> T:
    """Call build(tmp) to fill a fresh folder; it becomes target only if build returns."""
    target = Path(target)
    check_target(target, keep)
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
