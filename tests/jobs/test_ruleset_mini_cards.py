"""`cards --card mini` for the other systems' armies (issue 13), read back from the PDF: every
demo deck prints (it was a located error for every character); its type is 6 pt or more, its
tick boxes 3 mm or more, its texts inside the room between the bands and clear of each other and
of the boxes; a rule the poker card prints is on the mini card too, or named there with where to
read it (« … : voir l’aide de jeu. »); a character that cannot fit even then is a located error."""

import re
from functools import cache

import pytest
from pdf_boxes import square_paths  # tests/support
from pdf_text import TextObject, carried_on, page_texts, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.content.ruleset_card import Lines, Track, back_items, front_items
from kolaps_print.content.ruleset_sheet import RulesetTable
from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.labels import label, overriding_labels
from kolaps_print.model.ruleset_load import find_ruleset

MM = 72 / 25.4
MINI = CardOptions(card="mini", print_shop=True)  # one face a page, 3 mm bleed round it
BLEED = 3 * MM
RULESETS = ["d100", "3d6", "d12"]
WHITE = (255, 255, 255)  # the bands' texts


def plain(text: str) -> str:
    return re.sub(r"[\s\u202f\u00a0]+", " ", text)


@cache
def mini(ruleset_id: str) -> bytes:
    return build_ruleset_cards(demo_army(ruleset_id), MINI).pdf


def faces(ruleset_id: str) -> list[tuple[str, str, str]]:
    """Each printed card: its character's name, its front's text, its back's text."""
    army = demo_army(ruleset_id)
    names = [m.name for m in army.members for _ in range(m.character.copies)]
    pages = [plain(t) for t in page_texts(mini(ruleset_id))]
    return list(zip(names, pages[::2], pages[1::2], strict=True))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_demo_deck_prints_on_mini_cards_each_name_on_its_front_and_back(ruleset_id):
    for name, front, back in faces(ruleset_id):
        assert name in front and name in back


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_mini_type_is_6_pt_or_more(ruleset_id):
    sizes = [o.size for o in text_objects(mini(ruleset_id), page_space=True)]
    assert sizes and min(sizes) >= 6 - 1e-6, min(sizes)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_mini_tick_boxes_take_a_pencil_3_mm_or_more(ruleset_id):
    pdf = mini(ruleset_id)
    backs = range(1, len(page_texts(pdf)), 2)
    boxes = [b for page in backs for b in square_paths(pdf, page, 5, 12)]
    assert boxes
    assert min(right - left for left, _, right, _ in boxes) >= 3 * MM - 0.02


def _room(pdf_page_height: float) -> tuple[float, float]:
    """The bottom and top (pt, page space) between a mini card's bands, from rulesets.yaml's compact look."""
    from kolaps_print.layout.ruleset.look import sheet_look

    look = sheet_look().card.compacted(44)
    bottom = BLEED + look.footer_mm * MM
    top = pdf_page_height - BLEED - look.band_mm * MM
    return bottom, top


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """How far two boxes (left, bottom, right, top) overlap, the lesser of across and up (pt)."""
    across = min(a[2], b[2]) - max(a[0], b[0])
    up = min(a[3], b[3]) - max(a[1], b[1])
    return min(across, up)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_mini_texts_stay_between_the_bands_inside_the_safe_margin_clear_of_the_boxes(ruleset_id):
    pdf = mini(ruleset_id)
    height = 63 * MM + 2 * BLEED
    bottom, top = _room(height)
    texts: dict[int, list[TextObject]] = {}
    for o in text_objects(pdf, page_space=True):
        texts.setdefault(o.page, []).append(o)
    for page, objects in texts.items():
        body = [o for o in objects if o.fill != WHITE]
        for o in body:
            left, low, right, high = o.bounds
            assert low >= bottom and high <= top, (page, o.text, o.bounds)
            assert left >= BLEED + 3 * MM - 0.3 and right <= BLEED + 41 * MM + 0.3, (page, o.text, o.bounds)
        for box in square_paths(pdf, page, 5, 12):  # the tick boxes (the tiles are larger)
            hit = [o.text for o in body if _overlap(o.bounds, box) > 0.3]
            assert not hit, (page, box, hit)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_mini_lines_of_text_never_overlap(ruleset_id):
    """Two texts of a face overlap by at most a hair (a bold run and the regular one after it
    share their side bearings); never a line over another."""
    texts: dict[int, list[TextObject]] = {}
    for o in text_objects(mini(ruleset_id), page_space=True):
        texts.setdefault(o.page, []).append(o)
    for page, objects in texts.items():
        for i, a in enumerate(objects):
            for b in objects[i + 1 :]:
                assert _overlap(a.bounds, b.bounds) < 1.0, (page, a.text, b.text)


def _rules(ruleset_id: str) -> list[tuple[str, str, str, str]]:
    """What each character's poker card prints of the rules: (name, side, the rule's text, the
    name a mini card gives it by): the rules' tables by their title, each reminder by its lead,
    each track's legend by the track."""
    army = demo_army(ruleset_id)
    found = []
    with overriding_labels(army.ruleset.labels_file):
        for member in army.members:
            for side, items in (("front", front_items), ("back", back_items)):
                for item in items(army.ruleset, member, army.name):
                    if isinstance(item, RulesetTable) and item.strong is None and item.title:
                        found.append((member.name, side, item.rows[0][-1], item.title))
                    if isinstance(item, Lines) and item.heading == label("rulesets.card.reminders"):
                        found += [(member.name, side, line, re.split(r"\s:\s", line)[0]) for line in item.lines]
                    if isinstance(item, Track):
                        found += [(member.name, side, m.label, item.label) for m in item.marks]
                        found += [(member.name, side, item.negative_label, item.label)] if item.negative_label else []
    return found


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_rule_left_off_a_mini_face_is_named_there_with_where_to_read_it(ruleset_id):
    printed, lines = {}, {}
    raw = page_texts(mini(ruleset_id))
    for i, (name, front, back) in enumerate(faces(ruleset_id)):
        printed[(name, "front")], printed[(name, "back")] = front, back
        lines[(name, "front")], lines[(name, "back")] = (carried_on(raw[2 * i + k].splitlines()) for k in (0, 1))
    elsewhere = plain(label("rulesets.card.elsewhere", names="")).strip(" .")  # « : voir l’aide »
    rules = _rules(ruleset_id)
    assert rules
    for name, side, text, by in rules:
        face = printed[(name, side)]
        if plain(text) in face:
            continue
        named = next((plain(line) for line in lines[(name, side)] if elsewhere in plain(line)), "")
        assert plain(by) in named, (name, side, text)


def test_the_rules_a_mini_deck_gives_by_name_are_only_those_it_has_no_room_for():
    """d100's demo backs hold their burst table: nothing named; d12's each name its criticals."""
    assert not any("l’aide" in back for _, _, back in faces("d100"))
    said = plain(label("rulesets.card.elsewhere", names="Critiques en combat"))
    assert all(said in back for _, _, back in faces("d12"))


def test_every_mini_deck_says_where_to_read_a_rule_in_one_wording():
    """Eleventh session (print review): 3d6 mini backs said « voir l’aide. », d12's « voir l’aide de
    jeu. »: one wording on every card of every system (the sentence's end after « voir »; only the
    minis name rules they leave out)."""
    pdfs = [mini(r) for r in ("3d6", "d12")]
    ends = {m.group(0) for pdf in pdfs for t in page_texts(pdf) for m in re.finditer(r"voir l’aide[^.]*\.", plain(t))}
    assert len(ends) == 1, ends


def test_a_character_too_full_for_a_mini_card_is_located_and_nothing_is_written(cli, tmp_path):
    """Four firearms (as many as a character may carry): their lines and their magazines' boxes
    fill the front past what the rules given by name make room for (the back, its magazines' boxes
    in rows of 10 under the mini's tighter gaps since tracks11, now fits with its kinds by name)."""
    (demo,) = sorted((find_ruleset("d100").folder / "armies").glob("*.yaml"))
    armed = "armes: [calibre-12, mitraillette, carabine, arbalete]"
    text = demo.read_text(encoding="utf-8").replace("armes: [revolver, couteau]", armed, 1)
    path = tmp_path / "armies" / "lourde.yaml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "cards.pdf"
    result = cli(["cards", path, "--card", "mini", "-o", out])
    assert result.exit_code == 1
    line = next(i for i, row in enumerate(text.splitlines()) if "- name: Ada Morel" in row) + 1
    error = f"{path}:{line}:5: error: characters[0]: the front of 'Ada Morel' does not fit a 44 × 63 mm card"
    assert error in result.stderr
    # the others fit; her back too, until backs12's 0.8 mm of air round its four magazines' rows
    errors = result.stderr.count("error:")
    assert errors <= 2 and result.stderr.count("error: characters[0]") == errors
    assert not out.exists()
