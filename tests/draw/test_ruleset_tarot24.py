"""Tarot backs after review 23, 7 (twenty-fourth session, tarot24), read back from the print-shop
PDF: the d100 and d12 tarot backs set their boxes at 4.9 mm (the poker's 3.6 mm grown by the
scale's root) over 35 to 45 % of white card. A taller card's backs now take the largest box of
rulesets.yaml's card.large_boxes every back of the deck holds at its type (6 mm for both); the 3d6
tarot, full, keeps its 4.9 mm boxes; the boxes stay inside the safe area, a row's boxes apart.
And review 23, 5: every mini back's band stats at 7 pt, a copy's number in the foot band where
they would not hold beside it."""

import pytest
from face_rows import face_printed  # tests/support
from pdf_text import as_printed, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

MM = 72 / 25.4
TAROT_WIDTH, MARGIN = 70 * MM, 3  # the card's width; nothing printed within 3 mm of its trim
STATS = {"3d6": "VIT", "d100": "DEX", "d12": "DÉF"}


def _backs(ruleset_id: str):
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card="tarot")).pdf
    return army, pdf, range(1, 2 * army.card_count, 2)


def _box_sides(pdf: bytes, page: int) -> list[float]:
    """The sides (mm, ink included) of the back's square paths 2.5 to 9 mm wide: its boxes."""
    return [(p.rect[2] - p.rect[0]) / MM for p in face_printed(pdf, page, (2.5, 9.0)) if p.kind == "box"]


@pytest.mark.parametrize("ruleset_id", ["d100", "d12"])
def test_a_roomy_tarot_deck_s_backs_print_boxes_of_about_6_mm(ruleset_id):
    _, pdf, backs = _backs(ruleset_id)
    for page in backs:
        sides = _box_sides(pdf, page)
        assert sides, page
        # the track's boxes (and the checkboxes, one size): 6 mm and the box's 0.6 pt stroke
        assert min(sides) >= 5.9, (ruleset_id, page, sorted({round(s, 2) for s in sides}))
        assert max(sides) <= 6.6, (ruleset_id, page, sorted({round(s, 2) for s in sides}))


@pytest.mark.parametrize("ruleset_id", ["d100", "d12"])
def test_grown_boxes_keep_the_safe_area_and_their_gaps(ruleset_id):
    _, pdf, backs = _backs(ruleset_id)
    for page in backs:
        boxes = [p.rect for p in face_printed(pdf, page, (2.5, 9.0)) if p.kind == "box"]
        rows: dict[float, list] = {}
        for rect in boxes:
            rows.setdefault(round(rect[1], 1), []).append(rect)
        for row in rows.values():
            row.sort()
            assert row[0][0] >= MARGIN * MM - 0.5 and row[-1][2] <= TAROT_WIDTH - MARGIN * MM + 0.5, (page, row)
            gaps = [(b[0] - a[2]) / MM for a, b in zip(row, row[1:], strict=False)]
            # 1.2 mm apart less the bounds' strokes (0.42 mm): 0.58 at main's 1 mm beside 4.9 mm boxes
            assert all(g >= 0.75 for g in gaps), (page, [round(g, 2) for g in gaps])


def test_a_full_tarot_deck_keeps_the_scale_s_boxes():
    """The 3d6 tarot backs fill their cards at 4.9 mm: no larger box holds every back."""
    _, pdf, backs = _backs("3d6")
    for page in backs:
        sides = _box_sides(pdf, page)
        assert sides and max(sides) < 5.3, (page, sorted({round(s, 2) for s in sides}))


def test_a_d12_tarot_back_s_checkboxes_stand_in_one_column():
    """With 6 mm boxes, two of the d12 labels take a row of their own: the others no longer stand
    two a row over them (« Arme enrayée  Attaque totale » over « Défense totale » alone read as a
    box missing); one column, as before."""
    army, pdf, backs = _backs("d12")
    for page in backs:
        texts = {as_printed(p.text).strip(): p.rect for p in face_printed(pdf, page) if p.kind == "text"}
        lefts = [texts[t][0] for t in ("Arme enrayée", "Attaque totale", "Défense totale") if t in texts]
        assert len(lefts) == 3 and max(lefts) - min(lefts) < 1.5, (page, lefts)  # a glyph's side bearing apart


@pytest.mark.parametrize("ruleset_id", ["3d6", "d100", "d12"])
def test_every_mini_back_prints_its_stats_at_7_pt(ruleset_id):
    """Review 23, 5: the d100 mini's band stats were 6 pt (« DEX 14 · PV 12 · 2/2 », the copy's
    number leaving them no room at 7), the 3d6 and d12 minis' 7 pt: every mini's are 7 pt now."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card="mini")).pdf
    stats = [o for o in text_objects(pdf) if o.text.startswith(STATS[ruleset_id]) and "·" in o.text]
    assert len({o.page for o in stats}) == army.card_count, (ruleset_id, len(stats))
    assert min(o.size for o in stats) >= 7 - 0.01, (ruleset_id, sorted({o.size for o in stats}))


def test_a_d100_mini_back_s_copy_number_stands_in_its_foot_band():
    """…and Élise Garnier's « 1/2 » and « 2/2 » on her backs follow the army's name in the foot
    band (« Les Convoyeurs · 1/2 »), white on the band, clear of the stamp at its right; her
    fronts keep theirs by the name."""
    army = demo_army("d100")
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card="mini")).pdf
    texts = text_objects(pdf, page_space=True)
    copies = [o for o in texts if as_printed(o.text).strip().endswith(("1/2", "2/2"))]
    backs = [o for o in copies if o.page % 2 == 1]
    assert len(backs) == 2 and len(copies) == 4, [(o.page, o.text) for o in copies]
    for copy, n in zip(backs, (1, 2), strict=True):
        page = [o for o in texts if o.page == copy.page]
        stamp = next(o for o in page if o.text.strip().startswith("v"))
        assert as_printed(copy.text).strip() == f"{army.name} · {n}/2" and copy.fill == (255, 255, 255)
        assert abs(copy.bounds[1] - stamp.bounds[1]) < 1.5 and copy.bounds[2] + 2 * MM <= stamp.bounds[0]
        name = next(o for o in page if o.text.strip() == "Élise Garnier")
        assert copy.bounds[3] < name.bounds[1] - 20 * MM  # in the foot band, not by the name


CHECK_LABELS = (
    "Parade utilisée",
    "Esquive annoncée",
    "Arme enrayée",
    "Attaque totale",
    "Défense totale",
    "Armure perdue",
)


@pytest.mark.parametrize("ruleset_id", ["d100", "d12"])
def test_grown_checkboxes_keep_air_to_their_labels_and_each_other(ruleset_id):
    """Review 24, 4: the grown 6 mm checkboxes stood 0.5 mm from their labels and 0.5 to 1 mm from
    the box above: a grown back's checkboxes take its box gap more (card.checkbox_air_mm): their
    labels 1.2 mm or more from the box, a stack's boxes 1.5 mm or more apart."""
    _, pdf, backs = _backs(ruleset_id)
    seen = 0
    for page in backs:
        printed = face_printed(pdf, page, (2.5, 9.0))
        boxes = [p.rect for p in printed if p.kind == "box"]
        for text in (p for p in printed if p.kind == "text" and p.text.strip().startswith(CHECK_LABELS)):
            middle = (text.rect[1] + text.rect[3]) / 2
            box = max((r for r in boxes if r[1] <= middle <= r[3] and r[2] <= text.rect[0]), key=lambda r: r[2])
            assert (text.rect[0] - box[2]) / MM >= 1.2, (page, text.text, round((text.rect[0] - box[2]) / MM, 2))
            seen += 1
            over = [r for r in boxes if abs(r[0] - box[0]) < 0.5 and r[1] > box[3]]
            if over:
                assert (min(r[1] for r in over) - box[3]) / MM >= 1.5, (page, text.text)
    assert seen >= 3, seen
