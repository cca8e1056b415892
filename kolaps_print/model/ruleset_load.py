"""A ruleset folder (data/rulesets/<id>/) read and checked: ruleset.yaml, tables.yaml,
errata.yaml and the catalogues it declares. Every problem of every file in one run, located.

A folder read without a single message is kept in the data cache (model/data_cache.py), keyed by
the bytes of every file under it: the next run over the same bytes reads neither YAML nor
validates (issue 15: about a tenth of a ruleset's card run). A folder with any message is read
in full on every run, so its messages are the ones it always gave.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError, Report, did_you_mean, display_path, shown
from kolaps_print.fonts.printable import unprintable_text
from kolaps_print.labels import check_overrides
from kolaps_print.load import SourceDocument, load_yaml
from kolaps_print.model import data_cache
from kolaps_print.model.common import Model
from kolaps_print.model.ruleset import CatalogueDecl, RulesetErrataFile, RulesetErratum, RulesetFile
from kolaps_print.model.ruleset_check import (
    check_catalogue_tables,
    check_condition_entries,
    check_roll_characteristics,
    check_ruleset,
)
from kolaps_print.model.ruleset_choice import ruleset_ids, rulesets_dir, unknown_ruleset
from kolaps_print.model.ruleset_fields import FieldDecl, ReferenceField, ReferencesField, SkillMapField
from kolaps_print.model.ruleset_generated import RESERVED, character_model, entry_model
from kolaps_print.model.ruleset_tables import Table, TablesFile
from kolaps_print.model.validated import check_rulings, validate_model

FILES = ("ruleset.yaml", "tables.yaml", "errata.yaml")
LABELS_FILE = "labels.yaml"  # optional: labels.overriding_labels reads it


class _CatalogueShell(Model):
    entries: list[Any] = Field(min_length=1)


@dataclass
class Ruleset:
    """A checked ruleset, ready for its armies, tables and cards."""

    folder: Path
    spec: RulesetFile
    tables: dict[str, Table]
    errata: list[RulesetErratum]
    catalogues: dict[str, dict[str, Any]]  # catalogue id -> entry id -> entry
    character: type[Model]  # the army file's character, built from the declared fields
    documents: list[SourceDocument] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def labels_file(self) -> Path:
        """Its own French labels (optional): what it prints differently from data/labels/fr/rulesets.yaml."""
        return self.folder / LABELS_FILE

    def erratum(self, id_: str) -> RulesetErratum | None:
        return next((e for e in self.errata if e.id == id_), None)


def _read(folder: Path, name: str, report: Report) -> SourceDocument | None:
    path = folder / name
    try:
        doc = load_yaml(path, display_path(path))
    except KolapsError as exc:
        report.extend(exc.diagnostics)
        return None
    report.extend(unprintable_text(doc))
    return doc


def _validated(model: type[BaseModel], doc: SourceDocument | None, report: Report) -> Any:
    return None if doc is None else validate_model(model, doc, doc.data, (), report)


def _check_errata(errata: RulesetErrataFile, prefix: str, doc: SourceDocument, report: Report) -> None:
    """Each id carries the ruleset's prefix, once, in increasing order."""
    previous = 0
    for i, erratum in enumerate(errata.errata):
        path = ("errata", i, "id")
        if not erratum.id.startswith(f"{prefix}-E"):
            report.add(
                doc.diagnostic(path, f"erratum {erratum.id} of this ruleset is numbered {prefix}-E1, {prefix}-E2...")
            )
        elif erratum.number <= previous:
            report.add(
                doc.diagnostic(path, f"erratum {erratum.id} is out of order or listed twice: keep the ids increasing")
            )
        previous = max(previous, erratum.number)


def _tables(tables: TablesFile | None, doc: SourceDocument | None, report: Report) -> dict[str, Table]:
    found: dict[str, Table] = {}
    for i, table in enumerate(tables.tables if tables else []):
        if table.id in found:
            assert doc is not None
            report.add(doc.diagnostic(("tables", i, "id"), f"table id '{table.id}' is defined twice"))
        found.setdefault(table.id, table)
    return found


def _catalogue_file(folder: Path, decl: CatalogueDecl, doc: SourceDocument, i: int, report: Report) -> Path | None:
    """The catalogue's file, if it lies inside the ruleset's folder (a received ruleset reads nothing else)."""
    path = (folder / decl.file).resolve()
    if Path(decl.file).is_absolute() or not path.is_relative_to(folder.resolve()):
        report.add(
            doc.diagnostic(
                ("catalogues", i, "file"),
                f"'{shown(decl.file)}' is outside the ruleset's folder: name a file inside it",
            )
        )
        return None
    return path


def _entries(decl: CatalogueDecl, doc: SourceDocument, report: Report) -> list[tuple[int, Any]]:
    """(position, entry) of each valid entry whose id is new."""
    shell = validate_model(_CatalogueShell, doc, doc.data, (), report)
    model = entry_model(decl.id, decl.fields)
    entries: list[tuple[int, Any]] = []
    seen: set[str] = set()
    for i, raw in enumerate(shell.entries if shell else []):
        entry = validate_model(model, doc, raw, ("entries", i), report)
        if entry is None:
            continue
        if entry.id in seen:
            report.add(doc.diagnostic(("entries", i, "id"), f"entry id '{entry.id}' is defined twice"))
            continue
        seen.add(entry.id)
        entries.append((i, entry))
    return entries


def reference_fields(
    decls: list[FieldDecl], catalogues: dict[str, dict]
) -> list[ReferenceField | ReferencesField | SkillMapField]:
    """The fields among decls that name entries of one of catalogues (check_references reads them)."""
    return [
        d
        for d in decls
        if isinstance(d, (ReferenceField, ReferencesField, SkillMapField)) and d.catalogue in catalogues
    ]


def check_references(
    decls: list[FieldDecl], value: Any, path: tuple, doc: SourceDocument, catalogues: dict[str, dict], report: Report
) -> None:
    """Every reference of a validated character or entry names an entry of its catalogue."""
    for decl in reference_fields(decls, catalogues):
        known = catalogues[decl.catalogue]
        written = getattr(value, decl.id)
        ids = [written] if isinstance(decl, ReferenceField) else list(written or [])
        for j, id_ in enumerate(ids):
            if id_ is None or id_ in known:
                continue
            where = (
                path + (decl.id,)
                if isinstance(decl, ReferenceField)
                else path + (decl.id, id_ if isinstance(decl, SkillMapField) else j)
            )
            report.add(
                doc.diagnostic(
                    where,
                    f"unknown {decl.catalogue} entry '{id_}'{did_you_mean(id_, known)}",
                    at_key=isinstance(decl, SkillMapField),
                )
            )


def _catalogues(
    folder: Path, spec: RulesetFile, doc: SourceDocument, report: Report
) -> tuple[dict[str, dict], list[SourceDocument]]:
    catalogues: dict[str, dict] = {}
    read: list[tuple[CatalogueDecl, SourceDocument, list[tuple[int, Any]]]] = []
    for i, decl in enumerate(spec.catalogues):
        for j, f in enumerate(decl.fields):
            if f.id in RESERVED:
                report.add(
                    doc.diagnostic(
                        ("catalogues", i, "fields", j, "id"),
                        f"'{f.id}' is a key every entry already has: choose another id",
                    )
                )
        path = _catalogue_file(folder, decl, doc, i, report)
        cat_doc = _read(folder, str(path.relative_to(folder.resolve())), report) if path else None
        if cat_doc is not None:
            entries = _entries(decl, cat_doc, report)
            read.append((decl, cat_doc, entries))
            catalogues[decl.id] = {entry.id: entry for _, entry in entries}
    for decl, cat_doc, entries in read:  # cross-references between catalogues (a weapon's skill)
        for i, entry in entries:
            check_references(decl.fields, entry, ("entries", i), cat_doc, catalogues, report)
        check_roll_characteristics(spec, decl.id, entries, cat_doc, report)
    docs = [cat_doc for _, cat_doc, _ in read]
    return catalogues, docs


# What a ruleset's cache entry holds: spec, tables, errata, the catalogues' entries as plain
# values (their models are built from the spec, not named in the entry) and the documents read.
_Checked = tuple[RulesetFile, dict[str, Table], list[RulesetErratum], dict[str, list[tuple[list[str], dict]]], list]
CACHE_KIND = "ruleset folder 1"  # bumped when _Checked changes


class _NotClean(Exception):
    """The folder's files gave messages: not kept; load_ruleset reports them with the rest."""

    def __init__(self, report: Report, checked: _Checked | None) -> None:
        self.report, self.checked = report, checked


def load_ruleset(folder: Path) -> Ruleset:
    """Read and check a ruleset folder; raises KolapsError listing every problem."""
    report = Report()
    try:
        checked: _Checked | None = data_cache.cached(CACHE_KIND, lambda: folder_files(folder), lambda: _clean(folder))
    except _NotClean as unclean:
        report.extend(unclean.report.items)
        checked = unclean.checked
    report.extend(check_overrides(folder / LABELS_FILE))
    report.raise_if_errors()
    assert checked is not None
    spec, tables, errata, entries, documents = checked
    return Ruleset(
        folder,
        spec,
        tables,
        errata,
        _built_catalogues(spec, entries),
        character_model(spec.character.fields),
        documents,
    )


def folder_files(folder: Path) -> list[Path]:
    """Every file under the folder, in a fixed order: the files a load reads are among them (the
    catalogues it declares must lie inside it), whatever ruleset.yaml names."""
    found = []
    for parent, subfolders, names in os.walk(folder):
        subfolders.sort()
        found += [Path(parent) / name for name in sorted(names)]
    return found


def _clean(folder: Path) -> _Checked:
    """The folder's files read and checked; _NotClean when they gave any message (a warning too)."""
    report = Report()
    checked = _checked_files(folder, report)
    if report.items:
        raise _NotClean(report, checked)
    assert checked is not None  # no spec or errata only with a message
    return checked


def _built_catalogues(spec: RulesetFile, entries: dict[str, list[tuple[list[str], dict]]]) -> dict[str, dict]:
    """Each catalogue's entries as its model's instances, made from values already checked (no
    validation: a model's validator is built on its first use, and no entry needs it)."""
    catalogues = {}
    for decl in spec.catalogues:
        if decl.id in entries:
            model = entry_model(decl.id, decl.fields)
            made = (model.model_construct(set(written), **values) for written, values in entries[decl.id])
            catalogues[decl.id] = {entry.id: entry for entry in made}
    return catalogues


def _plain_entries(catalogues: dict[str, dict]) -> dict[str, list[tuple[list[str], dict]]]:
    return {
        id_: [(sorted(entry.model_fields_set), dict(vars(entry))) for entry in entries.values()]
        for id_, entries in catalogues.items()
    }


def _checked_files(folder: Path, report: Report) -> _Checked | None:
    """ruleset.yaml, tables.yaml, errata.yaml and the catalogues, each problem in report."""
    docs = {name: _read(folder, name, report) for name in FILES}
    spec: RulesetFile | None = _validated(RulesetFile, docs["ruleset.yaml"], report)
    tables_file = _validated(TablesFile, docs["tables.yaml"], report)
    errata_file = _validated(RulesetErrataFile, docs["errata.yaml"], report)
    tables_doc, errata_doc = docs["tables.yaml"], docs["errata.yaml"]
    tables = _tables(tables_file, tables_doc, report)
    catalogues: dict[str, dict] = {}
    more: list[SourceDocument] = []
    if spec is not None:
        doc = docs["ruleset.yaml"]
        assert doc is not None
        if spec.id != folder.name:
            report.add(
                doc.diagnostic(("id",), f"ruleset id '{spec.id}' differs from its folder's name '{folder.name}'")
            )
        if tables_file is not None and tables_doc is not None:
            check_ruleset(spec, doc, tables, report)
            check_catalogue_tables(spec, list(tables_file.tables), tables_doc, report)
        if errata_file is not None and errata_doc is not None:
            _check_errata(errata_file, spec.errata_prefix, errata_doc, report)
        catalogues, more = _catalogues(folder, spec, doc, report)
        check_condition_entries(spec, catalogues, doc, report)
    if errata_file is not None and errata_doc is not None:
        known = {e.id for e in errata_file.errata}
        for d in [docs["ruleset.yaml"], tables_doc, *more]:
            if d is not None:
                check_rulings(d, known, errata_doc.file, report)
    if spec is None or errata_file is None:
        return None
    documents = [d for d in docs.values() if d is not None] + more
    return spec, tables, errata_file.errata, _plain_entries(catalogues), documents


def find_ruleset(id_: str) -> Ruleset:
    """The bundled ruleset of that id (data/rulesets/<id>/), read once per data folder."""
    known = ruleset_ids()
    if id_ not in known[1:]:
        raise ValueError(unknown_ruleset(id_, known))
    return _loaded(rulesets_dir() / id_)


@resources.cached_read
def _loaded(folder: Path) -> Ruleset:
    return load_ruleset(folder)
