"""One attack, step by step (data/rulesets/kolaps/rules/attack.yaml): numbered, each with who rolls, for an edition.

The reference sheet prints it; the quick-start can print the same steps. A step that restates a
wounds rule (adds:) takes that rule's own text, so the rule is written once.
"""

from __future__ import annotations

from dataclasses import dataclass

from kolaps_print.labels import label
from kolaps_print.model.gamedata import GameData
from kolaps_print.model.rules import AttackStep, Edition, WoundRules
from kolaps_print.provenance import marked


@dataclass(frozen=True)
class AttackStepText:
    id: str  # attack.yaml's, for the prose that cites a step by its number
    number: int
    name: str
    who: str  # « Attaquant », « Cible »
    text: str  # marks placed


def _added(step: AttackStep, wounds: WoundRules) -> str:
    if step.adds == "full_location":
        return marked(wounds.full_location.text, wounds.full_location.ruling)
    if step.adds == "secondary":
        return marked(wounds.secondary.text, wounds.secondary.ruling)
    if step.adds == "haemorrhage":
        return wounds.haemorrhage
    return ""


def step_text(step: AttackStep, wounds: WoundRules) -> str:
    return " ".join(t for t in (marked(step.text, step.ruling) if step.text else "", _added(step, wounds)) if t)


def attack_steps(data: GameData, edition: Edition = "full") -> list[AttackStepText]:
    """The steps of this edition, numbered from 1 in play order."""
    wounds = data.rules.wounds
    return [
        AttackStepText(
            step.id,
            i,
            step.name,
            label(f"tables.attaque.who.{step.who}"),
            step_text(step, wounds),
        )
        for i, step in enumerate(data.rules.attack.for_edition(edition), start=1)
    ]
