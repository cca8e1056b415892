"""Every French string the tool prints comes from data/labels/fr/*.yaml, through here, set in
French typography (typography.french: no-break spaces, apostrophes, guillemets, ordinals).

label("cards.front.walk") reads key front.walk in data/labels/fr/cards.yaml. An English
edition would be a second folder, not a rewrite.

The designer edits these files by hand, so each one is checked once, when first read, against
the bundled copy (the reference): every label it has must be there, text where it is text, a
list as long where a list's length matters, and only the {placeholders} the program fills.
A problem is a located error in the edited file, never a KeyError in a renderer.
"""

from __future__ import annotations

import contextlib
import string
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

from kolaps_print import resources
from kolaps_print.diagnostics import Diagnostic, KolapsError, did_you_mean, display_path
from kolaps_print.fonts.printable import unprintable_text
from kolaps_print.load import SourceDocument, load_yaml
from kolaps_print.typography import french

LANGUAGE = "fr"
# Labels the program reads only if present (a table's note).
OPTIONAL = ("tables.*.note",)
# Lists a translation may make longer or shorter (the kit's extra things to bring, the words
# typography holds to a number, the articles the index sorts without).
FREE_LENGTH = (
    "kit.packing.extras",
    "common.typography.counted",
    "common.typography.before_number",
    "rulebook.book.index_articles",
)
_FORMATTER = string.Formatter()


@dataclass(frozen=True)
class _LabelArea:
    """A labels file as read, to locate its problems."""

    doc: SourceDocument

    def fail(self, path: tuple, message: str) -> NoReturn:
        raise KolapsError([self.doc.diagnostic(path, message)])


def _area(area: str, data_dir: Path) -> _LabelArea:
    # A key may come from a template: only the bundled areas, whose placeholders the edited
    # copies are checked against (a label's {v.__init__...} would reach past the sandbox).
    if area not in _known_areas():
        raise ValueError(f"no labels area '{area}' (known: {', '.join(sorted(_known_areas()))})")
    return _read_area(data_dir, area)


@cache
def _known_areas() -> frozenset[str]:
    return frozenset(p.stem for p in (resources.bundled("data") / "labels" / LANGUAGE).glob("*.yaml"))


def area_files(area: str) -> list[Path]:
    """The files label() reads for an area: the data folder's copy and the bundled reference
    it is checked against (a cache of what depends on labels keys them: model/data_cache.py)."""
    return [
        folder / "labels" / LANGUAGE / f"{area}.yaml" for folder in (resources.data_dir(), resources.bundled("data"))
    ]


@resources.cached_read
def _read_area(data_dir: Path, area: str) -> _LabelArea:
    path = data_dir / "labels" / LANGUAGE / f"{area}.yaml"
    doc = load_yaml(path, display_path(path))
    reference = _reference(data_dir, area)
    if reference is not None:
        problems = unprintable_text(doc)
        _compare(doc, doc.data, reference.data, (), area, problems)
        if problems:
            raise KolapsError(problems)
    return _LabelArea(doc)


def _reference(data_dir: Path, area: str) -> SourceDocument | None:
    """The bundled copy of an area; None when data_dir is the bundled folder (nothing to compare)."""
    bundled = resources.bundled("data")
    path = bundled / "labels" / LANGUAGE / f"{area}.yaml"
    if data_dir.resolve() == bundled.resolve() or not path.is_file():
        return None
    return _read_reference(path)


@resources.cached_read
def _read_reference(path: Path) -> SourceDocument:
    return load_yaml(path, display_path(path))


# ---- checking a labels file against the reference ---------------------------------------------
def _dotted(area: str, path: tuple) -> str:
    return ".".join([area] + [str(p) for p in path])


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a group of labels (key: text)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "text"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"true/false ({str(value).lower()})"
    return f"a number ({value})"


def _compare(doc: SourceDocument, value: Any, ref: Any, path: tuple, area: str, problems: list[Diagnostic]) -> None:
    def problem(where: tuple, message: str) -> None:
        problems.append(doc.diagnostic(where, message))

    if isinstance(ref, dict):
        if not isinstance(value, dict):
            return problem(path, f"label '{_dotted(area, path)}' must be {_kind(ref)}, got {_kind(value)}")
        for key, expected in ref.items():
            if key in value:
                _compare(doc, value[key], expected, path + (key,), area, problems)
            elif not any(fnmatchcase(_dotted(area, path + (key,)), p) for p in OPTIONAL):
                others = [k for k in value if k not in ref]
                shown = f": the bundled copy has {expected!r}" if isinstance(expected, str) else ""
                problem(
                    path + (key,),
                    f"missing label '{_dotted(area, path + (key,))}'{did_you_mean(str(key), others)}{shown}",
                )
    elif isinstance(ref, list):
        if not isinstance(value, list):
            return problem(
                path, f"label '{_dotted(area, path)}' must be a list of {len(ref)} texts, got {_kind(value)}"
            )
        free = _dotted(area, path) in FREE_LENGTH
        if not free and len(value) != len(ref):
            return problem(
                path,
                f"label '{_dotted(area, path)}' must list {len(ref)} texts, as the bundled copy does, got {len(value)}",
            )
        for i, item in enumerate(value):
            _compare(doc, item, ref[i] if not free else (ref[0] if ref else ""), path + (i,), area, problems)
    elif isinstance(ref, str):
        if not isinstance(value, str):
            quote = " (put it in quotes)" if not isinstance(value, (dict, list)) else ""
            return problem(path, f"label '{_dotted(area, path)}' must be text, got {_kind(value)}{quote}")
        message = placeholder_problem(value, _fields(ref))
        if message:
            problem(path, f"label '{_dotted(area, path)}': {message}")


def _fields(text: str) -> set[tuple[str, str, str]]:
    """The {placeholders} of a label (name, format spec, conversion); ValueError if braces are unbalanced."""
    return {(name, spec or "", conv or "") for _, name, spec, conv in _FORMATTER.parse(text) if name is not None}


def placeholder_problem(text: str, allowed: set[tuple[str, str, str]], what: str = "this label") -> str:
    """Why text's {placeholders} are not all among allowed (name, format spec, conversion); '' if they are.

    Labels allow those of their bundled copy; data texts (model/numbered_text.py) the number fields
    in their scope. A placeholder reaching into an attribute or an item is never allowed.
    """
    try:
        used = _fields(text)
    except ValueError as exc:
        return f"{exc}: braces only go around a placeholder such as {{value}} (write {{{{ or }}}} for a brace)"
    unknown = sorted(used - allowed)
    if not unknown:
        return ""
    names = ", ".join("{" + n + (f"!{c}" if c else "") + (f":{s}" if s else "") + "}" for n, s, c in unknown)
    offered = ", ".join(dict.fromkeys("{" + n + "}" for n, _, _ in sorted(allowed))) or "none"
    return f"unknown placeholder {names} ({what} can use: {offered})"


def check_labels() -> list[Diagnostic]:
    """Every labels file of the data folder in use, checked against the bundled copy."""
    data_dir = resources.data_dir()
    folders = {data_dir / "labels" / LANGUAGE, resources.bundled("data") / "labels" / LANGUAGE}
    areas = sorted({p.stem for folder in folders if folder.is_dir() for p in folder.glob("*.yaml")})
    problems: list[Diagnostic] = []
    for area in areas:
        try:
            _read_area(data_dir, area)
        except KolapsError as exc:
            problems += exc.diagnostics
    return problems


# ---- a ruleset's own labels (data/rulesets/ID/labels.yaml) -----------------------------------
# A ruleset folder may give its own text for some labels of one area (rulesets.yaml: the sheet's
# column headings, how a card prints a skill...). The file holds only the keys it changes, each
# checked against the data folder's copy of that area: a key it has, text where it is text, only
# its {placeholders}. Within overriding_labels(), label() reads those first.
OVERRIDABLE_AREA = "rulesets"
_overrides: ContextVar[Path | None] = ContextVar("kolaps_label_overrides", default=None)


@contextlib.contextmanager
def overriding_labels(path: Path | None) -> Iterator[None]:
    """Within the block, label() reads path's labels (when the file exists) before the area's."""
    token = _overrides.set(path if path is not None and path.is_file() else None)
    try:
        yield
    finally:
        _overrides.reset(token)


def overriding_file() -> Path | None:
    """The labels file overriding_labels() reads first now (None: the data folder's alone)."""
    return _overrides.get()


def check_overrides(path: Path) -> list[Diagnostic]:
    """A ruleset's labels.yaml checked against the data folder's area (nothing if there is none)."""
    if not path.is_file():
        return []
    try:
        _read_overrides(resources.data_dir(), path)
    except KolapsError as exc:
        return exc.diagnostics
    return []


@resources.cached_read
def _read_overrides(data_dir: Path, path: Path) -> _LabelArea:
    doc = load_yaml(path, display_path(path))
    reference = _area(OVERRIDABLE_AREA, data_dir).doc.data
    problems = unprintable_text(doc)
    if not isinstance(doc.data, dict):
        problems.append(doc.diagnostic((), f"expected labels as key: text, got {_kind(doc.data)}"))
    else:
        _compare_some(doc, doc.data, reference, (), OVERRIDABLE_AREA, problems)
    if problems:
        raise KolapsError(problems)
    return _LabelArea(doc)


def _compare_some(
    doc: SourceDocument, value: Any, ref: Any, path: tuple, area: str, problems: list[Diagnostic]
) -> None:
    """As _compare, for a file that gives only some of the area's labels."""
    if not (isinstance(ref, dict) and isinstance(value, dict)):
        return _compare(doc, value, ref, path, area, problems)
    for key, given in value.items():
        if key in ref:
            _compare_some(doc, given, ref[key], path + (key,), area, problems)
        else:
            problems.append(
                doc.diagnostic(
                    path + (key,),
                    f"unknown label '{_dotted(area, path + (str(key),))}'{did_you_mean(str(key), ref)}",
                    at_key=True,
                )
            )


@resources.cached_read
def _overridden(data_dir: Path, path: Path, key: str) -> tuple[_LabelArea, str, Any] | None:
    area, _, rest = key.partition(".")
    if area != OVERRIDABLE_AREA:
        return None
    source = _read_overrides(data_dir, path)
    node: Any = source.doc.data
    for part in rest.split(".") if rest else ():
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return source, rest, node


# ---- reading labels ---------------------------------------------------------------------------
def _node(key: str) -> tuple[_LabelArea, str, Any]:
    path = _overrides.get()
    found = _overridden(resources.data_dir(), path, key) if path is not None else None
    return found or _found(resources.data_dir(), key)


@resources.cached_read  # a card job asks 20,000 times for the same hundred labels
def _found(data_dir: Path, key: str) -> tuple[_LabelArea, str, Any]:
    area, _, rest = key.partition(".")
    source = _area(area, data_dir)
    node: Any = source.doc.data
    try:
        for part in rest.split(".") if rest else ():
            node = node[part]
    except (KeyError, TypeError, IndexError):
        path = tuple(rest.split("."))
        found = next(i for i in range(len(path), -1, -1) if _has(source.doc.data, path[:i]))
        source.fail(path[:found], f"missing label '{key}' (the program needs it)")
    return source, rest, node


def _has(node: Any, path: tuple) -> bool:
    for part in path:
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def label(key: str, **values: Any) -> str:
    """The label at 'area.key.subkey', formatted with values ({name} placeholders)."""
    source, rest, node = _node(key)
    if not isinstance(node, str):
        source.fail(tuple(rest.split(".")), f"label '{key}' must be text, got {_kind(node)}")
    if not values:
        return french(node)
    try:
        return french(node.format(**values))
    except (KeyError, IndexError, ValueError, AttributeError) as exc:
        source.fail(
            tuple(rest.split(".")),
            f"label '{key}' cannot be filled in ({type(exc).__name__}: {exc}); it may use: "
            + (", ".join("{" + v + "}" for v in values)),
        )


def words(key: str) -> tuple[str, ...]:
    """A list of words as the file writes them, not set in French typography: the formatter's own
    vocabulary (typography.VOCABULARY), which it needs before it can set any text."""
    source, rest, node = _node(key)
    if not isinstance(node, list) or not all(isinstance(word, str) for word in node):
        source.fail(tuple(rest.split(".")), f"label '{key}' must be a list of words, got {_kind(node)}")
    return tuple(node)


def labels(key: str) -> Any:
    """A whole subtree of labels (a mapping or a list), e.g. labels('tables.headers'), its texts
    set in French typography as label() sets them."""
    return _typeset(_node(key)[2])


def _typeset(node: Any) -> Any:
    if isinstance(node, str):
        return french(node)
    if isinstance(node, dict):
        return {key: _typeset(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_typeset(value) for value in node]
    return node
