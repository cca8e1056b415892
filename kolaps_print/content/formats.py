"""How numbers and values read in print (cards, reference sheet, rulebook, kit): true minus
signs, the decimal comma, dashes for none. The one formatter of the package; its plain-number
core (number, signed, offset) is kolaps_print/numbers.py, which the model uses too.

The conventions live in the labels, not here, so a translation can change them: the decimal
sign and the signs of a number in data/labels/fr/common.yaml (number.*), which every command
reads, the table patterns in tables.yaml (format.*).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from kolaps_print.labels import label
from kolaps_print.numbers import number, offset, signed, with_unit  # noqa: F401  (re-exported: templates' fmt.*)

if TYPE_CHECKING:  # annotations only: another ruleset's cards format numbers without KOLAPS's game models
    from kolaps_print.model.catalogue import TraitRef
    from kolaps_print.model.rules import MoraleLoss, Trait


def _f(key: str, **values: object) -> str:
    return label(f"tables.format.{key}", **values)


def modifier(value: int | None) -> str:
    """A difficulty or severity modifier: '+2', '−1', '0'; None (not a plain number): '—'."""
    if value is None:
        return _f("none")
    return signed(value) if value else _f("zero")


def count(n: int) -> str:
    """A count where 0 reads as a dash (no wounds, no morale lost, no fatigue)."""
    return str(n) if n else _f("none")


def malus(n: int) -> str:
    """A characteristic change: '−1'; 0 reads as a dash."""
    return number(n) if n else _f("none")


def threshold(value: int) -> str:
    return _f("threshold", value=value)


def at_or_below(value: int) -> str:
    return _f("at_or_below", value=number(value))


def at_or_above(value: int) -> str:
    return _f("at_or_above", value=number(value))


def span(low: int, high: int) -> str:
    """Every range in print, one way: '1 à 5', '6 à 4' (levels in reading order), or '3' alone."""
    return number(low) if low == high else _f("range", low=number(low), high=number(high))


def like(name: str) -> str:
    return _f("like_level", name=name.lower())


def level_dice(level: int, dice: str) -> str:
    return _f("level_dice", level=number(level), dice=dice)


def rank_threshold(rank: int, value: int) -> str:
    return _f("rank_threshold", rank=rank, threshold=threshold(value))


def percent(chance: Fraction) -> str:
    """Exact chance as a percentage: whole numbers from 10 %, one decimal below (0,4 %)."""
    value = chance * 100
    if value >= 10 or value == 0:
        text = str(int(value + Fraction(1, 2)))  # round half up, never banker's rounding
    else:
        text = number(int(value * 10 + Fraction(1, 2)) / 10)
    return _f("percent", value=text)


def faces(values: Iterable[int], sides: int = 6) -> str:
    """Die faces that trigger something: '—' none, 'toujours' all, '1 à 4' a run, '1, 3' otherwise."""
    v = sorted(set(values))
    if not v:
        return _f("none")
    if v == list(range(1, sides + 1)):
        return _f("always")
    if v == list(range(v[0], v[-1] + 1)) and len(v) > 1:
        return span(v[0], v[-1])
    return _f("list_sep").join(str(x) for x in v)


def and_list(values: Iterable[object]) -> str:
    """Die faces or numbers in a sentence: '6, 5, 4 et 1', '5 et 2', '3'."""
    items = [number(v) if isinstance(v, (int, float)) else str(v) for v in values]
    if len(items) < 2:
        return "".join(items)
    return _f("list_sep").join(items[:-1]) + _f("and_sep") + items[-1]


def bounds(low: int | None, high: int | None) -> str:
    """A result band: '0', '1 à 5', '−1 ou moins', '7 ou plus'."""
    if low is None and high is None:
        return _f("none")
    if low is None:
        return _f("or_less", value=number(high)) if high is not None else _f("none")
    if high is None:
        return _f("or_more", value=number(low))
    return span(low, high)


def losses(items: Iterable[MoraleLoss]) -> str:
    """Morale lost by initial rank: 'R0 3, R1 3, R2 2'."""
    return _f("list_sep").join(_f("loss_item", rank=m.rank, loss=m.loss) for m in items)


def test(difficulty: int | None) -> str:
    return _f("no_test") if difficulty is None else _f("difficulty", level=number(difficulty))


def extra_test(difficulty: int | None, extra: int, unless: str) -> str:
    """A test with a conditional extra: 'Diff. 3, +2 sans Ambidextre'."""
    return _f("extra_difficulty", test=test(difficulty), extra=modifier(extra), unless=unless)


def difficulty_effect(modifier_value: int | None, base: int | None, separate_test: int | None) -> str:
    """What a situation does to the difficulty: '+2', '= 0' (new base), 'Diff. 3' (a test first), '—'."""
    if base is not None:
        return _f("set_to", value=number(base))
    if separate_test is not None:
        return test(separate_test)
    return modifier(modifier_value)


def offensive(is_offensive: bool) -> str:
    return _f("offensive") if is_offensive else _f("not_offensive")


def trait_name(trait: Trait) -> str:
    """A glossary entry: 'Explosion (rayon)' for a trait that takes a value."""
    return _f("trait_param_name", name=trait.name, param=trait.param) if trait.param else trait.name


def distance(cm: float) -> str:
    return _f("distance", value=number(cm))


def weapon_range(cm: float | None) -> str:
    return _f("contact") if cm is None else distance(cm)


def trait_ref(ref: TraitRef, traits: Mapping[str, Trait], within: bool = False) -> str:
    """A weapon's trait as printed: 'Lourde', 'Explosion (5 cm)'; within (set inside parentheses,
    the book's « Lance-grenades (30 cm, …) »): its value without its own, 'Explosion 5 cm'
    (review 15, N9: « Explosion (5 cm)) » nested)."""
    trait = traits.get(ref.id)
    name = trait.name if trait else ref.id
    if ref.param is None:
        return name
    key = "trait_param_within" if within else "trait_param"
    return _f(key, name=name, value=with_unit(number(ref.param), trait.unit if trait else None))
