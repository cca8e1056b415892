"""Every string a character card prints, worked out from the rules data and the labels.

No number is typed here: thresholds, distances, range bands, modifiers all come from Rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from kolaps_print.content.formats import number, signed
from kolaps_print.labels import label
from kolaps_print.model.army_book import Member
from kolaps_print.model.catalogue import TraitRef, Weapon
from kolaps_print.model.rules import Rules, Trait, WeaponBand
from kolaps_print.numbers import with_unit


@dataclass(frozen=True)
class Stat:
    label: str
    value: str
    detail: str
    short: str  # the detail for narrow cards
    field: str  # the character's field it comes from


def stats(member: Member, rules: Rules) -> tuple[Stat, Stat, Stat]:
    c, actions = member.character, rules.actions
    threshold = label("cards.front.threshold", threshold=rules.dice.threshold(c.rank))
    rng = Stat(label("cards.front.rng"), number(c.rank), threshold, threshold, "rank")
    walk, run = number(c.mvt * actions.walk_cm_per_mvt), number(c.mvt * actions.run_cm_per_mvt)
    mvt = Stat(
        label("cards.front.mvt"),
        number(c.mvt),
        label("cards.front.moves", walk=walk, run=run),
        label("cards.front.moves_short", walk=walk, run=run),
        "mvt",
    )
    dice = rules.dice.difficulty(c.cib).dice.label
    cib = Stat(
        label("cards.front.cib"),
        number(c.cib),
        label("cards.front.cib_dice", dice=dice),
        label("cards.front.cib_dice_short", dice=dice),
        "cib",
    )
    return rng, mvt, cib


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


def trait_reminders(weapons: list[Weapon], rules: Rules) -> list[TraitReminder]:
    """Each trait of these weapons once, in order of first appearance.

    A trait carried with different parameters (two explosion radii) is one reminder showing
    every value, in the order met: the rule is the same, only the number changes.
    """
    params: dict[str, list[float]] = {}
    for ref in (ref for weapon in weapons for ref in weapon.traits):
        seen = params.setdefault(ref.id, [])
        if ref.param is not None and ref.param not in seen:
            seen.append(ref.param)
    return [
        TraitReminder(_trait_name(rules.trait(id_), values), rules.trait(id_).short) for id_, values in params.items()
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


def cumulative_cells(rules: Rules) -> list[tuple[str, str, str, str]]:
    """(wounds, MVT, CIB, RNG) per row of the cumulative-wounds table."""
    none, zero = label("cards.number.none"), label("cards.number.all_zero")
    rows = []
    for row in sorted(rules.wounds.cumulative, key=lambda r: r.wounds):
        if row.all_zero:
            rows.append((number(row.wounds), zero, zero, zero))
        else:
            mvt, cib, rng = (number(v) if v else none for v in (row.mvt, row.cib, row.rng))
            rows.append((number(row.wounds), mvt, cib, rng))
    return rows
