"""Output folders (the kit): built whole in a temporary folder beside the target, then moved
into place, with a manifest of what was written so that a rebuild replaces only that.

The manifest (MANIFEST, in `sha256sum` format, so `sha256sum -c` checks a kit) lists every
file the build wrote with its hash. A file is ours only if the manifest lists it with its
current bytes: anything else in the folder (added by hand, or edited since) is the user's,
kept on a rebuild and never overwritten. A non-empty folder without a manifest is refused.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import TypeVar

from kolaps_print.write.atomic import write_atomically
from kolaps_print.write.scratch import cleanup_on_signals, remove_stale, temp_prefix
from kolaps_print.write.target import CHOOSE, NO_INPUTS, Inputs, refuse

T = TypeVar("T")
MANIFEST = "kolaps-manifest.sha256"
MANIFEST_LIMIT = 16 << 20  # bytes; ours lists a few hundred files
Manifest = dict[str, set[str]]  # relative path -> the hashes it may have


# ---- the manifest ---------------------------------------------------------------------------
def _digest(path: Path) -> str:
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def _is_plain(rel: str) -> bool:
    """A path the manifest may name: relative, inside the folder, spelled one way."""
    parts = PurePosixPath(rel).parts
    return (
        bool(parts)
        and rel == "/".join(parts)
        and not PurePosixPath(rel).is_absolute()
        and not {"..", "."} & set(parts)
        and rel != MANIFEST
    )


def read_manifest(folder: Path) -> Manifest | None:
    """The folder's manifest (lines it cannot trust are ignored), or None if it has none."""
    path = folder / MANIFEST
    if path.is_symlink() or not path.is_file() or path.stat().st_size > MANIFEST_LIMIT:
        return None
    entries: Manifest = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        digest, sep, rel = line.partition("  ")
        if sep and re.fullmatch(r"[0-9a-f]{64}", digest) and _is_plain(rel):
            entries.setdefault(rel, set()).add(digest)
    return entries


def _manifest_text(entries: Manifest) -> bytes:
    return "".join(f"{d}  {rel}\n" for rel in sorted(entries) for d in sorted(entries[rel])).encode("utf-8")


def _hash_files(folder: Path) -> Manifest:
    files = (p for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink())
    return {p.relative_to(folder).as_posix(): {_digest(p)} for p in files if p.name != MANIFEST or p.parent != folder}


def written_files(folder: Path) -> list[str]:
    """What the last build wrote in folder (the manifest included), sorted."""
    return sorted([*(read_manifest(folder) or {}), MANIFEST])


def _ours(path: Path, digests: set[str] | None) -> bool:
    if not digests:
        return False
    return stat.S_ISREG(os.lstat(path).st_mode) and _digest(path) in digests


def foreign(folder: Path, manifest: Manifest) -> list[str]:
    """What in folder the manifest does not vouch for, sorted; a folder of the user's is named
    once, as 'photos/'."""
    found = []
    for root, dirs, files in os.walk(folder):
        here = Path(root).relative_to(folder)
        for name in list(dirs):
            rel = (here / name).as_posix()
            if (Path(root) / name).is_symlink() or not any(f.startswith(rel + "/") for f in manifest):
                found.append(rel + "/")
                dirs.remove(name)  # all of it is the user's: no need to look inside
        for name in files:
            rel = (here / name).as_posix()
            if rel != MANIFEST and not _ours(Path(root) / name, manifest.get(rel)):
                found.append(rel)
    return sorted(found)


# ---- checking and building ------------------------------------------------------------------
def check_folder(target: Path | str, inputs: Inputs = NO_INPUTS, what: str = "kit") -> Path:
    """The real folder to build for the user's target; OSError naming target if it must not
    be touched: a file, a folder holding an input of the run, a non-empty folder we did not make."""
    real = Path(os.path.realpath(target))
    if not real.exists():
        return real
    if not real.is_dir():
        raise refuse(errno.ENOTDIR, target, f"exists and is not a folder; move it away or {CHOOSE}")
    held = inputs.inside(real)
    if held is not None:
        raise refuse(errno.EEXIST, target, f"holds {held}, which the {what} reads; {CHOOSE}")
    if read_manifest(real) is None:
        entries = foreign(real, {})
        if entries:
            raise refuse(
                errno.EEXIST,
                target,
                f"this folder is not a previous {what} (it has no {MANIFEST}) and holds "
                f"{entries[0]}; kolaps-print replaces only a folder it made: "
                f"choose an empty or new folder with -o",
            )
    return real


def build_atomically(
    target: Path | str, build: Callable[[Path], T], inputs: Inputs = NO_INPUTS, what: str = "kit"
) -> T:
    """Call build(tmp) to fill a fresh folder; it becomes target only if build returns."""
    real = check_folder(target, inputs, what)
    real.parent.mkdir(parents=True, exist_ok=True)
    remove_stale(real)
    with cleanup_on_signals():
        tmp = Path(tempfile.mkdtemp(prefix=temp_prefix(real), suffix=".tmp", dir=real.parent))
        try:
            result = build(tmp)
            (tmp / MANIFEST).write_bytes(_manifest_text(_hash_files(tmp)))
            os.chmod(tmp, 0o755)
            check_folder(target, inputs, what)  # again: the folder may have changed during the build
            _move_into_place(tmp, real, target, what)
            return result
        except OSError as exc:  # a full disk while building: name the user's folder, not ours
            raise _about_target(exc, tmp, target) from None
        finally:
            shutil.rmtree(tmp, ignore_errors=True)  # gone already if it became the target


def _about_target(exc: OSError, tmp: Path, target: Path | str) -> OSError:
    if exc.filename and Path(exc.filename).is_relative_to(tmp):
        return refuse(exc.errno, Path(target) / Path(exc.filename).relative_to(tmp), exc.strerror or str(exc))
    if not exc.filename:
        return refuse(exc.errno, target, f"cannot write this folder ({exc.strerror or exc})")
    return exc


def _move_into_place(tmp: Path, real: Path, target: Path | str, what: str) -> None:
    if not real.exists():
        os.replace(tmp, real)
        return
    old = read_manifest(real) or {}
    strangers = foreign(real, old)
    if strangers:
        _merge(tmp, real, old, strangers, target, what)
    else:
        _swap(tmp, real)


def _swap(tmp: Path, real: Path) -> None:
    """Only our files (or nothing) there: replace the whole folder in one rename."""
    aside = Path(tempfile.mkdtemp(prefix=temp_prefix(real), suffix=".old", dir=real.parent))
    os.replace(real, aside / "previous")  # the previous kit steps aside...
    try:
        os.replace(tmp, real)  # ...the new one takes its place...
    except BaseException:
        os.replace(aside / "previous", real)  # ...or the previous one comes back
        raise
    finally:
        shutil.rmtree(aside, ignore_errors=True)


def _blocks(stranger: str, rel: str) -> bool:
    """Would writing rel overwrite, or go inside, the user's stranger?"""
    name = stranger.rstrip("/")
    return rel == name or rel.startswith(name + "/")


def _merge(tmp: Path, real: Path, old: Manifest, strangers: list[str], target: Path | str, what: str) -> None:
    """The user's files are there too: keep them, replace ours file by file. The manifest first
    lists old and new, so an interrupted merge leaves nothing of ours unaccounted for."""
    new = read_manifest(tmp) or {}
    clash = next((s for s in strangers for rel in new if _blocks(s, rel)), None)
    if clash:
        raise refuse(
            errno.EEXIST,
            target,
            f"holds {clash}, which the previous {what} did not write (or which was "
            f"changed since); the new {what} would overwrite it: move it away",
        )
    both = {rel: old.get(rel, set()) | new.get(rel, set()) for rel in {*old, *new}}
    write_atomically(real / MANIFEST, _manifest_text(both))
    for rel in sorted(new):
        (real / rel).parent.mkdir(parents=True, exist_ok=True)
        os.replace(tmp / rel, real / rel)
    for rel in sorted(set(old) - set(new)):
        path = real / rel
        if path.exists() and _ours(path, old[rel]):
            path.unlink()
            _remove_empty_folders(path.parent, real)
    os.replace(tmp / MANIFEST, real / MANIFEST)


def _remove_empty_folders(folder: Path, top: Path) -> None:
    while folder != top and folder.is_relative_to(top):
        try:
            folder.rmdir()
        except OSError:  # not empty: the user's files, or ours still
            return
        folder = folder.parent
