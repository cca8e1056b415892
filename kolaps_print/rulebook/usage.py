"""What the book shows of the game data, recorded while the templates render.

The templates see the data through Tracked wrappers: printing a trait's or a
specialisation's text, or a weapon's name, counts as explaining it. The consistency
report compares this record with the data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

# kind of entry -> the attribute whose printing explains it
EXPLAINING_ATTRIBUTE = {"trait": "text", "weapon": "name", "specialisation": "text"}


@dataclass
class Usage:
    tables: list[str] = field(default_factory=list)  # in order of appearance
    explained: dict[str, set[str]] = field(default_factory=lambda: {k: set() for k in EXPLAINING_ATTRIBUTE})

    def mark(self, kind: str, id_: str) -> None:
        self.explained[kind].add(id_)

    def mark_all(self, kind: str, ids: Any) -> None:
        self.explained[kind].update(ids)

    def merge(self, other: Usage) -> None:
        self.tables += [t for t in other.tables if t not in self.tables]
        for kind, ids in other.explained.items():
            self.explained[kind] |= ids


class DataEntry(Protocol):
    """A data entry (trait, weapon, specialisation...): a model with an id."""

    @property
    def id(self) -> str: ...


class Tracked:
    """A read-only view of a data model that records which entries the book explains."""

    __slots__ = ("_model", "_kind", "_usage")

    def __init__(self, model: DataEntry, kind: str, usage: Usage):
        self._model = model
        self._kind = kind
        self._usage = usage

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._model, name)
        if EXPLAINING_ATTRIBUTE.get(self._kind) == name:
            self._usage.mark(self._kind, self._model.id)
        if name == "specialisations":
            return [Tracked(s, "specialisation", self._usage) for s in value]
        return value

    def __str__(self) -> str:
        return str(self.name)


def tracked_list(models: Any, kind: str, usage: Usage) -> list[Tracked]:
    return [Tracked(m, kind, usage) for m in models]
