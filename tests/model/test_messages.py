"""Validation messages fit the field: a pattern names what was expected, values stay one short line."""

from typing import Annotated

import pytest
from pydantic import Field, StringConstraints

from kolaps_print.diagnostics import Report
from kolaps_print.load import parse_yaml
from kolaps_print.model.common import Colour, Id, Model
from kolaps_print.model.gamedata import validate_model


class Sample(Model):
    code: Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")] | None = None
    colour: Colour | None = None
    id: Id | None = None
    size: float | None = None
    rank: int | None = None


def messages(text: str) -> list[str]:
    doc = parse_yaml(text, "f.yaml")
    report = Report()
    assert validate_model(Sample, doc, doc.data, (), report) is None
    return [str(d) for d in report.errors]


def test_a_pattern_that_is_not_a_colour_is_not_called_a_colour():
    assert messages("code: abcd\n") == ["f.yaml:1:7: error: code: 'abcd' does not have the expected form (^[A-Z]{3}$)"]


def test_colours_and_ids_keep_their_own_hints():
    assert messages("colour: vert\nid: Fusil\n") == [
        'f.yaml:1:9: error: colour: \'vert\' is not a colour: write it as "#rrggbb", e.g. "#3a5f0b"',
        "f.yaml:2:5: error: id: 'Fusil' is not a valid id: use lowercase letters, digits and hyphens (e.g. fusil-assaut)",
    ]


@pytest.mark.parametrize("text", ['"nan"', '"inf"', '"-Infinity"'])
def test_a_text_that_reads_as_infinity_or_nan_is_not_a_number(text):
    assert messages(f"size: {text}\n") == [
        f"f.yaml:1:7: error: size: expected a finite number, got {text.replace(chr(34), chr(39))}"
    ]


def test_long_values_are_shortened_in_messages():
    (msg,) = messages(f'rank: "{"9" * 5000}"\n')
    assert msg == f"f.yaml:1:7: error: rank: expected a whole number, got '{'9' * 79}…'"


def test_a_text_with_a_line_break_stays_on_one_line():
    (msg,) = messages('code: "a\\nb"\n')
    assert msg == "f.yaml:1:7: error: code: 'a\\nb' does not have the expected form (^[A-Z]{3}$)"


class Bounded(Model):
    low: Annotated[float, Field(ge=1)] = 1
    above: Annotated[float, Field(gt=0)] = 1
    high: Annotated[int, Field(le=4)] = 1
    below: Annotated[float, Field(lt=2.5)] = 1


def test_each_bound_says_which_and_what_it_got():
    doc = parse_yaml("low: 0\nabove: 0\nhigh: 7\nbelow: 3\n", "f.yaml")
    report = Report()
    assert validate_model(Bounded, doc, doc.data, (), report) is None
    assert [str(d) for d in report.errors] == [
        "f.yaml:1:6: error: low: must be at least 1 (got 0)",
        "f.yaml:2:8: error: above: must be more than 0 (got 0)",
        "f.yaml:3:7: error: high: must be at most 4 (got 7)",
        "f.yaml:4:8: error: below: must be less than 2.5 (got 3)",
    ]
