"""What every command shares: running a library call and mapping its errors to exit codes.

Imports no typer (a `cards` or `check` run may go without it: cli/quick.py): messages are
written as typer's echo writes them, and an exit is a SystemExit, which typer lets through as
its own Exit would be (the same code).
"""

from __future__ import annotations

import re
import signal
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, TypeVar

from kolaps_print.diagnostics import Diagnostic, KolapsError

T = TypeVar("T")
EXIT_INVALID = 1
EXIT_INTERNAL = 70


@dataclass
class State:
    """What the command line asked of every command (--debug)."""

    debug: bool = False


STATE = State()


_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")  # the styles typer's echo strips off a stream that is no terminal


def echo(message: str, err: bool = False) -> None:
    """message and a newline on stdout (stderr with err): typer's echo when typer runs the
    command; else (cli/quick.py, only on UTF-8 streams) what that echo writes to them: one
    write, flushed, without styles off a terminal."""
    typer = sys.modules.get("typer")
    if typer is not None:  # it also re-wraps a stream with a poor encoding
        typer.echo(message, err=err)
        return
    stream = sys.stderr if err else sys.stdout
    if "\033" in message and not stream.isatty():
        message = _ANSI.sub("", message)
    stream.write(message + "\n")
    stream.flush()


def echo_err(message: str) -> None:
    echo(message, err=True)


MAX_PRINTED = 200  # past this many messages a terminal scrolls them away: the rest are counted


def print_diagnostics(diagnostics: list[Diagnostic]) -> None:
    for d in diagnostics[:MAX_PRINTED]:
        echo_err(str(d))
    rest = diagnostics[MAX_PRINTED:]
    if rest:
        errors = sum(d.severity == "error" for d in rest)
        counts = [
            f"{n:,} more {kind}{'s' if n > 1 else ''}"
            for n, kind in ((errors, "error"), (len(rest) - errors, "warning"))
            if n
        ]
        echo_err(f"... and {' and '.join(counts)}")


def invalid(exc: KolapsError) -> NoReturn:
    """Bad input: its located messages, exit 1 (also for an option checked against a data file)."""
    print_diagnostics(exc.diagnostics)
    errors = sum(d.severity == "error" for d in exc.diagnostics)
    echo_err(f"kolaps-print: {errors} error(s); nothing was written")
    raise SystemExit(EXIT_INVALID) from None


def run(job: Callable[[], T]) -> T:
    """Call job; bad input exits 1 with its located messages, a bug exits 70 with a hint."""
    try:
        return job()
    except KolapsError as exc:
        invalid(exc)
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM/SIGHUP while writing (write.scratch)
        signum = getattr(exc, "signum", signal.SIGINT)
        echo_err(f"kolaps-print: {'interrupted' if signum == signal.SIGINT else 'terminated'}; nothing was written")
        raise SystemExit(128 + signum) from None
    except OSError as exc:  # the output policy's refusals, a full disk...: about a path
        echo_err(f"{exc.filename}: error: {exc.strerror or exc}" if exc.filename else f"kolaps-print: error: {exc}")
        echo_err("kolaps-print: nothing was written")
        raise SystemExit(EXIT_INVALID) from None
    except Exception as exc:
        report_bug(exc)
        raise SystemExit(EXIT_INTERNAL) from None


def report_bug(exc: Exception) -> None:
    """A bug: one line, the traceback only on request (--debug)."""
    if STATE.debug:
        traceback.print_exception(exc, file=sys.stderr)
    echo_err(f"kolaps-print: internal error: {type(exc).__name__}: {exc}")
    if not STATE.debug:
        echo_err("hint: this is a bug in kolaps-print; run again with --debug and report the traceback")


def output_option(help: str):
    """-o/--output for every command. Typed str, not Path: Path("") is ".", and an empty -o
    (an unset shell variable) is a usage error, not the current folder."""
    import typer

    return typer.Option(None, "-o", "--output", help=help, callback=_output_path)


def _output_path(value: str | None) -> Path | None:
    if value is None:
        return None
    if not value.strip():
        import typer

        raise typer.BadParameter("empty path: give the file (or, for kit, the folder) to write")
    return Path(value)


def finish(warnings: list[Diagnostic], strict: bool) -> None:
    """Print warnings; with --strict they fail the run (exit 1)."""
    print_diagnostics(warnings)
    if strict and warnings:
        echo_err(f"kolaps-print: {len(warnings)} warning(s) treated as errors (--strict)")
        raise SystemExit(EXIT_INVALID)
