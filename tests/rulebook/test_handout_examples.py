"""The quick-start's worked examples set apart from its rules, and its columns full and level
(issue 12, session 22: the reviewer could not tell the examples from the rules text, and the
back's left column ended a sixth of its height above its foot). Read back from the PDF."""

from __future__ import annotations

import pytest
from handout_pages import close, column_fills, example_boxes, inside_box  # tests/support
from pdf_colours import seen  # tests/support
from pdf_text import text_objects  # tests/support

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.rulebook import styles as st

PAPERS = ["a4", "letter"]


@pytest.fixture(scope="module", params=PAPERS)
def handout(request):
    return request.param, build_rulebook(RulebookOptions(edition="quickstart", paper=request.param)).pdf


def _texts(pdf: bytes, page: int) -> list:
    return [o for o in text_objects(pdf) if o.page == page]


@pytest.mark.parametrize(
    "page, head, inside",
    [
        (1, "Exemple", "Un personnage de rang"),  # « Un test »: a roll worked out
        (2, "Exemple : un tir de ", "Stefan Solmeyer (Section Kappa)"),  # the attack, step by step
    ],
)
def test_a_worked_example_is_a_tinted_box_with_the_accent_s_rule_and_head(handout, page, head, inside):
    """Page 3's worked example was a heading and a numbered list set as the procedure beside it,
    page 2's a box with a run-in « Exemple. »: each is now one tinted box, the accent's rule down
    its whole left edge, headed « Exemple » in the accent's bold sans at its top, its text in the
    sans (the rules are in the serif)."""
    _, pdf = handout
    boxes = example_boxes(pdf, page)
    assert len(boxes) == 1, boxes
    box = boxes[0]
    first = box.texts[0]
    assert first.text.startswith(head), [t.text for t in box.texts[:3]]
    assert close(first.fill, seen(st.palette().accent)) and "Bold" in first.font, first
    assert box.box[3] - first.bounds[3] <= 14  # the head is the box's first line, under its padding
    assert box.rule[3] - box.rule[1] >= (box.box[3] - box.box[1]) - 2  # the rule runs its whole height
    assert any(t.text.startswith(inside) for t in box.texts), [t.text for t in box.texts]
    assert box.texts and not [t.text for t in box.texts if "Gentium" in t.font]


def test_the_whole_worked_attack_is_in_its_box_and_the_procedure_outside_it(handout):
    """Every step of the example (« 1. Difficulté. »...) and its second hit are inside the box;
    the procedure's steps (« Difficulté (attaquant) ») are not: a rule is never read as an example."""
    _, pdf = handout
    (box,) = example_boxes(pdf, 2)
    steps = [s.name for s in builtin_game_data().rules.attack.for_edition("quickstart")]
    inside = " ".join(" ".join(t.text.split()) for t in box.texts)
    assert all(f"{name}." in inside for name in steps), inside
    assert "Touché de nouveau au même endroit" in inside
    outside = [t for t in _texts(pdf, 2) if not inside_box(t.bounds, box.box)]
    assert any(t.text.startswith(steps[0]) for t in outside)  # the procedure, in the left column
    assert all(inside_box(t.bounds, box.box) for t in _texts(pdf, 2) if "Touché de nouveau" in t.text)


@pytest.mark.parametrize("page", [0, 1, 2, 3])
def test_no_column_is_far_from_its_foot_and_a_page_s_columns_end_level(handout, page):
    """The back's left column ended 40 mm (16 %) above its foot beside a full right one, and the
    examples' boxes cost pages 2 and 3 their fill: every column of the four pages reaches past
    88 % of its height, and a page's two columns end within 8 % of each other (A4 and Letter);
    10 % on the back, whose right column opens under room as tall as the page's title so that
    both columns' first captions stand level (review 22b, 12: A4's ended 9 % apart)."""
    paper, pdf = handout
    left, right = column_fills(pdf, paper, page, page == 0)
    assert min(left, right) >= 0.88, (page, left, right)
    assert abs(left - right) <= (0.1 if page == 3 else 0.08), (page, left, right)
