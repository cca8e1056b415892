"""Options several commands share, each parsed once by the function the library (and the kit
file) checks it with, so a bad value gets the same message and exit code (2) everywhere.

Papers and card sizes come from data/layouts/sizes.yaml, which a user may edit: they are read
when a value is parsed, completed or listed in --help, never at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import typer
from typer.core import TyperCommand

from kolaps_print.cli import values
from kolaps_print.cli.values import card as _card
from kolaps_print.cli.values import offset as _offset
from kolaps_print.cli.values import paper as _paper

T = TypeVar("T")


def parsed_by(parse: Callable[[str], T]) -> Callable[[Any], T | str]:
    """A typer parser: parse's ValueError is a usage error (exit 2) with its message. When the
    data behind the choices (sizes.yaml) is broken, the value passes unchecked: the command's
    job reads that file again and reports it, located (exit 1), and completion stays quiet."""

    def parser(value: Any) -> T | str:
        # typer checks a value with pydantic: this error keeps the message as it is (no "Value error, ").
        from pydantic_core import PydanticCustomError

        from kolaps_print.diagnostics import KolapsError

        if not isinstance(value, str):  # a default already parsed
            return value
        try:
            return parse(value)
        except ValueError as exc:
            raise PydanticCustomError("kolaps_choice", "{message}", {"message": str(exc)}) from None
        except KolapsError:  # a broken sizes.yaml: the command reads it again and reports it, located
            return value

    return parser


def _papers() -> tuple[str, ...]:
    from kolaps_print.layout.sheets import paper_names

    return paper_names()


def _cards() -> tuple[str, ...]:
    from kolaps_print.layout.sheets import card_names

    return card_names()


def _completion(names: Callable[[], tuple[str, ...]]) -> Callable[[str], list[str]]:
    def complete(incomplete: str) -> list[str]:
        from kolaps_print.diagnostics import KolapsError

        try:
            return [n for n in names() if n.startswith(incomplete.lower())]
        except KolapsError:  # a broken sizes.yaml: nothing to offer; the command will say why
            return []

    return complete


# Placeholder metavars, replaced by the data's names when --help is shown.
_LISTED = {"PAPER": _papers, "CARD": lambda: (*_cards(), "WxH")}


class DataChoicesCommand(TyperCommand):
    """A command whose --help lists choices read from the data folder (papers, card sizes)."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        from kolaps_print.diagnostics import KolapsError

        for param in self.params:
            names = _LISTED.get(param.metavar or "")
            if names is None:
                continue
            try:
                param.metavar = "<" + "|".join(names()) + ">"
            except KolapsError:  # a broken sizes.yaml: help still shows; the command will say what is wrong
                pass
        super().format_help(ctx, formatter)


def choice_option(default: str, name: str, choices: Any, help: str) -> Any:
    """An option offering a Literal of layout.choices: listed in --help by typer, checked by
    one_of (the kit file's check), so its message reads like --paper's."""
    from typing import get_args

    from kolaps_print.layout.choices import one_of

    allowed = get_args(choices)
    return typer.Option(
        default,
        name,
        parser=parsed_by(lambda value: one_of(value, allowed)),
        autocompletion=_completion(lambda: allowed),
        help=help,
    )


def paper_option(help: str = "Paper size (data/layouts/sizes.yaml).") -> Any:
    return typer.Option(
        values.PAPER,
        "--paper",
        parser=parsed_by(_paper),
        metavar="PAPER",
        autocompletion=_completion(_papers),
        help=help,
    )


def card_option(help: str) -> Any:
    return typer.Option(
        values.CARD, "--card", parser=parsed_by(_card), metavar="CARD", autocompletion=_completion(_cards), help=help
    )


def offset_option(help: str) -> Any:
    return typer.Option(values.BACK_OFFSET, "--back-offset", parser=parsed_by(_offset), metavar="X,Y", help=help)


def _ruleset(value: str) -> str:
    from kolaps_print.model.ruleset_choice import ruleset_ids, unknown_ruleset

    known = ruleset_ids()
    if value not in known:
        raise ValueError(unknown_ruleset(value, known))
    return value


def _rulesets() -> tuple[str, ...]:
    from kolaps_print.model.ruleset_choice import ruleset_ids

    return tuple(ruleset_ids())


_LISTED["RULESET"] = _rulesets


def ruleset_option(help: str) -> Any:
    """--ruleset: kolaps or a folder of data/rulesets/ (a typo: exit 2, with a did-you-mean)."""
    return typer.Option(
        None,
        "--ruleset",
        parser=parsed_by(_ruleset),
        metavar="RULESET",
        autocompletion=_completion(_rulesets),
        help=help,
    )
