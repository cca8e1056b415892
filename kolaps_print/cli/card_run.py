"""`cards` to a PDF once its options are parsed and checked: by typer (cli/cards.py) or, for a
plain command line, without it (cli/quick.py). Imports no typer."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from kolaps_print.cli import common

if TYPE_CHECKING:
    from pathlib import Path

    from kolaps_print.jobs.card_options import CardOptions


def write_pdf(army: Path, output: Path | str | None, options: CardOptions, strict: bool) -> None:
    """The army's cards written with checked options; its warnings and summary printed."""
    from kolaps_print.model.choices import KOLAPS
    from kolaps_print.model.ruleset_choice import read_army_ruleset

    doc, ruleset = common.run(lambda: read_army_ruleset(army))
    if ruleset != KOLAPS:  # another game system: its own card blocks
        from kolaps_print.jobs.ruleset_cards import write_ruleset_cards

        written = common.run(lambda: write_ruleset_cards(army, output, options, strict, (doc, ruleset)))
        common.finish(written.result.warnings, strict)
        common.echo(written.summary())
        return
    from kolaps_print.jobs.cards import write_cards

    with _progress_bar() as progress:
        kolaps = common.run(lambda: write_cards(army, output, options, strict, progress, doc))
    common.finish(kolaps.result.warnings, strict)
    common.echo(kolaps.summary())


@contextmanager
def _progress_bar() -> Iterator:
    """A progress bar on stderr for large armies, only when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    with Progress(
        TextColumn("cards"), BarColumn(), MofNCompleteColumn(), console=Console(stderr=True), transient=True
    ) as bar:
        task = bar.add_task("cards", total=None)

        def update(done: int, total: int) -> None:
            if total >= 50:  # a small army is done before a bar could be read
                bar.update(task, completed=done, total=total)

        yield update
