"""Data texts that name the numbers they restate: « Test de survie (difficulté {full_location_test_difficulty}) ».

One fact, one source: a rule sentence that repeats a number held in a field names that field as a
{placeholder}, filled when the data is validated, so editing the field changes every printed
sentence. A text sees the number fields of its own object and the top-level number fields of its
file, plus the few derived numbers DERIVED lists. Placeholders are checked by the labels' checker
(labels.placeholder_problem): an unknown or malformed one is a located error at the text. Texts
without braces are left as they are. Runs before the readings are resolved, so every variant of a
{by_reading: ...} text is checked and filled.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kolaps_print.diagnostics import Report
from kolaps_print.labels import placeholder_problem
from kolaps_print.load import SourceDocument
from kolaps_print.numbers import number, offset, signed

# {field} reads as a number (−1, 2,5); {field:signed} as a change (+1, −2); {field:offset} as an
# offset added to what comes just before it (« gravité − 1 », nothing for 0).
FORMATS: dict[str, Callable[[float], str]] = {"": number, "signed": signed, "offset": offset}

# Numbers a text may name that no field holds as such: list key -> name -> (item, file) -> value.
# A severity's secondary-effect test is its roll plus the file's offset (E11).
DERIVED: dict[str, dict[str, Callable[[dict, dict], Any]]] = {
    "severities": {
        "secondary_test_difficulty": lambda item, top: _sum(item.get("roll"), top.get("secondary_test_offset"))
    },
}


def _sum(a: Any, b: Any) -> Any:
    return a + b if _is_number(a) and _is_number(b) else None


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _numbers(node: Any) -> dict[str, float]:
    return {k: v for k, v in node.items() if isinstance(k, str) and _is_number(v)} if isinstance(node, dict) else {}


class _Number:
    """A field's value in str.format: the format spec names the formatter."""

    def __init__(self, value: float):
        self.value = value

    def __format__(self, spec: str) -> str:
        return FORMATS[spec](self.value)


def fill_numbers(doc: SourceDocument, report: Report) -> None:
    """Fill the {field} placeholders of doc's texts in place; problems go to report."""
    top = _numbers(doc.data)
    doc.data = _fill(doc, doc.data, (), top, top, None, report)


def _fill(
    doc: SourceDocument, node: Any, path: tuple, scope: dict, top: dict, derived: dict | None, report: Report
) -> Any:
    if isinstance(node, str):
        return _filled(doc, node, path, scope, report) if "{" in node or "}" in node else node
    if isinstance(node, list):
        key = path[-1] if path else None
        extra = DERIVED.get(key) if isinstance(key, str) else None
        return [_fill(doc, item, path + (i,), scope, top, extra, report) for i, item in enumerate(node)]
    if not isinstance(node, dict):
        return node
    own = _own_scope(node, scope, top, derived)
    return {k: _fill(doc, v, path + (k,), own, top, None, report) for k, v in node.items()}


def _own_scope(node: dict, scope: dict, top: dict, derived: dict | None) -> dict:
    """A text's numbers: its object's (a {by_reading: ...} mapping is not an object: it keeps its owner's)."""
    if "by_reading" in node:
        return scope
    own = {**top, **_numbers(node)}
    for name, compute in (derived or {}).items():
        value = compute(node, top)
        if value is not None:
            own[name] = value
    return own


def _filled(doc: SourceDocument, text: str, path: tuple, scope: dict, report: Report) -> str:
    allowed = {(name, spec, "") for name in scope for spec in FORMATS}
    problem = placeholder_problem(text, allowed, "this text")
    if problem:
        report.add(
            doc.diagnostic(
                path,
                f"{problem}; a text names only number fields of its object or of its "
                "file, as {field}, {field:signed} or {field:offset}",
            )
        )
        return text
    return text.format(**{name: _Number(value) for name, value in scope.items()})
