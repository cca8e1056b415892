"""letter19 (issue 12, review 18b M2 and S3), read back from the kit's sheet (`tables --edition
quickstart`, A4 and Letter): « Localisation » prints its location names whole on both papers at
9.75 pt beside « Cumul des blessures », and the two tables' rows stand on the same baselines (their
head bands one height: « Gravité suivante » in two lines no longer sets Localisation's rows lower)."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import TextObject, flat, text_objects  # tests/support

from kolaps_print.jobs.tables import Reference, TablesOptions, build_reference
from kolaps_print.labels import label, labels
from kolaps_print.model.gamedata import builtin_game_data

EDGE = 1.0  # pt: two edges count as one (a column's padding is more)
LEVEL = 0.3  # pt: two baselines count as one (the same glyph in the same font sits exactly level)
VERSO = 1


@cache
def _kit(paper: str) -> Reference:
    return build_reference(TablesOptions(edition="quickstart", paper=paper))  # type: ignore[arg-type]


def _verso(paper: str) -> list[TextObject]:
    return [o for o in text_objects(_kit(paper).pdf) if o.page == VERSO]


def _titled(objs: list[TextObject], table: str) -> TextObject:
    title = label(f"tables.{table}.title")
    return next(o for o in objs if flat(o.text).strip() == title)


def _under(objs: list[TextObject], title: TextObject, right: float) -> list[TextObject]:
    """The objects under a table's title, from its left edge to right, top down."""
    found = [o for o in objs if title.bounds[0] - EDGE <= o.bounds[0] < right and o.bounds[3] < title.bounds[1]]
    return sorted(found, key=lambda o: -o.bounds[3])


def _row_numbers(objs: list[TextObject]) -> list[TextObject]:
    """Each of the rows' first cells, « 1 » to « 6 » (bold), the topmost of each: this table's, not a
    table's under it."""
    return [next(o for o in objs if flat(o.text).strip() == str(k) and "Bold" in o.font) for k in range(1, 7)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_sheet_prints_each_location_name_on_one_line(paper):
    """Main's Letter sheet set « Localisation » at its least width, « Bras / gauche » and « Bras /
    droit » over two lines (A4 had them whole since hang18); now its one-word columns (« D6 »,
    « Cases ») narrow their padding for the names, at 9.75 pt on both papers."""
    assert _kit(paper).body_pt == 9.75
    objs = _verso(paper)
    table, beside = _titled(objs, "localisations"), _titled(objs, "cumul")
    zone = next(
        o
        for o in _under(objs, table, beside.bounds[0])
        if flat(o.text).strip() == labels("tables.localisations.columns")[1]
    )
    cells = [
        o for o in _under(objs, table, beside.bounds[0]) if abs(o.bounds[0] - zone.bounds[0]) <= EDGE and o is not zone
    ]
    names = [loc.name for loc in builtin_game_data().rules.wounds.locations]
    assert [flat(o.text).strip() for o in cells[: len(names)]] == names


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_side_by_side_tables_set_their_rows_on_the_same_baselines(paper):
    """Main set « Localisation »'s rows about 3 mm under « Cumul des blessures »' beside it (its head
    « Gravité suivante » in two lines, Cumul's heads in one), zebra bands out of step: now both head
    bands are as tall as the taller, one-line heads centred in it, and row k of each table shares a
    baseline."""
    objs = _verso(paper)
    table, beside = _titled(objs, "localisations"), _titled(objs, "cumul")
    left = _row_numbers(_under(objs, table, beside.bounds[0]))
    right = _row_numbers(_under(objs, beside, beside.bounds[0] + 1e3))
    drops = [round(a.bounds[1] - b.bounds[1], 2) for a, b in zip(left, right, strict=True)]
    assert all(abs(d) <= LEVEL for d in drops), drops
