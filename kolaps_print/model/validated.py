"""A data file's values validated into a model, and its rulings checked, with located messages:
what every loader shares (KOLAPS's game data, the layouts' files, another ruleset's), in a module
of its own so that a loader that is not KOLAPS's game data does not import it (speed14r: the
layouts' files and the other rulesets' loads imported KOLAPS's rules, catalogue and scenario
models with these two functions, about a tenth of a ruleset deck's start-up)."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from kolaps_print.diagnostics import Report, did_you_mean
from kolaps_print.load import SourceDocument
from kolaps_print.model.messages import diagnostics_from

M = TypeVar("M", bound=BaseModel)


def validate_model(model: type[M], doc: SourceDocument, data: Any, path: tuple, report: Report) -> M | None:
    """Validate data (found at path in doc) into model; errors go to report."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        report.extend(diagnostics_from(exc, model, doc, path))
        return None


def check_rulings(doc: SourceDocument, known: set[str], errata_file: str, report: Report) -> None:
    """Every `ruling: En` of a data file names an erratum of errata.yaml."""

    def visit(node: Any, path: tuple) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            if key == "ruling" and isinstance(value, str) and value not in known:
                report.add(
                    doc.diagnostic(
                        path + (key,),
                        f"unknown erratum '{value}'{did_you_mean(value, known)} ({errata_file} has no such id)",
                    )
                )
            else:
                visit(value, path + (key,))

    if known:  # no errata read (invalid file): its own errors say so
        visit(doc.data, ())
