"""place: the front's body stacked from the top; what does not fit is a lost rule, said at its path."""

from kolaps_print.layout.card_body import Block, BodyLine, place
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


def test_blocks_that_fit_are_stacked_from_the_top_with_their_gaps():
    shapes, cuts = place([HEADING, block("a", 1), block("b", 2)], 10.0, 40.0)
    assert names(shapes) == ["FACULTÉS", "a0", "b0", "b1"] and cuts == []
    ys = [s.y for s in shapes]
    assert ys == [10 + 1 + 2.4, 10 + 1 + 3 + 2.0, 10 + 1 + 3 + 3 + 2.0, 10 + 1 + 3 + 3 + 2.5 + 2.0]


def test_what_does_not_fit_is_a_lost_rule_never_a_silent_drop():
    """FACULTÉS are rules: a reminder that does not fit is reported lost (the job refuses the card)."""
    shapes, cuts = place([HEADING, block("a", 1), block("b", 4)], 0.0, 1 + 3 + 3 + 2.5)
    assert [c.path for c in cuts] == [("weapons",)] and all(c.lost for c in cuts)
    assert "a0" in names(shapes)


def test_a_heading_is_never_left_alone_at_the_foot():
    shapes, cuts = place([block("a", 1), HEADING, block("b", 3)], 0.0, 3 + 1 + 3 + 0.1)
    assert "FACULTÉS" not in names(shapes) and [c.path for c in cuts] == [("weapons",)]


def test_a_body_block_speaks_the_card_blocks_protocol():
    """measure() is its height at the body's width; shapes() its lines from the top it is given,
    as place() stacks them (card_blocks/protocol.stack)."""
    b = block("a", 2, 2.5, 0.5)
    assert b.measure(50.0) == 2.5 * 2 + 0.5
    assert [(s.text, s.y) for s in b.shapes(3.0, 10.0)] == [("a0", 10 + 2.0), ("a1", 10 + 2.5 + 2.0)]
    assert place([b], 10.0, 40.0)[0] == b.shapes(3.0, 10.0)


def test_a_cut_paragraph_without_a_path_goes_with_the_heads_above_it():
    """A paragraph with nowhere to report its cut is not printed cut; the head over it goes too."""
    pathless = Block(tuple(line(f"p{i}", 2.5) for i in range(4)), 0.0, None, "")
    cuttable = Block(tuple(BodyLine(2.5, ln.emit, ln.emit) for ln in pathless.lines), 0.0, None, "")
    shapes, _ = place([block("a", 1), HEADING, cuttable], 0.0, 3.0 + 3.0 + 5.0)
    assert names(shapes) == ["a0"]
