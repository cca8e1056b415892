"""pydantic's plug-in search, skipped where it cannot find one (issue 15: some 17 ms of `check`).

When pydantic makes a model's validator it asks `pydantic.plugin._loader.get_plugins()` for
the plug-ins installed: that module imports `importlib.metadata` (with email, zipfile, csv...:
~15 ms) and reads the entry points of every distribution (~2.5 ms), to find none on nearly
every install. A plug-in is a `pydantic` entry point, declared in a distribution's
`entry_points.txt`; `importlib.metadata` finds distributions as `*.dist-info` and `*.egg-info`
folders of the folders on `sys.path` (and inside zip files and eggs, and through any finder of
`sys.meta_path` that offers `find_distributions`).

`install()` puts a stand-in under that module's name before pydantic imports it. Its
`get_plugins()` looks at those folders itself, at its first call: when no distribution's
`entry_points.txt` so much as names pydantic, and nothing is on `sys.path` or `sys.meta_path`
that this look cannot see into (a zip file, an egg, another finder of distributions), there is
no plug-in to find and it answers none, as pydantic's search would. Otherwise, or for anything
else asked of it, it loads pydantic's own module in its place and hands over: a plug-in
installed is found and run exactly as before. Nothing is done when pydantic's module is
already imported.
"""

from __future__ import annotations

import os
import sys
import types
from typing import Any

LOADER = "pydantic.plugin._loader"
_NO_PLUGINS: tuple = ()


def install() -> None:
    """The stand-in under pydantic's loader's name, unless that module is already imported."""
    if LOADER in sys.modules:
        return
    import pydantic.plugin

    stand_in = _StandIn(LOADER, __doc__)
    sys.modules[LOADER] = stand_in
    pydantic.plugin._loader = stand_in  # type: ignore[attr-defined]  # what importing a submodule sets


class _StandIn(types.ModuleType):
    """pydantic.plugin._loader, loaded for real only when a plug-in may be installed."""

    def get_plugins(self, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs and not _may_have_plugins():
            return _NO_PLUGINS
        return _real_loader().get_plugins(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:  # anything else pydantic may read: its own module's
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(_real_loader(), name)


def _real_loader() -> types.ModuleType:
    """pydantic's own loader, imported in the stand-in's place (once)."""
    import importlib

    found = sys.modules.get(LOADER)
    if isinstance(found, _StandIn):
        del sys.modules[LOADER]
    try:
        return importlib.import_module(LOADER)  # sets pydantic.plugin._loader too
    except BaseException:
        if isinstance(found, _StandIn):
            sys.modules.setdefault(LOADER, found)
        raise


_answer: list[bool] = []  # the look's answer, once a process (pydantic keeps its plug-ins as long)


def _may_have_plugins() -> bool:
    if not _answer:
        _answer.append(_look())
    return _answer[0]


def _look() -> bool:
    """False only when no distribution on sys.path can declare a pydantic plug-in."""
    import importlib.machinery

    for finder in sys.meta_path:  # the distributions' finders: the path finder's alone is read here
        if finder is not importlib.machinery.PathFinder and getattr(finder, "find_distributions", None) is not None:
            return True
    for entry in sys.path:
        folder = entry or "."
        if not isinstance(folder, str) or folder.lower().endswith(".egg"):
            return True
        try:
            names = os.listdir(folder)
        except OSError:
            if os.path.exists(folder):  # a zip file, or a folder it cannot list
                return True
            continue  # missing: importlib.metadata finds nothing there either
        for name in names:
            if name.lower().endswith((".dist-info", ".egg-info")) and _names_pydantic(folder, name):
                return True
    return False


def _names_pydantic(folder: str, name: str) -> bool:
    """Whether that distribution's entry_points.txt names pydantic (or cannot be read)."""
    path = os.path.join(folder, name, "entry_points.txt")
    try:
        with open(path, "rb") as file:
            return b"pydantic" in file.read().lower()
    except FileNotFoundError:
        return False
    except NotADirectoryError:  # an egg-info file (old style): no entry points beside it
        return False
    except OSError:
        return True
