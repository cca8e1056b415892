"""The errata (data/rulesets/kolaps/errata.yaml) and the readings chosen for the switchable ones (data/rulesets/kolaps/readings.yaml).

An erratum records where the draft rules contradict themselves, are ambiguous or say nothing,
and what we print meanwhile. The proof prints them all for the designer to confirm; marked
ones (`mark: true`, our own rulings) carry « † En » wherever the products print them.
A switchable erratum names a reading with its options; data/rulesets/kolaps/readings.yaml picks one, and any
data text written as {by_reading: id, option: text, ...} follows it (see readings.py).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from kolaps_print.model.common import Model, Name, Text, no_items

ErratumId = Annotated[str, StringConstraints(pattern=r"^E[1-9][0-9]{0,2}$")]
ReadingId = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$", max_length=40)]
Quote = Annotated[str, StringConstraints(min_length=1, max_length=120)]
Product = Literal["cartes", "aide", "cartes-aide", "demarrage", "livre"]
Kind = Literal["contradiction", "ambiguite", "silence", "decision", "invention"]


class ReadingOption(Model):
    id: ReadingId
    text: Text  # the rule as this reading has it, in a sentence or two


class Reading(Model):
    """A switch: data/rulesets/kolaps/readings.yaml sets `id: option` and the products follow."""

    id: ReadingId
    options: list[ReadingOption] = Field(min_length=2)

    def option(self, id_: str) -> ReadingOption | None:
        return next((o for o in self.options if o.id == id_), None)

    @property
    def option_ids(self) -> list[str]:
        return [o.id for o in self.options]


class Erratum(Model):
    id: ErratumId
    title: Name
    kind: Kind
    draft: list[Quote] = Field(default_factory=no_items)  # a few words of the draft each, never 8 in a row
    readings: list[Text] = Field(default_factory=no_items)  # the other readings considered
    decision: Text | None = None  # what we print; a switchable erratum has its options instead
    reading: Reading | None = None
    numbers: Text | None = None  # what the decision changes in numbers
    printed: list[Product] = Field(default_factory=no_items)  # where the products print it
    mark: bool = False  # our ruling: printed with « † En » in every product of `printed`

    @model_validator(mode="after")
    def _a_decision_or_a_reading(self) -> Erratum:
        if (self.decision is None) == (self.reading is None):
            raise ValueError("give a decision, or a reading with its options (one of the two)")
        if self.mark and not self.printed:
            raise ValueError("a marked erratum lists where it is printed (printed: [livre, ...])")
        return self

    @property
    def number(self) -> int:
        return int(self.id[1:])


class Ruled(Model):
    """A rule sentence of the data, with the erratum it follows when it is our ruling."""

    text: Text
    ruling: ErratumId | None = None


class ErrataFile(Model):
    errata: list[Erratum]
