"""Read a layout data file (data/layouts/*.yaml) into a model, with located errors."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from kolaps_print import resources
from kolaps_print.diagnostics import Report, display_path
from kolaps_print.load import load_yaml
from kolaps_print.model import data_cache
from kolaps_print.model.validated import validate_model

M = TypeVar("M", bound=BaseModel)
STYLE = "style"  # the house style (layout/style.py)


def load_layout(name: str, model: type[M]) -> M:
    """data/layouts/<name>.yaml validated as model; KolapsError (located) if it is wrong."""
    return _load(resources.data_dir(), name, model)


@resources.cached_read
def _load(data_dir: Path, name: str, model: type[M]) -> M:
    path = data_dir / "layouts" / f"{name}.yaml"
    # the others name colours, sizes and steps of style.yaml, which their validation resolves
    files = [path] if name == STYLE else [path, data_dir / "layouts" / f"{STYLE}.yaml"]
    return data_cache.cached(
        f"layout {model.__module__}:{model.__qualname__}", lambda: files, lambda: _read(path, model)
    )


def _read(path: Path, model: type[M]) -> M:
    doc = load_yaml(path, display_path(path))  # the data folder in use, whatever its name
    report = Report()
    value = validate_model(model, doc, doc.data, (), report)
    report.raise_if_errors()
    assert value is not None
    return value
