"""Validated data files kept between runs, so a command does not read, check and validate the
same unchanged data folder again (issue 15: about a fifth of a one-card run).

An entry is keyed by the SHA-256 of every file read (its bytes and the names messages give it),
the labels of the typography's vocabulary (every text of the data is set with it), the working folder, kolaps-print's version and the size and date of each file of the package,
and the versions of Python and pydantic: any edit makes a new key, and an entry never answers
for other files. Only a load without errors is kept. Entries live in the user's cache folder
(kolaps_print/disk_cache.py: never beside the data, private to the user; the data is read as if
there were no cache when it cannot be used). KOLAPS_CACHE=off switches the cache off.
docs/trust.md says why.

An entry is plain JSON, and reading one runs no code: values are rebuilt only as the package's
own model classes (model_construct, no validation) and the few plain records registered below,
each found among the modules already imported, never imported by name. A corrupt, unreadable
or stale entry is ignored and written again.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import stat
import sys
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from kolaps_print import __version__, disk_cache, typography
from kolaps_print.diagnostics import display_path
from kolaps_print.labels import area_files
from kolaps_print.load.yaml_source import CompactMarks, SourceDocument
from kolaps_print.model.common import Model

T = TypeVar("T")
C = TypeVar("C", bound=type)

VARIABLE = disk_cache.VARIABLE  # "off": no cache read or written
FORMAT = 1  # bumped when the encoding below changes
_MAX_FILE_BYTES = 16 * 1024 * 1024  # a bigger "data file" is read by the loader, which refuses it
KEPT = 64  # entries kept, the last used: a data folder edited all day leaves no trail of them
SUFFIX = "json"

# Plain records (dataclasses and the like) an entry may hold beside the models: rebuilt from
# their attributes, without calling __init__.
_RECORDS: set[type] = {SourceDocument, CompactMarks}


def record(cls: C) -> C:
    """Let entries hold instances of cls (a class whose state is its plain attributes)."""
    _RECORDS.add(cls)
    return cls


def cached(kind: str, files: Callable[[], Iterable[Path]], build: Callable[[], T]) -> T:
    """build(), or what it returned in an earlier run over the same bytes of files() (each file
    build reads, and only those). kind names what build makes (with which model, and anything
    else its result depends on)."""
    key = _key(kind, files())
    folder = disk_cache.open_folder() if key else None
    if key is None or folder is None:
        return build()
    try:
        found = _read(folder, key)
        if found is not _MISSING:
            return found
        value = build()  # raises on invalid data: nothing is kept
        # a file edited while build read it: the value may be of other bytes than the key's
        if _key(kind, files()) == key:
            _write(folder, key, value)
        return value
    finally:
        os.close(folder)


# --- the key ---


def _key(kind: str, files: Iterable[Path]) -> str | None:
    """The entry's name; None when a file cannot be hashed (the loader will say why)."""
    if disk_cache.switched_off():
        return None
    digest = hashlib.sha256()
    for part in (FORMAT, kind, os.getcwd(), __version__, sys.version, *_library_versions(), disk_cache.package_state()):
        digest.update(f"{part}\0".encode())
    for path in (*typeset_files(), *files):
        content = _file_bytes(path)
        if content is None:
            return None
        digest.update(f"{path}\0{display_path(path)}\0{len(content)}\0".encode())
        digest.update(hashlib.sha256(content).digest())
    return digest.hexdigest()


def typeset_files() -> list[Path]:
    """The files every entry is keyed by besides its own: the labels of the typography's vocabulary,
    with which the model sets every text it validates (model/common.py)."""
    return area_files(typography.VOCABULARY_AREA)


def _file_bytes(path: Path) -> bytes | None:
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_FILE_BYTES:  # no FIFO read, no device
            return None
        return path.read_bytes()
    except OSError:
        return None


def _library_versions() -> tuple[str, str]:
    import pydantic
    import pydantic_core

    return pydantic.VERSION, pydantic_core.__version__


# --- the entries ---


_MISSING: Any = object()


def _read(folder: int, key: str) -> Any:
    content = disk_cache.read_entry(folder, f"{key}.{SUFFIX}")
    if content is None:
        return _MISSING
    try:
        stored = json.loads(content, object_hook=_Decoder())
        if type(stored) is not dict or stored.get("format") != FORMAT or stored.get("key") != key:
            return _MISSING
        return stored["value"]
    except Exception:  # a corrupt or foreign entry: read the data instead, and write it again
        return _MISSING


def _write(folder: int, key: str, value: Any) -> None:
    """Keep value; silently not when it holds something the encoding does not know."""
    try:
        text = json.dumps({"format": FORMAT, "key": key, "value": _Encoder().value(value)}, separators=(",", ":"))
    except _Unknown:
        return
    disk_cache.write_entry(folder, f"{key}.{SUFFIX}", text.encode("utf-8"), SUFFIX, KEPT)


# --- the encoding: JSON, with a tagged object for each value JSON has no form for ---

# The keys that mark a tagged object; a dict holding one of them is written as pairs.
_TAGS = frozenset(("t", "d", "set", "frozenset", "a", "date", "r", "m", "o"))


class _Unknown(Exception):
    """A value the encoding does not keep: the entry is not written."""


def _class_name(cls: type) -> str:
    if "<locals>" in cls.__qualname__:
        raise _Unknown(cls.__qualname__)
    return f"{cls.__module__}:{cls.__qualname__}"


class _Encoder:
    """A model or record met twice is written once and referred to ("r"), so a rebuilt value
    shares what the loaded one shared (a trait of the rules and of the catalogue)."""

    def __init__(self) -> None:
        self.numbers: dict[int, int] = {}

    def value(self, value: Any) -> Any:
        kind = type(value)
        if value is None or kind in (str, int, float, bool):
            return value
        if kind is list:
            return [self.value(v) for v in value]
        if kind is dict:
            if all(type(k) is str for k in value) and _TAGS.isdisjoint(value):
                return {k: self.value(v) for k, v in value.items()}
            return {"d": [[self.value(k), self.value(v)] for k, v in value.items()]}
        if kind is tuple:
            return {"t": [self.value(v) for v in value]}
        if kind is set or kind is frozenset:
            return {kind.__name__: [self.value(v) for v in value]}
        if kind is array:
            return {"a": value.typecode, "v": value.tolist()}
        if kind is dt.date:
            return {"date": value.isoformat()}
        number = self.numbers.get(id(value))
        if number is not None:
            return {"r": number}
        if isinstance(value, Model) and not kind.__pydantic_root_model__ and value.__pydantic_extra__ is None:
            return self._object(value, "m", {"s": sorted(value.__pydantic_fields_set__)})
        if kind in _RECORDS:
            return self._object(value, "o", {})
        raise _Unknown(kind.__qualname__)

    def _object(self, value: Any, tag: str, more: dict) -> dict:
        number = self.numbers[id(value)] = len(self.numbers)
        fields = [[name, self.value(v)] for name, v in vars(value).items()]
        return {tag: _class_name(type(value)), "i": number, "f": fields, **more}


class _Decoder:
    """json.loads's object_hook: JSON hands each object over once what it holds is rebuilt,
    and a model's definition always closes before a reference to it."""

    def __init__(self) -> None:
        self.objects: dict[int, Any] = {}
        self.classes: dict[str, Any] | None = None  # made on the first object met

    def __call__(self, value: dict) -> Any:
        if _TAGS.isdisjoint(value):
            return value
        if "t" in value:
            return tuple(value["t"])
        if "d" in value:
            return {_hashable(k): v for k, v in value["d"]}
        if "set" in value:
            return set(map(_hashable, value["set"]))
        if "frozenset" in value:
            return frozenset(map(_hashable, value["frozenset"]))
        if "a" in value:
            return array(value["a"], value["v"])
        if "date" in value:
            return dt.date.fromisoformat(value["date"])
        if "r" in value:
            return self.objects[value["r"]]
        return self._object(value)

    def _object(self, value: dict) -> Any:
        is_model = "m" in value
        if self.classes is None:
            self.classes = _classes()
        cls = self.classes[value["m"] if is_model else value["o"]]  # KeyError: not one an entry may hold
        if not (issubclass(cls, Model) if is_model else cls in _RECORDS):
            raise ValueError(f"not a class an entry may hold: {cls!r}")
        fields = dict(value["f"])
        if is_model:
            made = cls.model_construct(set(value["s"]), **fields)
            if list(vars(made)) != list(fields):  # a field renamed since: not this model's state
                raise ValueError(f"fields of {cls.__qualname__} changed")
        else:
            made = cls.__new__(cls)
            vars(made).update(fields)
        self.objects[value["i"]] = made
        return made


def _hashable(key: Any) -> Any:
    """A key as JSON gives it back: lists only inside keys that were tuples (never lists)."""
    if type(key) is list:
        raise ValueError("a list cannot be a key")
    return key


def _classes() -> dict[str, Any]:
    """The classes an entry may name: the package's models already imported, and the records.
    Looked up by name in this table only: no module attribute is read on an entry's word (a
    module's __getattr__ may import), nothing is imported."""
    found, todo = {}, [Model]
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith("kolaps_print.") and "<locals>" not in cls.__qualname__:
            found[_class_name(cls)] = cls
    return found | {_class_name(cls): cls for cls in _RECORDS}
