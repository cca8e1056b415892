"""What ruleset.yaml's models alone cannot see: every id a field, derived value, sheet section or
card block names exists and has the right kind. Each problem located, with a did-you-mean."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kolaps_print.diagnostics import Report, did_you_mean
from kolaps_print.load import SourceDocument
from kolaps_print.model.ruleset import RulesetFile
from kolaps_print.model.ruleset_cards import (
    BoxTrackBlock,
    CheckboxesBlock,
    Condition,
    FeaturesBlock,
    HitTrackBlock,
    LocationTableBlock,
    MiniTableBlock,
    NameBlock,
    Roll,
    SkillsBlock,
    StatTilesBlock,
    WeaponsBlock,
)
from kolaps_print.model.ruleset_fields import NUMBER_TYPES, FieldDecl, LookupOp, Operand, ProductOp, SumOp
from kolaps_print.model.ruleset_generated import RESERVED
from kolaps_print.model.ruleset_tables import CHANCE_TABLES, BandsTable, CatalogueTable, RowsTable


@dataclass
class _Checker:
    """The checks of a ruleset file, each problem reported at its place."""

    ruleset: RulesetFile
    doc: SourceDocument
    tables: Mapping[str, object]
    report: Report

    def error(self, path: tuple, message: str) -> None:
        self.report.add(self.doc.diagnostic(path, message))

    def unknown(self, path: tuple, what: str, value: str, known) -> None:
        self.error(path, f"unknown {what} '{value}'{did_you_mean(value, known)}")

    @property
    def fields(self) -> dict[str, FieldDecl]:
        return {f.id: f for f in self.ruleset.character.fields}

    @property
    def catalogues(self) -> dict[str, list[FieldDecl]]:
        return {c.id: c.fields for c in self.ruleset.catalogues}

    def numbers(self, upto: int | None = None) -> set[str]:
        """Number fields and the derived values declared before position upto."""
        derived = self.ruleset.character.derived[:upto]
        return {f.id for f in self.ruleset.character.fields if f.type in NUMBER_TYPES} | {d.id for d in derived}


def check_ruleset(ruleset: RulesetFile, doc: SourceDocument, tables: Mapping[str, object], report: Report) -> None:
    checker = _Checker(ruleset, doc, tables, report)
    _unique_ids(checker)
    _catalogue_refs(checker)
    _derived(checker)
    _sheet(checker)
    _card(checker)


def _unique_ids(c: _Checker) -> None:
    seen: dict[str, str] = {}
    places = [("fields", f.id) for f in c.ruleset.character.fields] + [
        ("derived", d.id) for d in c.ruleset.character.derived
    ]
    counters = {"fields": 0, "derived": 0}
    for kind, id_ in places:
        path = ("character", kind, counters[kind], "id")
        counters[kind] += 1
        if id_ in RESERVED:
            c.error(path, f"'{id_}' is a key every character already has: choose another id")
        elif id_ in seen:
            c.error(path, f"the id '{id_}' is used twice (also in character.{seen[id_]})")
        seen.setdefault(id_, kind)


def _catalogue_refs(c: _Checker) -> None:
    known = c.catalogues
    places: list[tuple[tuple, FieldDecl]] = [
        (("character", "fields", i), f) for i, f in enumerate(c.ruleset.character.fields)
    ]
    for j, catalogue in enumerate(c.ruleset.catalogues):
        places += [(("catalogues", j, "fields", i), f) for i, f in enumerate(catalogue.fields)]
    for path, decl in places:
        name = getattr(decl, "catalogue", None)
        if name is not None and name not in known:
            c.unknown(path + ("catalogue",), "catalogue", name, known)


def _operand(c: _Checker, path: tuple, term: Operand, known: set[str]) -> None:
    if isinstance(term, str) and term not in known:
        c.error(
            path,
            f"unknown value '{term}'{did_you_mean(term, known)} (a number field, or a derived value declared above)",
        )


def _derived(c: _Checker) -> None:
    for i, decl in enumerate(c.ruleset.character.derived):
        path = ("character", "derived", i)
        known = c.numbers(i)
        if isinstance(decl, (SumOp, ProductOp)):
            for j, term in enumerate(decl.of):
                _operand(c, path + ("of", j), term, known)
        else:
            _operand(c, path + ("of",), decl.of, known)
        if isinstance(decl, LookupOp):
            _table(c, path + ("table",), decl.table, BandsTable, "a bands table")


def _table(c: _Checker, path: tuple, id_: str, kind: type | None = None, what: str = "") -> None:
    table = c.tables.get(id_)
    if table is None:
        c.unknown(path, "table", id_, c.tables)
    elif kind is not None and not isinstance(table, kind):
        c.error(path, f"table '{id_}' is not {what}")


def _sheet(c: _Checker) -> None:
    mechanic = c.ruleset.mechanic.kind
    if c.ruleset.sheet.example and getattr(c.ruleset.mechanic, "example", None) is None:
        c.error(("sheet", "example"), "the sheet prints the worked example, but mechanic has no example")
    for i, section in enumerate(c.ruleset.sheet.sections):
        for j, id_ in enumerate(section.tables):
            path = ("sheet", "sections", i, "tables", j)
            _table(c, path, id_)
            kind = getattr(c.tables.get(id_), "kind", "")
            if kind in CHANCE_TABLES and mechanic not in CHANCE_TABLES[kind]:
                c.error(path, f"table '{id_}' is a {kind} table, which the {mechanic} mechanic cannot fill")


def _card(c: _Checker) -> None:
    for face in ("front", "back"):
        for i, block in enumerate(getattr(c.ruleset.card, face)):
            _block(c, ("card", face, i), block)


def _field_of(c: _Checker, path: tuple, id_: str, types: tuple[str, ...]) -> FieldDecl | None:
    decl = c.fields.get(id_)
    if decl is None:
        c.unknown(path, "field", id_, c.fields)
    elif decl.type not in types:
        c.error(path, f"field '{id_}' is a {decl.type} field; this block needs one of: {', '.join(types)}")
        return None
    return decl


def _block(c: _Checker, path: tuple, block: object) -> None:
    when = getattr(block, "when", None)
    if when is not None:
        _condition(c, path + ("when",), when)
    if isinstance(block, NameBlock):
        for j, id_ in enumerate(block.subtitle):
            _field_of(c, path + ("subtitle", j), id_, ("text", "flag"))
        for j, id_ in enumerate(block.stats):
            _operand(c, path + ("stats", j), id_, c.numbers())
    elif isinstance(block, StatTilesBlock):
        for j, id_ in enumerate(block.stats):
            _operand(c, path + ("stats", j), id_, c.numbers())
    elif isinstance(block, SkillsBlock):
        _field_of(c, path + ("field",), block.field, ("skill_map",))
    elif isinstance(block, (WeaponsBlock, FeaturesBlock)):
        decl, columns = _entry_columns(c, path, block.field, block.columns)
        if isinstance(block, WeaponsBlock) and block.roll is not None and decl is not None:
            _roll(c, path + ("roll",), block.roll, columns)
    elif isinstance(block, BoxTrackBlock) and block.per is not None:
        _entry_length(c, path, block)
    elif isinstance(block, BoxTrackBlock):
        _operand(c, path + ("length",), block.length, c.numbers())
    elif isinstance(block, HitTrackBlock):
        _operand(c, path + ("of",), block.of, c.numbers())
        if block.aside is not None:
            _entry_columns(c, path + ("aside",), block.aside.field, block.aside.columns)
        if block.negative_to is not None:
            _operand(c, path + ("negative_to",), block.negative_to, c.numbers())
    elif isinstance(block, CheckboxesBlock) and block.value is not None:
        _operand(c, path + ("value",), block.value, c.numbers())
    elif isinstance(block, LocationTableBlock):
        _table(c, path + ("table",), block.table, RowsTable, "a rows table")
    elif isinstance(block, MiniTableBlock):
        _table(c, path + ("table",), block.table)


def _entry_columns(c: _Checker, path: tuple, field: str, names: list[str]) -> tuple[FieldDecl | None, list[FieldDecl]]:
    """field names a reference(s) field, names fields of its catalogue (a table's or a line's columns)."""
    decl = _field_of(c, path + ("field",), field, ("reference", "references"))
    catalogue = getattr(decl, "catalogue", "")
    columns = c.catalogues.get(catalogue, [])
    for j, id_ in enumerate(names):
        if decl is not None and id_ not in {f.id for f in columns}:
            c.unknown(path + ("columns", j), f"column of catalogue '{catalogue}'", id_, [f.id for f in columns])
    return decl, columns


def _condition(c: _Checker, path: tuple, when: Condition) -> None:
    """field names a character field; has, a field of the catalogue a reference(s) field names."""
    decl = c.fields.get(when.field)
    if decl is None:
        c.unknown(path + ("field",), "field", when.field, c.fields)
        return
    if when.has is None:
        return
    catalogue = getattr(decl, "catalogue", None)
    if decl.type == "skill_map" and catalogue is not None:  # has: an entry, checked once entries are read
        return
    if decl.type not in ("reference", "references") or catalogue is None:
        c.error(
            path + ("has",),
            f"field '{when.field}' is of type {decl.type}; has needs a reference, references or skill_map field",
        )
        return
    known = [f.id for f in c.catalogues.get(catalogue, [])]
    if when.has not in known:
        c.unknown(path + ("has",), f"field of catalogue '{catalogue}'", when.has, known)


def _entry_length(c: _Checker, path: tuple, block: BoxTrackBlock) -> None:
    """A track per entry: per names a reference(s) field, length an integer field of its catalogue."""
    decl = _field_of(c, path + ("per",), str(block.per), ("reference", "references"))
    if decl is None:
        return
    catalogue = getattr(decl, "catalogue", "")
    numbers = [f.id for f in c.catalogues.get(catalogue, []) if f.type == "integer"]
    if block.length not in numbers:
        length = str(block.length)
        c.error(
            path + ("length",),
            f"'{length}' is no integer field of catalogue '{catalogue}'{did_you_mean(length, numbers)}: "
            "with per, length is each entry's own number",
        )


def _roll(c: _Checker, path: tuple, roll: Roll, weapon_fields: list[FieldDecl]) -> None:
    """The weapon's skill field references the catalogue the character's skill_map scores."""
    skill = next((f for f in weapon_fields if f.id == roll.skill), None)
    scores = _field_of(c, path + ("skills",), roll.skills, ("skill_map",))
    if skill is None or skill.type != "reference":
        c.error(path + ("skill",), f"'{roll.skill}' is not a reference field of the weapons' catalogue")
        return
    known_scores = scores is not None and getattr(scores, "catalogue", "") in c.catalogues  # else reported already
    if known_scores and getattr(skill, "catalogue", "") != getattr(scores, "catalogue", ""):
        c.error(path + ("skills",), f"'{roll.skills}' scores another catalogue than the weapons' '{roll.skill}'")
        return
    known = [f.id for f in c.catalogues.get(getattr(skill, "catalogue", ""), [])]
    if roll.characteristic is not None and roll.characteristic not in known:
        c.unknown(path + ("characteristic",), "field of the skills' catalogue", roll.characteristic, known)


def check_catalogue_tables(ruleset: RulesetFile, tables: list[object], doc: SourceDocument, report: Report) -> None:
    """A catalogue table (in tables.yaml, doc) names a declared catalogue and fields its entries have."""
    catalogues = {c.id: [f.id for f in c.fields] for c in ruleset.catalogues}
    for i, table in enumerate(tables):
        if not isinstance(table, CatalogueTable):
            continue
        if table.catalogue not in catalogues:
            message = f"unknown catalogue '{table.catalogue}'{did_you_mean(table.catalogue, catalogues)}"
            report.add(doc.diagnostic(("tables", i, "catalogue"), message))
            continue
        fields = catalogues[table.catalogue]
        for j, id_ in enumerate(table.columns):
            if id_ not in fields:
                message = f"unknown column '{id_}'{did_you_mean(id_, fields)} of catalogue '{table.catalogue}'"
                report.add(doc.diagnostic(("tables", i, "columns", j), message))


def characteristic_field(ruleset: RulesetFile, name: str) -> str | None:
    """The character's number field a skill names by label or id (« DEX », any case)."""
    for f in ruleset.character.fields:
        if f.type in NUMBER_TYPES and name.casefold() in (f.id.casefold(), f.label.casefold()):
            return f.id
    return None


def check_roll_characteristics(
    ruleset: RulesetFile, catalogue: str, entries: list[tuple[int, Any]], doc: SourceDocument, report: Report
) -> None:
    """Each skill of a catalogue a weapons roll reads names a characteristic the character has."""
    for block in [*ruleset.card.front, *ruleset.card.back]:
        roll = getattr(block, "roll", None)
        if roll is None or roll.characteristic is None:
            continue
        scores = next((f for f in ruleset.character.fields if f.id == roll.skills), None)
        if getattr(scores, "catalogue", None) != catalogue:
            continue
        numbers = [f.label for f in ruleset.character.fields if f.type in NUMBER_TYPES]
        for i, entry in entries:
            name = getattr(entry, roll.characteristic, None)
            if name is not None and characteristic_field(ruleset, str(name)) is None:
                message = f"unknown characteristic '{name}'{did_you_mean(str(name), numbers)}: the character has no such number field"
                report.add(doc.diagnostic(("entries", i, roll.characteristic), message))


def check_condition_entries(
    ruleset: RulesetFile, catalogues: Mapping[str, Mapping[str, object]], doc: SourceDocument, report: Report
) -> None:
    """A condition's has on a skill_map field names an entry of its catalogue (« esquive »)."""
    fields = {f.id: f for f in ruleset.character.fields}
    for face in ("front", "back"):
        for i, block in enumerate(getattr(ruleset.card, face)):
            when = getattr(block, "when", None)
            decl = fields.get(when.field) if when is not None else None
            if when is None or when.has is None or decl is None or decl.type != "skill_map":
                continue
            entries = list(catalogues.get(getattr(decl, "catalogue", ""), {}))
            if entries and when.has not in entries:
                where = ("card", face, i, "when", "has")
                message = f"unknown entry of catalogue '{getattr(decl, 'catalogue', '')}' '{when.has}'"
                report.add(doc.diagnostic(where, message + did_you_mean(when.has, entries)))
