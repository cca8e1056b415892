"""Derived values from the closed set of operations, computed in whole numbers."""

from fractions import Fraction

import pytest

from kolaps_print.model.ruleset_fields import FractionOp, LookupOp, ProductOp, SumOp
from kolaps_print.model.ruleset_tables import BandsTable
from kolaps_print.model.ruleset_values import all_values, mark_box, rounded

BANDS = BandsTable(
    kind="bands",
    id="bonus",
    title="Bonus",
    value_label="Bonus",
    bands=[
        {"low": 0, "high": 12, "value": 0},
        {"low": 13, "high": 16, "value": 1},
        {"low": 17, "high": 30, "value": 2},
    ],
)


def test_each_operation_in_declared_order():
    derived = [
        SumOp(op="sum", id="total", label="T", of=["for", "tai", 1]),
        ProductOp(op="product", id="double", label="D", of=["total", 2]),
        FractionOp(op="fraction", id="third", label="3", of="double", numerator=1, denominator=3, rounding="up"),
        LookupOp(op="lookup", id="bonus", label="B", of="total", table="bonus"),
    ]
    values = all_values({"for": 7, "tai": 6}, derived, {"bonus": BANDS})
    assert values == {"for": 7, "tai": 6, "total": 14, "double": 28, "third": 10, "bonus": 1}


def test_a_value_that_needs_a_missing_one_is_none():
    derived = [SumOp(op="sum", id="total", label="T", of=["for", "absent"])]
    assert all_values({"for": 7}, derived, {})["total"] is None


def test_a_lookup_outside_every_band_is_none():
    derived = [LookupOp(op="lookup", id="bonus", label="B", of="for", table="bonus")]
    assert all_values({"for": 40}, derived, {"bonus": BANDS})["bonus"] is None


@pytest.mark.parametrize(
    ("value", "up", "down", "nearest"),
    [(Fraction(15, 2), 8, 7, 8), (Fraction(29, 4), 8, 7, 7), (Fraction(-5, 2), -2, -3, -2), (Fraction(6), 6, 6, 6)],
)
def test_rounding_rules(value, up, down, nearest):
    assert (rounded(value, "up"), rounded(value, "down"), rounded(value, "nearest")) == (up, down, nearest)


def test_marks_fall_where_each_total_puts_them():
    assert [mark_box(total, 1, 2, "down") for total in (14, 15, 22)] == [7, 7, 11]
    assert [mark_box(total, 1, 4, "down") for total in (14, 15, 22)] == [3, 3, 5]
    assert mark_box(25, 1, 2, "up") == 13
