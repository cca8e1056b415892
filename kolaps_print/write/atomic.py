"""Atomic file writes: a temporary file beside the target, then a rename.

An interrupted run never leaves a half-written file and never destroys the previous one; the
target is first checked against the output policy (write.target), and every error names the
path the user gave, never the temporary file.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from kolaps_print.write.scratch import cleanup_on_signals, remove_stale, temp_prefix
from kolaps_print.write.target import NO_INPUTS, Inputs, Kind, check_output, refuse

NEW_FILE_MODE = 0o644


def write_atomically(path: Path | str, data: bytes, kind: Kind | None = None, inputs: Inputs = NO_INPUTS) -> Path:
    """Write data to path (through a link to its target); returns path. OSError naming path
    if the policy refuses it or the write fails (the previous file is then left as it was)."""
    path = Path(path)
    real = check_output(path, kind, inputs)
    try:
        real.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = "a file is in the way" if exc.errno in (errno.EEXIST, errno.ENOTDIR) else exc.strerror
        raise refuse(exc.errno, path, f"cannot create its folder ({reason})") from None
    remove_stale(real)
    with cleanup_on_signals():
        _replace_with(real, data, path)
    return path


@dataclass(frozen=True)
class Output:
    """A file a job will write: checked before the slow build, checked again when written."""

    path: Path
    kind: Kind | None = None
    inputs: Inputs = NO_INPUTS

    def write(self, data: bytes) -> Path:
        return write_atomically(self.path, data, self.kind, self.inputs)


def planned_output(path: Path | str, kind: Kind | None = None, inputs: Inputs = NO_INPUTS) -> Output:
    """The Output for path, or OSError naming path if the policy refuses it (write.target)."""
    check_output(path, kind, inputs)
    return Output(Path(path), kind, inputs)


def _replace_with(real: Path, data: bytes, path: Path) -> None:
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(real), suffix=".tmp", dir=real.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        _same_mode(tmp, real)
        os.replace(tmp, real)
    except BaseException as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):  # a full disk, a read-only folder...
            raise refuse(exc.errno, path, f"cannot write this file ({exc.strerror})") from None
        raise


def _same_mode(tmp: str, real: Path) -> None:
    """A replaced file keeps its permissions (a 0600 file stays private) and, where we may, its owner."""
    try:
        st = real.stat()
    except FileNotFoundError:
        os.chmod(tmp, NEW_FILE_MODE)
        return
    os.chmod(tmp, stat.S_IMODE(st.st_mode))
    if (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
        try:
            os.chown(tmp, st.st_uid, st.st_gid)
        except PermissionError:  # only root may give a file away: it is then ours
            pass
