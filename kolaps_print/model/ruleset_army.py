"""An army file of a ruleset other than KOLAPS (`ruleset: d100`): its characters validated by
the model built from the ruleset's fields, their references looked up in its catalogues, their
derived values computed. Located messages as for a KOLAPS army."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from pydantic import Field

from kolaps_print.diagnostics import Diagnostic, Report, fail_on_warnings
from kolaps_print.fonts.printable import unprintable_text
from kolaps_print.load import SourceDocument
from kolaps_print.model.common import ID_PATTERN, Id, Model, Name, share_fields_sets
from kolaps_print.model.ruleset_fields import NUMBER_TYPES, FieldDecl, ReferenceField, ReferencesField, SkillMapField
from kolaps_print.model.ruleset_load import Ruleset, check_references, reference_fields
from kolaps_print.model.ruleset_values import all_values
from kolaps_print.model.validated import validate_model

ID_RE = re.compile(ID_PATTERN)
MAX_CARDS = 20_000  # as a KOLAPS army (army_book.MAX_CARDS): one PDF built in memory


class _Shell(Model):
    ruleset: Id
    name: Name = Field(description="Army name, printed on every card")
    characters: list[Any] = Field(min_length=1)


@dataclass(frozen=True)
class RulesetMember:
    """A valid character of the army, with its number fields and derived values."""

    index: int
    character: Any  # an instance of ruleset.character
    values: dict[str, int | None]  # number fields and derived values

    @property
    def name(self) -> str:
        return str(self.character.name)


@dataclass
class RulesetArmy:
    """A valid army file of a ruleset other than KOLAPS."""

    file: str
    ruleset: Ruleset
    name: str
    members: list[RulesetMember]
    warnings: list[Diagnostic] = field(default_factory=list)
    doc: SourceDocument | None = None

    @property
    def card_count(self) -> int:
        return sum(m.character.copies for m in self.members)

    def summary(self) -> str:
        return (
            f"{self.file}: ok: {self.name} (ruleset {self.ruleset.id}), "
            f"{len(self.members)} character(s), {self.card_count} card(s)"
        )


def _member(
    index: int, character: Any, ruleset: Ruleset, shared: dict[tuple, dict[str, int | None]], number_ids: list[str]
) -> RulesetMember:
    """shared: the values dicts made so far, by the number fields they are computed from:
    characters of the same numbers share one, computed once (read only; 3.7 MiB at 10,000
    characters). number_ids: the ids of the character's number fields, in order."""
    decls = ruleset.spec.character
    numbers = {i: n for i in number_ids if (n := getattr(character, i)) is not None}
    key = tuple(numbers.items())
    values = shared.get(key)
    if values is None:
        values = shared[key] = all_values(numbers, decls.derived, ruleset.tables)
    return RulesetMember(index, character, values)


def _id_or_none(value: Any) -> str | None:
    """value if it is a well-formed id (a malformed one already has its message), else None."""
    return value if isinstance(value, str) and ID_RE.match(value) else None


def _references_as_written(raw: Any, decls: list[FieldDecl]) -> SimpleNamespace:
    """An invalid character's reference fields, where they have the right shape (others: empty)."""
    data = raw if isinstance(raw, dict) else {}
    found: dict[str, Any] = {}
    for decl in decls:
        value = data.get(decl.id)
        if isinstance(decl, ReferenceField):
            found[decl.id] = _id_or_none(value)
        elif isinstance(decl, ReferencesField):  # positions kept: a message names the item's index
            found[decl.id] = [_id_or_none(v) for v in value] if isinstance(value, list) else []
        elif isinstance(decl, SkillMapField):
            found[decl.id] = [k for k in value if _id_or_none(k)] if isinstance(value, dict) else []
    return SimpleNamespace(**found)


def check_ruleset_army(doc: SourceDocument, ruleset: Ruleset, report: Report) -> RulesetArmy | None:
    """Every problem of the file in report; the army when there is none."""
    report.extend(unprintable_text(doc))  # what the cards could not print, as for a KOLAPS army
    shell = validate_model(_Shell, doc, doc.data, (), report)
    raw = (
        shell.characters
        if shell
        else doc.data.get("characters")
        if isinstance(doc.data.get("characters"), list)
        else []
    )
    members = []
    fields, catalogues = ruleset.spec.character.fields, ruleset.catalogues
    # what check_references and _member look for among the fields, found once for every character
    references: list[FieldDecl] = list(reference_fields(fields, catalogues))
    number_ids = [f.id for f in fields if f.type in NUMBER_TYPES]
    values: dict[tuple, dict[str, int | None]] = {}
    for i, item in enumerate(raw):
        character = validate_model(ruleset.character, doc, item, ("characters", i), report)
        if character is None:  # its references' typos still show in this run
            check_references(fields, _references_as_written(item, fields), ("characters", i), doc, catalogues, report)
            continue
        check_references(references, character, ("characters", i), doc, catalogues, report)
        members.append(_member(i, character, ruleset, values, number_ids))
    cards = sum(m.character.copies for m in members)
    if cards > MAX_CARDS:
        report.add(
            doc.diagnostic(
                ("characters",), f"this army prints {cards:,} cards; the limit is {MAX_CARDS:,}: split it", at_key=True
            )
        )
    if report.errors or shell is None:
        return None
    share_fields_sets(m.character for m in members)
    return RulesetArmy(doc.file, ruleset, shell.name, members, report.warnings, doc)


def load_ruleset_army(doc: SourceDocument, ruleset: Ruleset, strict: bool = False) -> RulesetArmy:
    """A read army file of that ruleset, validated; raises KolapsError with every problem found.
    Once the army is valid, the document keeps only its marks (army.doc locates later messages,
    a face too tall): its data is let go, 7 MiB at 10,000 characters that nothing reads again."""
    report = Report()
    army = check_ruleset_army(doc, ruleset, report)
    fail_on_warnings(report.warnings, strict)
    report.raise_if_errors()
    assert army is not None
    doc.data = None
    return army
