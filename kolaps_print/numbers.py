"""How a plain number reads in print: the true minus sign, the decimal comma, a sign for a change;
and a date, in words.

The core of the one number formatter (content/formats.py builds the table patterns on it). It
sits with the foundations because the model fills the numbers of data texts with it when the
data is validated, and the model comes before content/. The conventions are labels
(data/labels/fr/common.yaml number.*, which every command reads), so a translation can change them.
"""

from __future__ import annotations

import datetime as dt

from kolaps_print.labels import label, labels

LABEL_AREA = "common"  # the labels area of the signs below


def _sign(key: str, **values: object) -> str:
    return label(f"{LABEL_AREA}.number.{key}", **values)


def number(x: float) -> str:
    """2 -> '2', 2.5 -> '2,5', -3 -> '−3' (the labels' decimal sign and true minus sign)."""
    text = str(int(x)) if float(x).is_integer() else f"{x:g}".replace(".", _sign("decimal"))
    return _sign("minus", value=text[1:]) if text.startswith("-") else text


def signed(x: float) -> str:
    """A change to a value: '+1', '−2', '0'."""
    return _sign("plus", value=number(x)) if x > 0 else number(x)


def offset(value: float) -> str:
    """An offset added to a value named just before it: ' − 1', ' + 2', '' for 0."""
    if value > 0:
        return _sign("offset_plus", value=number(value))
    if value < 0:
        return _sign("offset_minus", value=number(-value))
    return ""


def page_span(first: int, last: int) -> str:
    """Numbers that follow on, first to last: '11–12' (the labels' en dash); '7' when one."""
    return str(first) if last <= first else _sign("range", first=first, last=last)


def with_unit(value: str, unit: str | None) -> str:
    """A value with its unit ('5 cm'), the same on the cards, the sheet and in the book."""
    return _sign("value_unit", value=value, unit=unit) if unit else value


def date_words(day: dt.date) -> str:
    """'14 mars 2027', '1ᵉʳ mai 2027' (the month names and the first day are labels)."""
    first = label("common.first_day") if day.day == 1 else str(day.day)
    return label("common.date", day=first, month=labels("common.months")[day.month - 1], year=day.year)


def version_line(version: str, day: dt.date | None) -> str:
    """« Version 0.1 · 1ᵉʳ juin 2025 »: the one way every rules product states its version and date."""
    if day is None:
        return label("common.version", version=version)
    return label("common.version_date", version=version, date=date_words(day))
