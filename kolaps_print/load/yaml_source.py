"""Safe YAML loading that remembers line and column of every value.

PyYAML is used at the node level (compose) so that nothing is ever constructed from a tag
(no !!python/...), duplicate keys are caught (PyYAML keeps the last one silently), and alias
expansion is bounded (an alias bomb is refused long before it exhausts memory).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from kolaps_print.diagnostics import Diagnostic, KolapsError, format_path

MAX_NODES = 200_000  # far above any real army, far below an alias bomb
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MERGE_TAG = "tag:yaml.org,2002:merge"
# libyaml's parser when present: same nodes and marks, four times faster on big armies.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Mark:
    line: int  # 1-based
    col: int  # 1-based


@dataclass
class SourceDocument:
    """Plain Python data plus where each part of it was written."""

    file: str
    data: Any
    value_marks: dict[tuple, Mark] = field(default_factory=dict)
    key_marks: dict[tuple, Mark] = field(default_factory=dict)

    def locate(self, path: tuple, at_key: bool = False) -> Mark:
        """The mark of path, or of its nearest written ancestor (a missing key: its parent)."""
        path = tuple(path)
        if at_key and path in self.key_marks:
            return self.key_marks[path]
        while path:
            if path in self.value_marks:
                return self.value_marks[path]
            path = path[:-1]
        return self.value_marks.get((), Mark(1, 1))

    def diagnostic(
        self, path: tuple, message: str, severity: str = "error", at_key: bool = False
    ) -> Diagnostic:
        mark = self.locate(path, at_key)
        return Diagnostic(self.file, mark.line, mark.col, severity, message, format_path(path))


class _Builder:
    def __init__(self, doc: SourceDocument):
        self.doc = doc
        self.in_progress: set[int] = set()
        self.scalars = SafeConstructor()

    def fail(self, node: Node, message: str) -> KolapsError:
        m = node.start_mark
        return KolapsError([Diagnostic(self.doc.file, m.line + 1, m.column + 1, "error", message)])

    def check_size(self, root: Node) -> None:
        """Refuse before building when aliases would expand past MAX_NODES (memoised: instant)."""
        sizes: dict[int, int] = {}

        def size(node: Node) -> int:
            if id(node) in sizes:
                return sizes[id(node)]
            sizes[id(node)] = MAX_NODES + 1  # a cycle counts as too big; build() names it
            if isinstance(node, ScalarNode):
                total = 1
            elif isinstance(node, SequenceNode):
                total = 1 + sum(size(n) for n in node.value)
            else:
                total = 1 + sum(size(k) + size(v) for k, v in node.value)
            sizes[id(node)] = min(total, MAX_NODES + 1)
            return sizes[id(node)]

        if size(root) > MAX_NODES and not self.has_cycle(root):
            raise self.fail(root, "too many values once aliases are expanded (an alias bomb?); refusing to load")

    def has_cycle(self, root: Node) -> bool:
        done: set[int] = set()
        active: set[int] = set()

        def visit(node: Node) -> bool:
            if isinstance(node, ScalarNode) or id(node) in done:
                return False
            if id(node) in active:
                return True
            active.add(id(node))
            children = node.value if isinstance(node, SequenceNode) else [v for _, v in node.value]
            found = any(visit(c) for c in children)
            active.discard(id(node))
            done.add(id(node))
            return found

        return visit(root)

    def build(self, node: Node, path: tuple) -> Any:
        self.doc.value_marks.setdefault(path, _mark(node))
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if id(node) in self.in_progress:
            raise self.fail(node, "an alias refers to the mapping or list that contains it")
        self.in_progress.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return self.sequence(node, path)
            return self.mapping(node, path)
        finally:
            self.in_progress.discard(id(node))

    def scalar(self, node: ScalarNode) -> Any:
        try:
            return self.scalars.construct_object(node, deep=True)
        except ConstructorError:
            raise self.fail(node, f"the tag '{node.tag}' is not allowed here (only plain YAML data is read)") from None
        except (ValueError, TypeError, OverflowError):
            raise self.fail(node, f"cannot read the value '{node.value}'") from None

    def sequence(self, node: SequenceNode, path: tuple) -> list:
        if node.tag != _SEQ_TAG:
            raise self.fail(node, f"the tag '{node.tag}' is not allowed here (only plain YAML data is read)")
        return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]

    def mapping(self, node: MappingNode, path: tuple) -> dict:
        if node.tag != _MAP_TAG:
            raise self.fail(node, f"the tag '{node.tag}' is not allowed here (only plain YAML data is read)")
        out: dict = {}
        for key_node, value_node in node.value:
            key = self.key(key_node)
            if key in out:
                first = self.doc.key_marks[path + (key,)]
                raise self.fail(
                    key_node, f"duplicate key '{key}' (first written at line {first.line}, column {first.col})"
                )
            self.doc.key_marks[path + (key,)] = _mark(key_node)
            out[key] = self.build(value_node, path + (key,))
        return out

    def key(self, node: Node) -> Any:
        if node.tag == _MERGE_TAG:
            raise self.fail(node, "merge keys (<<) are not supported; write the values out")
        if not isinstance(node, ScalarNode):
            raise self.fail(node, "a key must be a plain word or number, not a list or mapping")
        key = self.scalar(node)
        if not isinstance(key, (str, int, bool, float)) and key is not None:
            return str(key)
        return key


def _mark(node: Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


def _decode(raw: bytes, file: str) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        raise KolapsError(
            [Diagnostic(file, line, col, "error", f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8")]
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise KolapsError([Diagnostic(file, line, 1, "error", "the file contains a NUL character; is it really YAML?")])
    return text.removeprefix("\ufeff")


def _compose_for_message(text: str, file: str):
    """Parse with PyYAML's Python parser, whose messages are the ones we document and test."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        raise KolapsError([Diagnostic(file, line, col, "error", f"invalid YAML: {problem}")]) from None
    except yaml.YAMLError as exc:
        raise KolapsError([Diagnostic(file, 1, 1, "error", f"invalid YAML: {exc}")]) from None
    except RecursionError:
        raise KolapsError([Diagnostic(file, 1, 1, "error", "invalid YAML: nested too deeply")]) from None


def parse_yaml(text: str, file: str, require_mapping: bool = True) -> SourceDocument:
    """Parse YAML text into a SourceDocument, raising KolapsError with a located message."""
    doc = SourceDocument(file=file, data=None)
    try:
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError:
        root = _compose_for_message(text, file)  # libyaml failed: let the Python parser explain
    if root is None:
        raise KolapsError([Diagnostic(file, 1, 1, "error", "the file is empty; expected a mapping such as 'name: ...'")])
    if require_mapping and not isinstance(root, MappingNode):
        m = _mark(root)
        raise KolapsError(
            [Diagnostic(file, m.line, m.col, "error", "the top level must be a mapping of keys ('name: ...'), not a list or a single value")]
        )
    try:
        builder = _Builder(doc)
        builder.check_size(root)
        doc.data = builder.build(root, ())
    except RecursionError:
        raise KolapsError([Diagnostic(file, 1, 1, "error", "invalid YAML: nested too deeply")]) from None
    return doc


def load_yaml(path: Path | str, display: str | None = None, require_mapping: bool = True) -> SourceDocument:
    """Read and parse a YAML file; display is the name used in messages."""
    path = Path(path)
    file = display or str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise KolapsError([Diagnostic(file, 1, 1, "error", "no such file")]) from None
    except IsADirectoryError:
        raise KolapsError([Diagnostic(file, 1, 1, "error", "this is a folder, not a YAML file")]) from None
    except OSError as exc:
        raise KolapsError([Diagnostic(file, 1, 1, "error", f"cannot read the file: {exc.strerror}")]) from None
    return parse_yaml(_decode(raw, file), file, require_mapping)
