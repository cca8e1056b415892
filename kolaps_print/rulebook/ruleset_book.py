"""A ruleset's short rulebook checked (issue 13): its book.yaml and chapters in
templates/rulesets/<id>/, rendered with the ruleset's data (ruleset_context.py), parsed and
cross-checked like KOLAPS's book, every broken source reported at once (KolapsError, located).

Its consistency report names the references that leave the edition and the tables of the
ruleset's tables.yaml that no chapter prints.
"""

from __future__ import annotations

from pathlib import Path

from kolaps_print.content.ruleset_sheet import book_tables
from kolaps_print.diagnostics import Diagnostic, KolapsError, Report, display_path
from kolaps_print.model.ruleset_load import Ruleset
from kolaps_print.rulebook.check import CheckedBook
from kolaps_print.rulebook.crossrefs import check_anchors, check_references, read_sources
from kolaps_print.rulebook.markdown import Chapter, parse_chapter
from kolaps_print.rulebook.report import ConsistencyReport, ProofFinding, reference_findings
from kolaps_print.rulebook.ruleset_context import ruleset_context
from kolaps_print.rulebook.sources import BookSources, edition_of, load_sources, source_hash
from kolaps_print.rulebook.templating import make_environment, render_in_context
from kolaps_print.rulebook.usage import Usage


def _chapters(sources: BookSources, names: list[str], ruleset: Ruleset, edition: str) -> tuple[list[Chapter], Usage]:
    """Every chapter rendered and parsed; every broken one reported in one run."""
    env = make_environment(sources.folder)
    report, usage, chapters = Report(), Usage(), []
    for name in names:
        chapter_usage = Usage()
        try:
            rendered = render_in_context(
                env, sources, name, ruleset_context(ruleset, chapter_usage, edition, sources), chapter_usage
            )
            chapters.append(parse_chapter(rendered, Path(name).name.split(".")[0]))
        except KolapsError as exc:
            report.extend(exc.diagnostics)
        usage.merge(chapter_usage)
    report.raise_if_errors()
    return chapters, usage


def _unshown_tables(ruleset: Ruleset, usage: Usage, book_file: str) -> list[ProofFinding]:
    """Each table of tables.yaml that no chapter prints: the book should give every rule's table."""
    return [
        ProofFinding(
            "table-unshown",
            table.title,
            Diagnostic(
                book_file,
                1,
                1,
                "warning",
                f"table '{id_}' of {display_path(ruleset.folder / 'tables.yaml')} is never shown in this book "
                f'(add {{{{ table("{id_}") }}}} to a chapter)',
            ),
        )
        for id_, table in ruleset.tables.items()
        if id_ not in usage.tables
    ]


def check_ruleset_book(templates: Path, ruleset: Ruleset, edition: str, strict: bool) -> CheckedBook:
    """Located errors for bad sources, then the consistency report (strict: findings are errors)."""
    sources = load_sources(templates)
    edition_spec = edition_of(sources, edition)
    names = list(edition_spec.chapters)
    chapters, usage = _chapters(sources, names, ruleset, edition)
    source_of = read_sources(sources.folder, sources.display, names)
    unresolved = check_references(chapters, check_anchors(chapters, source_of), source_of)
    book_file = f"{sources.display}/book.yaml"
    findings = reference_findings(unresolved)
    if edition_spec.coverage:
        findings = _unshown_tables(ruleset, usage, book_file) + findings
    report = ConsistencyReport(findings, edition_spec.coverage)
    report.raise_if_strict(strict)
    return CheckedBook(
        sources,
        edition_spec,
        chapters,
        book_tables(ruleset, usage.tables),
        report,
        frozenset(u.anchor for u in unresolved),
        source_hash(templates, ruleset.folder),
        None,
        [],
        ruleset,
    )
