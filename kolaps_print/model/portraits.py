"""Where a portrait may be: a PNG or JPEG file inside the army file's folder.

An army file may come from someone else: were any path allowed, it could pull a private picture
of yours (an absolute path, a `..` or a link leading out) into the cards PDF you then share.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from kolaps_print.diagnostics import shown

SUFFIXES = {".png", ".jpg", ".jpeg"}
_WHY = "so that an army file received from someone else cannot put your own pictures into a PDF you share"


def find_portrait(written: str, folder: Path) -> tuple[Path, str | None]:
    """The portrait file, and why it cannot be used (None when it can). folder: the army file's, resolved."""
    name = f"portrait '{shown(written)}'"
    if "\0" in written:
        return folder, f"{name} contains a NUL byte, which no file name can hold"
    if Path(written).is_absolute():
        return folder, f"{name} is an absolute path: write it relative to the army file's folder ({folder}), {_WHY}"
    path = Path(os.path.realpath(folder / written))  # every link followed, every .. applied
    if not path.is_relative_to(folder):
        return path, f"{name} leads outside the army file's folder ({folder}): a portrait must be inside it, {_WHY}"
    if Path(written).suffix.lower() not in SUFFIXES:
        return path, f"{name} must be a PNG or JPEG image"
    return path, _unusable(path, written, folder)


def _unusable(path: Path, written: str, folder: Path) -> str | None:
    name = f"portrait '{shown(written)}'"
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            return f"{name} is a folder, not a picture file"
        if not stat.S_ISREG(mode):
            return f"{name} is not a regular file"
        with open(path, "rb"):
            return None
    except FileNotFoundError:
        return f"portrait file '{shown(written)}' not found (looked in {folder})"
    except PermissionError:
        return f"{name} cannot be read: permission denied"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return f"{name} is a symbolic link that loops back on itself"
        if exc.errno == errno.ENAMETOOLONG:
            return f"{name} is a name too long for the file system"
        return f"{name} cannot be read: {exc.strerror or 'input/output error'}"
