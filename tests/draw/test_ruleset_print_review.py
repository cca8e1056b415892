"""The print designer's review of the rulesets' decks (session 8), each finding read back from the
PDF: what a card must say for the table to be played from it, and where its marks must sit."""

from pdf_boxes import path_boxes  # tests/support
from pdf_text import as_printed, page_texts, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet

SHOP = CardOptions(print_shop=True)


def _lines(text: str) -> list[str]:
    return [ln.strip() for ln in as_printed(text).replace("\r\n", "\n").split("\n")]


def _sides(ruleset_id: str, card: str = "poker") -> tuple[object, list[tuple[list[str], list[str]]]]:
    """The demo army and, for each character, the lines of its front and of its back."""
    army = demo_army(ruleset_id)
    pages = page_texts(build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf)
    firsts = [sum(m.character.copies for m in army.members[:i]) for i in range(len(army.members))]
    return army, [(_lines(pages[2 * f]), _lines(pages[2 * f + 1])) for f in firsts]


def test_a_3d6_armour_prints_its_kd_on_the_front_and_beside_the_coups_track():
    """Blocker 1: « Veste blindée » was printed with no KD anywhere. The front reads « Veste
    blindée — KD 8 », the back's COUPS head ends with « KD 8 » (the catalogue's value), and a
    character without armour prints no KD."""
    army, sides = _sides("3d6")
    armours = army.ruleset.catalogues["armures"]
    for member, (front, back) in zip(army.members, sides, strict=True):
        head = next(line for line in back if line.startswith("COUPS"))
        if member.character.armure is None:
            assert not [line for line in front + back if "KD" in line], member.name
            continue
        armour = armours[member.character.armure]
        assert f"{armour.name} — KD {armour.kd}" in front, (member.name, front)
        assert head.endswith(f"KD {armour.kd}"), (member.name, head)


def test_the_3d6_sheet_lists_each_armour_with_its_kd():
    """Blocker 1: no 3d6 product listed the armours; the sheet (whose sections the reference cards
    pour) now has a row for each, its name then its KD."""
    ruleset = demo_army("3d6").ruleset
    lines = _lines("\n".join(page_texts(build_ruleset_sheet("3d6").pdf)))
    for armour in ruleset.catalogues["armures"].values():
        assert f"{armour.name} {armour.kd}" in lines, armour.name


def test_a_d100_protection_prints_what_it_absorbs():
    """Major 5: « Gilet pare-balles » alone; it reads « Gilet pare-balles — absorbe 6 », and a
    shield, which absorbs nothing, keeps its text."""
    army, sides = _sides("d100")
    protections = army.ruleset.catalogues["protections"]
    for member, (front, _) in zip(army.members, sides, strict=True):
        for id_ in member.character.protections or []:
            entry = protections[id_]
            name = " ".join(entry.name.split())  # read back with plain spaces (sys17: « bouclier\u00a0rond »)
            if entry.absorbe:
                assert f"{name} — absorbe {entry.absorbe}" in front, (member.name, front)
            else:
                assert any(line.startswith(f"{name} : ") for line in front), (member.name, front)


def test_a_d12_armour_lost_box_says_how_much_def_it_takes_off():
    """Blocker 2: the front's DÉF has the armour in it (DEX 4 + armour 1 = 5), and « Armure perdue »
    did not say by how much it falls. Each wearer's box reads « Armure perdue (DÉF −N) », N its
    own armour; a character without armour has no such box."""
    army, sides = _sides("d12")
    for member, (_, back) in zip(army.members, sides, strict=True):
        lost = [line for line in back if "Armure perdue (" in line]  # the critical table's « Armure perdue, ou » apart
        if member.character.armure:
            assert lost and f"Armure perdue (DÉF −{member.character.armure})" in lost[0], (member.name, back)
        else:
            assert not lost, member.name


def test_a_d12_cyborg_says_so_under_its_name_and_prints_the_cyborg_thresholds():
    """Major 3: Mila Sorel is a cyborg, and her card printed a human's haemorrhage. Under her name
    the front reads « … · Cyborg »; her back's thresholds are the seed's cyborg ones (mechanical
    failure, neural connections, marked † D12-E8); the others' backs keep the haemorrhage."""
    army, sides = _sides("d12")
    assert any(m.character.cyborg for m in army.members) and not all(m.character.cyborg for m in army.members)
    for member, (front, back) in zip(army.members, sides, strict=True):
        text = " ".join(back)
        subtitle = next(line for line in front if line.startswith(member.character.metier))
        if member.character.cyborg:
            assert subtitle.endswith(" · Cyborg"), subtitle
            assert "défaillance mécanique" in text and "connexions neuronales touchées" in text, back
            assert "hémorragie" not in text and "† D12-E8" in text, back
        else:
            assert "Cyborg" not in subtitle and "défaillance" not in text and "hémorragie" in text, member.name


def test_a_d100_dodge_box_prints_only_for_who_can_dodge():
    """Minor 23: « Esquive annoncée » was on Bastien's and Dimitri's backs, who have no Esquive
    score (it has no base: D100-E5). The box prints exactly for the characters who write one;
    « Parade utilisée » for all."""
    army, sides = _sides("d100")
    assert {bool((m.character.competences or {}).get("esquive")) for m in army.members} == {True, False}
    for member, (_, back) in zip(army.members, sides, strict=True):
        dodges = "esquive" in (member.character.competences or {})
        assert any("Esquive annoncée" in line for line in back) == dodges, member.name
        assert any("Parade utilisée" in line for line in back), member.name


def test_a_d100_magazine_too_long_for_boxes_is_written_in_and_its_back_keeps_its_type():
    """Major 10: Bastien's back ticked 30 boxes for a magazine emptied 6 to 20 rounds a burst,
    and its type fell to 6.5 pt against 9.1 pt on its neighbours. A magazine longer than the
    block's write_in_over prints « Restent : ___ / 30 »; his back has no more boxes than his hit
    points and the one « Parade utilisée », and its type is within 20 % of the largest back's."""
    army = demo_army("d100")
    pdf = build_ruleset_cards(army, SHOP).pdf
    pages, texts = page_texts(pdf), text_objects(pdf, page_space=True)
    (over,) = [b.write_in_over for b in army.ruleset.spec.card.back if getattr(b, "write_in_over", None)]
    weapons = army.ruleset.catalogues["armes"]
    firsts = [sum(m.character.copies for m in army.members[:i]) for i in range(len(army.members))]
    sizes = {}
    for member, first in zip(army.members, firsts, strict=True):
        back = 2 * first + 1
        magazines = [weapons[w].chargeur for w in member.character.armes if weapons[w].chargeur]
        sizes[member.name] = max(o.size for o in texts if o.page == back and o.text.strip() == "Parade utilisée")
        boxes = [b for b in path_boxes(pdf, back) if 8 < b[2] - b[0] < 20 and abs(b[3] - b[1] - (b[2] - b[0])) < 0.5]
        written = [n for n in magazines if n > over]
        for n in written:
            assert f"/ {n}" in as_printed(pages[back]) and "Restent :" in pages[back], member.name
        ticked = sum(n for n in magazines if n <= over)
        dodge = "esquive" in (member.character.competences or {})
        assert len(boxes) == member.character.pv + ticked + 1 + dodge, (member.name, len(boxes))
    assert any(n > over for w in weapons.values() for n in [w.chargeur or 0])  # the case is in the demo
    assert min(sizes.values()) >= 0.8 * max(sizes.values()), sizes


MM = 72 / 25.4


def _row_cells(texts: list, page: int, name: str) -> list:
    """The text objects of a weapons row: those beside its name's first line, left to right; a
    name on a line of its own (a tarot 3d6 front), or with its roll after it (tarot since tarot12),
    the line under it, its values."""
    on_page = [o for o in texts if o.page == page and o.size < 12]
    whole = [o for o in on_page if as_printed(o.text).strip() == name]  # else its first line's first word
    first = whole[0] if whole else next(o for o in on_page if o.text.strip().startswith(name.split(" ")[0]))
    row = _beside(texts, page, first)
    if all(
        "Bold" in o.font or as_printed(o.text).strip().startswith("·") for o in row
    ):  # the name alone, or with its roll (tarot12) after « · » or « · AV » (fronts13): its values are the next line down
        below = [o for o in texts if o.page == page and o.bounds[3] <= first.bounds[1] + 0.5 and o.text.strip()]
        top = max(below, key=lambda o: o.bounds[3])
        line = [o for o in below if o.bounds[3] > top.bounds[1] and o.bounds[1] < top.bounds[3]]
        row = _beside(texts, page, min(line, key=lambda o: o.bounds[0]))
    return row


def _beside(texts: list, page: int, first) -> list:
    """The text objects on first's line from first rightwards, left to right."""
    y0, y1 = first.bounds[1], first.bounds[3]
    row = [
        o
        for o in texts
        if o.page == page and o.bounds[1] < y1 and o.bounds[3] > y0 and o.bounds[0] >= first.bounds[0] - 1
    ]
    return sorted(row, key=lambda o: o.bounds[0])


def test_a_tarot_weapons_table_keeps_its_skills_whole_and_a_millimetre_between_cells():
    """Minor 17: on the tarot fronts « Armes de / tir » wrapped while other columns had room, and
    « assommants » ran within 1 mm of the next cell. The rows' texts get the room before the
    headings: « Armes de tir » holds one line (at 8 pt, « Armes blanches » still cannot); in every system's rows, 1 mm at least parts two cells."""
    checked = 0
    for ruleset_id in ("d12", "d100", "3d6"):
        army = demo_army(ruleset_id)
        pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card="tarot")).pdf
        texts = text_objects(pdf, page_space=True)
        weapons, skills = army.ruleset.catalogues["armes"], army.ruleset.catalogues["competences"]
        firsts = [sum(m.character.copies for m in army.members[:i]) for i in range(len(army.members))]
        for member, first in zip(army.members, firsts, strict=True):
            for weapon in (weapons[w] for w in member.character.armes):
                cells = _row_cells(texts, 2 * first, weapon.name)
                for a, b in zip(cells, cells[1:], strict=False):
                    assert b.bounds[0] - a.bounds[2] >= 1 * MM - 0.01, (ruleset_id, member.name, a.text, b.text)
                skill = skills[weapon.competence].name
                if ruleset_id == "d12" and skill == "Armes de tir":  # the review's case; « Armes blanches » cannot
                    assert skill in [as_printed(c.text).strip() for c in cells], (member.name, skill, cells)
                    checked += 1
    assert checked >= 2  # Yuna's pistol, Tomas's rifle


def _glyph_boxes(pdf: bytes, page: int, texts: set[str]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each glyph's box (pdfium's, tight to its ink) of each printing of texts on page."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        textpage = doc[page].get_textpage()
        whole = textpage.get_text_range()
        out = []
        for text in texts:
            start = whole.find(text)
            while start >= 0:
                for i in range(start, start + len(text)):
                    if not whole[i].isspace():
                        left, bottom, right, top = textpage.get_charbox(i)
                        out.append((text, (left, bottom, right, top)))
                start = whole.find(text, start + 1)
        return out
    finally:
        doc.close()


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_no_track_label_touches_a_box_or_a_line():
    """Major 8: « 50 % », « 25 % » sat on the bottom edge of the row above, the lines crossed the
    boxes' outlines, « 0 · mourant » overprinted a box. On every back, poker and tarot, no glyph of
    a line's label meets a box (its outline included) or a line. Since tracks22 a line is a thin rule
    in the gap after its zone's last box (tracks11 drew the box's right side thick, an ink fault for
    review 21a): each stands between two boxes of its row, inside none."""
    labels = {"3d6": {"½", "¼", "0 · mourant"}, "d12": {"½", "¼"}}
    for ruleset_id, texts in labels.items():
        army = demo_army(ruleset_id)
        for card in ("poker", "tarot"):
            pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
            for page in range(1, 2 * len(army.members), 2):
                shapes = path_boxes(pdf, page)
                boxes = [b for b in shapes if 8 < b[2] - b[0] < 20 and abs(b[3] - b[1] - (b[2] - b[0])) < 0.5]
                lines = [b for b in shapes if b[2] - b[0] < 4 and b[3] - b[1] > 5]  # pdfium adds the width around
                assert boxes and lines, (ruleset_id, card, page)
                outlined = [(b[0] - 0.4, b[1] - 0.4, b[2] + 0.4, b[3] + 0.4) for b in boxes]  # the stroke's half
                glyphs = _glyph_boxes(pdf, page, texts)
                assert glyphs, (ruleset_id, card, page)
                for text, glyph in glyphs:
                    assert not any(_overlap(glyph, b) for b in outlined + lines), (ruleset_id, card, page, text)
                for line in lines:
                    middle = ((line[0] + line[2]) / 2, (line[1] + line[3]) / 2)
                    row = [b for b in boxes if b[1] < middle[1] < b[3]]
                    assert not any(b[0] <= middle[0] <= b[2] for b in row), (ruleset_id, page)  # in no box
                    # after a box of its row, within a gap of it (a label may end a row), or at
                    # the start of the row its zone's label opens, before it (review 23, 6: no
                    # longer after the row above's last box, where it read as the track's frame)
                    opens = not any(b[2] <= middle[0] for b in row) and any(
                        g[0] > middle[0] and g[1] < middle[1] < g[3] for _, g in glyphs
                    )
                    assert opens or any(0 <= middle[0] - b[2] < 2 for b in row), (ruleset_id, page)


def test_each_checkbox_sits_by_its_own_label_and_clear_of_the_label_before():
    """Major 9: « Parade utilisée [ ] Esquive annoncée »: the second box stood as far from its own
    label as from the first one's. On every d100 and d12 back, poker and tarot, each box label has
    its box 0.5 to 1 mm to its left (1.8 mm on tarot, whose grown boxes take more air: review 24,
    4), and the next box on its row starts 4 mm or more past it."""
    for ruleset_id in ("d100", "d12"):
        army = demo_army(ruleset_id)
        names = [
            as_printed(box.split("{value}")[0]).strip()
            for block in army.ruleset.spec.card.back
            if block.block == "checkboxes"
            for box in block.boxes
        ]
        for card in ("poker", "tarot"):
            pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
            texts = text_objects(pdf, page_space=True)
            for page in range(1, 2 * army.card_count, 2):
                shapes = path_boxes(pdf, page)
                boxes = [b for b in shapes if 8 < b[2] - b[0] < 20 and abs(b[3] - b[1] - (b[2] - b[0])) < 0.5]
                head = next(o for o in texts if o.page == page and o.text.strip() == "À COCHER")
                labels = [
                    o
                    for o in texts
                    if o.page == page
                    and o.bounds[3] < head.bounds[1]
                    and any(as_printed(o.text).strip().startswith(n) for n in names)
                ]
                assert labels, (ruleset_id, card, page)
                for o in labels:
                    x0, y0, x1, y1 = o.bounds
                    row = [b for b in boxes if b[1] < y1 and b[3] > y0]
                    own = max((b for b in row if b[2] <= x0), key=lambda b: b[2])
                    most = 1.8 if card == "tarot" else 1  # a grown back's boxes take more air (review 24, 4)
                    assert 0.5 * MM <= x0 - own[2] <= most * MM, (ruleset_id, card, page, o.text, x0 - own[2])
                    after = [b[0] - x1 for b in row if b[0] >= x1]
                    assert all(gap >= 4 * MM - 0.5 for gap in after), (ruleset_id, card, page, o.text, after)


def _clusters(values: list[float], within: float = 3.0):
    """A function giving each value the rank of its cluster (values within `within` points)."""
    ordered, starts = sorted(values), []
    for v in ordered:
        if not starts or v - starts[-1][-1] > within:
            starts.append([v])
        else:
            starts[-1].append(v)
    return lambda v: next(i for i, group in enumerate(starts) if group[0] - 0.01 <= v <= group[-1] + 0.01)


def test_the_d12_boxes_every_back_prints_keep_their_slots():
    """Minor 22: when « Armure perdue » was absent (Mila, Lena) the other boxes moved up a slot.
    The boxes every back prints read in the same row and column on every back, poker and tarot;
    the wearers' « Armure perdue » comes after them."""
    army = demo_army("d12")
    common = ["Arme enrayée", "Attaque totale", "Défense totale"]
    for card in ("poker", "tarot"):
        pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
        texts = text_objects(pdf, page_space=True)
        slots = set()
        for page in range(1, 2 * army.card_count, 2):
            head = next(o for o in texts if o.page == page and o.text.strip() == "À COCHER")
            found = {
                as_printed(o.text).strip(): o.bounds for o in texts if o.page == page and o.bounds[3] < head.bounds[1]
            }
            labels = {t: b for t, b in found.items() if t in common or t.startswith("Armure perdue (")}
            rows = _clusters([-b[1] for b in labels.values()])  # by baseline, top to bottom
            lefts = _clusters([b[0] for b in labels.values()])
            slot = {t: (rows(-b[1]), lefts(b[0])) for t, b in labels.items()}
            slots.add(tuple(slot[t] for t in common))
            armour = [s for t, s in slot.items() if t.startswith("Armure perdue (")]
            assert all(s > max(slot[t] for t in common) for s in armour), (card, page, slot)
        assert len(slots) == 1, (card, slots)


def test_a_d12_label_too_long_for_half_the_face_stacks_the_grid_no_box_left_alone_beside_an_empty_cell():
    """Issue 12 leftover, then the tenth session's review: on a tarot back « Armure perdue (DÉF −2) »
    is too wide for half the face; session 9 gave it a row of its own under the others kept two a
    row, which left « Défense totale » alone beside an empty cell. Now the tarot grid is a stack,
    one box a row, every box in one column, each label one line right of its box, in the data's
    order; a grid of two a row (« Arme enrayée » beside « Attaque totale ») only on poker cards."""
    army = demo_army("d12")
    order = ["Arme enrayée", "Attaque totale", "Défense totale"]
    wearers = 0
    for card in ("poker", "tarot"):
        pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
        texts = text_objects(pdf, page_space=True)
        for page in range(1, 2 * army.card_count, 2):
            head = next(o for o in texts if o.page == page and o.text.strip() == "À COCHER")
            found = {
                as_printed(o.text).strip(): o.bounds for o in texts if o.page == page and o.bounds[3] < head.bounds[1]
            }
            jammed, total = found["Arme enrayée"], found["Attaque totale"]
            if abs(jammed[1] - total[1]) < 0.5:  # two a row (backs12b: the d12 poker backs, at 8.1 pt, stack too)
                assert card == "poker" and total[0] > jammed[2], (card, page)
                continue
            labels = order + [t for t in found if t.startswith("Armure perdue (")]
            wearers += len(labels) > len(order)
            bounds = [found[t] for t in labels]
            assert all(abs(b[0] - bounds[0][0]) < 1 for b in bounds), (page, labels)  # one column (side bearings apart)
            assert all(a[1] > b[3] for a, b in zip(bounds, bounds[1:], strict=False)), (page, labels)  # in order
            boxes = [
                b for b in path_boxes(pdf, page) if 8 < b[2] - b[0] < 20 and abs(b[3] - b[1] - (b[2] - b[0])) < 0.5
            ]
            beside = [b for b in boxes if b[1] < head.bounds[1] and b[3] > bounds[-1][1] - 2]
            assert len(beside) == len(labels) and len({round(b[0], 1) for b in beside}) == 1, (page, beside)
    assert wearers >= 2


def test_no_weapon_name_wraps_on_a_poker_or_tarot_front():
    """Issue 12 leftover: on the 3d6 tarot fronts « Fusil de précision » and « Poings et pieds »
    wrapped, the table kept at 8 pt by five columns of values (203 pt of 179 with the names
    beside them). Every weapon name is one line of its front, poker and tarot, every system; where
    the names do not fit beside their values, each stands on a line of its own with its roll
    right under its first letter."""
    for ruleset_id in ("d100", "3d6", "d12"):
        army = demo_army(ruleset_id)
        weapons = army.ruleset.catalogues["armes"]
        for card in ("poker", "tarot"):
            pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
            texts = text_objects(pdf, page_space=True)
            firsts = [sum(m.character.copies for m in army.members[:i]) for i in range(len(army.members))]
            for member, first in zip(army.members, firsts, strict=True):
                printed = {as_printed(o.text).strip(): o for o in texts if o.page == 2 * first}
                for weapon in (weapons[w] for w in member.character.armes):
                    assert weapon.name in printed, (ruleset_id, card, member.name, weapon.name)
                    name, cells = printed[weapon.name], _row_cells(texts, 2 * first, weapon.name)
                    if cells[0] is not name:  # on a line of its own: its roll under it, level on the left
                        assert cells[0].bounds[3] <= name.bounds[1] + 0.5, (ruleset_id, card, weapon.name)
                        assert abs(cells[0].bounds[0] - name.bounds[0]) < 1, (ruleset_id, card, weapon.name)


def test_a_zone_label_keeps_half_a_millimetre_of_air_from_the_boxes_beside_it():
    """Review 22a, MUST 1: on the d12 poker and mini backs the « 50 % » and « 25 % » ended 0.1–0.4 mm
    from the next box's outline and read as that box's label. Every glyph of a zone's label stands
    half a millimetre or more clear of each box on its row (outline included), on every size."""
    labels = {"3d6": {"½", "¼", "0 · mourant"}, "d12": {"½", "¼"}}
    air = 0.5 * 72 / 25.4
    for ruleset_id, texts in labels.items():
        army = demo_army(ruleset_id)
        for card in ("mini", "poker", "tarot"):
            pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
            for page in range(1, 2 * army.card_count, 2):
                boxes = [
                    b for b in path_boxes(pdf, page) if 8 < b[2] - b[0] < 20 and abs(b[3] - b[1] - (b[2] - b[0])) < 0.5
                ]
                outlined = [(b[0] - 0.4, b[1], b[2] + 0.4, b[3]) for b in boxes]  # the stroke's half
                for text, glyph in _glyph_boxes(pdf, page, texts):
                    row = [b for b in outlined if b[1] < (glyph[1] + glyph[3]) / 2 < b[3]]
                    near = min((max(b[0] - glyph[2], glyph[0] - b[2]) for b in row), default=air)
                    assert near >= air - 0.05, (ruleset_id, card, page, text, round(near / 72 * 25.4, 2))
