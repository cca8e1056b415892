"""`cards` for another ruleset's army, read back from the PDF: every character's front and back
(one card a page with --print-shop, front then back, so a back is checked against its front), each track with
its own total, the boxes to tick, fonts embedded, the same bytes twice (a face too tall for the
card: tests/jobs/test_ruleset_mini_cards.py)."""

import re
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_fonts import pdf_fonts  # tests/support
from pdf_text import TextObject, page_texts, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.model.ruleset_load import find_ruleset

SHOP = CardOptions(print_shop=True)  # one face a page: front, then its back


def plain(text: str) -> str:
    return re.sub(r"[\s\u202f\u00a0]+", " ", text)


def cards(ruleset_id: str) -> list[str]:
    """Each card's text: its front's page and its back's page, joined."""
    pages = [plain(t) for t in page_texts(build_ruleset_cards(demo_army(ruleset_id), SHOP).pdf)]
    return [f"{front} || {back}" for front, back in zip(pages[::2], pages[1::2], strict=True)]


def test_3d6_each_back_has_that_character_s_tracks_beside_its_front():
    army = demo_army("3d6")
    for member, page in zip(army.members, cards("3d6"), strict=True):
        c = member.character
        front, back = page.split(" || ")
        assert c.name in front and c.name in back
        assert f"ASSOMMANT ({c.assommant})" in page and f"COUPS ({c.coups})" in page
        if "Seuils ASSOMMANT et COUPS" in back:  # tracks11: Lou Ferrand's poker back gives its legends by name
            assert "voir l’aide." in back
        else:
            assert f"{c.coups // 2} restants (½) : −2 AV" in page and f"{c.coups // 4} restants (¼) : −4 AV" in page
            assert f"{2 * c.corps} cases sous 0" in page
        assert "Sonné (−5 AV)" in page


def test_d12_marks_fall_at_each_character_s_own_half_and_quarter():
    army = demo_army("d12")
    for member, page in zip(army.members, cards("d12"), strict=True):
        pv = member.character.pv
        assert f"POINTS DE VIE ({pv})" in page
        assert f"{pv // 2} restants (½) :" in page and f"{pv // 4} restants (¼) :" in page
        assert "Arme enrayée" in page
        assert ("Armure perdue (DÉF" in page) == bool(member.character.armure)  # « si applicable »: who wears one
        assert f"DÉF {member.values['defense']}" in page


def test_d100_front_lists_skills_weapons_and_the_back_its_boxes():
    army = demo_army("d100")
    pages = cards("d100")
    first = army.members[0].character
    # the roll on its name's line (fronts13)
    assert "Armes de poing 55" in pages[0] and "Revolver · 55 % Armes de poing 1d8 15 6" in pages[0]
    assert f"POINTS DE VIE ({first.pv})" in pages[0] and "MUNITIONS · REVOLVER (6)" in pages[0]
    assert "Parade utilisée" in pages[0] and "Esquive annoncée" in pages[0]
    assert len(pages) == 6  # Élise Garnier has two copies


def test_d100_each_back_has_that_character_s_hit_points_beside_its_front():
    army = demo_army("d100")
    pages = cards("d100")
    assert len(pages) == sum(m.character.copies for m in army.members)
    for page in pages:
        front, back = page.split(" || ")
        (member,) = [m for m in army.members if m.name in front]
        assert member.name in back and f"POINTS DE VIE ({member.character.pv})" in back


def test_each_d100_back_tracks_the_magazine_of_each_of_that_character_s_weapons():
    """One track per weapon with a magazine, as long as it (the seed's weapons are reloaded by
    the magazine); a character with blades and spears only has none."""
    army = demo_army("d100")
    weapons = find_ruleset("d100").catalogues["armes"]
    found = {}
    for page in cards("d100"):
        front, back = page.split(" || ")
        (member,) = [m for m in army.members if m.name in front]
        found[member.name] = sorted(re.findall(r"MUNITIONS · ([^(]+?) \((\d+)\)", back))
        magazines = [weapons[w] for w in member.character.armes if weapons[w].chargeur]
        assert found[member.name] == sorted((w.name.upper(), str(w.chargeur)) for w in magazines), member.name
    assert found["Dimitri Lenoir"] == [] and found["Bastien Roux"] == [("MITRAILLETTE", "30")]


# The first track of each system's back, as it prints the character's own total
FIRST_TRACK = {"d100": ("POINTS DE VIE", "pv"), "3d6": ("ASSOMMANT", "assommant"), "d12": ("POINTS DE VIE", "pv")}


def _text_under(pdf: bytes, page: int, name: TextObject, depth: float = 25) -> str:
    """The page's text in the card column under a name, down to depth points (in page space:
    a face's story may be a form, whose objects report their own coordinates)."""
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        left, bottom, _, _ = name.bounds
        return document[page].get_textpage().get_text_bounded(left - 2, bottom - depth, left + 150, bottom)
    finally:
        document.close()


@pytest.mark.parametrize("ruleset_id", ["3d6", "d100", "d12"])
def test_on_a_duplex_sheet_each_back_lies_behind_its_own_front(ruleset_id):
    """Poker cards, A4, flipped on the long edge: a card's back is in the same row, in the
    mirrored column, and its track prints that character's total."""
    army = demo_army(ruleset_id)
    label, field = FIRST_TRACK[ruleset_id]
    totals = {m.name: getattr(m.character, field) for m in army.members}
    pdf = build_ruleset_cards(army).pdf
    copied = {m.name for m in army.members if m.character.copies > 1}  # two copies of a name in one row: left out
    names = [o for o in text_objects(pdf) if o.text.strip() in totals.keys() - copied]  # a back's band: stats too
    lefts = sorted({round(o.bounds[0]) for o in names if o.page == 0})

    def column(o) -> int:  # the card column a name's left edge falls in
        return min(range(len(lefts)), key=lambda i: abs(lefts[i] - o.bounds[0]))

    places = {(o.text.strip(), round(o.bounds[3])): column(o) for o in names if o.page == 0}
    backs = 0
    for o in names:
        name = o.text.strip()
        if o.page == 1 and (name, round(o.bounds[3])) in places:
            assert column(o) == len(lefts) - 1 - places[name, round(o.bounds[3])], name
            under = " ".join(_text_under(pdf, 1, o).split())
            assert re.findall(rf"{label} \((\d+)\)", under) == [str(totals[name])], (name, under)
            backs += 1
    assert backs >= 4  # every card but copies, whose names the copy number splits


@pytest.mark.parametrize("ruleset_id", ["3d6", "d100", "d12"])
def test_fonts_embedded_and_bytes_stable(ruleset_id):
    army = demo_army(ruleset_id)
    first, second = build_ruleset_cards(army).pdf, build_ruleset_cards(army).pdf
    assert first == second
    fonts = pdf_fonts(first)
    assert fonts and all(fonts.values()), fonts


def test_the_command_prints_a_ruleset_army(cli, tmp_path):
    (path,) = sorted((find_ruleset("d12").folder / "armies").glob("*.yaml"))
    out = tmp_path / "cards.pdf"
    result = cli(["cards", path, "-o", out])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"5 card(s) on 1 sheet(s), 2 page(s): {out}\n"
    assert out.read_bytes() == build_ruleset_cards(demo_army("d12")).pdf


def test_print_shop_cards_are_pdf_x_like_kolaps_s():
    from io import BytesIO

    from pypdf import PdfReader

    reader = PdfReader(BytesIO(build_ruleset_cards(demo_army("d12"), SHOP).pdf))
    assert "/OutputIntents" in reader.trailer["/Root"]
    assert all("/TrimBox" in page and "/BleedBox" in page for page in reader.pages)


def test_each_weapon_prints_that_character_s_roll():
    """d100: the score in the weapon's skill, or the skill's base when none is written; d12: its
    attack, 1d12 + the skill + the characteristic the skill names, from the data, not the card."""
    d100 = demo_army("d100")
    skills = d100.ruleset.catalogues["competences"]
    weapons = d100.ruleset.catalogues["armes"]
    for member, page in zip(d100.members, cards("d100"), strict=False):
        for weapon_id in member.character.armes:
            weapon = weapons[weapon_id]
            score = member.character.competences.get(weapon.competence, skills[weapon.competence].base)
            assert f"{weapon.name} · {score} %" in page, (member.name, weapon.name)
    d12 = demo_army("d12")
    skills, weapons = d12.ruleset.catalogues["competences"], d12.ruleset.catalogues["armes"]
    for member, page in zip(d12.members, cards("d12"), strict=True):
        for weapon_id in member.character.armes:
            weapon = weapons[weapon_id]
            skill = skills[weapon.competence]
            total = member.character.competences[weapon.competence] + getattr(member.character, skill.carac.lower())
            assert f"{weapon.name} · attaque 1d12 + {total}" in page, (member.name, weapon.name)  # review 13 S3


def test_3d6_weapons_print_the_attack_value_of_ruling_e9():
    """3D6-E9: DEX + the weapon's skill (0 when the character has none) + 3d6, marked on the card and
    named by the rules' word for it, « AV » (review 12b S3)."""
    army = demo_army("3d6")
    weapons = army.ruleset.catalogues["armes"]
    for member, page in zip(army.members, cards("3d6"), strict=True):
        for weapon_id in member.character.armes:
            weapon = weapons[weapon_id]
            total = member.character.dex + member.character.competences.get(weapon.competence, 0)
            assert f"{weapon.name} · AV 3d6 + {total}" in page, (member.name, weapon.name)  # labelled (fronts13)
        assert "3D6-E9" in page
    karim = next(m for m in army.members if m.name == "Karim Besson")
    assert (karim.character.dex, karim.character.competences["armes-feu"]) == (7, 7)  # the erratum's example


def test_a_negative_roll_reads_minus_not_plus_minus():
    from dataclasses import replace

    from kolaps_print.content.ruleset_card import front_items
    from kolaps_print.content.ruleset_sheet import RulesetTable

    army = demo_army("d12")
    yuna = army.members[0]  # a pistol: armes de tir + DEX
    clumsy = replace(
        yuna,
        character=yuna.character.model_copy(update={"competences": {"armes-tir": -3}}),
        values={**yuna.values, "dex": 1},
    )
    (weapons,) = [i for i in front_items(army.ruleset, clumsy, army.name) if isinstance(i, RulesetTable)]
    assert weapons.rows[0][1] == "1d12\u00a0−\u00a02"


def test_copies_are_numbered_in_the_band_and_marked_faces_carry_the_key():
    pages = cards("d100")
    copies = [p for p in pages if p.startswith("Élise Garnier")]
    assert len(copies) == 2 and "1/2" in copies[0] and "2/2" in copies[1]
    assert all("1/2" not in p and "2/2" not in p for p in pages if not p.startswith("Élise"))
    for page in cards("d12"):
        front, back = page.split(" || ")
        assert "† D12-E1" in front and "† : notre décision, voir les errata du système." in front


def test_each_back_carries_the_version_and_fingerprint_its_book_s_proof_prints():
    """A loose card finds its book: the back's foot prints « v0.1 · <hash> », the version of the
    system's short book and the fingerprint its proof prints; the front keeps the system's name."""
    from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook

    proof = " ".join(page_texts(build_rulebook(RulebookOptions(ruleset="d12", proof=True)).pdf))
    (version, digest), *_ = re.findall(r"version (\S+) · .*? · sources ([0-9a-f]{10})", proof.replace("\n", " "))
    for page in cards("d12"):
        front, back = page.split(" || ")
        assert f"v{version} · {digest}" in back and digest not in front
        assert "L’échelle du d12 · d12" in front


def twins_army(tmp_path, ruleset_id: str, changed: dict) -> "RulesetArmy":  # noqa: F821
    """The demo army, then each of its characters again under another name, then the first
    with `changed` values: a deck where most contents repeat."""
    import yaml

    from kolaps_print.model.ruleset_army import load_ruleset_army
    from kolaps_print.model.ruleset_choice import read_army_ruleset

    (demo,) = sorted((find_ruleset(ruleset_id).folder / "armies").glob("*.yaml"))
    army = yaml.safe_load(demo.read_text(encoding="utf-8"))
    cast = [{**c, "copies": 1} for c in army["characters"]]
    twins = [{**c, "name": f"Jumeau {i}"} for i, c in enumerate(cast)]
    army["characters"] = cast + twins + [{**cast[0], "name": "Autre", **changed}]
    path = tmp_path / "twins.yaml"
    path.write_text(yaml.safe_dump(army, allow_unicode=True), encoding="utf-8")
    doc, _ = read_army_ruleset(path)
    return load_ruleset_army(doc, find_ruleset(ruleset_id))


def test_characters_with_the_same_values_share_one_laid_out_face(tmp_path, monkeypatch):
    """Issue 13: a face is laid out once per distinct content (its name apart), so a twin's card
    prints its own name over the same face as its original's, and a changed value is laid out anew."""
    import kolaps_print.jobs.ruleset_cards as job
    from kolaps_print.layout.ruleset.card import face_name

    army = twins_army(tmp_path, "d12", {"pv": 30})
    laid: list[str] = []
    real = job.face_layout

    def counting(items, *args, **kwargs):
        laid.append(face_name(items))
        return real(items, *args, **kwargs)

    monkeypatch.setattr(job, "face_layout", counting)
    pages = [plain(t) for t in page_texts(build_ruleset_cards(army, SHOP).pdf)]
    assert not any(name.startswith("Jumeau") for name in laid)  # twins reuse their original's faces
    assert "Autre" in laid
    cast = len(army.members) // 2
    for i in range(cast):
        original, twin = pages[2 * i : 2 * i + 2], pages[2 * (cast + i) : 2 * (cast + i) + 2]
        name = army.members[i].name
        assert [p.replace(name, "Jumeau") for p in original] == [p.replace(f"Jumeau {i}", "Jumeau") for p in twin]
    assert "POINTS DE VIE (30)" in pages[-1] and "15 restants (½) :" in pages[-1]


def test_a_hit_point_track_is_laid_out_once_per_value_and_place():
    """Issue 13: two backs that differ elsewhere (the ammunition) share the laid-out track of the
    same hit points; the painted boxes are the same."""
    from dataclasses import replace

    from kolaps_print.content.ruleset_card import Track, back_items
    from kolaps_print.layout.ruleset.blocks import _laid_track
    from kolaps_print.layout.ruleset.card import FaceSetting, face_layout, room_shapes, story_room
    from kolaps_print.layout.ruleset.look import sheet_look
    from kolaps_print.layout.shapes import Box
    from kolaps_print.units import pt

    army = demo_army("d100")
    items = back_items(army.ruleset, army.members[0], army.name)
    ammunition = next(i for i in items if isinstance(i, Track) and i.label.startswith("Munitions"))  # a revolver's
    other = [replace(i, boxes=12) if i == ammunition else i for i in items]
    look, colour = sheet_look().card, sheet_look().colour("d100")
    setting = FaceSetting(look, colour, (pt(63), pt(88)))
    width = story_room(look, *setting.size)[2]
    _laid_track.cache_clear()
    first, second = (room_shapes(face_layout(i, width, look, colour), setting) for i in (items, other))
    assert _laid_track.cache_info().hits >= 1  # the hit points, laid out for the first back only
    boxes = [[s for s in shapes if isinstance(s, Box)] for shapes in (first, second)]
    assert len(boxes[0]) - len(boxes[1]) == ammunition.boxes - 12  # the ammunition differs ...
    hit_points = next(i for i in items if isinstance(i, Track)).boxes
    assert boxes[0][:hit_points] == boxes[1][:hit_points]  # ... the hit points print alike


def test_a_story_shared_by_twins_is_drawn_once_as_a_form(tmp_path):
    """As KOLAPS's cards reuse their furniture: the twin's page draws the very form XObject its
    original's page draws; a character printed once draws no form."""
    from io import BytesIO

    from pypdf import PdfReader

    army = twins_army(tmp_path, "d12", {"pv": 30})
    reader = PdfReader(BytesIO(build_ruleset_cards(army, SHOP).pdf))

    def forms(page: int) -> set:
        xobjects = reader.pages[page]["/Resources"].get("/XObject", {})
        return {ref.idnum for ref in xobjects.values() if ref.get_object()["/Subtype"] == "/Form"}

    cast = len(army.members) // 2
    for i in range(cast):
        for side in (0, 1):
            original, twin = forms(2 * i + side), forms(2 * (cast + i) + side)
            assert original and original == twin, (i, side)
    assert not forms(len(reader.pages) - 2)  # « Autre »'s front: its own values, painted inline


def test_the_command_reads_a_ruleset_army_file_once(cli, tmp_path, monkeypatch):
    """The CLI reads the army to choose its ruleset and hands that read on (a 1000-character
    army's YAML was parsed twice)."""
    import kolaps_print.model.ruleset_choice as choice

    (path,) = sorted((find_ruleset("3d6").folder / "armies").glob("*.yaml"))
    parsed: list[str] = []
    real = choice.load_yaml

    def counting(file, *args, **kwargs):
        parsed.append(str(file))
        return real(file, *args, **kwargs)

    monkeypatch.setattr(choice, "load_yaml", counting)  # where the army file is read
    result = cli(["cards", path, "-o", tmp_path / "cards.pdf"])
    assert result.exit_code == 0, result.stderr
    assert parsed.count(str(path)) == 1, parsed


# ---- display conditions (`when`): a block prints for the characters it concerns --------------

BURST_HEAD = "TIR EN RAFALE"


def _bursts(army) -> dict[str, bool]:
    """Each character's name -> whether one of its weapons fires bursts, from the weapons data."""
    weapons = army.ruleset.catalogues["armes"]
    return {m.name: any(weapons[w].rafale for w in m.character.armes) for m in army.members}


def test_the_d100_burst_table_is_on_the_backs_of_burst_weapon_holders_only():
    army = demo_army("d100")
    bursts = _bursts(army)
    assert sorted(bursts.values()) == [False, False, False, False, True]  # the demo has both kinds
    for page in cards("d100"):
        front, back = page.split(" || ")
        (name,) = [n for n in bursts if n in front]
        assert (BURST_HEAD in back) == bursts[name], name
        assert (BURST_HEAD in front) is False
        assert ("† : notre décision" in back) == bursts[name], name  # the key goes with the table's mark


def test_on_a_duplex_sheet_the_burst_table_lies_behind_its_gunner_s_front():
    """Poker cards on A4 flipped on the long edge: under each name on the backs' page, the
    card's own text; the burst table under the gunner's, none under the others'."""
    army = demo_army("d100")
    bursts = _bursts(army)
    pdf = build_ruleset_cards(army).pdf
    backs = [(n, o) for o in text_objects(pdf) if o.page == 1 for n in bursts if o.text.startswith(n)]
    assert sorted({n for n, _ in backs}) == sorted(bursts) and len(backs) == army.card_count
    fronts = {(n, round(o.bounds[3])) for o in text_objects(pdf) if o.page == 0 for n in bursts if o.text.startswith(n)}
    for name, band in backs:
        assert (name, round(band.bounds[3])) in fronts  # the same row as its front
        under = " ".join(_text_under(pdf, 1, band, depth=230).split())
        assert "POINTS DE VIE" in under, name
        assert (BURST_HEAD in under) == bursts[name], (name, under)


def _sizes(pdf: bytes, text: str) -> list[float]:
    """The size of each printing of text, page by page."""
    return [o.size for o in sorted(text_objects(pdf), key=lambda o: o.page) if o.text.strip() == text]


def _sizes_by_text(pdf: bytes, pages: range) -> dict[tuple[str, str], dict[int, set[float]]]:
    """Each text of a few words (its font, subset prefix off) -> the sizes it prints at, by page."""
    out: dict[tuple[str, str], dict[int, set[float]]] = {}
    for o in text_objects(pdf):
        if o.page in pages and sum(c.isalpha() for c in o.text) >= 4:
            out.setdefault((o.text.strip(), o.font.split("+")[-1]), {}).setdefault(o.page, set()).add(o.size)
    return out


@pytest.mark.parametrize("card", ["poker", "tarot"])
@pytest.mark.parametrize("ruleset_id", ["d100", "3d6", "d12"])
def test_every_front_and_every_back_of_a_deck_shares_one_type_size(ruleset_id, card):
    """One type size per deck (docs/style.md): a text printed on several fronts (a section's head,
    a skill's line, a reminder) or several backs (the legend, a box's label) prints at one size on
    all of them, the gunner's or the cyborg's fuller back as its neighbours; and the body's regular
    type on each face is among one side's sizes."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(card=card, print_shop=True, press=False)).pdf
    faces = sum(m.character.copies for m in army.members)
    for first in (0, 1):  # fronts, then backs
        pages = range(first, 2 * faces, 2)
        shared = {k: v for k, v in _sizes_by_text(pdf, pages).items() if len(v) > 1}
        regular = {k for k in shared if "Bold" not in k[1] and "Italic" not in k[1] and "Oblique" not in k[1]}
        assert regular, "no regular text printed on two faces: nothing checked"
        on = {page for k in regular for page in shared[k]}
        assert on == set(pages), (first, sorted(set(pages) - on))  # every face of the side is checked
        for key, sizes in shared.items():
            assert len(set().union(*sizes.values())) == 1, (first, key, sizes)


def _sizes_on(pdf: bytes, page: int, text: str) -> float:
    (size,) = {o.size for o in text_objects(pdf) if o.page == page and o.text.strip() == text}
    return size


def test_the_checkboxes_lie_alike_on_every_back_each_label_whole():
    """One size for every back: « Parade utilisée » and « Esquive annoncée » side by side, each on
    one line, on the gunner's back and on the others' (a back's type no longer grows past its
    neighbours' and sends them one a row)."""
    army = demo_army("d100")
    pdf = build_ruleset_cards(army, SHOP).pdf
    checked = 0
    for i in range(len(cards("d100"))):
        labels = {o.text.strip(): o.bounds for o in text_objects(pdf) if o.page == 2 * i + 1}
        if "Esquive annoncée" not in labels:  # only who has an Esquive score (review, minor 23)
            continue
        parade, esquive = labels["Parade utilisée"], labels["Esquive annoncée"]
        assert esquive[1] < parade[3] and esquive[3] > parade[1] and esquive[0] > parade[2]  # one row
        checked += 1
    assert checked >= 2


def test_d12_prints_armour_lost_for_armoured_characters_only_under_one_head():
    army = demo_army("d12")
    for member, page in zip(army.members, cards("d12"), strict=True):
        back = page.split(" || ")[1]
        assert back.count("À COCHER") == 1, member.name
        boxes = back.split("À COCHER")[1].split("CRITIQUES")[0]  # the critical table says « Armure perdue » too
        assert ("Armure perdue" in boxes) == bool(member.character.armure), member.name
        assert "Arme enrayée" in boxes and "Défense totale" in boxes
    assert {bool(m.character.armure) for m in army.members} == {False, True}


def test_an_army_of_one_kind_prints_as_it_would_without_conditions(tmp_path, monkeypatch):
    """Every character with a burst weapon: the table on every back, the same bytes as when every
    condition is taken as met."""
    import yaml

    import kolaps_print.content.ruleset_card as content
    from kolaps_print.model.ruleset_army import load_ruleset_army
    from kolaps_print.model.ruleset_choice import read_army_ruleset

    (demo,) = sorted((find_ruleset("d100").folder / "armies").glob("*.yaml"))
    data = yaml.safe_load(demo.read_text(encoding="utf-8"))
    for character in data["characters"]:
        character["armes"] = ["mitraillette"]  # a second magazine's track would not fit beside the table
        character["competences"]["esquive"] = 30  # and every one dodges: every condition met
    path = tmp_path / "gunners.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    army = load_ruleset_army(read_army_ruleset(path)[0], find_ruleset("d100"))
    assert set(_bursts(army).values()) == {True}
    pdf = build_ruleset_cards(army).pdf
    assert sum(text.count(BURST_HEAD) for text in page_texts(pdf)) == army.card_count
    monkeypatch.setattr(content, "concerns", lambda *args: True)
    assert build_ruleset_cards(army).pdf == pdf
