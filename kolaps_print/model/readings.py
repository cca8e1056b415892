"""Switchable readings: data/rulesets/kolaps/readings.yaml picks an option for each ambiguity the errata declare,
and any data value written {by_reading: id, option: value, ...} becomes the chosen option's value.

So a designer who overrules an erratum changes one line of data/rulesets/kolaps/readings.yaml, and the cards,
the reference material and the book print the other reading. Every problem is a located error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kolaps_print.diagnostics import Report, did_you_mean
from kolaps_print.load import SourceDocument
from kolaps_print.model.errata import Erratum, Reading

BY_READING = "by_reading"


def declared_readings(errata: list[Erratum]) -> dict[str, Reading]:
    return {e.reading.id: e.reading for e in errata if e.reading is not None}


def chosen_readings(
    doc: SourceDocument, declared: dict[str, Reading], errata_file: str, report: Report
) -> dict[str, str]:
    """reading id -> chosen option, from data/rulesets/kolaps/readings.yaml (every declared reading, known options only)."""
    chosen: dict[str, str] = {}
    for key, value in doc.data.items():
        reading = declared.get(key)
        if reading is None:
            report.add(
                doc.diagnostic(
                    (key,),
                    f"unknown reading '{key}'{did_you_mean(str(key), declared)}; "
                    f"{errata_file} declares {', '.join(declared) or 'none'}",
                    at_key=True,
                )
            )
        elif not isinstance(value, str) or reading.option(value) is None:
            report.add(
                doc.diagnostic((key,), f"reading '{key}' is one of {', '.join(reading.option_ids)}, not {value!r}")
            )
        else:
            chosen[key] = value
    for key, reading in declared.items():
        if key not in doc.data:
            report.add(
                doc.diagnostic(
                    (),
                    f"no choice for reading '{key}': add '{key}: {reading.option_ids[0]}' "
                    f"(one of {', '.join(reading.option_ids)})",
                )
            )
    return chosen


def resolve_readings(
    doc: SourceDocument, declared: dict[str, Reading], chosen: dict[str, str] | None, errata_file: str, report: Report
) -> None:
    """Replace each {by_reading: ...} mapping of doc.data by its chosen value, in place.

    chosen is None when the readings could not be read (their errors are reported already):
    the first option then stands in, so the rest of the data is still checked.
    """
    doc.data = _resolve(doc, doc.data, (), _Choice(declared, chosen, errata_file), report)


@dataclass(frozen=True)
class _Choice:
    declared: dict[str, Reading]
    chosen: dict[str, str] | None
    errata_file: str  # as messages name it


def _resolve(doc: SourceDocument, node: Any, path: tuple, choice: _Choice, report: Report) -> Any:
    if isinstance(node, list):
        return [_resolve(doc, item, path + (i,), choice, report) for i, item in enumerate(node)]
    if not isinstance(node, dict):
        return node
    if BY_READING not in node:
        return {k: _resolve(doc, v, path + (k,), choice, report) for k, v in node.items()}
    return _variant(doc, node, path, choice, report)


def _variant(doc: SourceDocument, node: dict, path: tuple, choice: _Choice, report: Report) -> Any:
    id_, declared = node[BY_READING], choice.declared
    options = {k: v for k, v in node.items() if k != BY_READING}
    reading = declared.get(id_) if isinstance(id_, str) else None
    if reading is None:
        if choice.chosen is not None:  # otherwise the errata are broken and already reported
            report.add(
                doc.diagnostic(
                    path + (BY_READING,),
                    f"unknown reading {id_!r}{did_you_mean(str(id_), declared)}; "
                    f"{choice.errata_file} declares {', '.join(declared) or 'none'}",
                )
            )
        return next(iter(options.values()), None)
    expected = reading.option_ids
    if sorted(options) != sorted(expected):
        report.add(
            doc.diagnostic(
                path,
                f"reading '{id_}' needs one value for each option: {', '.join(expected)} "
                f"(got {', '.join(map(str, options)) or 'none'})",
            )
        )
        return next(iter(options.values()), None)
    pick = (choice.chosen or {}).get(id_, expected[0])
    return options[pick]
