"""A character's derived values, from the closed set of operations of ruleset_fields, and the
places a hit-point track's marks fall. Whole numbers in, whole numbers out: a fraction is
rounded as the ruleset says, never by float arithmetic."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Literal

from kolaps_print.model.ruleset_fields import DerivedDecl, FractionOp, LookupOp, Operand, ProductOp, SumOp
from kolaps_print.model.ruleset_tables import BandsTable

Rounding = Literal["up", "down", "nearest"]


def rounded(value: Fraction, rounding: Rounding) -> int:
    if rounding == "up":
        return math.ceil(value)
    if rounding == "down":
        return math.floor(value)
    return math.floor(value + Fraction(1, 2))  # a half goes up, as players round


def operand(term: Operand, values: Mapping[str, int]) -> int:
    return term if isinstance(term, int) else values[term]


def band_value(table: BandsTable, value: int) -> int | None:
    return next((band.value for band in table.bands if band.low <= value <= band.high), None)


def derive(decl: DerivedDecl, values: Mapping[str, int], tables: Mapping[str, object]) -> int | None:
    """One derived value (None: a lookup whose table has no band for it)."""
    if isinstance(decl, SumOp):
        return sum(operand(t, values) for t in decl.of)
    if isinstance(decl, ProductOp):
        return math.prod(operand(t, values) for t in decl.of)
    if isinstance(decl, FractionOp):
        return rounded(Fraction(operand(decl.of, values) * decl.numerator, decl.denominator), decl.rounding)
    assert isinstance(decl, LookupOp)  # the closed set ends here
    table = tables[decl.table]
    assert isinstance(table, BandsTable)  # ruleset_check: a lookup names a bands table
    return band_value(table, operand(decl.of, values))


def all_values(
    numbers: Mapping[str, int], derived: list[DerivedDecl], tables: Mapping[str, object]
) -> dict[str, int | None]:
    """The character's number fields and every derived value, computed in declared order."""
    values: dict[str, int | None] = dict(numbers)
    for decl in derived:
        known = {k: v for k, v in values.items() if v is not None}
        needed = decl.of if isinstance(decl, (SumOp, ProductOp)) else [decl.of]
        missing = [t for t in needed if isinstance(t, str) and t not in known]
        values[decl.id] = None if missing else derive(decl, known, tables)
    return values


def mark_box(total: int, numerator: int, denominator: int, rounding: Rounding) -> int:
    """That fraction of total, rounded: the points a track's mark stands for (content/ruleset_card.py
    turns it into the box the line follows)."""
    return rounded(Fraction(total * numerator, denominator), rounding)
