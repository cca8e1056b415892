"""Located messages for the user, GCC style: FILE:LINE:COL: error: path: message."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One message about an input: where it is, how grave, what it says."""

    file: str
    line: int  # 1-based
    col: int  # 1-based
    severity: Severity
    message: str
    path: str = ""

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        return f"{self.file}:{self.line}:{self.col}: {self.severity}: {where}{self.message}"

    def as_json(self) -> dict[str, str | int]:
        """The fields `check --json` prints, named for tools (column, not col)."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.col,
            "severity": self.severity,
            "path": self.path,
            "message": self.message,
        }

    def as_error(self, note: str = "") -> Diagnostic:
        """The same place and message as an error (--strict); note is appended to the message."""
        return replace(self, severity="error", message=self.message + note)


class KolapsError(Exception):
    """Bad user input: carries every diagnostic found. The CLI maps it to exit code 1."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = sorted(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


def fail_on_warnings(warnings: Iterable[Diagnostic], strict: bool, note: str = "") -> None:
    """With --strict, warnings are errors: raise them as one KolapsError (nothing gets written)."""
    warnings = list(warnings)
    if strict and warnings:
        raise KolapsError([w.as_error(note) for w in warnings])


@dataclass
class Report:
    """Diagnostics collected across a run; errors stop the run, warnings do not."""

    items: list[Diagnostic] = field(default_factory=list)
    _seen: set[Diagnostic] = field(default_factory=set, repr=False)  # a set: 30,000 messages stay linear

    def add(self, diagnostic: Diagnostic) -> None:
        if diagnostic not in self._seen:
            self._seen.add(diagnostic)
            self.items.append(diagnostic)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        for d in diagnostics:
            self.add(d)

    @property
    def errors(self) -> list[Diagnostic]:
        return sorted(d for d in self.items if d.severity == "error")

    @property
    def warnings(self) -> list[Diagnostic]:
        return sorted(d for d in self.items if d.severity == "warning")

    def raise_if_errors(self) -> None:
        if self.errors:
            raise KolapsError(self.errors + self.warnings)


def shown(value: object, limit: int = 80) -> str:
    """A value as a message quotes it: one line (control characters escaped), at most limit
    characters (a 5000-digit number or a pasted page would drown the message)."""
    text = value if isinstance(value, str) else _int_text(value) if isinstance(value, int) else repr(value)
    text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _int_text(value: int) -> str:
    # str() of an int past 4300 digits raises ValueError: never let a message do that.
    return str(value) if value.bit_length() < 200 else f"a {value.bit_length()}-bit number"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' when a close match exists, else ''. Case does not count in the
    comparison (ids are short: 'D12' is as far from 'd12' as 'x12'), only in the choice named."""
    from difflib import get_close_matches  # only for a message: not imported by a run that has none

    folded: dict[str, str] = {}
    for choice in choices:
        folded.setdefault(str(choice).casefold(), str(choice))
    match = get_close_matches(str(word).casefold(), list(folded), n=1, cutoff=0.75)
    return f" (did you mean '{folded[match[0]]}'?)" if match else ""


def display_path(path: Path | str) -> str:
    """A file as messages name it: relative to the working folder when inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def format_path(path: tuple) -> str:
    """('characters', 1, 'weapons', 0) -> 'characters[1].weapons[0]'."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out
