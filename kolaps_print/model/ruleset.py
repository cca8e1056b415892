"""ruleset.yaml: a game system as data (issue 13). Its character fields, derived values, dice
mechanic, catalogues, quick-reference sheet and card are each chosen from closed sets, so a
new system built from known mechanics needs YAML, not Python. docs/rulesets.md explains every
field; `kolaps-print schema --for ruleset` publishes its JSON Schema."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints, model_validator

from kolaps_print.model.common import FilePath, Id, Model, Name, Text, no_items
from kolaps_print.model.errata import Erratum
from kolaps_print.model.ruleset_cards import CardBlocks
from kolaps_print.model.ruleset_fields import DerivedDecl, FieldDecl
from kolaps_print.model.ruleset_mechanics import Mechanic
from kolaps_print.model.ruleset_tables import RulingId, Sheet

Prefix = Annotated[str, StringConstraints(pattern=r"^[A-Z0-9]{1,8}$")]


class CatalogueDecl(Model):
    """A list of entries (weapons, skills, armours) in a file of the ruleset's folder; each entry
    has an id, a name and the fields declared here."""

    id: Id
    file: FilePath = Field(description="A YAML file of the ruleset's folder, holding `entries:`")
    fields: list[FieldDecl] = Field(default_factory=no_items)


class CharacterDecl(Model):
    fields: list[FieldDecl] = Field(min_length=1, description="Besides name and copies, which every character has")
    derived: list[DerivedDecl] = Field(default_factory=no_items, description="Computed in order from the fields")


class RulesetFile(Model):
    id: Id = Field(description="The ruleset's id, its folder's name: what an army file's ruleset: names")
    name: Name = Field(description="The system's French name, printed on its sheet and cards")
    seed: Annotated[str, StringConstraints(pattern=r"^[0-9]{3}$")] = Field(description="The seed text it comes from")
    summary: Text = Field(description="One French sentence on the system")
    errata_prefix: Prefix = Field(description="Its errata are numbered PREFIX-E1, PREFIX-E2...")
    mechanic: Mechanic
    catalogues: list[CatalogueDecl] = Field(default_factory=no_items)
    character: CharacterDecl
    sheet: Sheet
    card: CardBlocks


class RulesetErratum(Erratum):
    """An erratum of a ruleset: numbered within its ruleset (D100-E1), otherwise as KOLAPS's."""

    id: RulingId  # a wider id than KOLAPS's E1

    @model_validator(mode="after")
    def _a_decision(self) -> RulesetErratum:
        # A switchable reading is chosen in KOLAPS's readings.yaml; a ruleset has none, so its
        # switch would be read and never followed.
        if self.reading is not None:
            raise ValueError("a ruleset's erratum gives its decision: switchable readings are KOLAPS's only")
        return self

    @property
    def number(self) -> int:
        return int(self.id.rpartition("-E")[2])


class RulesetErrataFile(Model):
    errata: list[RulesetErratum] = Field(min_length=1)


class Entry(Model):
    """The part every catalogue entry shares; the rest is declared by the catalogue."""

    id: Id
    name: Name
