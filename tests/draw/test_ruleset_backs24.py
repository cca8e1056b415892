"""The ruleset backs' hit-point tracks after review 23 (twenty-fourth session, backs24), read back
from the print-shop PDF of every size: the d12 thresholds print ½ and ¼ in bold at the 3d6 size
(finding 2: « 50 % » and « 25 % » were 6 pt regular, the faintest marks on any back); a track's
group gap stands after every fifth box of a run of boxes, never splitting a run of 7 or fewer
(finding 3: « ½ ▢▢▢▢ ▢|¼ », the gap held to a grid column); a zone's rule stands on its label's
row, just before it (finding 6: a rule left after a full row's last box read as a frame's end)."""

import pytest
from face_rows import face_printed  # tests/support
from pdf_boxes import path_boxes  # tests/support
from pdf_text import as_printed, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

MM = 72 / 25.4
CARDS = ("poker", "mini", "tarot")
LABELS = {"3d6": {"½", "¼", "0 · mourant"}, "d12": {"½", "¼"}, "d100": set()}
_PDFS: dict[tuple[str, str], tuple[object, bytes]] = {}


def _deck(ruleset_id: str, card: str) -> tuple[object, bytes]:
    if (ruleset_id, card) not in _PDFS:
        army = demo_army(ruleset_id)
        _PDFS[(ruleset_id, card)] = (army, build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf)
    return _PDFS[(ruleset_id, card)]


def _rows(pdf: bytes, page: int, labels: set[str]) -> list[list[tuple[str, tuple[float, float, float, float]]]]:
    """The back's rows of track boxes (three or more level boxes, or one or two beside a zone's
    label), each left to right as (« box » or the label, rectangle)."""
    printed = face_printed(pdf, page)
    rows: dict[float, list] = {}
    for p in printed:
        if p.kind == "box":
            rows.setdefault(round(p.rect[1], 1), []).append(("box", p.rect))
    labelled = set()
    for p in printed:
        text = as_printed(p.text).strip()
        if p.kind == "text" and text in labels:
            middle = (p.rect[1] + p.rect[3]) / 2
            row = next((y for y, r in rows.items() if r[0][1][1] < middle < r[0][1][3]), None)
            if row is not None:
                rows[row].append((text, p.rect))
                labelled.add(row)
    return [sorted(r, key=lambda o: o[1][0]) for y, r in rows.items() if len(r) >= 3 or y in labelled]


def _runs(row: list) -> list[list[tuple[float, float, float, float]]]:
    """A row's runs of boxes: the boxes between its ends and its labels."""
    runs: list[list] = [[]]
    for kind, rect in row:
        if kind == "box":
            runs[-1].append(rect)
        elif runs[-1]:
            runs.append([])
    return [r for r in runs if r]


@pytest.mark.parametrize("card", CARDS)
def test_the_d12_thresholds_print_half_and_quarter_bold_at_the_3d6_size(card):
    """Finding 2: a d12 back's « 50 % » was RobotoCondensed Regular at 6.15 pt on poker and 6 pt
    on mini beside the 3d6 ½ in bold at 8.97 and 7.8 pt. Now a d12 track prints ½ and ¼ (its
    thresholds are half and a quarter of the points, rounded down) in bold, each on every back,
    no smaller than the 3d6 ½ of the same card size."""
    army, pdf = _deck("d12", card)
    marks = [o for o in text_objects(pdf) if as_printed(o.text).strip() in {"½", "¼"}]
    assert len({o.page for o in marks if o.text.strip() == "½"}) == army.card_count, (card, len(marks))
    assert len({o.page for o in marks if o.text.strip() == "¼"}) == army.card_count, card
    assert all("Bold" in o.font for o in marks), (card, {o.font for o in marks})
    assert not [o for o in text_objects(pdf) if as_printed(o.text).strip() in {"50 %", "25 %"}], card
    _, three_d6 = _deck("3d6", card)
    theirs = [o.size for o in text_objects(three_d6) if as_printed(o.text).strip() in {"½", "¼"}]
    assert min(o.size for o in marks) >= min(theirs) - 0.01, (card, sorted({o.size for o in marks}), min(theirs))


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", ["3d6", "d12", "d100"])
def test_a_group_gap_follows_every_fifth_box_of_a_run_and_never_splits_a_short_run(ruleset_id, card):
    """Finding 3: the gap after column 5 split labelled rows 4 + 1 (« ½ ▢▢▢▢ ▢|¼ »), 1 + 5 and
    3 + 1, and 22a, 9: rows of 6 read « ▢▢▢▢▢ ▢ ». Now in each run of boxes (between a row's
    ends and its labels) a wider step follows its 5th and 10th box, and only in a run of 8 or
    more; every other step is the pitch."""
    army, pdf = _deck(ruleset_id, card)
    checked = 0
    for page in range(1, 2 * army.card_count, 2):
        for row in _rows(pdf, page, LABELS[ruleset_id]):
            for run in _runs(row):
                if len(run) < 2:
                    continue
                steps = [b[0] - a[0] for a, b in zip(run, run[1:], strict=False)]
                pitch = min(steps)
                wide = [n for n, s in enumerate(steps, 1) if s > pitch + 0.25 * MM]
                expected = [n for n in range(5, len(run), 5)] if len(run) >= 8 else []
                assert wide == expected, (ruleset_id, card, page, len(run), [round(s / MM, 2) for s in steps])
                checked += 1
    assert checked, (ruleset_id, card)


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", ["3d6", "d12"])
def test_a_zone_s_rule_stands_on_its_label_s_row_right_before_it(ruleset_id, card):
    """Finding 6: when a zone's label opened a row, its rule stood after the last box of the row
    above (« ▢▢▢▢▢▢▢▢▢▢| » then « ½ ▢… »), where it read as the track's frame. Now every rule
    has its label on its own row right after it, no box between them, less than a box's side away."""
    army, pdf = _deck(ruleset_id, card)
    checked = 0
    for page in range(1, 2 * army.card_count, 2):
        rows = _rows(pdf, page, LABELS[ruleset_id])
        rules = [b for b in path_boxes(pdf, page) if b[2] - b[0] < 1 * MM and b[3] - b[1] > 2 * MM]
        assert rules, (ruleset_id, card, page)
        for rule in rules:
            middle = (rule[1] + rule[3]) / 2
            row = next(r for r in rows if r[0][1][1] < middle < r[0][1][3])
            right = [(kind, rect) for kind, rect in row if rect[0] >= rule[2] - 0.1]
            assert right and right[0][0] != "box", (ruleset_id, card, page, rule, right[:1])
            side = min(rect[3] - rect[1] for kind, rect in row if kind == "box")
            assert right[0][1][0] - rule[2] < side, (ruleset_id, card, page, rule, right[0])
            checked += 1
    assert checked, (ruleset_id, card)
