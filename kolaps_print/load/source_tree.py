"""The files of a source folder (data/, templates/) and a digest of them, for stamps and proofs.

A folder may come from someone else: only regular files count (a FIFO or a device would block
or never end), and each is read in chunks, so a huge file costs time, never memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

CHUNK = 1 << 20


class Digest(Protocol):
    def update(self, data: bytes, /) -> None: ...


def source_files(*folders: Path) -> list[Path]:
    """Every regular file under the folders, sorted, skipping hidden files and editor backups."""
    files = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(folder)
            if path.is_file() and not any(p.startswith(".") for p in rel.parts) and not path.name.endswith("~"):
                files.append(path)
    return files


def digest_files(digest: Digest, files: Iterable[Path], name_of: Callable[[Path], str]) -> None:
    """Feed each file's name (as name_of gives it) and content to digest, NUL after each."""
    for path in files:
        digest.update(name_of(path).encode("utf-8") + b"\0")
        with open(path, "rb") as fh:
            while chunk := fh.read(CHUNK):
                digest.update(chunk)
        digest.update(b"\0")


def relative_name(root: Path, path: Path, prefix: str = "") -> str:
    """A file's name in a digest: its path under root, after prefix (for functools.partial)."""
    return prefix + path.relative_to(root).as_posix()
