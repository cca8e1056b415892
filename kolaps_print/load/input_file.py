"""Reading an input file (army, kit, data, template) without trusting what the path names.

A path may name a device (/dev/zero never ends), a FIFO (opening it waits for a writer) or
a file of gigabytes. Each is refused with a located message before a byte is read: the file
is opened without blocking, checked with fstat, and read no further than the size limit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from kolaps_print import resources
from kolaps_print.diagnostics import Diagnostic, KolapsError, display_path

MAX_INPUT_BYTES = 20 * 1024 * 1024  # far above any army, data or template file (the largest is ~100 KB)
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def _refuse(file: str, message: str, line: int = 1, col: int = 1) -> KolapsError:
    return KolapsError([Diagnostic(file, line, col, "error", message)])


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _open(path: Path, file: str) -> int:
    try:
        return os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise _refuse(file, f"no such file{moved_hint(path)}") from None
    except OSError as exc:
        raise _refuse(file, f"cannot read the file: {exc.strerror}") from None


def moved_hint(path: Path) -> str:
    """'; KOLAPS's files moved ... (did you mean ...?)' for a path of the old data or templates
    layout whose file is now in data/rulesets/kolaps/ or templates/rulesets/kolaps/; '' otherwise."""
    moved = resources.moved_kolaps_file(path)
    if moved is None:
        return ""
    return (
        f"; KOLAPS's files moved into the {moved.kind} folder's {resources.KOLAPS_FOLDER}/"
        f" (did you mean {display_path(moved.path)}?)"
    )


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def read_input(path: Path | str, file: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a regular file of at most limit bytes; KolapsError (located at
    file:1:1) for anything else. file is the name messages use."""
    fd = _open(Path(path), file)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _refuse(file, "this is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise _refuse(file, f"this is {_kind(info.st_mode)}, not a regular file; refusing to read it")
        if info.st_size > limit:
            raise _refuse(
                file,
                f"the file is {_megabytes(info.st_size)}; input files are limited to {_megabytes(limit)}",
            )
        chunks, size = [], 0
        while size <= limit:  # the file may grow while it is read: never past the limit
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise _refuse(
                file,
                f"the file grew past {_megabytes(limit)} while being read; input files are limited to that",
            )
        return b"".join(chunks)
    except OSError as exc:
        raise _refuse(file, f"cannot read the file: {exc.strerror}") from None
    finally:
        os.close(fd)


def decode_utf8(raw: bytes, file: str) -> str:
    """raw as text; a byte that is not UTF-8 is a located error. A leading BOM is dropped."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        raise _refuse(
            file, f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8", line, col
        ) from None
    return text.removeprefix("\ufeff")


def read_text(path: Path | str, file: str) -> str:
    """A UTF-8 text input file, checked as read_input checks it."""
    return decode_utf8(read_input(path, file), file)
