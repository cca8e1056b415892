"""Every string a character card prints, worked out from the rules data and the labels.

No number is typed here: thresholds, distances, range bands, modifiers all come from Rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kolaps_print.content.formats import number, signed
from kolaps_print.labels import label
from kolaps_print.model.army_book import Member
from kolaps_print.model.catalogue import TraitRef, Weapon
from kolaps_print.model.rules import Rules, Trait, WeaponBand
from kolaps_print.numbers import with_unit

Moves = Literal["both", "walk", "run"]  # « 10/20 », or one of the two distances (a narrow cell)


@dataclass(frozen=True)
class Stat:
    label: str  # the raw stat, small: 'RNG 2'
    value: str  # what is used at the table, large: '4+', '10/20', '3D6'
    detail: str  # what the value is: 'seuil par dé'
    short: str  # the detail for narrow cards
    field: str  # the character's field it comes from


def stats(member: Member, rules: Rules) -> tuple[Stat, Stat, Stat]:
    c = member.character
    threshold, moves, dice = table_values(c.rank, c.mvt, c.cib, rules)
    return (
        _stat("rng", c.rank, threshold, "threshold_detail", "rank"),
        _stat("mvt", c.mvt, moves, "moves_detail", "mvt", "moves_short"),
        _stat("cib", c.cib, dice, "cib_detail", "cib"),
    )


def _stat(key: str, raw: int, value: str, detail: str, field: str, short: str = "") -> Stat:
    name = label(f"cards.front.{key}")
    return Stat(
        label("cards.front.stat_label", label=name, value=number(raw)),
        value,
        label(f"cards.front.{detail}"),
        label(f"cards.front.{short or detail + '_short'}"),
        field,
    )


def subtitle(member: Member) -> str:
    c = member.character
    if c.archetype and c.function:
        return label("cards.front.subtitle", archetype=c.archetype, function=c.function)
    return c.archetype or c.function or ""


def weapon_range(weapon: Weapon, rules: Rules) -> str:
    """'≤ 30 cm · ≤ 60 cm +1 · au-delà +2' from the weapon's range bands, or 'Contact'.

    The bands are Rules.weapon_bands: a trait may replace the general ones (fragmentation,
    E20: '≤ 15 cm · ≤ 30 cm +1 (extrême)', nothing beyond).
    """
    if weapon.range is None:  # Weapon.is_contact, spelled out so that the type checker knows the range below
        return label("cards.front.contact")
    bands = rules.weapon_bands(ref.id for ref in weapon.traits)
    parts = [_band(_band_reach(weapon.range, b), b) for b in bands]
    return label("cards.front.band_separator").join(parts)


def _band_reach(weapon_range: float, band: WeaponBand) -> str:
    if band.max_factor is None:
        return label("cards.front.band_beyond")
    return label("cards.front.band_upto", distance=number(weapon_range * band.max_factor))


def _band(text: str, band: WeaponBand) -> str:
    if band.modifier != 0:
        text = label("cards.front.band_with_modifier", band=text, modifier=signed(band.modifier))
    if band.short:
        text = label("cards.front.band_named", band=text, name=band.short)
    return text


def weapon_traits(weapon: Weapon, rules: Rules) -> str:
    return label("cards.front.trait_separator").join(_trait(ref, rules) for ref in weapon.traits)


def _trait(ref: TraitRef, rules: Rules) -> str:
    return _trait_name(rules.trait(ref.id), [ref.param] if ref.param is not None else [])


def _trait_name(trait: Trait, params: list[float]) -> str:
    if not params:
        return trait.name
    value = label("cards.front.trait_param_separator").join(number(p) for p in params)
    return label("cards.front.trait_param", name=trait.name, value=with_unit(value, trait.unit))


@dataclass(frozen=True)
class TraitReminder:
    name: str  # with its parameter(s): 'Explosion (5 cm)'
    short: str  # what it does, in a few words (traits.yaml `short`)
    page: int | None = None  # the page of the book that explains it, on the card's paper
    id: str = ""  # the trait's (traits.yaml): an army pages a trait on every card, whatever its parameters


def trait_reminders(weapons: list[Weapon], rules: Rules, paper: str = "") -> list[TraitReminder]:
    """Each trait of these weapons once, in order of first appearance, with its page in the book
    printed on this paper (none when traits.yaml does not give it).

    A trait carried with different parameters (two explosion radii) is one reminder showing
    every value, in the order met: the rule is the same, only the number changes.
    """
    params: dict[str, list[float]] = {}
    for ref in (ref for weapon in weapons for ref in weapon.traits):
        seen = params.setdefault(ref.id, [])
        if ref.param is not None and ref.param not in seen:
            seen.append(ref.param)
    traits = {t.id: t for t in rules.traits.traits}  # rules.trait() builds this on every call
    return [
        TraitReminder(_trait_name(traits[id_], values), traits[id_].short, traits[id_].book_pages.get(paper), id_)
        for id_, values in params.items()
    ]


@dataclass(frozen=True)
class MoraleRow:
    levels: tuple[int, ...]  # e.g. (6, 5, 4) when they allow the same thing
    text: str


def morale_rows(rules: Rules) -> list[MoraleRow]:
    """Levels 6 -> 1, neighbours that allow the same thing sharing one row."""
    rows: list[MoraleRow] = []
    for level in sorted(rules.actions.morale.levels, key=lambda lv: -lv.level):
        if rows and rows[-1].text == level.short:
            rows[-1] = MoraleRow(rows[-1].levels + (level.level,), level.short)
        else:
            rows.append(MoraleRow((level.level,), level.short))
    return rows


def table_values(rank: int, mvt: int, cib: int, rules: Rules, moves: Moves = "both") -> tuple[str, str, str]:
    """What the table uses for these stats: the threshold, the walk/run distances (or the walk
    alone, or the run alone), the dice to hit."""
    actions = rules.actions
    walk, run = number(mvt * actions.walk_cm_per_mvt), number(mvt * actions.run_cm_per_mvt)
    distances = {"walk": walk, "run": run, "both": label("cards.front.moves", walk=walk, run=run)}
    return (
        label("cards.front.threshold", threshold=rules.dice.threshold(rank)),
        distances[moves],
        label("cards.front.cib_dice", dice=rules.dice.difficulty(cib).dice.label),
    )


def wounded_values(member: Member, rules: Rules, moves: Moves = "both") -> list[tuple[str, str, str, str]]:
    """(wounds, RNG threshold, MVT walk/run, CIB dice) of this character after 1..6 wounds.

    The cumulative table worked out for one character: its own values, not the generic
    −1 / −2; never below the floor of wounds.yaml (E12).
    """
    c, floor = member.character, rules.wounds.cumulative_floor
    rows = []
    for row in sorted(rules.wounds.cumulative, key=lambda r: r.wounds):
        if row.all_zero:
            rank, mvt, cib = floor, floor, floor
        else:
            rank, mvt, cib = (
                max(floor, base + malus) for base, malus in ((c.rank, row.rng), (c.mvt, row.mvt), (c.cib, row.cib))
            )
        rows.append((number(row.wounds), *table_values(rank, mvt, cib, rules, moves)))
    return rows
