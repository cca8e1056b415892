"""place_whole: the reminder's stacking, whole blocks only, dropped from the end (and said so)."""

from kolaps_print.layout.card_body import Block, BodyLine, place_whole, whole_height
from kolaps_print.layout.shapes import Text

INK = (0, 0, 0, 1)


def line(name: str, height: float) -> BodyLine:
    return BodyLine(height, lambda y: [Text(3, y + height * 0.8, name, "KSans", 6, INK)])


def gap(height: float) -> BodyLine:
    from kolaps_print.layout.card_body import _nothing  # what paragraph() ends with

    return BodyLine(height, _nothing)


def block(name: str, lines: int, line_height: float = 2.5, after: float = 0.5) -> Block:
    return Block(tuple(line(f"{name}{i}", line_height) for i in range(lines)) + (gap(after),), 0.0, ("weapons",), name)


HEADING = Block((line("FACULTÉS", 3.0),), 1.0)  # a header: no path


def names(shapes) -> list[str]:
    return [s.text for s in shapes]


def test_blocks_that_fit_are_stacked_from_the_top():
    shapes, dropped = place_whole([HEADING, block("a", 1), block("b", 2)], 10.0, 30.0)
    assert names(shapes) == ["FACULTÉS", "a0", "b0", "b1"] and dropped == []
    assert [round(s.y, 2) for s in shapes] == [
        round(10 + 1 + 2.4, 2),
        round(14 + 2.0, 2),
        round(16.5 + 0.5 + 2.0, 2),
        round(19.5 + 2.0, 2),
    ]


def test_a_block_that_does_not_fit_whole_ends_the_list_even_if_a_later_one_would_fit():
    blocks = [HEADING, block("a", 1), block("long", 3), block("c", 1)]
    room = 1 + 3 + 3 + 2.5  # heading, a with its gap, then one more line: c would fit, long would not
    shapes, dropped = place_whole(blocks, 0.0, room)
    assert names(shapes) == ["FACULTÉS", "a0"]
    assert [b.what for b in dropped] == ["long", "c"]  # each one a warning for the card


def test_never_half_a_block_and_never_a_heading_alone():
    shapes, dropped = place_whole([HEADING, block("long", 3)], 0.0, 1 + 3 + 5.0)
    assert shapes == [] and [b.what for b in dropped] == ["long"]
    assert place_whole([HEADING], 0.0, 50.0) == ([], [])  # a heading dropped says nothing


def test_the_last_trailing_gap_may_run_into_the_bottom_space():
    blocks = [HEADING, block("a", 1, after=2.0)]
    assert whole_height(blocks) == 1 + 3 + 2.5
    assert names(place_whole(blocks, 0.0, whole_height(blocks))[0]) == ["FACULTÉS", "a0"]
    assert place_whole(blocks, 0.0, whole_height(blocks) - 0.1)[0] == []
