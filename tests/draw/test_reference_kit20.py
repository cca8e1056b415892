"""kit20 (review 19 S2), read back from the kit's sheet (`tables --edition quickstart`): on A4
« Effets secondaires (démo) » prints as a grid, « D6 | Zone | Effet en cas d’échec » in its head
band, each effect beside its zone within three lines and a clear gap from it. The Letter sheet keeps
it a hung list (test_reference_hung20): a grid there held only with 3.5 pt between « Bras gauche »
and its effect, read as one phrase (review 20 M1), so kit20's narrowed grid was taken back."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_text import TextObject, flat, text_objects  # tests/support

from kolaps_print.jobs.tables import Reference, TablesOptions, build_reference
from kolaps_print.labels import label, labels
from kolaps_print.model.gamedata import builtin_game_data

EDGE = 1.0  # pt: two left edges count as one
LEVEL = 1.5  # pt: two heads' boxes count as one line (different glyphs, one baseline)
VERSO = 1
TABLE = "effets-secondaires-demo"


@cache
def _kit(paper: str) -> Reference:
    return build_reference(TablesOptions(edition="quickstart", paper=paper))  # type: ignore[arg-type]


def _table_objects(paper: str) -> list[TextObject]:
    """The verso's text under the table's title, in its column (the sheet's last: nothing under it)."""
    objs = [o for o in text_objects(_kit(paper).pdf) if o.page == VERSO]
    title = next(o for o in objs if flat(o.text).strip() == label(f"tables.{TABLE}.title"))
    column = title.bounds[0] - EDGE
    return [o for o in objs if column <= o.bounds[0] < column + 250 and o.bounds[3] < title.bounds[1]]


def _middle(o: TextObject) -> float:
    return (o.bounds[1] + o.bounds[3]) / 2


GAP = 5.0  # pt: a zone and its effect beside it read as two cells (review 20 M1: 3.5 read as one phrase)


@pytest.mark.parametrize("paper", ["a4"])
def test_the_demo_s_secondary_effects_print_as_a_grid_its_cells_apart(paper):
    """A4 sets it as a grid, each zone whole, each effect beside it within three lines and at
    least GAP from it (kit20 set Letter's as a grid 3.5 pt apart: taken back)."""
    assert _kit(paper).body_pt == 9.75
    objs = _table_objects(paper)
    bold = {flat(o.text).strip(): o for o in reversed(objs) if "Bold" in o.font}  # the topmost of each
    heads = labels(f"tables.{TABLE}.columns")
    assert all(h in bold for h in heads), sorted(bold)  # the head band names the effect's column
    d6, zone, effect = (bold[h] for h in heads)
    assert abs(_middle(zone) - _middle(effect)) <= LEVEL and abs(_middle(d6) - _middle(zone)) <= LEVEL
    names = [o for o in objs if abs(o.bounds[0] - zone.bounds[0]) <= EDGE and o is not zone]
    locations = [loc.name for loc in builtin_game_data().rules.wounds.locations]
    assert [flat(o.text).strip() for o in names] == locations  # each name whole, on one line
    lines = [o for o in objs if abs(o.bounds[0] - effect.bounds[0]) <= EDGE and o is not effect]
    assert lines, "no effect beside its zone"
    assert min(o.bounds[0] for o in lines) >= max(o.bounds[2] for o in names) + GAP
    rows = [sum(1 for o in lines if min(names, key=lambda n: abs(_middle(n) - _middle(o))) is n) for n in names]
    assert all(1 <= k <= 3 for k in rows), rows  # each zone's effect beside it, within three lines


PRODUCTS = [
    {"edition": "quickstart", "paper": "letter"},
    {"edition": "quickstart", "paper": "a4"},
    {"paper": "letter"},
    {"format": "cards", "card": "mini"},
    {"format": "cards", "card": "poker"},
    {"format": "cards", "card": "tarot"},
    {"edition": "quickstart", "format": "cards", "card": "poker"},
]


@pytest.mark.parametrize("options", PRODUCTS, ids=lambda o: "-".join(o.values()))
def test_the_chances_heads_never_end_a_line_on_their_dot(options):
    """« Chances de réussite »'s heads (« 0 · 2C6 ») too wide for their columns broke after the dot on
    the Letter kit sheet and the decks, « 0 · » over « 2C6 »; now such a head breaks at the dot and
    drops it (« 0 » over « 2C6 »), as the rulebook's did, and one that fits stays whole."""
    sep = "·"  # the heads' separator (labels tables.format.head_break, « 0 · 2C6 »)
    lines = [flat(o.text).strip() for o in text_objects(build_reference(TablesOptions(**options)).pdf)]
    assert not [t for t in lines if t.endswith(sep) or t.startswith(sep)]
    dice = [d.dice.label for d in sorted(builtin_game_data().rules.dice.difficulties, key=lambda d: d.level)]
    heads = [t for t in lines if any(t == d or t.endswith(f"{sep} {d}") for d in dice)]
    assert heads  # the heads are printed, whole or as their dice under their level
