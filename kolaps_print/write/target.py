"""The output policy: which paths a run may write, checked before anything is built or written.

kolaps-print replaces only what the user asked it to write: never one of the run's inputs
(compared by real path, so a link or a `x/../` spelling is caught), never a device, pipe,
socket or folder, never a read-only file, and never an existing file of another kind than
the one it writes (`-o army.yaml` is not a PDF). Every refusal is an OSError naming the
path as the user wrote it.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

CHOOSE = "choose another -o"


def refuse(code: int | None, path: Path | str, message: str) -> OSError:
    """The error for the user's path (OSError picks the subclass for code: EISDIR -> IsADirectoryError...)."""
    return OSError(code, message, str(path))


@dataclass(frozen=True)
class Kind:
    """What an output file holds, to tell a previous output from a file of the user's."""

    name: str  # "a PDF": as messages say it
    looks_like: Callable[[Path], bool]


def _starts_with(magic: bytes) -> Callable[[Path], bool]:
    def check(path: Path) -> bool:
        with open(path, "rb") as fh:
            return fh.read(len(magic)) == magic

    return check


def _is_json_object(path: Path, limit: int = 16 << 20) -> bool:
    if path.stat().st_size > limit:  # far larger than any schema we write
        return False
    try:
        return isinstance(json.loads(path.read_bytes()), dict)
    except ValueError:
        return False


PDF = Kind("a PDF", _starts_with(b"%PDF-"))
JSON = Kind("a JSON file", _is_json_object)


@dataclass(frozen=True)
class Inputs:
    """What a run reads: files (each with what it is, for the message) and whole source folders."""

    files: tuple[tuple[Path, str], ...] = ()
    folders: tuple[tuple[Path, str], ...] = ()

    def plus(self, paths: Iterable[Path | str], what: str) -> Inputs:
        return Inputs(self.files + tuple((Path(p), what) for p in paths), self.folders)

    def describe(self, real: Path, output: bool = False) -> str | None:
        """What the existing file at real path is to this run, or None if the run does not read
        it. output: it holds what we write (a PDF kept beside the armies), so no source file."""
        for path, what in self.files:
            if _real(path) == real:
                return what
        for folder, what in self.folders:
            if not output and real.is_relative_to(_real(folder)):
                return f"a file of {what}"
        return None

    def inside(self, folder: Path) -> Path | None:
        """The first input file under folder (real paths), or None."""
        base = _real(folder)
        for path, _ in self.files:
            if _real(path).is_relative_to(base):
                return path
        for path, _ in self.folders:
            if _real(path).is_relative_to(base):
                return path
        return None


NO_INPUTS = Inputs()


def source_inputs(data: Path | None = None, templates: Path | None = None) -> Inputs:
    """The game data and/or templates folders as inputs (the resources module's, or these)."""
    from kolaps_print import resources
    from kolaps_print.diagnostics import display_path

    folders = [(data or resources.data_dir(), "data"), (templates, "templates")]
    return Inputs(folders=tuple((f, f"the {what} folder {display_path(f)}/") for f, what in folders if f is not None))


def _real(path: Path | str) -> Path:
    return Path(os.path.realpath(path))


def _file_type(mode: int) -> str | None:
    """What a non-regular file is, as messages say it; None for a regular file."""
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return None


def _check_existing(path: Path | str, real: Path, kind: Kind | None, inputs: Inputs) -> None:
    st = real.stat()
    what = _file_type(st.st_mode)
    if what == "a folder":
        raise refuse(errno.EISDIR, path, "this is a folder; give a file name")
    if what:
        raise refuse(
            errno.EEXIST, path, f"this is {what}, not a file; kolaps-print writes only regular files ({CHOOSE})"
        )
    same_kind = _holds(real, kind) if kind is not None and st.st_size else None  # None: no content to lose
    role = inputs.describe(real, output=same_kind is True)
    if role:
        raise refuse(
            errno.EEXIST,
            path,
            f"this is {role}, which this run reads; kolaps-print never writes over its inputs ({CHOOSE})",
        )
    if not st.st_mode & 0o222 or not os.access(real, os.W_OK):  # the mode bits too: root may write anything
        raise refuse(
            errno.EACCES,
            path,
            f"this file is read-only; kolaps-print does not replace it (make it writable, or {CHOOSE})",
        )
    if same_kind is False and kind is not None:  # same_kind is None when kind is
        raise refuse(
            errno.EEXIST,
            path,
            f"this file exists and is not {kind.name}; kolaps-print replaces only {kind.name} "
            f"it could have written (move it away, or {CHOOSE})",
        )


def _holds(real: Path, kind: Kind) -> bool:
    try:
        return kind.looks_like(real)
    except OSError:  # unreadable: we cannot tell it is ours, so it is not
        return False


def check_output(path: Path | str, kind: Kind | None = None, inputs: Inputs = NO_INPUTS) -> Path:
    """The real path to write for the user's path (links followed, so a link is kept and its
    target replaced); OSError naming the user's path if kolaps-print must not write there."""
    if not str(path).strip():
        raise refuse(errno.ENOENT, path, "no file name given")
    real = _real(path)
    try:
        exists = real.exists()
    except OSError as exc:
        raise refuse(exc.errno or errno.EIO, path, f"cannot check this path ({exc.strerror})") from None
    if exists:
        _check_existing(path, real, kind, inputs)
    elif str(path).endswith(os.sep):
        raise refuse(errno.EISDIR, path, "this names a folder; give a file name")
    return real
