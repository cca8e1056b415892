"""The files of a source folder (data/, templates/) and a digest of them, for stamps and proofs.

A folder may come from someone else: only regular files count (a FIFO or a device would block
or never end), and each is read in chunks, so a huge file costs time, never memory.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Protocol

from kolaps_print import resources


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
    """Feed each file to digest as its name's length, « : », its name (as name_of gives it) and
    the SHA-256 of its content: self-delimiting, so no two lists of files feed the same bytes
    (a name or a content holding NUL cannot pass for the next file)."""
    for path in files:
        name = name_of(path).encode("utf-8")
        with open(path, "rb") as fh:
            content = hashlib.file_digest(fh, "sha256").digest()  # read in chunks
        digest.update(f"{len(name)}:".encode() + name + content)


def relative_name(root: Path, path: Path, prefix: str = "") -> str:
    """A file's name in a digest: its path under root, after prefix (for functools.partial)."""
    return prefix + path.relative_to(root).as_posix()


def digest_folder(digest: Digest, root: Path, prefix: str = "") -> None:
    """Feed every source file of root to digest (digest_files), named by its path under root
    after prefix, in the order of those names. KOLAPS's own files in a data or templates folder
    (rulesets/kolaps/) are named as in the old layout, where they sat in data/ itself and in
    templates/rulebook/ (resources.old_layout_name): a fingerprint tells the files apart, not
    where the folder keeps them, so moving KOLAPS into rulesets/ changed no printed fingerprint."""
    named = sorted(
        ((resources.old_layout_name(root, path).parts, path) for path in source_files(root)), key=lambda n: n[0]
    )
    names = {path: prefix + "/".join(parts) for parts, path in named}
    digest_files(digest, [path for _, path in named], names.__getitem__)


def leaves_folder(folder: Path, name: str) -> bool:
    """Whether a file name (a template, a chapter) points outside folder (absolute, '..', or a link elsewhere)."""
    path = PurePosixPath(name)
    if path.is_absolute() or PureWindowsPath(name).drive or "\\" in name or "\0" in name or ".." in path.parts:
        return True
    folder = folder.resolve()
    target = (folder / name).resolve()
    return target != folder and folder not in target.parents


class _Both:
    """One digest's updates fed to two (a folder's own digest, taken while a larger one is made)."""

    def __init__(self, first: Digest, second: Digest):
        self.first, self.second = first, second

    def update(self, data: bytes, /) -> None:
        self.first.update(data)
        self.second.update(data)


@resources.cached_read  # emptied with the readers' caches: a new dict for each --watch rebuild
def _digests() -> dict[Path, str]:
    """Each folder's digest in this build."""
    return {}


def digest_folder_kept(digest: Digest, root: Path) -> None:
    """digest_folder, root's own digest kept for folder_digest on the way (read once a build)."""
    own = hashlib.sha256()
    digest_folder(_Both(digest, own), root)
    _digests()[root.resolve()] = own.hexdigest()


def folder_digest(root: Path) -> str:
    """The SHA-256 of a folder's source files as digest_folder feeds them, computed once a build
    (a --watch rebuild reads the folder afresh): a key for what is made from the folder's files."""
    if root.resolve() not in _digests():
        digest_folder_kept(hashlib.sha256(), root)
    return _digests()[root.resolve()]
