"""Runs served from what the same run printed before: `kolaps-print --help`, and `check` of
army files that did not change (issue 15: --help under 0.1 s, check under 0.15 s of CPU).

Both print a function of bytes on disk and of the terminal: the help, of the package and the
libraries that make it; a check, of the army files, the data folder, the package and the
libraries that read and validate them. typer, pydantic and the models are most of their time.
A run of either, when it ends with exit 0 or 1, is recorded as it is printed: each text written
to stdout or stderr, in order, and the exit code, as an entry of the cache folder
(disk_cache.py, ".replay") under the SHA-256 of everything it depends on: the command line,
the working folder, the whole environment, which of stdin, stdout and stderr are terminals and
their sizes, the streams' encodings, Python, sys.path and the distributions installed on it, our
package's files, the libraries' files, and for a check each army file (as named, where it really
is, its bytes) and every file of the data folder (names and bytes, hidden ones too). The next
run with the same key writes the same texts to the same streams and exits with the same code,
importing neither typer nor pydantic. Anything else, or a run this module cannot key, runs as
before. docs/trust.md says why an entry is believed.

A library a run may or may not import (IF_IMPORTED: reportlab, which a check imports only to read
a font for a character outside fonts.COMMON; typer, rich and shellingham, which a plain check does
not import, cli/quick.py) is not in a check's key: what the run prints cannot depend on a library
it never imported, and which it imports is decided by what the key holds. The entry names the
files' state of each one the recorded run imported, and is served only while that state is the
same (walking their ~550 files cost every check some 4 ms, for none).

Not served: a check whose army could name a portrait (its bytes hold "portrait", a backslash,
which YAML escapes could spell it with, or are not UTF-8): the portrait's file is read too, and
is outside the key; --ruleset, --debug or any other option; shell completion.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys

from kolaps_print import disk_cache

TYPE_CHECKING = False  # typing, pathlib: a few ms of a served --help
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

FORMAT = b"kolaps-replay 2\n"  # then the key and a newline, then the marshalled (exit code, texts, libraries)
SUFFIX = "replay"
KEPT = 32
HELPS = ("typer",)  # what parses the command line and prints the help (typer holds its own click)
CHECKS = ("pydantic", "pydantic_core", "yaml")  # what reads and checks an army
# in the entry, each when the recorded run imported it (see the module's note)
IF_IMPORTED = ("typer", "rich", "shellingham", "reportlab")
OPTIONAL = ("rich", "shellingham")  # typer uses them when they are installed
HELP = (["--help"], ["-h"])
CHECK_OPTIONS = ("--strict", "--json")
ARMY_LIMIT = 8 << 20  # a larger army file is read by the check alone (its limits say why)
KEPT_CODES = (0, 1)  # success, invalid input: what the inputs decide (not a bug, ^C or a usage error)


def run(argv: list[str], cold: Callable[[], None]) -> None:
    """cold() for this command line, or the texts and exit code it gave last time for the
    same key; a run that can be kept is recorded as it prints."""
    key = _key(argv)
    if key is None:
        cold()
        return
    found = disk_cache.read_marshalled(FORMAT, key, SUFFIX)
    printed = _printed(found) if found is not None else None
    if printed is not None and _unchanged(printed[2]):
        _replay(printed[0], printed[1])
        return
    _recorded(key, cold)


def _replay(code: int, texts: list[tuple[int, str]]) -> None:
    streams = (sys.stdout, sys.stderr)
    for number, text in texts:
        streams[number].write(text)
        streams[number].flush()
    if code:
        sys.exit(code)


def _recorded(key: str, cold: Callable[[], None]) -> None:
    """cold(), its texts kept with its exit code when it ends with one of KEPT_CODES."""
    texts: list[tuple[int, str]] = []
    real = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Recorder(real[0], 0, texts), _Recorder(real[1], 1, texts)
    code: object = None
    try:
        cold()
        code = 0
    except SystemExit as exc:
        code = 0 if exc.code is None else exc.code
        raise
    finally:
        sys.stdout, sys.stderr = real
        libraries = _imported_states() if type(code) is int and code in KEPT_CODES else None
        if libraries is not None:
            disk_cache.write_marshalled(FORMAT, key, SUFFIX, KEPT, (code, texts, libraries))


def _imported_states() -> list[tuple[str, str]] | None:
    """(name, files' state) of each library of IF_IMPORTED this run imported; None when one
    cannot be found (nothing kept)."""
    states = []
    for name in IF_IMPORTED:
        if name in sys.modules:
            state = disk_cache.installed_state(name)
            if state is None:
                return None
            states.append((name, state))
    return states


def _unchanged(libraries: list[tuple[str, str]]) -> bool:
    """Whether each library the recorded run imported is as it was then."""
    return all(name in IF_IMPORTED and disk_cache.installed_state(name) == state for name, state in libraries)


class _Recorder:
    """A text stream that writes through to its own and notes each text written."""

    def __init__(self, stream: Any, number: int, texts: list[tuple[int, str]]):
        self._stream, self._number, self._texts = stream, number, texts

    def write(self, text: str) -> int:
        written = self._stream.write(text)  # first: a bytes test write (click's) raises here
        if text:
            self._texts.append((self._number, text))
        return written

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _printed(found: object) -> tuple[int, list[tuple[int, str]], list[tuple[str, str]]] | None:
    """(exit code, texts, libraries) read back; None when the entry holds anything else."""
    if type(found) is not tuple or len(found) != 3 or type(found[0]) is not int:
        return None
    if type(found[1]) is not list or type(found[2]) is not list:
        return None
    for text in found[1]:
        if type(text) is not tuple or len(text) != 2 or text[0] not in (0, 1) or type(text[1]) is not str:
            return None
    for library in found[2]:
        if type(library) is not tuple or len(library) != 2 or not all(type(part) is str for part in library):
            return None
    return found[0], found[1], found[2]


def _key(argv: list[str]) -> str | None:
    """The entry's key for this command line, or None when it is not served from the cache."""
    if any(name.startswith("_KOLAPS_PRINT_COMPLETE") for name in os.environ):  # shell completion
        return None
    if not _utf8(sys.stdout) or not _utf8(sys.stderr):  # click re-wraps other streams
        return None
    if argv in HELP:
        inputs: list[bytes] | None = []
        libraries: tuple[str, ...] = HELPS
    elif argv[:1] == ["check"]:
        inputs = _check_inputs(argv[1:])
        libraries = CHECKS  # typer's, rich's and shellingham's files: in the entry if imported
    else:
        return None
    if inputs is None:
        return None
    present = tuple(name for name in OPTIONAL if importlib.util.find_spec(name) is not None)  # which typer finds
    digest = disk_cache.started_key(FORMAT, (*libraries, *present) if argv in HELP else libraries, *present)
    if digest is None:
        return None
    for part in (*_surroundings(argv), *inputs):
        digest.update(f"{len(part)}\0".encode() + part)
    return str(digest.hexdigest())


def _utf8(stream: Any) -> bool:
    return str(getattr(stream, "encoding", "") or "").lower().replace("_", "-") in ("utf-8", "utf8")


def _surroundings(argv: list[str]) -> list[bytes]:
    """What any run's printing may depend on besides its files."""
    terminals = [f"{fd}:{os.get_terminal_size(fd) if os.isatty(fd) else '-'}" for fd in (0, 1, 2)]
    streams = [f"{s.encoding}:{s.errors}:{getattr(s, 'line_buffering', '')}" for s in (sys.stdout, sys.stderr)]
    return [
        repr(argv).encode("utf-8", "surrogateescape"),
        os.fsencode(os.getcwd()),
        b"\0".join(os.fsencode(f"{k}={v}") for k, v in sorted(os.environ.items())),
        repr((terminals, streams, sys.flags, sys.executable, sys.path)).encode("utf-8", "surrogateescape"),
        "\n".join(_distributions()).encode("utf-8", "surrogateescape"),
    ]


def _distributions() -> list[str]:
    """The distributions installed on sys.path (by their metadata folders, which name the version)."""
    names = []
    for entry in sys.path:
        try:
            listed = os.listdir(entry or ".")
        except OSError:
            continue
        names += [f"{entry}/{n}" for n in sorted(listed) if n.endswith((".dist-info", ".egg-info", ".pth"))]
    return names


def _check_inputs(words: list[str]) -> list[bytes] | None:
    """The army files and the data folder a `check FILE...` reads, as bytes; None when that
    command line is not served (other options, no file, a file that could name a portrait)."""
    files = [w for w in words if w not in CHECK_OPTIONS]
    if not files or any(w.startswith("-") for w in files):
        return None
    parts = []
    for name in files:
        content = _army_bytes(name)
        if content is None:
            return None
        parts += [os.fsencode(name), os.fsencode(os.path.realpath(name)), content]
    from kolaps_print import resources

    try:
        data = resources.data_dir()
    except FileNotFoundError:
        return None
    folder = _folder_bytes(data)
    return None if folder is None else [*parts, os.fsencode(str(data)), folder]


def _army_bytes(name: str) -> bytes | None:
    """An army file's bytes if they cannot name a portrait (see the module's note); else None."""
    try:
        if not os.path.isfile(name) or os.path.getsize(name) > ARMY_LIMIT:
            return None
        with open(name, "rb") as file:
            content = file.read(ARMY_LIMIT + 1)
        text = content.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if "portrait" in text or "\\" in text:
        return None
    return content


def _folder_bytes(folder: Path) -> bytes | None:
    """The SHA-256 of every file under folder (hidden ones too, links to files followed), by
    name and bytes; None when one is not a regular file, cannot be read, or is a link to a folder."""
    digest = hashlib.sha256()
    failed: list[OSError] = []
    for root, subfolders, names in os.walk(folder, onerror=failed.append):
        if failed or any(os.path.islink(os.path.join(root, name)) for name in subfolders):
            return None  # a folder it cannot list, or a link to one (not walked): not keyed
        subfolders.sort()
        for name in sorted(names):
            path = os.path.join(root, name)
            content = _file_digest(path) if os.path.isfile(path) else None
            if content is None:
                return None
            relative = os.path.relpath(path, folder).encode("utf-8", "surrogateescape")
            digest.update(f"{len(relative)}:".encode() + relative + content)
    return digest.digest()


def _file_digest(path: str) -> bytes | None:
    """A file's SHA-256, read in chunks as load/source_tree.py reads a folder's files (a huge
    file in a shared data folder costs time, never memory); None when it cannot be read."""
    try:
        with open(path, "rb") as file:
            return hashlib.file_digest(file, "sha256").digest()
    except OSError:
        return None
