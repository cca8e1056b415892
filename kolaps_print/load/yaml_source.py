"""Safe YAML loading that remembers line and column of every value.

PyYAML is used at the node level (compose) so that nothing is ever constructed from a tag
(no !!python/...), duplicate keys are caught (PyYAML keeps the last one silently), and the
cost of a file is bounded: its size in bytes (input_file) before it is read, its number of
values as they are read, and how much its aliases multiply them (an alias bomb is refused at once).
A well-formed file without aliases is read from the parser's events instead (_EventBuilder):
the same data and marks without holding the node tree; anything unusual is read again by the
node reader, whose messages are the documented ones.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import unicodedata
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import (
    CollectionStartEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from kolaps_print import collector
from kolaps_print.diagnostics import Diagnostic, KolapsError, Severity, format_path, shown
from kolaps_print.load.input_file import decode_utf8, read_input

MAX_VALUES = 1_000_000  # values (keys, texts, numbers, lists, mappings) a file may hold: ~300 MB once read
ALIAS_RATIO = 10  # aliases may make a file at most this many times larger than written...
ALIAS_ALLOWANCE = 1_000  # ...or this many values, so a small file may reuse a list freely
MAX_NUMBER_CHARS = 40  # no game value is written longer; 0x + 5000 digits would only cost time
MAX_CHARACTER_REPORTS = 1_000  # forbidden characters located one by one; past this, counted
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MERGE_TAG = "tag:yaml.org,2002:merge"
_STR_TAG = "tag:yaml.org,2002:str"
_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
# What the models read; anything else a tag can build (bytes from !!binary) is refused.
_PLAIN_TYPES = (str, int, float, bool, type(None), dt.date)
# libyaml's parser when present: same nodes and marks, four times faster on big armies.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CHUNK = 4096  # marks the event reader holds in lists before it moves them into arrays
_REFUSED = object()  # stands for a value the builder refused (its message is in problems)
_UNSEEN = object()  # a form the event reader has not read yet


class Mark(NamedTuple):  # a tuple: one is made for every value, 90,000 in a big army
    line: int  # 1-based
    col: int  # 1-based


class CompactMarks:
    """Where each value and key of a file was written, in reading order, without a path tuple
    per value: the dicts by path (value_marks, key_marks) cost 25 MiB at 10,000 characters
    and are made only when a message needs a mark (most runs have none)."""

    def __init__(self) -> None:
        self.parents = array("i")  # the index of each value's mapping or list; -1: the root (MAX_VALUES fits)
        self.steps: list = []  # the key or list index from the parent to the value
        self.values = array("Q")  # each value's packed mark
        self.keys = array("Q")  # its key's packed mark; 0: a list item or the root

    def add(self, parent: int, step: Any, value_mark: int, key_mark: int) -> int:
        """A value met in reading order; its index (the parent of what it holds)."""
        self.parents.append(parent)
        self.steps.append(step)
        self.values.append(value_mark)
        self.keys.append(key_mark)
        return len(self.values) - 1

    def by_path(self) -> tuple[dict[tuple, int], dict[tuple, int]]:
        """(value marks, key marks) by path, in reading order, as the node reader makes them."""
        paths: list[tuple] = []
        value_marks: dict[tuple, int] = {}
        key_marks: dict[tuple, int] = {}
        for parent, step, value, key in zip(self.parents, self.steps, self.values, self.keys, strict=True):
            path = () if parent < 0 else paths[parent] + (step,)
            paths.append(path)
            if key:
                key_marks[path] = key
            value_marks.setdefault(path, value)
        return value_marks, key_marks


@dataclass
class SourceDocument:
    """Plain Python data plus where each part of it was written."""

    file: str
    data: Any
    # line * _PACKED + column per path, in one int: a Mark tuple and its two ints for each of
    # 220,000 values cost 20 MiB more at 10,000 characters
    _value_marks: dict[tuple, int] = field(default_factory=dict, repr=False)
    _key_marks: dict[tuple, int] = field(default_factory=dict, repr=False)
    compact: CompactMarks | None = field(default=None, repr=False)  # the event reader's, until asked by path

    @property
    def value_marks(self) -> dict[tuple, int]:
        self._by_path()
        return self._value_marks

    @property
    def key_marks(self) -> dict[tuple, int]:
        self._by_path()
        return self._key_marks

    def _by_path(self) -> None:
        if self.compact is not None:
            self._value_marks, self._key_marks = self.compact.by_path()
            self.compact = None

    def locate(self, path: tuple, at_key: bool = False) -> Mark:
        """The mark of path, or of its nearest written ancestor (a missing key: its parent)."""
        path = tuple(path)
        if at_key and path in self.key_marks:
            return _unpacked(self.key_marks[path])
        while path:
            if path in self.value_marks:
                return _unpacked(self.value_marks[path])
            path = path[:-1]
        return _unpacked(self.value_marks.get((), _PACKED + 1))

    def diagnostic(self, path: tuple, message: str, severity: Severity = "error", at_key: bool = False) -> Diagnostic:
        mark = self.locate(path, at_key)
        return Diagnostic(self.file, mark.line, mark.col, severity, message, format_path(path))


class _Builder:
    def __init__(self, doc: SourceDocument):
        self.doc = doc
        self.in_progress: set[int] = set()
        self.scalars = SafeConstructor()
        self.problems: list[Diagnostic] = []
        # Each text once: an army repeats the same keys, archetypes and weapon ids on every
        # character, and the parser makes a new string for each (a third of a big army's data).
        self.texts: dict[str, str] = {}

    def text(self, value: str) -> str:
        return self.texts.setdefault(value, value)

    def fail(self, node: Node, message: str) -> KolapsError:
        m = node.start_mark
        return KolapsError([Diagnostic(self.doc.file, m.line + 1, m.column + 1, "error", message)])

    def check_size(self, root: Node) -> None:
        """Refuse before building when aliases would multiply the values written more than
        ALIAS_RATIO times (memoised: instant even for a billion laughs)."""
        written = _count_nodes(root)
        limit = min(MAX_VALUES, max(ALIAS_RATIO * written, ALIAS_ALLOWANCE))
        sizes: dict[int, int] = {}

        def size(node: Node) -> int:
            if id(node) in sizes:
                return sizes[id(node)]
            sizes[id(node)] = limit + 1  # a cycle counts as too big; build() names it
            if isinstance(node, ScalarNode):
                total = 1
            elif isinstance(node, SequenceNode):
                total = 1 + sum(size(n) for n in node.value)
            else:
                total = 1 + sum(size(k) + size(v) for k, v in node.value)
            sizes[id(node)] = min(total, limit + 1)
            return sizes[id(node)]

        if size(root) > limit and not self.has_cycle(root):
            raise self.fail(
                root,
                f"aliases expand the {written:,} values written to more than {limit:,} (the limit is "
                f"{ALIAS_RATIO} times the values written): an alias bomb? refusing to load",
            )

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
        self.doc.value_marks.setdefault(path, _packed(node.start_mark))
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if id(node) in self.in_progress:
            return self.refuse(node, "an alias refers to the mapping or list that contains it")
        self.in_progress.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return self.sequence(node, path)
            assert isinstance(node, MappingNode)  # yaml composes scalars, sequences and mappings only
            return self.mapping(node, path)
        finally:
            self.in_progress.discard(id(node))

    def refuse(self, node: Node, message: str) -> Any:
        """Note a problem and go on reading, so one run shows them all; the value is _REFUSED."""
        m = node.start_mark
        self.problems.append(Diagnostic(self.doc.file, m.line + 1, m.column + 1, "error", message))
        return _REFUSED

    def scalar(self, node: ScalarNode) -> Any:
        if node.tag == _STR_TAG:
            return self.text(node.value)  # most values: no constructor call
        if node.tag in _NUMBER_TAGS and len(node.value) > MAX_NUMBER_CHARS:
            return self.refuse(
                node,
                f"'{shown(node.value)}' is too long to be a number (at most {MAX_NUMBER_CHARS} "
                "characters); put it in quotes if it is text",
            )
        try:
            value = self.scalars.construct_object(node, deep=True)
        except ConstructorError:
            return self.refuse(node, _tag_refused(node.tag))
        except (ValueError, TypeError, OverflowError, KeyError, AttributeError, IndexError):
            # how PyYAML's constructors fail on a value its tag does not fit (!!bool "abc")
            return self.refuse(node, f"cannot read '{shown(node.value)}' as {_short_tag(node.tag)}")
        if not isinstance(value, _PLAIN_TYPES):
            return self.refuse(node, _tag_refused(node.tag))
        if isinstance(value, float) and not math.isfinite(value):
            return self.refuse(
                node,
                f"'{shown(node.value)}' is not a finite number (YAML reads it as {value}); write a number such as 5",
            )
        return value

    def sequence(self, node: SequenceNode, path: tuple) -> Any:
        if node.tag != _SEQ_TAG:
            return self.refuse(node, _tag_refused(node.tag))
        return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]

    def mapping(self, node: MappingNode, path: tuple) -> Any:
        if node.tag != _MAP_TAG:
            return self.refuse(node, _tag_refused(node.tag))
        out: dict = {}
        for key_node, value_node in node.value:
            key = self.key(key_node)
            if key is _REFUSED:
                continue
            child = path + (key,)  # one tuple for both marks
            if key in out:
                first = _unpacked(self.doc.key_marks[child])
                self.refuse(
                    key_node, f"duplicate key '{shown(key)}' (first written at line {first.line}, column {first.col})"
                )
                continue
            self.doc.key_marks[child] = _packed(key_node.start_mark)
            out[key] = self.build(value_node, child)
        return out

    def key(self, node: Node) -> Any:
        if node.tag == _MERGE_TAG:
            return self.refuse(node, "merge keys (<<) are not supported; write the values out")
        if not isinstance(node, ScalarNode):
            return self.refuse(node, "a key must be a plain word or number, not a list or mapping")
        key = self.scalar(node)
        if key is not _REFUSED and not isinstance(key, (str, int, bool, float)) and key is not None:
            return str(key)
        return key


class _Unusual(Exception):
    """The event reader met what only the node reader explains (an error, a tag, a duplicate)."""


class _EventBuilder(_Builder):
    """The same data and marks as _Builder, read from the parser's events instead of a node
    tree: a node tree holds every value with two marks at once (80 MiB for a 2 MB army of
    10,000 characters); events go one at a time. Only for well-formed files without aliases:
    on anything else it raises _Unusual, and the node reader reads the file again to say what
    is wrong, with its messages."""

    def __init__(self, doc: SourceDocument, get_event: Callable[[], Any]):
        super().__init__(doc)
        self.get_event = get_event  # the parser's next event, None after the stream's end
        self.resolver = Resolver()  # the one CSafeLoader and SafeLoader use
        self.marks = doc.compact = CompactMarks()
        # An army writes the same few forms again and again (keys, ranks, « 4+ »): each is
        # resolved (the resolver's regular expressions) and constructed once per file.
        self.tags: dict[tuple, str] = {}
        self.constructed: dict[tuple[str, str], Any] = {}
        # What a value or key without a tag reads as, by its text and implicit flags (the tag
        # resolver's input): the same few forms again and again in an army. Without a tag, both
        # parsers flag a plain scalar (True, False) and a quoted one (False, True): the first flag
        # picks the dict (by the text alone: no tuple built and hashed per value).
        self.forms: tuple[dict[str, Any], dict[str, Any]] = ({}, {})
        self.keys: tuple[dict[str, Any], dict[str, Any]] = ({}, {})

    def document(self, require_mapping: bool) -> Any:
        """The file's one document, read in one loop over the events: no call per value or key
        (the reader's own work was as much as libyaml's events, those calls a good part). Values
        are counted as they are read, keys included (what _check_value_count counts for the
        node reader): a file past MAX_VALUES is refused at the first value too many, so no
        more memory than a file at the limit, which is read."""
        get: Callable[[], Any] = self.get_event  # events: attributes read after a test of their class
        if type(get()) is not StreamStartEvent or type(get()) is not DocumentStartEvent:
            raise _Unusual  # an empty file
        root = get()
        if require_mapping and type(root) is not MappingStartEvent:
            raise _Unusual
        marks, packed, unseen, limit, file = self.marks, _PACKED, _UNSEEN, MAX_VALUES, self.doc.file
        # Appended to lists, moved into the marks' arrays a chunk at a time: an array converts
        # each int as it is appended, a third slower than a list and the array made from it.
        parents: list[int] = []
        values: list[int] = []
        keys_at: list[int] = []
        add_parent, add_step, add_value, add_key = parents.append, marks.steps.append, values.append, keys_at.append

        forms, keys = self.forms, self.keys
        at = root.start_mark  # the parsers mark every event; a mark packed as _packed does, inlined
        add_parent(-1), add_step(None), add_value((at.line + 1) * packed + at.column + 1), add_key(0)
        count = 1  # values read, keys included
        bound = min(limit, _CHUNK)  # past it, the marks are flushed or the file refused
        line, base = -1, 0  # the line of the last mark packed, and its packed column 0
        if type(root) is ScalarEvent:  # the parsers make these very classes (a subclass: the node reader)
            data = self.plain_by_form(root) if root.tag is None else self.plain(root)
        else:
            into: Any = self.container(root)  # the list or mapping being filled
            data = into
            index, in_map = 0, type(into) is dict  # its value's number (the parent of what it holds)
            stack: list[tuple[Any, int, bool]] = []  # the lists and mappings that hold it
            while True:
                event = get()
                kind = type(event)
                if in_map:
                    if kind is MappingEndEvent:
                        if not stack:
                            break
                        into, index, in_map = stack.pop()
                        continue
                    count += 1  # a key
                    if count > bound:
                        if count > limit:
                            raise _too_many(event, file)
                        _flush(marks, parents, values, keys_at)
                        bound = min(limit, count + _CHUNK)
                    if kind is not ScalarEvent:
                        raise _Unusual  # a list or mapping as a key, an alias
                    if event.tag is None:  # a key without a tag: read once per form and file
                        forms_of = keys[event.implicit[0]]
                        step = forms_of.get(event.value, unseen)
                        if step is unseen:
                            step = forms_of[event.value] = self.key_of(event)
                    else:
                        step = self.key_of(event)
                    if step is _REFUSED or step in into:
                        raise _Unusual  # the node reader says what is wrong
                    at = event.start_mark
                    if at.line != line:  # _packed, inlined: its line's part made once per line
                        line = at.line
                        base = (line + 1) * packed + 1
                    key_mark = base + at.column
                    event = get()
                    kind = type(event)
                elif kind is SequenceEndEvent:
                    if not stack:
                        break
                    into, index, in_map = stack.pop()
                    continue
                else:
                    step, key_mark = len(into), 0
                # a value, at step of into: its mark comes before those of what it holds
                at = event.start_mark
                if at.line != line:
                    line = at.line
                    base = (line + 1) * packed + 1
                add_parent(index)  # four statements: a line of four calls would build a tuple of their Nones
                add_step(step)
                add_value(base + at.column)
                add_key(key_mark)
                count += 1
                if count > bound:
                    if count > limit:
                        raise _too_many(event, file)
                    _flush(marks, parents, values, keys_at)
                    bound = min(limit, count + _CHUNK)
                if kind is ScalarEvent:
                    if event.tag is None:  # nearly every value: its form alone decides what it reads as
                        value = forms[event.implicit[0]].get(event.value, unseen)
                        if value is unseen:
                            value = self.plain_by_form(event)
                    else:
                        value = self.plain(event)
                    if in_map:
                        into[step] = value
                    else:
                        into.append(value)
                    continue
                value = self.container(event)  # a list or mapping: filled by the events that follow
                if in_map:
                    into[step] = value
                else:
                    into.append(value)
                stack.append((into, index, in_map))
                into, index, in_map = value, len(marks.steps) - 1, type(value) is dict
        _flush(marks, parents, values, keys_at)
        if type(get()) is not DocumentEndEvent or type(get()) is not StreamEndEvent:
            raise _Unusual  # a second document
        return data

    def container(self, event: Any) -> list | dict:
        """The empty list or mapping event starts, or _Unusual: a tag on it, an alias, an event of another class."""
        kind = type(event)
        if kind is SequenceStartEvent and self.tag(event, SequenceNode) == _SEQ_TAG:
            return []
        if kind is MappingStartEvent and self.tag(event, MappingNode) == _MAP_TAG:
            return {}
        raise _Unusual

    def plain_by_form(self, event: yaml.ScalarEvent) -> Any:
        """plain(event) for a value without a tag, read once per form and file: resolving its tag
        and looking its text up were most of reading an army's events."""
        forms_of = self.forms[event.implicit[0]]
        value = forms_of.get(event.value, _UNSEEN)
        if value is _UNSEEN:
            value = forms_of[event.value] = self.plain(event)  # raises _Unusual on a refused value
        return value

    def key_of(self, event: yaml.ScalarEvent) -> Any:
        tag = self.tag(event, ScalarNode)
        return self.text(event.value) if tag == _STR_TAG else self.key(self.node(event, tag))

    def plain(self, event: yaml.ScalarEvent) -> Any:
        tag = self.tag(event, ScalarNode)
        if tag == _STR_TAG:
            return self.text(event.value)
        key = (tag, event.value)
        if key not in self.constructed:  # numbers, booleans, null: values that cannot change
            self.constructed[key] = self.scalar(self.node(event, tag))
        value = self.constructed[key]
        if value is _REFUSED:
            raise _Unusual
        return value

    def node(self, event: yaml.ScalarEvent, tag: str | None = None) -> ScalarNode:
        tag = tag or self.tag(event, ScalarNode)
        return ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)  # type: ignore[arg-type]

    def tag(self, event: yaml.NodeEvent, kind: type) -> str:
        """As the composer resolves it: a value without a tag (or with '!') by its form."""
        tag = getattr(event, "tag", None)
        if tag is None or tag == "!":
            form = (kind, getattr(event, "value", None), event.implicit)  # type: ignore[attr-defined]
            if form not in self.tags:
                self.tags[form] = self.resolver.resolve(*form)
            return self.tags[form]
        return tag


def _from_events(text: str, file: str, require_mapping: bool) -> SourceDocument | None:
    """The document read from the parser's events, or None when the node reader must read it."""
    if "*" in text:  # aliases: values reached twice, the alias checks need the node tree
        return None
    doc = SourceDocument(file=file, data=None)
    try:
        doc.data = _EventBuilder(doc, _event_reader(text)).document(require_mapping)
    except (_Unusual, yaml.YAMLError, RecursionError):
        return None
    except AttributeError:  # the None after the stream's end read as an event: events that never close
        return None  # (neither parser makes them; the node reader would say what is wrong)
    return doc


def _flush(marks: CompactMarks, parents: list[int], values: list[int], keys_at: list[int]) -> None:
    """The event reader's marks gathered in lists moved into marks' arrays (not a closure: the
    loop's count would be a cell, slower to read and write on every value)."""
    marks.parents += array("i", parents)
    marks.values += array("Q", values)
    marks.keys += array("Q", keys_at)
    del parents[:], values[:], keys_at[:]


def _event_reader(text: str) -> Callable[[], Any]:
    """The parser's get_event, called by the reader itself: it answers None after the stream's
    end. yaml.parse's generator also asked check_event before each (~5 % of reading an army's
    30,000 events), and a generator's next() costs more than the call."""
    return _LOADER(text).get_event


def _mark(node: Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


_PACKED = 1 << 32  # columns stay below it: a file is at most input_file.MAX_INPUT_BYTES


def _packed(mark: Any) -> int:  # a yaml.Mark, from the Python or the C parser
    return (mark.line + 1) * _PACKED + mark.column + 1


def _unpacked(packed: int) -> Mark:
    return Mark(*divmod(packed, _PACKED))


def _tag_refused(tag: str) -> str:
    return f"the tag '{shown(tag)}' is not allowed here (only plain YAML data is read)"


def _short_tag(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


def _count_nodes(root: Node) -> int:
    """Values as written: each node once, however many aliases point at it."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, SequenceNode):
            stack += node.value
        elif isinstance(node, MappingNode):
            stack += [n for pair in node.value for n in pair]
    return len(seen)


def _line_col(text: str, at: int) -> tuple[int, int]:
    """1-based line and column (in characters) of text[at]."""
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


# YAML also breaks lines at U+0085, U+2028 and U+2029, which editors do not show as new lines:
# PyYAML's line numbers would then disagree with the editor's, so they are refused too.
_HIDDEN_BREAKS = "\x85\u2028\u2029"
# What YAML forbids (PyYAML's Reader.NON_PRINTABLE: every character but tab, the breaks, printable
# ASCII, U+0085 and U+00A0 on, less the surrogates, U+FFFE and U+FFFF) and the hidden breaks, as
# the characters themselves: compiling PyYAML's negated class took ~9 ms of every run
# (tests/load/test_yaml_source.py checks both give the same characters, all of them tried).
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u2028\u2029]")


def _forbidden_characters(text: str, file: str) -> list[Diagnostic]:
    """Every character YAML forbids (controls, U+FFFE...) or reads as a hidden line break, each
    at its line and column, in one run. A NUL means a binary file: one message is enough."""
    if "\x00" in text:
        line, col = _line_col(text, text.index("\x00"))
        return [Diagnostic(file, line, col, "error", "the file contains a NUL character; is it really YAML?")]
    found: list[Diagnostic] = []
    line, scanned = 1, 0
    for match in _FORBIDDEN.finditer(text):
        at = match.start()
        line, scanned = line + text.count("\n", scanned, at), at  # counted once over the whole text
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        if len(found) == MAX_CHARACTER_REPORTS:
            rest = sum(1 for _ in _FORBIDDEN.finditer(text, at))
            found.append(
                Diagnostic(
                    file,
                    line,
                    col,
                    "error",
                    f"{rest:,} more characters YAML does not allow from here on; is it really a text file?",
                )
            )
            break
        ch = match.group()
        kind = _kind(ch)
        found.append(
            Diagnostic(
                file, line, col, "error", f"the character U+{ord(ch):04X} ({kind}) is not allowed in YAML; delete it"
            )
        )
    return found


def _kind(ch: str) -> str:
    if ch in _HIDDEN_BREAKS:
        return "a line break most editors do not show"
    return "a control character" if unicodedata.category(ch) == "Cc" else "not a character"


def _located(exc: yaml.YAMLError, text: str, file: str) -> Diagnostic:
    """One line, at the problem's place, for any of PyYAML's errors."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        return Diagnostic(file, line, col, "error", f"invalid YAML: {problem}")
    at = getattr(exc, "position", None)
    if isinstance(at, int) and 0 <= at <= len(text):  # a ReaderError counts characters, not lines
        line, col = _line_col(text, at)
        return Diagnostic(file, line, col, "error", f"invalid YAML: {getattr(exc, 'reason', 'unreadable character')}")
    return Diagnostic(file, 1, 1, "error", f"invalid YAML: {' '.join(str(exc).split())}")


def _compose_for_message(text: str, file: str):
    """Parse with PyYAML's Python parser, whose messages are the ones we document and test."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise KolapsError([_located(exc, text, file)]) from None
    except RecursionError:
        raise KolapsError([Diagnostic(file, 1, 1, "error", "invalid YAML: nested too deeply")]) from None


def _check_value_count(text: str, file: str) -> None:
    """Refuse a file of more than MAX_VALUES values before the node reader builds its tree (the
    event reader counts as it reads). A value takes two characters at least, so only long files
    are counted; the parser's events are not kept."""
    if len(text) <= 2 * MAX_VALUES:
        return
    count = 0
    try:
        for event in yaml.parse(text, Loader=_LOADER):
            count += isinstance(event, (ScalarEvent, CollectionStartEvent))
            if count > MAX_VALUES:
                raise _too_many(event, file)
    except yaml.YAMLError:
        return  # the parse that follows reports it, located


def _too_many(event: yaml.Event, file: str) -> KolapsError:
    """The file's values past MAX_VALUES, at the first one too many."""
    mark = event.start_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)  # the parser marks every event
    message = (
        f"the file holds more than {MAX_VALUES:,} values (keys, texts, numbers, lists), "
        "the limit that keeps reading it within memory"
    )
    return KolapsError([Diagnostic(file, line, col, "error", message)])


def parse_yaml(text: str, file: str, require_mapping: bool = True) -> SourceDocument:
    """Parse YAML text into a SourceDocument, raising KolapsError with a located message."""
    forbidden = _forbidden_characters(text, file)
    if forbidden:
        raise KolapsError(forbidden)
    with collector.paused():  # one node per value, all kept to the end, no cycles
        return _parse(text, file, require_mapping)


def _parse(text: str, file: str, require_mapping: bool) -> SourceDocument:
    read = _from_events(text, file, require_mapping)
    if read is not None:
        return read
    _check_value_count(text, file)
    doc = SourceDocument(file=file, data=None)
    try:
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError:
        root = _compose_for_message(text, file)  # libyaml failed: let the Python parser explain
    if root is None:
        raise KolapsError(
            [Diagnostic(file, 1, 1, "error", "the file is empty; expected a mapping such as 'name: ...'")]
        )
    if require_mapping and not isinstance(root, MappingNode):
        m = _mark(root)
        raise KolapsError(
            [
                Diagnostic(
                    file,
                    m.line,
                    m.col,
                    "error",
                    "the top level must be a mapping of keys ('name: ...'), not a list or a single value",
                )
            ]
        )
    try:
        builder = _Builder(doc)
        if "*" in text:  # no alias without a '*': a file without one cannot expand
            builder.check_size(root)
        doc.data = builder.build(root, ())
    except RecursionError:
        raise KolapsError([Diagnostic(file, 1, 1, "error", "invalid YAML: nested too deeply")]) from None
    if builder.problems:
        raise KolapsError(builder.problems)
    return doc


def load_yaml(path: Path | str, display: str | None = None, require_mapping: bool = True) -> SourceDocument:
    """Read and parse a YAML file; display is the name used in messages. Only a regular file
    of at most input_file.MAX_INPUT_BYTES is read (no device, FIFO or folder)."""
    file = display or str(path)
    return parse_yaml(decode_utf8(read_input(path, file), file), file, require_mapping)
