"""Pouring a ruleset sheet's blocks into boxes: a kept table moves on whole while it can, one
taller than a whole box splits between its rows with its header again."""

from kolaps_print.content.ruleset_sheet import RulesetTable, SectionContent
from kolaps_print.layout.reference.flow import FlowBox, Stack
from kolaps_print.layout.reference.row_table import RowTable
from kolaps_print.layout.ruleset.flow import fill_column
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.layout.ruleset.sheet import sheet_story
from kolaps_print.layout.style import colour

WIDTH = 250.0


def story(*lengths: int):
    """One section's tables of these many rows each."""
    tables = [
        RulesetTable(f"Table {i}", ["Jet", "Effet"], [[str(r), "rien"] for r in range(n)])
        for i, n in enumerate(lengths)
    ]
    return sheet_story([SectionContent("Section", tables)], WIDTH, sheet_look(), colour("ink"))


def height(block) -> float:
    return block.wrap(WIDTH, 1e6)[1]


def test_a_kept_table_that_does_not_fit_what_is_left_moves_on_whole():
    blocks = story(4, 6)
    box = FlowBox(0, 0, WIDTH, height(blocks[0]) + height(blocks[1]) / 2)
    rest = list(blocks)
    fill_column(box, rest)
    assert [b for b, _ in box.placed] == [blocks[0]]
    assert rest == blocks[1].parts  # loose in the next box: there it may split if it must
    assert not any(isinstance(b, RowTable) and len(b.rows) < 7 for b in rest)


def test_a_table_taller_than_a_box_splits_between_rows_with_its_header_again():
    (block,) = story(60)
    box = FlowBox(0, 0, WIDTH, height(block) / 2)
    rest = [block]
    fill_column(box, rest)
    placed = [b for b, _ in box.placed]
    (first,) = [b for b in placed if isinstance(b, RowTable)]
    second = next(b for b in rest if isinstance(b, RowTable))
    assert box.used <= box.height + 1e-6
    assert len(first.rows) + len(second.rows) == 61 + 1  # the header printed twice
    assert first.rows[0] is second.rows[0]
    assert not first.look.rule_below and second.look.rule_below  # the rule under the table's end only
    assert isinstance(placed[0], Stack) is False  # at the top of an empty box the group came apart
