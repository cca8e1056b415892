"""`cards ARMY` and `check FILE...` run without typer (issue 15: typer's import and the pydantic
adapter it builds for each of a command's parameters were ~0.17 s of a 0.7 s `cards`).

Only a plain command line is taken: the army (or army files), -o/--output, --strict, and for
`cards` --paper, --card, --layout, --flip and --edition (for `check`, --json), each at most once
with its value as the next word, every value one typer would accept (parsed by the same
functions: cli/values.py, layout/choices.one_of), on UTF-8 streams, no shell completion. It is
then run by the very code typer's command calls (card_run.py, check_run.py), with the defaults
typer gives. Anything else — help, a usage error, an option not listed, a value that does not
parse, an option check that fails — returns False before printing anything, and typer runs the
command line as before, with its messages.
"""

from __future__ import annotations

import os
import sys

from kolaps_print.cli.replayed import _utf8

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CARD_VALUES = {
    "-o": "output",
    "--output": "output",
    "--paper": "paper",
    "--card": "card",
    "--layout": "layout",
    "--flip": "flip",
    "--edition": "edition",
}
FLAGS = {"cards": {"--strict": "strict"}, "check": {"--strict": "strict", "--json": "as_json"}}


def run(argv: list[str]) -> bool:
    """Run argv without typer if it is a plain `cards` or `check` of files; False if it is not
    (nothing was printed or written)."""
    if argv[:1] not in (["cards"], ["check"]) or any(n.startswith("_KOLAPS_PRINT_COMPLETE") for n in os.environ):
        return False
    if not _utf8(sys.stdout) or not _utf8(sys.stderr):  # typer's echo re-wraps other streams
        return False
    command = argv[0]
    words = _words(argv[1:], CARD_VALUES if command == "cards" else {}, FLAGS[command])
    if words is None:
        return False
    positional, named = words
    from kolaps_print import resources

    try:
        with resources.data_folder_found_once():
            return (_check if command == "check" else _cards)(positional, named)
    except KeyboardInterrupt:  # outside the job (which says it was interrupted): typer's exit code
        raise SystemExit(130) from None
    except BrokenPipeError:  # stdout closed under the summary: as typer, quietly, exit 1
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None


def _words(words: list[str], valued: dict[str, str], flags: dict[str, str]) -> tuple[list[str], dict[str, Any]] | None:
    """The positional words and the options by name; None for anything not plain (see above)."""
    positional: list[str] = []
    named: dict[str, Any] = {}
    rest = iter(words)
    for word in rest:
        value: Any = True
        if word in valued:
            value, name = next(rest, None), valued[word]
            if value is None or value.startswith("-") or not value.strip():
                return None
        elif word in flags:
            name = flags[word]
        elif word.startswith("-") or not word:
            return None
        else:
            positional.append(word)
            continue
        if name in named:
            return None
        named[name] = value
    return positional, named


def _cards(positional: list[str], named: dict[str, Any]) -> bool:
    from pathlib import Path
    from typing import get_args

    from kolaps_print.cli import card_run, values
    from kolaps_print.diagnostics import KolapsError
    from kolaps_print.jobs.card_options import CardOptions
    from kolaps_print.layout.choices import Flip, Layout, one_of
    from kolaps_print.model.choices import Edition

    if len(positional) != 1:
        return False
    try:
        options = CardOptions(
            card=values.card(named.get("card", values.CARD)),
            paper=values.paper(named.get("paper", values.PAPER)),
            layout=one_of(named.get("layout", values.LAYOUT), get_args(Layout)),  # type: ignore[arg-type]  # one of them
            flip=one_of(named.get("flip", values.FLIP), get_args(Flip)),  # type: ignore[arg-type]
            back_offset=values.offset(values.BACK_OFFSET),
            edition=one_of(named.get("edition", values.EDITION), get_args(Edition)),  # type: ignore[arg-type]
        )
        options.check()
    except (ValueError, KolapsError):  # typer says what is wrong, as it did
        return False
    output = named.get("output")
    card_run.write_pdf(
        Path(positional[0]), None if output is None else Path(output), options, named.get("strict", False)
    )
    return True


def _check(positional: list[str], named: dict[str, Any]) -> bool:
    from pathlib import Path

    from kolaps_print.cli import check_run

    if not positional:
        return False
    check_run.report([Path(p) for p in positional], named.get("strict", False), named.get("as_json", False), None)
    return True
