"""The Jinja2 environment chapters run in: a chapter is untrusted input, like an army file.

Jinja2's immutable sandbox keeps a template away from Python internals (no `__globals__`, no
`__class__`, no changing the data it is shown). On top of it this module adds what the
sandbox leaves open:

- reach: nothing of pydantic's own API (parse_file reads any file) and no path objects;
- files: a template may include or import only files inside its own folder;
- time: range() counts to at most MAX_RANGE (Jinja's cap); every loop item and every call
  costs a step, and a render has MAX_STEPS of them;
- size: `*` and `**` may not build more than MAX_SIZE characters, items or digits, a
  chapter may render at most MAX_OUTPUT characters, and (where the system allows it) the address space
  grows by at most MEMORY_HEADROOM while a chapter renders, so any other way to make a huge
  value is a MemoryError, not a machine that swaps.

Each limit raises TemplateLimitError from the template line that went over it.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Generator, Iterable, Iterator
from pathlib import Path, PurePath
from typing import Any, cast

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.sandbox import MAX_RANGE, ImmutableSandboxedEnvironment, SecurityError, safe_range
from pydantic import BaseModel

from kolaps_print.diagnostics import shown  # a file name as written, safe to print
from kolaps_print.load.input_file import read_text
from kolaps_print.load.source_tree import leaves_folder

MAX_STEPS = 200_000  # loop items + calls in one chapter (a bundled chapter needs under 100)
MAX_SIZE = 1_000_000  # characters, items or digits one `*` or `**` may make
MAX_OUTPUT = 5_000_000  # characters of Markdown one chapter may render (a chapter is ~20 000)
MEMORY_HEADROOM = 512 << 20  # bytes a render may add to the process's address space

_STEP_FILTER = "_counted_loop"  # wraps every {% for %}'s sequence (see _CountedLoops)
# pydantic's own machinery (parse_file reads any file, model_construct bypasses validation):
# a template reads the data's fields and our methods, nothing of BaseModel itself.
_PYDANTIC_API = frozenset(name for name in dir(BaseModel) if not name.startswith("_"))


class TemplateLimitError(SecurityError):
    """A template went over one of the limits above, or reached outside its folder."""


class _CountedLoops(CodeGenerator):
    """Compiles every {% for %} so that each item it takes costs a step."""

    def visit_Template(self, node: nodes.Template, frame=None) -> None:
        # Before compiling: the code generator declares the filters a template uses up front.
        for loop in node.find_all(nodes.For):
            loop.iter = nodes.Filter(loop.iter, _STEP_FILTER, [], [], None, None, lineno=loop.iter.lineno)
        super().visit_Template(node, frame)


class FolderLoader(jinja2.FileSystemLoader):
    """Loads templates from one folder and refuses any name that would leave it."""

    def __init__(self, folder: Path, display: str):
        self.folder = folder.resolve()
        self.display = display  # how messages name the folder
        self.read: dict[str, str] = {}  # each template's text as last read
        super().__init__(str(self.folder))  # absolute: error frames carry the real file name

    def get_source(self, environment: jinja2.Environment, template: str):
        if leaves_folder(self.folder, template):
            raise TemplateLimitError(
                f"'{shown(template)}' is outside {self.display}: a template may only include "
                f"or import files inside its own folder"
            )
        path = self.folder / template
        if not path.exists():
            raise jinja2.TemplateNotFound(template)
        # Read as every input is: a FIFO or device refused at once (never waited on), 20 MB at most.
        source = read_text(path, f"{self.display}/{template}")
        self.read[template] = source  # the text this build renders (kept_renders checks it later)
        mtime = path.stat().st_mtime
        return source, str(path), lambda: path.exists() and path.stat().st_mtime == mtime


class BookSandbox(ImmutableSandboxedEnvironment):
    """The sandbox with the limits of this module; one render at a time (see render)."""

    code_generator_class = _CountedLoops
    intercepted_binops = frozenset({"*", "**"})

    def __init__(self, loader: FolderLoader, **options: Any):
        super().__init__(loader=loader, **options)
        self.globals.pop("lipsum", None)  # placeholder Latin, unbounded in size: not for a book
        self.globals["range"] = _bounded_range
        self.filters[_STEP_FILTER] = self._count_items
        self._steps_left = MAX_STEPS

    # ---- which templates a render loads (rulebook/kept_renders.py) ------------------------------
    loaded: list[str] | None = None  # while recording: every name asked for, found or not

    def _load_template(self, name: Any, globals: Any) -> jinja2.Template:
        if self.loaded is not None:
            self.loaded.append(name)
        return super()._load_template(name, globals)

    def text_read(self, name: str) -> str | None:
        """A template's text as this environment read it (None: never found)."""
        return cast(FolderLoader, self.loader).read.get(name)

    def loader_text(self, name: str) -> str | None:
        """A template's text read now (None: not found, or a name the loader refuses)."""
        try:
            return cast(FolderLoader, self.loader).get_source(self, name)[0]
        except Exception:
            return None

    # ---- what a template may reach ----------------------------------------------------------
    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if attr in _PYDANTIC_API or isinstance(obj, PurePath):  # a path could open any file
            return False
        return super().is_safe_attribute(obj, attr, value)

    # ---- time ---------------------------------------------------------------------------------
    def _step(self) -> None:
        self._steps_left -= 1
        if self._steps_left < 0:
            raise TemplateLimitError(f"this template runs too long: more than {MAX_STEPS:,} loop turns and calls")

    def _count_items(self, items: Iterable) -> Iterator:
        for item in items:
            self._step()
            yield item

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (Jinja's own signature)
        __self._step()
        return super().call(__context, __obj, *args, **kwargs)

    # ---- size ---------------------------------------------------------------------------------
    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        size = _product_size(operator, left, right)
        if size > MAX_SIZE:
            raise TemplateLimitError(
                f"'{operator}' would make about {size:,} characters, items or digits; "
                f"a template may make at most {MAX_SIZE:,}"
            )
        return super().call_binop(context, operator, left, right)

    def render(self, template: jinja2.Template, context: dict) -> str:
        """Render with a fresh step budget, under the memory cap, at most MAX_OUTPUT characters."""
        self._steps_left = MAX_STEPS
        chunks, length = list[str](), 0
        with memory_cap():
            # typed as an Iterator by jinja2, it is a generator: errors can be thrown into it
            generator = cast(Generator[str, None, None], template.generate(context))
            for chunk in generator:
                length += len(chunk)
                if length > MAX_OUTPUT:  # thrown in, so that it comes from the template's line
                    generator.throw(TemplateLimitError(f"this template renders more than {MAX_OUTPUT:,} characters"))
                chunks.append(chunk)
        return "".join(chunks)


def _bounded_range(*args: int) -> range:
    """Jinja's capped range, with a message that says what to do."""
    try:
        return safe_range(*args)
    except OverflowError:
        raise TemplateLimitError(
            f"range({', '.join(map(str, args))}) counts more than {MAX_RANGE:,} numbers, the most a template may"
        ) from None


def _product_size(operator: str, left: Any, right: Any) -> int:
    """How big `left operator right` would be, without computing it (0: no concern)."""
    if operator == "*":
        sized, count = (left, right) if isinstance(right, int) else (right, left)
        if isinstance(count, int) and hasattr(sized, "__len__"):
            return len(sized) * count
    if operator == "**" and isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1:
        return int(right * math.log10(abs(left))) + 1  # digits of the result
    return 0


def _address_space() -> int | None:
    """This process's virtual memory size in bytes (Linux), None where it cannot be read."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


@contextlib.contextmanager
def memory_cap(headroom: int = MEMORY_HEADROOM):
    """Let the address space grow by at most headroom (Linux); elsewhere a no-op."""
    try:
        import resource
    except ImportError:  # Windows
        yield
        return
    size = _address_space()
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = None if size is None else size + headroom
    if cap is not None and hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if cap is None or (soft != resource.RLIM_INFINITY and soft <= cap):
        yield  # no reading, or a tighter limit already
        return
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def memory_cap_works() -> bool:
    """Whether memory_cap really limits anything here (tests of huge values need it)."""
    try:
        import resource  # noqa: F401
    except ImportError:
        return False
    return _address_space() is not None
