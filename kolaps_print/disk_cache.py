"""The folder where kolaps-print keeps what it made in an earlier run, and its entries as bytes.

Several kinds of entry live there, each named by the SHA-256 key its user computes and marked
by its suffix: the validated data files (model/data_cache.py, ".json"), the chapters' compiled
templates (rulebook/templating.py, ".jinja"), the fonts' character tables (fonts/tables.py,
".font"), and the kit's deterministic steps: its previews' pictures (write/png_cache.py, ".png"),
the quick-start's balanced pages (rulebook/balance_cache.py, ".fits"), its stamped documents,
folded sheet and print runs (kit/kept_pdfs.py, ".kitpdf") and the documents themselves
(kit/kept_documents.py, ".kitpdf"), a ruleset deck's type sizes (jobs/ruleset_fits.py,
".deckfit"), and what `--help` and `check` printed (cli/replayed.py,
".replay"). This module only finds the folder, checks it and reads and writes bytes; what an
entry holds, and what its key covers, is its user's business. It sits with the foundations, so
that fonts/ may use it without importing a later stage.

The folder is $XDG_CACHE_HOME/kolaps-print or ~/.cache/kolaps-print (never beside the data),
mode 0700; a folder or entry another user owns or may write is not used (the caller then works
as if there were no cache). KOLAPS_CACHE=off switches the cache off. docs/trust.md says why.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import stat
import sys
from functools import cache
from pathlib import Path

TYPE_CHECKING = False  # typing, re and collections.abc cost `--help` a few ms (cli/replayed.py)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    V = TypeVar("V")

VARIABLE = "KOLAPS_CACHE"  # "off": no cache read or written
_TEMPORARY = r"\.entry-\w+\.tmp"  # what a killed run may leave behind
_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


def switched_off() -> bool:
    return os.environ.get(VARIABLE, "").strip().lower() in ("off", "0", "no", "false")


@cache
def package_state() -> str:
    """Each file of the package (code, fonts), by size and date: a changed checkout or install
    makes new keys even where the version number did not move."""
    package = Path(__file__).resolve().parent
    state = []
    for folder, subfolders, names in os.walk(package):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(names):
            info = os.stat(os.path.join(folder, name))
            state.append(f"{folder}/{name}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(state).encode()).hexdigest()


def installed_state(*names: str) -> str | None:
    """Each file of these installed packages (pdfium's bindings, reportlab, pyphen's
    dictionaries), by name, size and date, as package_state ours: found without importing them.
    None when one cannot be found (the caller then keeps nothing)."""
    states = [_installed(name) for name in names]
    if any(state is None for state in states):
        return None
    return hashlib.sha256("\n".join(f"{n}:{s}" for n, s in zip(names, states, strict=True)).encode()).hexdigest()


def started_key(form: bytes, libraries: tuple[str, ...], *parts: object) -> Any:
    """A SHA-256 begun with what a kept result depends on beside its own inputs (the entry's
    form, the parts, Python, our package, these libraries' files, the date the environment
    asks PDFs to carry), for the caller to add its
    inputs to; None when the cache is off or a library cannot be found (nothing kept)."""
    if switched_off():
        return None
    state = installed_state(*libraries)
    if state is None:
        return None
    digest = hashlib.sha256(form)
    # reportlab dates a PDF by SOURCE_DATE_EPOCH when it is set (our fixed date otherwise)
    dated = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    for part in (*parts, sys.version, package_state(), state, dated):
        digest.update(f"{part}\0".encode())
    return digest


@cache
def _installed(name: str) -> str | None:
    """One package's files (walked once per process: reportlab's 400 serve two kinds of entry)."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    if not folders:
        return None
    state = []
    for folder, subfolders, files in os.walk(folders[0]):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for file in sorted(files):
            info = os.stat(os.path.join(folder, file))
            state.append(f"{os.path.relpath(folder, folders[0])}/{file}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(state).encode()).hexdigest()


def open_folder() -> int | None:
    """The cache folder (made 0700 if missing), open; None if it is switched off or not safe
    to use. Every entry is then reached through this descriptor: a folder renamed or replaced
    by a link after the check (its parent may be writable by others) is not the one used."""
    if switched_off():
        return None
    base = os.environ.get("XDG_CACHE_HOME", "")
    try:
        root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
        folder = root / "kolaps-print"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor = os.open(folder, os.O_RDONLY | _O_DIRECTORY | _O_NOFOLLOW)
    except (OSError, RuntimeError):  # RuntimeError: no home folder
        return None
    if private(os.fstat(descriptor), stat.S_ISDIR):
        return descriptor
    os.close(descriptor)
    return None


def private(info: os.stat_result, kind: Callable[[int], bool]) -> bool:
    """Ours, of that kind (no link), and nobody else may write it."""
    return kind(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def read_entry(folder: int, name: str) -> bytes | None:
    """The bytes of the entry name, marked as just used; None if it is missing, unreadable,
    a link, or not our own private file."""
    try:
        descriptor = os.open(name, os.O_RDONLY | _O_NOFOLLOW, dir_fd=folder)
    except OSError:
        return None
    try:
        with os.fdopen(descriptor, "rb") as file:
            if not private(os.fstat(file.fileno()), stat.S_ISREG):
                return None
            content = file.read()
            os.utime(file.fileno())  # last used now: kept longest
            return content
    except OSError:
        return None


def write_entry(folder: int, name: str, content: bytes, suffix: str, kept: int) -> None:
    """Keep content as name, atomically (a temporary file of mode 0600, then a rename);
    silently not when the folder cannot be written. Then only the kept last used entries of
    that suffix stay."""
    temporary = f".entry-{os.urandom(8).hex()}.tmp"
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW, 0o600, dir_fd=folder)
    except OSError:
        return
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(content)
        os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=folder)
        return
    forget_old(folder, suffix, kept)


def forget_old(folder: int, suffix: str, kept: int) -> None:
    """Remove the entries of suffix past the kept last used (and temporary files a killed run
    left). Only files named like an entry are ever removed."""
    import re

    named = re.compile(rf"^([0-9a-f]{{64}}\.{re.escape(suffix)}|{_TEMPORARY})$")
    try:
        found = [
            (os.stat(name, dir_fd=folder, follow_symlinks=False).st_mtime_ns, name)
            for name in os.listdir(folder)
            if named.match(name)
        ]
        for _, name in sorted(found, reverse=True)[kept:]:
            os.unlink(name, dir_fd=folder)
    except OSError:  # another run removed it first
        pass


def read_marshalled(form: bytes, key: str, suffix: str) -> object | None:
    """The value kept under key by write_marshalled, if its entry starts with form and key (an
    entry copied under another name is refused); None when missing, cut short or corrupt. marshal
    reads values only from this private folder (docs/trust.md); the caller checks their types."""
    folder = open_folder()
    if folder is None:
        return None
    try:
        content = read_entry(folder, f"{key}.{suffix}")
    finally:
        os.close(folder)
    header = form + key.encode("ascii") + b"\n"
    if content is None or not content.startswith(header):
        return None
    try:
        return marshal.loads(content[len(header) :])
    except (EOFError, ValueError, TypeError):
        return None


def write_marshalled(form: bytes, key: str, suffix: str, kept: int, value: Any) -> None:
    """Keep value under key, after form and key (read_marshalled); not when the folder cannot be
    written or marshal cannot keep the value."""
    folder = open_folder()
    if folder is None:
        return
    try:
        content = form + key.encode("ascii") + b"\n" + marshal.dumps(value)
        write_entry(folder, f"{key}.{suffix}", content, suffix, kept)
    except ValueError:  # a value marshal cannot keep: not kept
        pass
    finally:
        os.close(folder)


def kept_or_computed(
    entry: tuple[bytes, str, int],
    key: str | None,
    compute: Callable[[], V],
    plain: Callable[[V], object],
    made: Callable[[object], V | None],
) -> V:
    """compute(), or what it made under key in an earlier run; entry is (form, suffix, kept) as
    read_marshalled and write_marshalled take them. plain turns a result into values marshal
    keeps, made turns them back (None: not such a result, computed again). key None: computed."""
    if key is None:
        return compute()
    found = read_marshalled(entry[0], key, entry[1])
    result = made(found) if found is not None else None
    if result is None:
        result = compute()
        write_marshalled(entry[0], key, entry[1], entry[2], plain(result))
    return result
