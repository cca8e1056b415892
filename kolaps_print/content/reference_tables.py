"""The reference's own cuts of the rules tables: the full tables less what the sheet shows elsewhere,
and, for the quick-start edition, less what the demo does not play.

The sheet prints the moves that attack (« Bouger en tirant », « Embuscade »...) in the actions
table, so its modifiers table leaves them out (one fact, one place). The demo
(templates/rulesets/kolaps/demarrage) has no bidding, no morale, no fatigue, no affrontement, no critical
tables and no weapon traits: its sheet shows none of them, rather than rules the quick-start tells
players to forget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from kolaps_print.content import tables
from kolaps_print.content.tables import TableContent
from kolaps_print.labels import label, labels
from kolaps_print.model.gamedata import GameData
from kolaps_print.model.rules import Action
from kolaps_print.provenance import marked

# Actions the demo has no use for: catching one's breath (fatigue), rallying (morale), ambush.
DEMO_DROPS_ACTIONS = frozenset({"reprendre-son-souffle", "se-rallier", "embuscade"})
# Modifiers the demo has no use for: a pistol in contact is a weapon trait; the demo has no ambush.
# The riposte stays: the quick-start plays it (E33).
DEMO_DROPS_MODIFIERS = frozenset({"pistolet-contact", "embuscade"})


def _keep(table: TableContent, columns: Sequence[int], rows: Sequence[int] | None = None) -> TableContent:
    """table with only these columns (and rows), in this order; hints and alignment follow."""
    kept_rows = [table.rows[r] for r in rows] if rows is not None else table.rows
    return replace(
        table,
        columns=[table.columns[c] for c in columns],
        rows=[[row[c] for c in columns] for row in kept_rows],
        align=tuple(table.column_align(c) for c in columns),
        widths=tuple(table.widths[c] for c in columns) if table.widths else (),
    )


def demo_phases(data: GameData) -> TableContent:
    """The demo's turn: who starts from the scenario, one action an activation and the riposte (the
    quick-start's words), a short Bilan (E47)."""
    table = tables.phases(data)
    texts = labels("tables.phases.demo")
    riposte = marked(label("common.riposte"), "E88")  # the activation's end, in the quick-start's words
    rows = [
        [row[0], row[1], f"{marked(text, 'E47')} {riposte}" if i == 1 else text]
        for i, (row, text) in enumerate(zip(table.rows, texts, strict=True))
    ]
    return replace(table, rows=rows)


def demo_actions(data: GameData) -> TableContent:
    """Action, difficulty, effect: no offensive mode (morale) nor fatigue in the demo."""
    actions = data.rules.actions.actions
    keep = [i for i, a in enumerate(actions) if a.id not in DEMO_DROPS_ACTIONS]
    table = _keep(tables.actions(data), (0, 3, 4), keep)
    rows = [[r[0], r[1], _demo_effect(actions[i], r[2])] for r, i in zip(table.rows, keep, strict=True)]
    return replace(table, rows=rows, note=None)


def _demo_effect(action: Action, effect: str) -> str:
    """The action's demo words (no fatigue) where it has them, else its effect as on the full sheet."""
    return marked(action.demo_short, action.ruling) if action.demo_short else effect


def _modificateurs_without(data: GameData, dropped: frozenset[str]) -> TableContent:
    """The modifiers table less dropped, and less the modifiers an action of the same id and the same
    modifier already states (« Bouger en tirant »: « Marche et tire : +2 »)."""
    combat = data.rules.combat
    stated = {(a.id, a.modifier) for a in data.rules.actions.actions if a.modifier}
    gone = dropped | {m.id for m in combat.modifiers if (m.id, m.modifier) in stated}
    bands = len(combat.range_bands)
    keep = list(range(bands)) + [bands + i for i, m in enumerate(combat.modifiers) if m.id not in gone]
    return _keep(tables.modificateurs(data), range(3), keep)


def sheet_modificateurs(data: GameData) -> TableContent:
    return _modificateurs_without(data, frozenset())


def demo_modificateurs(data: GameData) -> TableContent:
    return _modificateurs_without(data, DEMO_DROPS_MODIFIERS)


def demo_jets(data: GameData) -> TableContent:
    """How each kind of roll reads and when it is a critical success; a critical failure is a plain failure."""
    return replace(_keep(tables.jets(data), (0, 1, 2)), note=label("tables.jets.demo_note"))


def demo_gravite(data: GameData) -> TableContent:
    """Severity without the morale columns."""
    table = _keep(tables.gravite(data), range(4))
    return replace(table, note=label("tables.gravite.demo_note", haemorrhage=data.rules.wounds.haemorrhage))


def without_rule(table: TableContent) -> TableContent:
    """The table less its bold rule: the attack walk-through states it (its zone-pleine and secondary steps)."""
    return replace(table, rule=None)


def sheet_localisations(data: GameData) -> TableContent:
    return without_rule(tables.localisations(data))


def sheet_effets_secondaires(data: GameData) -> TableContent:
    return without_rule(tables.effets_secondaires(data))


SHEET_BUILDERS: dict[str, Callable[[GameData], TableContent]] = {
    "modificateurs": sheet_modificateurs,
    "localisations": sheet_localisations,
    "effets-secondaires": sheet_effets_secondaires,
}
DEMO_BUILDERS: dict[str, Callable[[GameData], TableContent]] = {
    "phases": demo_phases,
    "actions": demo_actions,
    "modificateurs": demo_modificateurs,
    "jets": demo_jets,
    "gravite": demo_gravite,
    "localisations": sheet_localisations,
    "effets-secondaires": lambda data: without_rule(tables.effets_secondaires(data, demo=True)),
}
