"""The import of reportlab.platypus and yaml with some of their patterns compiled on first use,
and of reportlab.lib.utils without Pillow.

A finder first on sys.meta_path (put there by the package's `__init__`) finds these modules as
the other finders do and loads platypus and yaml within `lazy_patterns.patterns_lazy()` (platypus
also with `pyphen_on_use()`), reportlab.lib.utils within `pil_on_use()`; the module is then as a
plain import leaves it (its own loader), and the finder leaves sys.meta_path once all are in. Why,
and what the patterns are: lazy_patterns.py. This module imports nothing (`import kolaps_print`
runs it); lazy_patterns is imported when one of the modules is.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

PLATYPUS = "reportlab.platypus"
RL_UTILS = "reportlab.lib.utils"  # every reportlab import runs it (rl_config): `from PIL import Image` at its top
PACKAGES = (PLATYPUS, "yaml", RL_UTILS)


class _Finder:
    """Finds each of PACKAGES as the other finders do and loads it with patterns_lazy; off
    sys.meta_path once all are loaded. A package stays waiting until it is loaded, not merely
    found: `importlib.util.find_spec` (disk_cache's key of the installed libraries) finds one
    without loading it, and the import that follows must still get the lazy patterns."""

    def __init__(self) -> None:
        self.waiting = [name for name in PACKAGES if name not in sys.modules]

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name not in self.waiting:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec: Any = finder.find_spec(name, path, target)
            if spec is not None:
                if hasattr(spec.loader, "exec_module"):
                    spec.loader = _Loader(spec.loader, name, self)
                return spec
        return None

    def loaded(self, name: str) -> None:
        if name in self.waiting:
            self.waiting.remove(name)
        if not self.waiting and self in sys.meta_path:
            sys.meta_path.remove(self)


class _Loader:
    def __init__(self, loader: Any, name: str, finder: _Finder) -> None:
        self._loader, self._name, self._finder = loader, name, finder

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        from kolaps_print.lazy_patterns import patterns_lazy, pil_on_use, pyphen_on_use

        self._finder.loaded(module.__spec__.name)
        module.__spec__.loader = module.__loader__ = self._loader  # the module as a plain import leaves it
        if self._name == RL_UTILS:
            with pil_on_use():
                self._loader.exec_module(module)
            return
        with patterns_lazy(), pyphen_on_use(self._name == PLATYPUS):
            self._loader.exec_module(module)


def install() -> None:
    """Before the packages are imported (one already in is left as it is); once per process."""
    finder = _Finder()
    if finder.waiting and not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, finder)
