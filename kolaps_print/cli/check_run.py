"""`check` once its options are parsed: by typer (cli/check.py) or, for army files alone,
without it (cli/quick.py). Imports no typer.

With --json, stdout holds one JSON array of every message (what editors and CI read); the
summaries, which are for people, then go to stderr. The exit codes do not change.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from kolaps_print.cli import common
from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.model.choices import KOLAPS

T = TypeVar("T")


def report(files: list[Path] | None, strict: bool, as_json: bool, ruleset: str | None) -> None:
    """Check the files, or with none the built-in data (or --ruleset's folder); print each
    one's messages and summary; exit 1 if any is not ok."""
    from kolaps_print.jobs import check as job

    summary = common.echo_err if as_json else common.echo
    sections: list[tuple[str | None, list]]  # (a data folder's summary line, its armies' results)
    if ruleset and ruleset != KOLAPS:
        checked, results = _checked(lambda: job.check_ruleset(ruleset, strict), as_json)
        sections = [(job.ruleset_summary(checked), results)]
    elif files:
        sections = [(None, _checked(lambda: job.check_files(files, strict), as_json))]
    else:
        data, results = _checked(lambda: job.check_builtin(strict), as_json)
        sections = [(_data_summary(data), results)]
        if ruleset is None:  # plain check: every bundled ruleset too (--ruleset kolaps: KOLAPS's alone)
            sections += common.run(lambda: job.check_every_ruleset(strict))
    results = [result for _, section in sections for result in section]
    if as_json:
        _print_json([d for result in results for d in result.diagnostics])
    for headline, section in sections:
        if headline:
            summary(headline)
        for result in section:
            if not as_json:
                common.print_diagnostics(result.diagnostics)
            summary(result.summary())
    if not all(r.ok for r in results):
        raise SystemExit(common.EXIT_INVALID)


def _checked(job: Callable[[], T], as_json: bool) -> T:
    """job's result; a broken data folder exits 1 with its messages, as JSON with --json."""
    outcome = common.run(lambda: _error_or(job))
    if isinstance(outcome, KolapsError):
        if not as_json:
            common.invalid(outcome)
        _print_json(outcome.diagnostics)
        raise SystemExit(common.EXIT_INVALID)
    return outcome


def _error_or(job: Callable[[], T]) -> T | KolapsError:
    try:
        return job()
    except KolapsError as exc:
        return exc


def _data_summary(data) -> str:
    from kolaps_print import resources
    from kolaps_print.diagnostics import display_path

    return (
        f"{display_path(resources.data_dir())}/: ok: {len(data.catalogue.weapons)} weapons, "
        f"{len(data.catalogue.affiliations)} affiliations, {len(data.rules.traits.traits)} traits"
    )


def _print_json(diagnostics: list[Diagnostic]) -> None:
    common.echo(json.dumps([d.as_json() for d in diagnostics], ensure_ascii=False, indent=2))
