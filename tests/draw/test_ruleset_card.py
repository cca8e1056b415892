"""The ruleset cards' house look, read back from the print-shop PDF (one face a page, trim box
known): the character's name on a band of the system's colour at the top of both sides, the army
and the system on a foot band of the same colour, no text under 6 pt or within 3 mm of the trim,
section heads in capitals, a skill's score on its name's line, and the room between the bands used."""

import re
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_boxes import path_boxes  # tests/support
from pdf_colours import seen, text_fills  # tests/support
from pdf_text import as_printed, page_text_objects, page_texts, text_objects  # tests/support
from pypdf import PdfReader
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.layout.style import as_colour, cmyk

SHOP = CardOptions(print_shop=True)
MM = 72 / 25.4
SYSTEM_COLOUR = {"d100": "rust", "3d6": "steel", "d12": "moss"}  # data/layouts/rulesets.yaml
SYSTEM_NAME = {"d100": "Pourcentages", "3d6": "AV contre DV", "d12": "L’échelle du d12"}


@pytest.fixture(scope="module", params=["d100", "3d6", "d12"])
def printed(request):
    army = demo_army(request.param)
    return request.param, army, build_ruleset_cards(army, SHOP).pdf


def _trim(pdf: bytes, page: int) -> tuple[float, float, float, float]:
    return tuple(float(v) for v in PdfReader(BytesIO(pdf)).pages[page].trimbox)


def _pixel(pdf: bytes, page: int, x: float, y: float) -> tuple[int, int, int]:
    """The colour pdfium paints at (x, y) points from the page's lower-left corner (72 dpi)."""
    doc = pdfium.PdfDocument(BytesIO(pdf))
    try:
        image = doc[page].render(scale=1).to_pil().convert("RGB")
        return image.getpixel((int(x), int(image.height - y)))
    finally:
        doc.close()


def _near(a, b, tolerance=12) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def test_both_sides_carry_the_name_band_and_the_foot_band_in_the_system_s_colour(printed):
    ruleset_id, army, pdf = printed
    colour = seen(as_colour(cmyk(SYSTEM_COLOUR[ruleset_id])))
    for page in range(2 * len(army.members)):
        left, bottom, right, top = _trim(pdf, page)
        assert _near(_pixel(pdf, page, left + 1 * MM, top - 1 * MM), colour), page  # the band reaches the trim
        assert _near(_pixel(pdf, page, right - 1 * MM, bottom + 1 * MM), colour), page
    names = [obj for obj in text_objects(pdf) if obj.text.strip() == army.members[0].name]  # a back: stats after it
    assert {o.page for o in names} >= {0, 1}  # front and back
    assert all(o.fill == (255, 255, 255) for o in names)  # reversed out of the band


def test_the_foot_names_the_army_with_the_system_in_front_and_the_stamp_behind(printed):
    ruleset_id, army, pdf = printed
    for page, text in enumerate(page_texts(pdf)):
        lines = text.replace("\r\n", "\n").split("\n")
        if page % 2 == 0:  # print-shop: a front, then its back
            assert f"{army.name} {SYSTEM_NAME[ruleset_id]} · {ruleset_id}" in lines, page  # one line: the foot
        else:
            assert any(re.fullmatch(rf"{re.escape(army.name)} v\S+ · [0-9a-f]{{10}}", ln) for ln in lines), page


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_no_text_under_6_pt_nor_within_3_mm_of_the_trim(printed, card):
    _, army, pdf = printed
    if card != "poker":
        pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    assert min(f.size for f in text_fills(pdf)) >= 6
    for obj in text_objects(pdf, page_space=True):  # a story shared by twins is a form
        left, bottom, right, top = _trim(pdf, obj.page)
        x0, y0, x1, y1 = obj.bounds
        assert x0 >= left + 3 * MM - 0.5 and x1 <= right - 3 * MM + 0.5, obj
        assert y1 <= top - 3 * MM and y0 >= bottom + 3 * MM, obj  # the bands' text too (it sat 1.5 mm in)


def test_section_heads_are_capitals_and_a_score_stays_on_its_skill_s_line():
    army = demo_army("d12")
    pdf = build_ruleset_cards(army, SHOP).pdf
    texts = [o.text for o in text_objects(pdf)]
    assert "COMPÉTENCES" in texts and "ARMES" in texts and "RAPPELS" in texts
    oskar = next(i for i, m in enumerate(army.members) if m.name == "Oskar Brandt")
    lines = [o for o in text_objects(pdf) if o.page == 2 * oskar and "Piratage" in o.text]
    assert lines and any("Piratage\u00a0−2" in o.text or "Piratage −2" in o.text for o in lines)


def test_the_fullest_front_uses_most_of_the_room_between_the_bands(printed):
    """Type grows with the room: the tallest front reaches past two thirds of the card's height."""
    _, army, pdf = printed
    lowest = []
    for i in range(len(army.members)):
        _, bottom, _, top = _trim(pdf, 2 * i)
        body = [o for o in text_objects(pdf, page_space=True) if o.page == 2 * i and o.bounds[1] > bottom + 6 * MM]
        lowest.append((top - min(o.bounds[1] for o in body)) / (top - bottom))
    assert max(lowest) > 0.67, lowest


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_every_front_fills_most_of_its_room_and_tarot_sets_larger_type(printed, card):
    """Issue 12: a tall card (tarot) grows its type and gaps instead of leaving 35-40 % empty:
    the fullest front reaches 90 % of the room between the bands, the emptiest 75 %, and the
    skills' body text is larger on tarot than on poker."""
    _, army, _ = printed
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    texts, filled = text_objects(pdf, page_space=True), []
    for i in range(len(army.members)):
        _, bottom, _, top = _trim(pdf, 2 * i)
        band, foot = top - 9.5 * MM, bottom + (7 + 2.5) * MM  # data/layouts/rulesets.yaml: band, foot and its gap
        body = [o for o in texts if o.page == 2 * i and foot < o.bounds[1] < band]
        filled.append((band - min(o.bounds[1] for o in body)) / (band - foot))
    if card == "tarot":
        assert max(filled) > 0.9 and min(filled) > 0.75, filled
        assert _skills_size(pdf) > _skills_size(build_ruleset_cards(army, SHOP).pdf) + 2
    else:
        assert max(filled) > 0.9, filled


def _skills_size(pdf: bytes) -> float:
    """The font size of the first front's skills line (the text under « COMPÉTENCES »)."""
    import ctypes

    doc = pdfium.PdfDocument(BytesIO(pdf))
    try:
        page = doc[0]
        objects = list(page_text_objects(page))
        head = next(i for i, o in enumerate(objects) if o.extract() == "COMPÉTENCES")
        size = ctypes.c_float()
        pdfium.raw.FPDFTextObj_GetFontSize(objects[head + 1].raw, size)
        return size.value
    finally:
        doc.close()


def test_weapon_names_stay_on_one_line_on_poker(printed):
    """The 3d6 « Fusil de précision » broke in two under the bold rolled column: every weapon
    name is now one text line, on poker cards of every system."""
    ruleset_id, army, pdf = printed
    weapons = army.ruleset.catalogues["armes"]
    lines = {line.strip() for o in text_objects(pdf) for line in [o.text]}
    for member in army.members:
        for weapon_id in member.character.armes:
            name = weapons[weapon_id].name
            assert any(line == name or line.startswith(name) for line in lines), (ruleset_id, name)


def test_the_bands_set_their_text_by_kolaps_s_band_rule(printed):
    """The name's baseline is where KOLAPS's card bands put theirs (layout/card_front.band_baseline:
    capitals centred in the band, held inside the safe margin), the foot's the same rule in the
    foot band: both read back from the text matrices of the PDF."""
    from kolaps_print.layout.card_face import above_safe_bottom
    from kolaps_print.layout.card_front import band_baseline

    _, army, pdf = printed
    doc = pdfium.PdfDocument(BytesIO(pdf))
    try:
        for page in (0, 1):
            left, bottom, right, top = _trim(pdf, page)
            height = (top - bottom) / MM
            baselines = {}
            side = doc[page]
            for obj in page_text_objects(side, max_depth=1):
                baselines.setdefault(obj.extract().strip(), obj.get_matrix().get()[5])
            name = baselines[army.members[0].name]
            assert abs((top - name) / MM - band_baseline(9.5, 11, 3.5)) < 0.01
            foot = baselines[army.name]
            expected = min(height - 7 + band_baseline(7, 6, 0), above_safe_bottom(height, 3.5, 6))
            assert abs((top - foot) / MM - expected) < 0.01
    finally:
        doc.close()


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_no_word_of_a_card_table_is_broken(printed, card):
    """Type grows to fill a card only while every table still sets its words whole (the 3d6
    « assommants » and « Matraque » broke in their columns at the largest size)."""
    from kolaps_print.content.ruleset_card import front_items
    from kolaps_print.content.ruleset_sheet import RulesetTable

    ruleset_id, army, _ = printed
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    pages = [" ".join(t.replace("\u202f", " ").replace("\u00a0", " ").split()) for t in page_texts(pdf)]
    firsts = [sum(m.character.copies for m in army.members[:i]) for i in range(len(army.members))]
    for member, page in zip(army.members, [pages[2 * i] for i in firsts], strict=True):
        for item in front_items(army.ruleset, member, army.name):
            if isinstance(item, RulesetTable):
                for cell in (c for row in item.rows for c in row):
                    for word in cell.replace("\u202f", " ").replace("\u00a0", " ").split():
                        assert word in page.split(), (ruleset_id, card, member.name, word)


def test_cards_sheet_and_reference_cards_are_painted_without_platypus(monkeypatch):
    """Issue 11: the ruleset products are laid out as shapes and painted by the one painter, as the
    reference products are; no flowable is drawn and no frame placed while they are made."""
    from reportlab.platypus import Flowable, Frame

    from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards, build_ruleset_sheet

    def refuse(*_args, **_kwargs):
        raise AssertionError("platypus painted something")

    monkeypatch.setattr(Flowable, "drawOn", refuse)
    monkeypatch.setattr(Frame, "add", refuse)
    monkeypatch.setattr(Frame, "addFromList", refuse)
    assert page_texts(build_ruleset_cards(demo_army("d12"), SHOP).pdf)[0].strip()
    assert page_texts(build_ruleset_sheet("3d6").pdf)[0].strip()
    assert page_texts(build_ruleset_reference_cards("d100").pdf)[0].strip()


@pytest.mark.parametrize("card", ["poker", "tarot", "mini"])
def test_every_stat_label_lies_inside_its_tile(printed, card):
    """The 3d6 tarot « CORPS » ran past its tile on both sides: every stat label, read back from
    the PDF, lies inside the tinted tile under its centre, at 6 pt or more, on every card size the demo armies fit."""
    from kolaps_print.content.ruleset_card import Tiles, front_items

    ruleset_id, army, _ = printed
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    tiles = next(i for i in front_items(army.ruleset, army.members[0], army.name) if isinstance(i, Tiles))
    boxes = path_boxes(pdf, 0)
    texts = [o for o in text_objects(pdf, page_space=True) if o.page == 0]
    sizes = {round(f.size, 2) for f in text_fills(pdf) if f.page == 0}
    for name, _ in tiles.tiles:
        for word in name.upper().split():
            label = next(o for o in texts if o.text.strip() == word and "Bold" in o.font)
            x0, y0, x1, y1 = label.bounds
            mid = ((x0 + x1) / 2, (y0 + y1) / 2)
            tile = min(
                (b for b in boxes if b[0] <= mid[0] <= b[2] and b[1] <= mid[1] <= b[3]),
                key=lambda b: (b[2] - b[0]) * (b[3] - b[1]),
            )
            assert tile[0] <= x0 and x1 <= tile[2], (ruleset_id, card, word, label.bounds, tile)
    assert min(sizes) >= 6


def test_the_stun_threshold_is_printed_beside_its_track_and_no_legend_doubles_a_colon():
    """3d6: « 15 perdus d’un coup » is a per-hit threshold: the back prints « seuil : N d’un
    coup » (N: half the ASSOMMANT total, rounded up) on the track's head line; no legend line
    reads « … : ½ : … »."""
    army = demo_army("3d6")
    pdf = build_ruleset_cards(army, SHOP).pdf
    pages = page_texts(pdf)
    for i, member in enumerate(army.members):
        back = as_printed(pages[2 * i + 1]).replace("\r\n", "\n")
        threshold = -(-member.character.assommant // 2)
        head = next(line for line in back.split("\n") if line.startswith("ASSOMMANT"))
        assert head.endswith(f"seuil : {threshold} d’un coup"), head
        items = [item for line in back.split("\n") for item in line.split(" · ")]  # a run-on legend's items
        assert not [item for item in items if item.count(" : ") > 1], back


@pytest.mark.parametrize("ruleset_id", ["3d6", "d12", "d100"])
def test_every_track_box_is_light_enough_for_a_pencil(ruleset_id):
    """The boxes below zero were tinted 25 % black: every box of a track, rendered, is 15 % black
    or lighter at its centre."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, SHOP).pdf
    box = 3.6 * MM  # data/layouts/rulesets.yaml: box_mm, grown with the back's type up to max_scale (1.4)
    for page in range(1, 2 * len(army.members), 2):
        boxes = [
            b
            for b in path_boxes(pdf, page)
            if box - 1.5 < b[2] - b[0] < box * 1.4 + 1.5 and abs(b[3] - b[1] - (b[2] - b[0])) < 0.5
        ]
        assert boxes, page
        for b in boxes:
            r, g, bl = _pixel(pdf, page, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
            assert min(r, g, bl) >= 0.85 * 255 - 3, (page, b, (r, g, bl))


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_a_skill_and_its_score_never_break_and_no_line_starts_with_a_separator(card):
    """d100 « Armes de | lancer » broke inside the name: every skill with its score is whole on
    one line of the front, read back from the PDF, and the « · » between skills ends a line, never
    starts one."""
    from kolaps_print.content.ruleset_card import Lines, front_items

    army = demo_army("d100")
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    pages = page_texts(pdf)
    firsts = [sum(m.character.copies for m in army.members[:i]) for i in range(len(army.members))]
    for member, first in zip(army.members, firsts, strict=True):
        lines = [ln.strip() for ln in as_printed(pages[2 * first]).replace("\r\n", "\n").split("\n")]
        skills = next(i for i in front_items(army.ruleset, member, army.name) if isinstance(i, Lines))
        for skill in as_printed(skills.lines[0]).split(" · "):
            assert any(skill in line for line in lines), (card, member.name, skill, lines)
        assert not [line for line in lines if line.startswith("·")], (card, member.name)


def _size_of(pdf: bytes, text: str) -> float:
    """The font size of the first text object of the first page reading text."""
    import ctypes

    doc = pdfium.PdfDocument(BytesIO(pdf))
    try:
        page = doc[0]
        objects = page_text_objects(page, max_depth=3)
        found = next(o for o in objects if o.extract().strip() == text)
        size = ctypes.c_float()
        pdfium.raw.FPDFTextObj_GetFontSize(found.raw, size)
        return size.value
    finally:
        doc.close()


@pytest.mark.parametrize(("ruleset_id", "weapon"), [("d100", "Revolver"), ("d12", "Pistolet"), ("3d6", "Pistolet")])
def test_a_tarot_front_sets_its_weapons_table_at_8_pt_or_more(ruleset_id, weapon):
    """The tarot fronts set their weapons at about 6.5 pt under 10 pt text: where the table fits
    at 8 pt (names broken at spaces if need be), it is set that large. The 3d6 deck's six columns
    fit at 8 pt too, but the sizes tried, 0.25 pt steps down from the card's 10.72 pt, went from
    8.22 to 7.97 and never tried 8: it was set at 6.7 pt (seventh session)."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card="tarot")).pdf
    assert _size_of(pdf, weapon) >= 8


def test_the_d100_tarot_back_sets_each_box_label_on_one_line():
    """« Esquive annoncée » wrapped beside its box on the tarot back: its column now takes what
    it needs, read back as one line of the PDF's text."""
    army = demo_army("d100")
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card="tarot")).pdf
    dodging = [page for page, text in enumerate(page_texts(pdf)) if page % 2 and "Esquive" in text]
    assert dodging  # the box prints only for who has an Esquive score (review, minor 23)
    for page in dodging:
        lines = [ln.strip() for ln in page_texts(pdf)[page].replace("\r\n", "\n").split("\n")]
        assert any("Esquive annoncée" in ln for ln in lines), (page, lines)  # wrapped: two lines


def test_a_back_table_sets_its_one_line_cells_at_the_top_of_the_row():
    """d12 « Critiques en combat »: the die's « 1 » sat in the middle of a three-line row; it now
    reads level with the first line of the row's longest cell (on a 100 × 150 mm back: since
    backs12b the poker backs give the table by name, since backs13 the tarot backs too, to keep
    9.5 pt)."""
    army = demo_army("d12")
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card="100x150")).pdf
    texts = [o for o in text_objects(pdf, page_space=True) if o.page == 1]
    die = next(o for o in texts if o.text.strip() == "1")
    first = next(o for o in texts if o.text.strip().startswith("Arme brisée"))
    assert abs(die.bounds[3] - first.bounds[3]) < 1.5, (die, first)
