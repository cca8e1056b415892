"""Regular expressions reportlab's platypus and PyYAML compile on import, compiled on first use instead.

Importing `reportlab.platypus` compiles `paragraph.uri_pat` (a case-insensitive pattern over
\\xa1-\\uffff: about 50 ms, half of platypus's import) and `textsplit.rx` (about 5 ms); importing
`yaml` compiles `Reader.NON_PRINTABLE` (about 9 ms, every command but --help). reportlab matches
the first only against a word it is about to hyphenate, the second only in `cjkwrap`, which
nothing here calls; PyYAML reads the third only in its pure-Python reader, which the C loader
(ours, load/yaml_source.py) does not use. The import of each of the two packages (the finder of
kolaps_print/lazy_imports.py) runs within `patterns_lazy()`: a `re.compile` that answers exactly
these (pattern, flags) pairs, equal to our copies below, with a `LazyPattern`; every other call,
and these if a release changes them, is the real `re.compile`, which is back once the package is in.

A URI match must contain "://" (the pattern starts `(^(?:[a-z0-9.+-]*)://)`, a group nothing
makes optional, and ':' and '/' have no other case): a word without it gets None without the
pattern being compiled, so a hyphenated book pays for it only if it hyphenates a URI.
tests/test_lazy_patterns.py checks the copies against the libraries' installed source and the
answers against the real patterns (docs/libraries.md).

The import of platypus is also handed a stand-in for pyphen (`PyphenOnUse`, ~10 ms of platypus's
import): reportlab imports it at its top, whether or not a paragraph ever hyphenates; and that of
reportlab.lib.utils one for Pillow's Image (`PilImageOnUse`), which it reads only for a bitmap.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

# reportlab.platypus.paragraph.uri_pat (reportlab 4.1 to 5.1), with re.I.
URI_PATTERN = (
    "(^(?:[a-z0-9\\.\\-\\+]*)://)(?:\\S+(?::\\S*)?@)?(?:(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)"
    "(?:\\.(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)){3}|\\[[0-9a-f:\\.]+\\]|([a-z\xa1-\uffff0-9]"
    "(?:[a-z\xa1-\uffff0-9-]{0,61}[a-z\xa1-\uffff0-9])?(?:\\.(?!-)[a-z\xa1-\uffff0-9-]{1,63}(?<!-))*"
    "\\.(?!-)(?:[a-z\xa1-\uffff-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?|localhost))(?::\\d{2,5})?"
    "(?:[/?#][^\\s]*)?\\Z"
)
# reportlab.lib.textsplit.rx, with re.UNICODE.
CJK_PATTERN = "([\u2e80-\uffff])"

# yaml.reader.Reader.NON_PRINTABLE (PyYAML 6.0.1, our minimum, to 6.0.4), no flags.
YAML_NON_PRINTABLE = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"

# (pattern, flags) -> a substring any match must contain ("": none known).
LAZY: dict[tuple[str, int], str] = {
    (URI_PATTERN, re.I): "://",
    (CJK_PATTERN, re.UNICODE): "",
    (YAML_NON_PRINTABLE, 0): "",
}


class LazyPattern:
    """A compiled pattern's stand-in: compiled on first use, then every call goes to it."""

    def __init__(self, pattern: str, flags: int, required: str, compile: Any) -> None:
        self._args = (pattern, flags)
        self._required = required
        self._compile = compile
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = self._compile(*self._args)
        return self._compiled

    def match(self, string: Any, *args: Any, **kwargs: Any) -> re.Match[str] | None:
        if self._required and not args and not kwargs and isinstance(string, str) and self._required not in string:
            return None  # whole-string match without its literal: the real pattern says None too
        return self.compiled().match(string, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:  # search, sub, pattern, flags, groups...
        return getattr(self.compiled(), name)


@contextlib.contextmanager
def patterns_lazy() -> Iterator[None]:
    """Within the block, re.compile answers LAZY's pairs with a LazyPattern."""
    real = re.compile

    def compile(pattern: Any, flags: int = 0) -> Any:
        required = LAZY.get((pattern, flags)) if isinstance(pattern, str) else None
        if required is None:
            return real(pattern, flags)
        return LazyPattern(pattern, flags, required, real)

    re.compile = compile
    try:
        yield
    finally:
        re.compile = real


class PyphenOnUse:
    """What reportlab's paragraphs hold as `pyphen`: the real module, imported on first use."""

    __spec__ = None  # what an import statement asks of a module already in sys.modules

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)  # import machinery probing (__path__...): not the module's names
        if sys.modules.get("pyphen") is self:
            del sys.modules["pyphen"]  # used while platypus is imported: the real one from now on
        import pyphen

        return getattr(pyphen, name)


def pyphen_on_use(active: bool = True) -> contextlib.AbstractContextManager[None]:
    """Within the block, `import pyphen` gives a PyphenOnUse (when active, pyphen installed and
    not yet imported): reportlab reads it only for a hyphenationLang given as a language name, and
    ours are functions (rulebook/styles.py), so a run that hyphenates nothing never imports pyphen."""
    return _stood_in("pyphen", PyphenOnUse, active)


@contextlib.contextmanager
def _stood_in(name: str, stand_in: Callable[[], object], active: bool = True) -> Iterator[None]:
    """Within the block, sys.modules holds stand_in() under name (when active, the module installed
    and not yet imported); the real module is back in the import system's hands after it."""
    import importlib.util

    made = None
    if active and name not in sys.modules and importlib.util.find_spec(name) is not None:
        sys.modules[name] = made = stand_in()  # type: ignore[assignment]
    try:
        yield
    finally:
        if made is not None and sys.modules.get(name) is made:
            del sys.modules[name]


class PilImageOnUse:
    """What reportlab.lib.utils holds as `Image` (its `from PIL import Image`): Pillow's Image
    module, imported on first use. reportlab reads it only for a bitmap (`ImageReader`:
    `Image.Image` in `_isPILImage`, `Image.open`), so a run that draws none never imports Pillow
    (~100 M instructions, 7 % of a ruleset deck's imports)."""

    __spec__ = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        import PIL.Image

        return getattr(PIL.Image, name)


class PilOnUse:
    """What `import PIL` gives within pil_on_use: the package's Image, a PilImageOnUse."""

    __spec__ = None

    def __init__(self) -> None:
        self.Image = PilImageOnUse()


def pil_on_use() -> contextlib.AbstractContextManager[None]:
    """Within the block, `from PIL import Image` gives a PilImageOnUse (when Pillow is installed
    and not yet imported); the real package is back in sys.modules' hands after it."""
    return _stood_in("PIL", PilOnUse)
