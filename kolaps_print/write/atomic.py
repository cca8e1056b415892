"""Atomic file writes: a temporary file beside the target, then a rename.

An interrupted run never leaves a half-written file and never destroys the previous one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path | str, data: bytes) -> Path:
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:  # name the file the user asked for, not our temporary one
        raise OSError(exc.errno, f"cannot write here ({exc.strerror})", str(path)) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except IsADirectoryError:
        Path(tmp).unlink(missing_ok=True)
        raise IsADirectoryError(21, "this is a folder; give a file name", str(path)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
