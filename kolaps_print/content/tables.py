"""The rules tables as plain content (title, columns, rows of text), built from the game data.

Renderer-independent: the reference sheet and the rulebook draw the same TableContent.
Every number comes from the data model; every French word from data/labels/fr/tables.yaml.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Literal

from kolaps_print.content import formats as fmt
from kolaps_print.content.attack import attack_steps
from kolaps_print.content.probabilities import chance_matrix
from kolaps_print.labels import label, labels
from kolaps_print.model.gamedata import GameData
from kolaps_print.model.rules import CriticalInjury, Edition
from kolaps_print.provenance import marked
from kolaps_print.typography import held, tied_end

Align = Literal["l", "c", "r"]


@dataclass(frozen=True)
class TableContent:
    id: str
    title: str
    columns: list[str]
    rows: list[list[str]]
    note: str | None = None
    align: tuple[Align, ...] = ()  # one per column; "l" where missing
    widths: tuple[float, ...] = ()  # relative column widths (hint); equal where missing
    shade: tuple[tuple[float | None, ...], ...] | None = None  # 0-1 per body cell (heat map), None: plain
    rule: str | None = None  # a rule the table serves (when to roll it): the reference sets it bold, above
    legend: str | None = None  # the marks' legend, on the first table that shows marks
    strong: tuple[int, ...] = ()  # body rows whose last cell is a rule players must not miss: set bold

    @property
    def full_note(self) -> str | None:
        """Rule, note and legend as one note (the rulebook's tables set them together)."""
        return " ".join(t for t in (self.rule, self.note, self.legend) if t) or None

    def column_align(self, i: int) -> Align:
        return self.align[i] if i < len(self.align) else "l"


def tied_ends(table: TableContent) -> TableContent:
    """table with no head or cell ending on a short word alone on its last line (typography.tied_end)."""
    rows = [[tied_end(cell) for cell in row] for row in table.rows]
    return replace(table, columns=[tied_end(c) for c in table.columns], rows=rows)


def _table(
    id_: str,
    rows: list[list[str]],
    align: str,
    widths: tuple[float, ...],
    columns: list[str] | None = None,
    note: str | None = None,
    shade: tuple[tuple[float | None, ...], ...] | None = None,
    rule: str | None = None,
    legend: str | None = None,
    **note_values: object,
) -> TableContent:
    """A table titled and headed from its labels (tables.<id>.title/columns/note).

    note_values fill the note label's placeholders: its numbers and rules come from the data.
    """
    if note is None and "note" in labels(f"tables.{id_}"):
        note = label(f"tables.{id_}.note", **note_values)
    return TableContent(
        id=id_,
        title=label(f"tables.{id_}.title"),
        columns=columns if columns is not None else list(labels(f"tables.{id_}.columns")),
        rows=rows,
        note=note,
        align=tuple(align),  # type: ignore[arg-type]
        widths=widths,
        shade=shade,
        rule=rule,
        legend=legend,
    )


# ---- dice --------------------------------------------------------------------
def seuils(data: GameData) -> TableContent:
    dice = data.rules.dice
    rows = [[str(t.rank), fmt.threshold(t.threshold)] for t in dice.thresholds]
    # the marks' legend rides on the first table of the sheet, of the reference cards and of the quick-start
    return _table(
        "seuils",
        rows,
        "cc",
        (1, 1),
        success=dice.always_success,
        failure=dice.always_failure,
        legend=label("common.ruling_legend"),
    )


def difficultes(data: GameData) -> TableContent:
    dice = data.rules.dice
    levels = sorted(dice.difficulties, key=lambda d: d.level)
    lowest, highest = levels[0], levels[-1]
    rows = [
        [
            fmt.at_or_below(dice.automatic_at_or_below),
            label("tables.difficultes.automatic"),
            label("tables.difficultes.no_roll"),
        ]
    ]
    if dice.automatic_at_or_below + 1 < lowest.level:  # e.g. -2 to -1: rolled as the easiest level
        rows.append(
            [fmt.span(dice.automatic_at_or_below + 1, lowest.level - 1), fmt.like(lowest.name), lowest.dice.label]
        )
    rows += [[fmt.number(d.level), d.name, d.dice.label] for d in levels]
    if highest.level + 1 < dice.impossible_at_or_above:  # e.g. 6 to 10: rolled as the hardest level
        rows.append(
            [fmt.span(highest.level + 1, dice.impossible_at_or_above - 1), fmt.like(highest.name), highest.dice.label]
        )
    rows.append(
        [
            fmt.at_or_above(dice.impossible_at_or_above),
            label("tables.difficultes.impossible"),
            label("tables.difficultes.no_roll"),
        ]
    )
    return _table("difficultes", rows, "clc", (1, 2.2, 1))


def jets(data: GameData) -> TableContent:
    rows = [[r.name, r.text, r.critical_success, r.critical_failure] for r in data.rules.dice.roll_types]
    return _table("jets", rows, "llll", (1.3, 2.4, 1.4, 1.6))


def chances(data: GameData) -> TableContent:
    dice = data.rules.dice
    levels = sorted(dice.difficulties, key=lambda d: d.level)
    matrix = chance_matrix(dice)
    columns = [label("tables.chances.columns_head")] + [fmt.level_dice(d.level, d.dice.label) for d in levels]
    rows = [
        [fmt.rank_threshold(t.rank, t.threshold)] + [fmt.percent(matrix[(t.rank, d.level)]) for d in levels]
        for t in dice.thresholds
    ]
    # The chance itself shades each cell, so the matrix reads as a heat map.
    shade = tuple((None,) + tuple(float(matrix[(t.rank, d.level)]) for d in levels) for t in dice.thresholds)
    return _table("chances", rows, "l" + "c" * len(levels), (1.6,) + (1,) * len(levels), columns=columns, shade=shade)


# ---- combat --------------------------------------------------------------------
def modificateurs(data: GameData) -> TableContent:
    combat = data.rules.combat
    rows = [[b.name, fmt.modifier(b.modifier), b.text] for b in combat.range_bands]
    rows += [
        [m.name, fmt.difficulty_effect(m.modifier, m.base_difficulty, m.test_difficulty), marked(m.text, m.ruling)]
        for m in combat.modifiers
    ]
    # the modifiers right-aligned, their last digits in one line (« 0 », « +1 », « = 0 », « Diff. 3 »):
    # centred, the wider « = 0 » and « Diff. 3 » stood apart (review 22b, 13)
    return _table("modificateurs", rows, "lrl", (1.3, 0.6, 3.5))


# ---- wounds --------------------------------------------------------------------
def _ranks(data: GameData) -> list[int]:
    return [t.rank for t in data.rules.dice.thresholds]


def gravite(data: GameData) -> TableContent:
    ranks = _ranks(data)
    columns = list(labels("tables.gravite.columns_head")) + [label("tables.format.rank_short", rank=r) for r in ranks]
    rows = [
        [str(s.roll), s.name, fmt.count(s.wounds), fmt.faces(s.haemorrhage_on)]
        + [fmt.count(s.loss_for(r)) for r in ranks]
        for s in data.rules.wounds.severities
    ]
    return _table(
        "gravite",
        rows,
        "clcc" + "c" * len(ranks),
        (0.6, 2, 1, 1.2) + (0.5,) * len(ranks),
        columns=columns,
        low=min(ranks),
        high=max(ranks),
        haemorrhage=data.rules.wounds.haemorrhage,
    )


def localisations(data: GameData) -> TableContent:
    wounds = data.rules.wounds
    rows = [
        [str(loc.roll), loc.name, str(loc.capacity), " ".join(fmt.modifier(m) for m in loc.box_modifiers)]
        for loc in wounds.locations
    ]
    full = wounds.full_location
    return _table(
        "localisations",
        rows,
        "clcc",
        (0.5, 1.5, 0.7, 1.4),
        rule=marked(full.text, full.ruling),
        hits=wounds.text,
        max=wounds.max_severity,
    )


def effets_secondaires(data: GameData, demo: bool = False) -> TableContent:
    """demo: each zone's demo_effect where it has one (the quick-start drops fatigue and offensive orders)."""
    wounds = data.rules.wounds
    rows = [
        [str(loc.roll), held(loc.name), marked(loc.demo_effect.text, loc.demo_effect.ruling)]
        if demo and loc.demo_effect
        else [str(loc.roll), held(loc.name), loc.secondary_effect]
        for loc in wounds.locations
    ]
    secondary = wounds.secondary
    id_ = "effets-secondaires-demo" if demo else "effets-secondaires"
    return _table(id_, rows, "cll", (0.4, 1.1, 5), rule=marked(secondary.text, secondary.ruling))


def _specialisation_name(data: GameData, id_: str) -> str:
    """A specialisation's printed name (the first affiliation offering it); its id if none does."""
    for affiliation in data.catalogue.affiliations.values():
        found = affiliation.specialisation(id_)
        if found is not None:
            return found.name
    return id_


def _critical_test(data: GameData, injury: CriticalInjury) -> str:
    """The test column: 'Diff. 3', or 'Diff. 3, +2 sans Ambidextre' when the extra weighs on it (E27)."""
    extra = injury.extra_difficulty
    if extra is None or extra.applies_to != "survival":
        return fmt.test(injury.test_difficulty)
    return fmt.extra_test(injury.test_difficulty, extra.value, _specialisation_name(data, extra.unless))


def critical_effect(data: GameData, injury: CriticalInjury) -> str:
    """The effect column: the injury's text, the lasting extra on his actions when it weighs there (E27), its mark."""
    extra, text = injury.extra_difficulty, injury.text
    if extra is not None and extra.applies_to == "actions":
        text += " " + label(
            "tables.format.lasting_extra",
            extra=fmt.modifier(extra.value),
            unless=_specialisation_name(data, extra.unless),
        )
    return marked(text, injury.ruling)


def blessures_critiques(data: GameData) -> TableContent:
    wounds = data.rules.wounds
    rows = [
        [str(c.roll), wounds.location(c.location).name, c.name, _critical_test(data, c), critical_effect(data, c)]
        for c in wounds.critical_injuries
    ]
    losses = fmt.losses(wounds.critical_morale_loss)
    note = f"{label('tables.format.critical_morale', losses=losses)} {wounds.critical_box}"
    return _table("blessures-critiques", rows, "cllcl", (0.4, 1, 1.3, 1, 4.8), note=note)


def cumul(data: GameData) -> TableContent:
    rows = [
        [str(c.wounds)]
        + ([label("tables.format.all_zero")] * 3 if c.all_zero else [fmt.malus(v) for v in (c.mvt, c.cib, c.rng)])
        for c in data.rules.wounds.cumulative
    ]
    wounds = data.rules.wounds
    return _table(
        "cumul",
        rows,
        "cccc",
        (1.2, 1, 1, 1),
        max=wounds.max_counted_wounds,
        floor=wounds.cumulative_floor,
        boxes=marked(wounds.cumulative_rule.text, wounds.cumulative_rule.ruling),
    )


def echecs_critiques(data: GameData) -> TableContent:
    rows = [[fmt.bounds(f.min, f.max), f.name, marked(f.text, f.ruling)] for f in data.rules.wounds.critical_failures]
    failure = data.rules.dice.always_failure  # "minus the number of 1s rolled"
    columns = [c.format(failure=failure) for c in labels("tables.echecs-critiques.columns")]
    return _table("echecs-critiques", rows, "cll", (1, 1.4, 5), columns=columns, note=data.rules.wounds.friendly_fire)


def attaque(data: GameData, edition: Edition = "full") -> TableContent:
    """The attack walk-through: numbered steps, who rolls, what to do (data/rulesets/kolaps/rules/attack.yaml)."""
    steps = attack_steps(data, edition)
    rows = [[str(s.number), s.name, s.who, s.text] for s in steps]
    # Every step's text regular, the survival and secondary rules too: in bold under the bold
    # step names they read as a fault of the bold-name rule (review 10), not a warning.
    return _table("attaque", rows, "clll", (0.3, 1.2, 0.9, 5))


# ---- turn, actions, morale -----------------------------------------------------
def phases(data: GameData) -> TableContent:
    rows = [
        [str(p.number), p.name, marked(p.text, p.ruling)]
        for p in sorted(data.rules.actions.phases, key=lambda p: p.number)
    ]
    return _table("phases", rows, "cll", (0.5, 1, 5))


def actions(data: GameData) -> TableContent:
    rows = [
        [
            a.name,
            fmt.offensive(a.offensive),
            fmt.count(a.fatigue),
            fmt.difficulty_effect(a.modifier or None, a.difficulty, None),
            marked(a.short, a.ruling),
        ]
        for a in data.rules.actions.actions
    ]
    rules = data.rules.actions
    return _table(
        "actions",
        rows,
        "lcccl",
        (2.1, 0.6, 0.7, 0.7, 3.2),
        minimum=rules.morale.offensive_minimum,
        max=rules.fatigue.max,
        fatigue=rules.fatigue.text,
        recovery=rules.fatigue.recovery,
    )


def moral(data: GameData) -> TableContent:
    """Levels 6 to 1; neighbouring levels with the same name and rule share a row (6 to 4)."""
    levels = sorted(data.rules.actions.morale.levels, key=lambda m: -m.level)
    groups: list[list] = []
    for m in levels:
        if groups and (groups[-1][-1].name, groups[-1][-1].text) == (m.name, m.text):
            groups[-1].append(m)
        else:
            groups.append([m])
    rows = [[fmt.span(g[0].level, g[-1].level), g[0].name, marked(g[0].text, g[0].ruling)] for g in groups]
    morale = data.rules.actions.morale
    return _table(
        "moral",
        rows,
        "cll",
        (0.6, 1, 5),
        start=morale.start,
        avatar=morale.avatar_start,
        losses=fmt.losses(morale.ally_down_loss),
        failure=morale.failure,
        bounds=marked(morale.bounds.text, morale.bounds.ruling),
    )


def traits(data: GameData) -> TableContent:
    rows = [[fmt.trait_name(t), t.text] for t in data.rules.traits.traits]
    return _table("traits", rows, "ll", (1.2, 5))


# ---- catalogue -----------------------------------------------------------------
def armes(data: GameData) -> TableContent:
    traits_by_id = data.catalogue.traits
    rows = [
        [
            held(w.name),
            fmt.weapon_range(w.range),
            label("tables.format.list_sep").join(fmt.trait_ref(r, traits_by_id) for r in w.traits),
        ]
        for w in data.catalogue.weapons.values()
    ]
    return _table("armes", rows, "lcl", (1.6, 0.8, 2.5))


def affiliations(data: GameData) -> TableContent:
    rows = []
    for a in data.catalogue.affiliations.values():
        for i, s in enumerate(a.specialisations):
            rows.append([a.name if i == 0 else "", s.name, marked(s.text, s.ruling)])
    return _table("affiliations", rows, "lll", (1.2, 1.2, 5))


BUILDERS: dict[str, Callable[[GameData], TableContent]] = {
    "seuils": seuils,
    "difficultes": difficultes,
    "jets": jets,
    "modificateurs": modificateurs,
    "chances": chances,
    "gravite": gravite,
    "localisations": localisations,
    "effets-secondaires": effets_secondaires,
    "effets-secondaires-demo": partial(effets_secondaires, demo=True),
    "blessures-critiques": blessures_critiques,
    "cumul": cumul,
    "echecs-critiques": echecs_critiques,
    "phases": phases,
    "actions": actions,
    "moral": moral,
    "traits": traits,
    "armes": armes,
    "affiliations": affiliations,
}
TABLE_NAMES: tuple[str, ...] = tuple(BUILDERS)
DEMO_VARIANT = "-demo"  # effets-secondaires-demo: the quick-start's reading of effets-secondaires


def base_table(name: str) -> str:
    """The table a demo variant reads differently (itself for any other): the full book shows that one."""
    return name.removesuffix(DEMO_VARIANT)


def build_table(name: str, data: GameData) -> TableContent:
    """The table called name (one of TABLE_NAMES), built from data."""
    try:
        builder = BUILDERS[name]
    except KeyError:
        raise KeyError(f"unknown table '{name}'; valid names: {', '.join(TABLE_NAMES)}") from None
    return builder(data)
