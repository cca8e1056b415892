"""The chapters' compiled templates, kept for the process and in the user's cache folder.

Jinja compiling the 13 chapters (lexing, parsing, its code generator, Python's compile) was
the largest fixed cost of a rulebook or kit build that was ours to save. Jinja's loader asks
its bytecode cache for a template's code object before compiling and hands it what it
compiled: this is that cache. It keeps the code objects for the process (a --watch rebuild
compiles again only the chapters that were edited) and on disk (disk_cache: the user's private
folder, never a data or templates folder), so a new process does not compile unchanged
chapters again.

Templates are untrusted input, and a compiled template is code: an entry is only ever read
from our own private cache folder, and it answers only for its key, which covers the exact
text of the template (SHA-256), its name and file, the environment's options that change the
code (delimiters, whitespace, the sandbox's class, its code generator that counts every loop,
its intercepted operators), and the versions of Jinja, Python and every file of kolaps-print.
The sandbox still applies to cached code: its checks are made when the code runs (attribute
access, calls, the intercepted `*` and `**`, the loop steps the code generator put in).
Entries are our own format (no pickle: Jinja's own Bucket format pickles its checksum).
"""

from __future__ import annotations

import hashlib
import sys
from types import CodeType

import jinja2
from jinja2.bccache import Bucket

from kolaps_print import disk_cache

FORMAT = b"kolaps-jinja 1\n"  # then the key and a newline, then the marshalled code
SUFFIX = "jinja"
KEPT = 256  # entries kept, the last used: every chapter of every book, each a few times edited


def _environment_options(environment: jinja2.Environment) -> tuple:
    """What an environment compiles differently with (its filters and globals are looked up by
    name when the code runs)."""
    if not isinstance(environment.autoescape, bool):
        raise TypeError("a template cache needs a plain autoescape setting")
    return (
        f"{type(environment).__module__}.{type(environment).__qualname__}",
        f"{environment.code_generator_class.__module__}.{environment.code_generator_class.__qualname__}",
        sorted(getattr(environment, "intercepted_binops", ())),
        sorted(getattr(environment, "intercepted_unops", ())),
        environment.block_start_string,
        environment.block_end_string,
        environment.variable_start_string,
        environment.variable_end_string,
        environment.comment_start_string,
        environment.comment_end_string,
        environment.line_statement_prefix,
        environment.line_comment_prefix,
        environment.trim_blocks,
        environment.lstrip_blocks,
        environment.newline_sequence,
        environment.keep_trailing_newline,
        environment.optimized,
        environment.autoescape,
        sorted(environment.extensions),
    )


def template_key(environment: jinja2.Environment, name: str, filename: str | None, source: str) -> str:
    """The SHA-256 an entry of this compiled template is named and checked by."""
    digest = hashlib.sha256(FORMAT)
    parts = (jinja2.__version__, sys.version, disk_cache.package_state(), name, filename)
    for part in (*parts, *_environment_options(environment)):
        digest.update(f"{part}\0".encode())
    digest.update(hashlib.sha256(source.encode("utf-8")).digest())
    return digest.hexdigest()


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja's bytecode cache with our key (template_key, carried as the bucket's checksum)
    and our entries: one code object per template kept for the process, every one on disk."""

    def __init__(self) -> None:
        self._code: dict[str, tuple[str, CodeType]] = {}  # Jinja's key (name, file) -> (our key, code)

    def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None, source: str) -> Bucket:
        bucket = Bucket(
            environment, self.get_cache_key(name, filename), template_key(environment, name, filename, source)
        )
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = self._code.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]
            return
        code = _read(bucket.checksum)
        if code is not None:
            bucket.code = code
            self._code[bucket.key] = (bucket.checksum, code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is None:
            return
        self._code[bucket.key] = (bucket.checksum, bucket.code)
        _write(bucket.checksum, bucket.code)


def _read(key: str) -> CodeType | None:
    code = disk_cache.read_marshalled(FORMAT, key, SUFFIX)  # cut short or corrupt: compiled again, written again
    return code if type(code) is CodeType else None


def _write(key: str, code: CodeType) -> None:
    disk_cache.write_marshalled(FORMAT, key, SUFFIX, KEPT, code)
