"""The cards job, checked on the PDF it writes: pages, names front and back, mirroring, fonts."""

import ctypes
import itertools
import re
import shutil
import subprocess
from io import BytesIO

import pypdf
import pypdfium2 as pdfium
import pytest
import yaml
from overfull import overfull_character  # tests/support
from pdf_fonts import pdf_fonts as fonts  # tests/support
from pdf_text import page_texts, text_objects  # tests/support

from kolaps_print import resources
from kolaps_print.content import formats as fmt
from kolaps_print.diagnostics import KolapsError
from kolaps_print.jobs.cards import CardOptions, build_cards, write_cards
from kolaps_print.jobs.stamp import cards_stamp
from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_data import card_layout
from kolaps_print.layout.emblems import emblem_mark
from kolaps_print.layout.sheets import card_size
from kolaps_print.model.army_book import load_army
from kolaps_print.units import pt, to_mm

A4_MM, LETTER_MM = (210, 297), (215.9, 279.4)


# ---- reading the PDF back ----------------------------------------------------------------
def page_sizes_mm(pdf: bytes):
    return [
        (round(to_mm(float(p.mediabox.width)), 1), round(to_mm(float(p.mediabox.height)), 1))
        for p in pypdf.PdfReader(BytesIO(pdf)).pages
    ]


def find(pdf: bytes, page: int, needle: str):
    """Every match of needle on a page: (left, top) in mm from the page's top-left corner."""
    doc = pdfium.PdfDocument(pdf)
    p = doc[page]
    height = p.get_size()[1]
    text = p.get_textpage()
    search = text.search(needle, match_case=True)
    hits = []
    while (hit := search.get_next()) is not None:
        left, _, _, top = text.get_charbox(hit[0], loose=False)
        hits.append((to_mm(left), to_mm(height - top)))
    return hits


@pytest.fixture(scope="module")
def kappa(demo_armies):
    return load_army(next(p for p in demo_armies if p.stem == "section-kappa"))


@pytest.fixture(scope="module")
def kappa_pdf(kappa):
    return build_cards(kappa)


# ---- sheets ------------------------------------------------------------------------------
def test_a4_duplex_by_default(kappa, kappa_pdf):
    cards = sum(m.character.copies for m in kappa.members)
    sheets = -(-cards // 9)
    assert kappa_pdf.cards == cards and kappa_pdf.sheets == sheets
    assert page_sizes_mm(kappa_pdf.pdf) == [A4_MM] * (2 * sheets)


def test_letter_paper(kappa):
    result = build_cards(kappa, CardOptions(paper="letter"))
    assert set(page_sizes_mm(result.pdf)) == {LETTER_MM}


def test_fold_layout_uses_one_page_per_sheet(kappa):
    result = build_cards(kappa, CardOptions(layout="fold"))
    assert result.pages == result.sheets == -(-result.cards // 4)
    assert set(page_sizes_mm(result.pdf)) == {(297.0, 210.0)}


def test_other_card_sizes_fill_the_slots_that_fit(kappa):
    tarot = build_cards(kappa, CardOptions(card="tarot"))
    assert tarot.sheets == -(-tarot.cards // 4)
    custom = build_cards(kappa, CardOptions(card="60x90"))
    assert custom.sheets == -(-custom.cards // 9)


def test_copies_print_that_many_cards(kappa, kappa_pdf):
    member = next(m for m in kappa.members if m.character.copies > 1)
    front_hits = find(kappa_pdf.pdf, 0, member.character.name)
    assert len(front_hits) == member.character.copies


# ---- every name on its front and its back, the back behind the front ----------------------
def slot_of(point, card=(63, 88), paper=A4_MM):
    """(row, column) of a point on a centred 3 x 3 grid of touching cards."""
    left, top = (paper[0] - 3 * card[0]) / 2, (paper[1] - 3 * card[1]) / 2
    return int((point[1] - top) // card[1]), int((point[0] - left) // card[0])


@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_is_in_the_mirrored_slot(kappa, flip):
    result = build_cards(kappa, CardOptions(flip=flip))
    for member in kappa.members:
        name = member.character.name
        fronts, backs = find(result.pdf, 0, name), find(result.pdf, 1, name)
        assert fronts and len(fronts) == len(backs), name
        expected = sorted((r, 2 - c) if flip == "long" else (2 - r, c) for r, c in map(slot_of, fronts))
        assert sorted(map(slot_of, backs)) == expected, name


def test_front_and_back_mirror_about_the_sheet_centre_long_edge(kappa, kappa_pdf):
    layout = card_layout()
    # both names are set after the affiliation's emblem at the card's left margin (the Avatar's star
    # stands at the band's right on both faces: eleventh session)
    emblem = emblem_mark(kappa.affiliation.emblem, layout.front.emblem, 0.0, 10.0, (0, 0, 0, 1))[1]
    margin = layout.margin + emblem
    for member in kappa.members:
        name = member.character.name
        back_margin = margin
        for front in find(kappa_pdf.pdf, 0, name):
            card_left = front[0] - margin
            mirrored_left = A4_MM[0] - card_left - 63
            assert any(abs((b[0] - back_margin) - mirrored_left) < 0.6 for b in find(kappa_pdf.pdf, 1, name)), name


def test_back_offset_moves_every_back_and_no_front(kappa, kappa_pdf):
    moved = build_cards(kappa, CardOptions(back_offset=(2.0, -1.0)))
    name = kappa.members[0].character.name
    ((fx, fy),) = find(moved.pdf, 0, name)
    assert (fx, fy) == pytest.approx(find(kappa_pdf.pdf, 0, name)[0], abs=0.01)
    ((bx, by),) = find(moved.pdf, 1, name)
    ((ox, oy),) = find(kappa_pdf.pdf, 1, name)
    assert (bx - ox, by - oy) == pytest.approx((2.0, 1.0), abs=0.05)  # y down in these coordinates


def test_a_partly_filled_last_sheet_still_pairs(write_army_file):
    chars = [{"name": f"Soldat {i}", "rank": 1, "mvt": 4, "cib": 2, "avatar": i == 0} for i in range(11)]
    result = build_cards(load_army(write_army_file(chars)))
    assert result.pages == 4
    for i in (9, 10):
        (front,), (back,) = find(result.pdf, 2, f"Soldat {i}"), find(result.pdf, 3, f"Soldat {i}")
        r, c = slot_of(front)
        assert slot_of(back) == (r, 2 - c)


# ---- the file itself -----------------------------------------------------------------------
def test_only_embedded_truetype_fonts_of_the_sans_family(kappa_pdf):
    found = fonts(kappa_pdf.pdf)
    assert found and all(found.values()), found
    assert all("Roboto" in name or "KSans" in name or "AAAA" in name for name in found), found
    assert b"/Helvetica" not in kappa_pdf.pdf


def test_metadata(kappa, kappa_pdf):
    info = pypdf.PdfReader(BytesIO(kappa_pdf.pdf)).metadata
    assert kappa.army.name in info.title and info.author and info.subject


def test_byte_identical_reruns(kappa, kappa_pdf):
    assert build_cards(kappa).pdf == kappa_pdf.pdf


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
@pytest.mark.parametrize("options", [CardOptions(), CardOptions(layout="fold"), CardOptions(print_shop=True)])
def test_qpdf_finds_no_problem(kappa, tmp_path, options):
    path = tmp_path / "cards.pdf"
    path.write_bytes(build_cards(kappa, options).pdf)
    run = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_print_shop_one_card_per_page_with_boxes(kappa):
    result = build_cards(kappa, CardOptions(print_shop=True))
    reader = pypdf.PdfReader(BytesIO(result.pdf))
    assert len(reader.pages) == 2 * result.cards
    page = reader.pages[0]
    assert [round(to_mm(float(v)), 2) for v in page.trimbox] == [3, 3, 66, 91]
    assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox], abs=0.01)
    assert find(result.pdf, 0, kappa.members[0].character.name) and find(result.pdf, 1, kappa.members[0].character.name)


def test_write_is_atomic_and_leaves_no_temporary_file(kappa, tmp_path, demo_armies):
    army = next(p for p in demo_armies if p.stem == "section-kappa")
    out = tmp_path / "out" / "cards.pdf"
    written = write_cards(army, out)
    assert written.path == out and out.read_bytes()[:5] == b"%PDF-"
    assert [p.name for p in out.parent.iterdir()] == ["cards.pdf"]
    assert str(written.result.cards) in written.summary() and str(out) in written.summary()


# ---- problems in the army -----------------------------------------------------------------
@pytest.fixture
def write_army_file(tmp_path):
    def make(characters, **top):
        path = tmp_path / "army.yaml"
        data = {"name": "Essai", "affiliation": "apc", "characters": characters, **top}
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        return path

    return make


def test_text_cut_to_fit_is_a_located_warning(write_army_file):
    long = "Maximilien-Alexandre de La Tour d’Auvergne-Lauraguais, dit le Très Long"
    path = write_army_file(
        [
            {"name": "Court", "rank": 1, "mvt": 4, "cib": 2, "avatar": True},
            {"name": long, "rank": 1, "mvt": 4, "cib": 2},
        ]
    )
    result = build_cards(load_army(path))
    cut = [w for w in result.warnings if w.path == "characters[1].name"]
    assert cut and cut[0].severity == "warning" and long in cut[0].message
    lines = path.read_text(encoding="utf-8").splitlines()
    assert long.split(",")[0] in lines[cut[0].line - 1]  # the warning points at the name's line


def test_strict_turns_the_warning_into_an_error_and_writes_nothing(write_army_file, tmp_path):
    long = "Maximilien-Alexandre de La Tour d’Auvergne-Lauraguais, dit le Très Long"
    path = write_army_file([{"name": long, "rank": 1, "mvt": 4, "cib": 2, "avatar": True}])
    out = tmp_path / "strict.pdf"
    with pytest.raises(KolapsError) as caught:
        write_cards(path, out, strict=True)
    assert all(d.severity == "error" for d in caught.value.diagnostics)
    assert not out.exists()


def test_a_character_the_font_lacks_is_an_error_naming_the_field(write_army_file):
    path = write_army_file(
        [{"name": "Wang 王", "archetype": "Soldat ☢", "rank": 1, "mvt": 4, "cib": 2, "avatar": True}]
    )
    with pytest.raises(KolapsError) as caught:
        build_cards(load_army(path))
    paths = {d.path for d in caught.value.diagnostics}
    assert paths == {"characters[0].name", "characters[0].archetype"}
    assert any("U+2622" in d.message for d in caught.value.diagnostics)


def test_an_unreadable_portrait_is_an_error(write_army_file, tmp_path):
    (tmp_path / "broken.png").write_bytes(b"not an image")
    path = write_army_file([{"name": "Anna", "rank": 1, "mvt": 4, "cib": 2, "avatar": True, "portrait": "broken.png"}])
    with pytest.raises(KolapsError) as caught:
        build_cards(load_army(path))
    assert caught.value.diagnostics[0].path == "characters[0].portrait"


def test_an_invalid_army_writes_nothing(write_army_file, tmp_path):
    path = write_army_file([{"name": "Anna", "rank": 9, "mvt": 4, "cib": 2, "weapons": ["fusil-asaut"]}])
    out = tmp_path / "never.pdf"
    with pytest.raises(KolapsError):
        write_cards(path, out)
    assert not out.exists()


def test_crop_marks_are_drawn_outside_the_cards(kappa_pdf):
    """Rendered page: solid black marks in the margins on every cut line, nothing between them."""
    scale = 4
    page = pdfium.PdfDocument(kappa_pdf.pdf)[0]
    image = page.render(scale=scale).to_pil().convert("L")
    px = lambda mm: int(pt(mm) * scale)  # noqa: E731
    left, top = (A4_MM[0] - 3 * 63) / 2, (A4_MM[1] - 3 * 88) / 2
    for i in range(4):  # the four vertical cut lines of touching cards
        x = px(left + 63 * i)
        darkest = min(image.getpixel((x + d, px(top / 2))) for d in (-2, -1, 0, 1, 2))
        assert darkest < 235, f"no mark above cut line {i}"
        assert darkest < 80, "marks are solid black (issue 12), not a grey a printer dithers"
    between = px(left + 63 * 0.5)  # half-way between two cut lines, in the top margin: paper
    assert min(image.getpixel((between + d, px(top / 2))) for d in range(-3, 4)) > 250


def test_progress_reaches_every_card(kappa):
    seen = []
    result = build_cards(kappa, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (result.cards, result.cards)


def test_portraits_are_drawn_once_per_file_and_reproducibly(write_army_file, tmp_path):
    from PIL import Image

    Image.new("RGBA", (30, 40), (200, 50, 50, 128)).save(tmp_path / "p.png")
    chars = [
        {"name": f"Soldat {i}", "rank": 1, "mvt": 4, "cib": 2, "avatar": i == 0, "portrait": "p.png"} for i in range(3)
    ]
    path = write_army_file(chars)
    first, second = build_cards(load_army(path)), build_cards(load_army(path))
    assert first.pdf == second.pdf
    reader = pypdf.PdfReader(BytesIO(first.pdf))
    images = {
        name
        for page in reader.pages
        for name, x in (page["/Resources"].get("/XObject") or {}).items()
        if x.get_object()["/Subtype"] == "/Image"
    }
    assert len(images) == 1


def test_a_truncated_portrait_is_a_located_error(write_army_file, tmp_path):
    from PIL import Image

    Image.new("RGB", (200, 200), (10, 20, 30)).save(tmp_path / "full.png")
    (tmp_path / "cut.png").write_bytes((tmp_path / "full.png").read_bytes()[:300])
    path = write_army_file([{"name": "Anna", "rank": 1, "mvt": 4, "cib": 2, "avatar": True, "portrait": "cut.png"}])
    with pytest.raises(KolapsError) as caught:
        build_cards(load_army(path))
    assert caught.value.diagnostics[0].path == "characters[0].portrait"


# ---- FACULTÉS: the weapon traits' reminder, read back from the PDF ---------------------------
def print_shop(book, card="poker"):
    """The result, its document and {character name: front page} (one card per page, front then back)."""
    result = build_cards(book, CardOptions(print_shop=True, card=card))
    doc = pdfium.PdfDocument(result.pdf)
    fronts = {
        m.character.name: next(i for i in range(0, len(doc), 2) if m.character.name in reading(doc[i]))
        for m in book.members
    }
    return result, doc, fronts


def reading(page) -> str:
    """The page's text with every run of white space (line breaks, no-break spaces) as one space."""
    return normal(page.get_textpage().get_text_range())


def normal(text: str) -> str:
    return " ".join(text.split())


def glyph_boxes(page):
    """[(index, (left, top, right, bottom))] of every printed character, in mm from the card's top-left corner."""
    trim_left, _, _, trim_top = page.get_trimbox()
    text = page.get_textpage()
    boxes = []
    for i in range(text.count_chars()):
        if text.get_text_range(i, 1).isspace():
            continue
        left, bottom, right, top = text.get_charbox(i, loose=False)
        boxes.append(
            (i, (to_mm(left - trim_left), to_mm(trim_top - top), to_mm(right - trim_left), to_mm(trim_top - bottom)))
        )
    return boxes


def overlap(a, b, tolerance=0.05) -> bool:  # the rule of tests/layout/conftest.py's geo.overlap, on glyph boxes
    return a[0] < b[2] - tolerance and b[0] < a[2] - tolerance and a[1] < b[3] - tolerance and b[1] < a[3] - tolerance


def opening(reminder) -> str:
    """'Explosion (5 cm).', or with the trait's page in the book 'Explosion (5 cm) p. 11.'"""
    if reminder.page is None:
        return label("cards.front.reminder_name", name=reminder.name)
    return normal(reminder.name + label("cards.front.reminder_page", page=reminder.page))


def reminder_start(page, reminders):
    """Where the traits start on a front: the first one whose name is followed by its page (the
    names alone are also among the weapons' traits above), or, every one by page, the pointer
    « Voir p. 11 : … »."""
    text = page.get_textpage()
    lead = normal(label("cards.front.reminder_page", page=0))[:2]
    hits = []
    for reminder in reminders:  # pdfium reads a no-break space as a space
        search = text.search(normal(reminder.name), match_case=True)
        while (hit := search.get_next()) is not None:
            if normal(text.get_text_range(hit[0] + hit[1], 4)).startswith(lead):
                hits.append(hit)
    if hits:
        return min(hits)
    alone = normal(label("cards.front.reminders_see", where="0")).split()[0]
    return text.search(alone, match_case=True).get_next()


def pointed(text: str, reminders) -> list:
    """The reminders a front gives by page (its text not on the card), checked to be named on one
    pointer, « voir p. 11 : A, B », grouped by page, in the card's order; [] when none is."""
    paged = [r for r in reminders if entry(r) not in text]
    groups: dict = {}
    for r in paged:
        groups.setdefault(r.page, []).append(r.name)
    pointers = []
    for lead in ("reminders_see", "reminders_see_short"):  # the full line, or the shorter one (eleventh session)
        pointer = ""
        for k, page in enumerate(sorted(groups)):
            where = label("cards.front.reminders_see_page", page=page)
            pointer += label(f"cards.front.{'reminders_see_next' if k else lead}", where=where)
            pointer += label("cards.front.reminders_see_name_separator").join(groups[page])
        pointers.append(normal(pointer))
    assert not paged or any(p.lower() in text.lower() for p in pointers), (pointers, text)  # the case: its own test
    return paged


def entry(reminder) -> str:
    """'Explosion (5 cm) p. 11. Touche sur 2+ dans le rayon' as it reads on the card."""
    return normal(opening(reminder) + " " + reminder.short)


def test_a_weapon_trait_is_explained_on_the_front(write_army_file):
    weapon = {"id": "mortier", "name": "Mortier léger", "range": 40, "traits": ["lourde", {"explosion": 8}]}
    path = write_army_file(
        [{"name": "Anna", "rank": 2, "mvt": 4, "cib": 2, "avatar": True, "weapons": ["mortier"]}], weapons=[weapon]
    )
    book = load_army(path)
    _, doc, fronts = print_shop(book)
    text = reading(doc[fronts["Anna"]])
    lourde, explosion = book.rules.trait("lourde"), book.rules.trait("explosion")
    lourde_entry = entry(card_text.TraitReminder(lourde.name, lourde.short, lourde.book_pages["a4"]))
    explosion_name = label(
        "cards.front.trait_param", name=explosion.name, value="8 cm"
    )  # the radius from the army file, with its unit (E100)
    explosion_entry = entry(card_text.TraitReminder(explosion_name, explosion.short, explosion.book_pages["a4"]))
    assert label("cards.front.reminders") in text
    assert lourde_entry in text and explosion_entry in text, text
    assert text.index(lourde_entry) < text.index(explosion_entry)  # in the order the weapon lists them


def test_no_traited_weapon_no_reminder(write_army_file):
    plain = {"id": "gourdin", "name": "Gourdin", "range": "contact"}
    path = write_army_file(
        [
            {
                "name": "Anna",
                "rank": 2,
                "mvt": 4,
                "cib": 2,
                "avatar": True,
                "weapons": ["gourdin"],
                "specialisations": ["discipline"],
            },
            {"name": "Bruno", "rank": 1, "mvt": 4, "cib": 2},
            {"name": "Carla", "rank": 1, "mvt": 4, "cib": 2, "weapons": ["gourdin", "pistolet"]},
        ],
        weapons=[plain],
    )
    _, doc, fronts = print_shop(load_army(path))
    heading = label("cards.front.reminders")
    assert heading not in reading(doc[fronts["Anna"]]) and "Gourdin" in reading(doc[fronts["Anna"]])
    assert heading not in reading(doc[fronts["Bruno"]])
    assert heading in reading(doc[fronts["Carla"]])  # the same file can show it: its absence above means something


@pytest.mark.parametrize("card", ["poker", "tarot", "mini"])
def test_the_reminder_overlaps_nothing_and_stays_above_the_footer(demo_armies, card):
    """Glyph by glyph: the reminder (and the specialisations after it) touch no other text, sit under
    the weapons and end above the footer."""
    size = card_size(card)
    layout = card_layout().for_card(size.width, size.height)
    checked = 0
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, card)
        for member in book.members:
            reminders = card_text.trait_reminders(member.weapons, book.rules, "a4")
            if not reminders:
                continue
            page = doc[fronts[member.character.name]]
            start = reminder_start(page, reminders)
            assert start is not None, (card, member.character.name)
            boxes = glyph_boxes(page)
            footer_top = size.height - layout.front.footer.height
            reminder = [box for i, box in boxes if i >= start[0] and box[1] < footer_top]
            others = [box for i, box in boxes if i < start[0]]
            assert max(box[3] for box in reminder) <= footer_top, member.character.name
            weapons = [box for box in others if layout.front.body.top <= box[1] < footer_top]
            assert min(box[1] for box in reminder) > max(box[3] for box in weapons), member.character.name
            for box in reminder:
                assert not any(overlap(box, other) for other in others), (member.character.name, box)
            checked += 1
    assert checked, "no reminder printed at all"


def test_mini_cards_explain_every_trait_of_a_weapon_never_cut_weapons(write_army_file):
    """One weapon with three traits on a mini card: every trait's text is on the card (a reminder is a
    rule: never dropped with a warning, review finding 1), and the weapon stays whole, full size."""
    traits = ["contondant", "automatique", "lourde"]
    weapon = {"id": "arme-totale", "name": "Arme totale", "range": "contact", "traits": traits}
    path = write_army_file(
        [{"name": "Anna", "rank": 2, "mvt": 4, "cib": 2, "avatar": True, "weapons": ["arme-totale"]}], weapons=[weapon]
    )
    book = load_army(path)
    result, doc, fronts = print_shop(book, "mini")
    assert result.warnings == []
    page = doc[fronts["Anna"]]
    text = reading(page)
    weapon_line = normal(card_text.weapon_traits(book.members[0].weapons[0], book.rules))
    assert "Arme totale" in text and weapon_line in text and label("cards.front.contact") in text
    assert "…" not in text
    assert name_size(page, "Arme totale") == pytest.approx(card_layout().front.weapon.name_size)  # not shrunk for it
    shown = [entry(r) in text for r in card_text.trait_reminders(book.members[0].weapons, book.rules, "a4")]
    assert shown == [True, True, True], shown


def name_size(page, needle: str) -> float:
    """The font size of needle's first character, in points."""
    import pypdfium2.raw as raw

    text = page.get_textpage()
    index, _ = text.search(needle, match_case=True).get_next()
    return raw.FPDFText_GetFontSize(text.raw, index)


def test_a_weapon_line_cut_to_fit_is_a_located_warning(write_army_file):
    traits = ["deux-mains", "lourde", "automatique", "tranchant", "contondant", "couteau"]
    weapon = {"id": "arme-totale", "name": "Arme totale", "range": "contact", "traits": traits}
    path = write_army_file(
        [{"name": "Anna", "rank": 2, "mvt": 4, "cib": 2, "avatar": True, "weapons": ["arme-totale"]}], weapons=[weapon]
    )
    result, doc, fronts = print_shop(load_army(path), "mini")
    assert "…" in reading(doc[fronts["Anna"]])  # six traits are wider than a mini card
    cut = [w for w in result.warnings if w.path == "characters[0].weapons[0]"]
    assert cut and "Arme totale" in cut[0].message and cut[0].severity == "warning", result.warnings


# ---- range bands: a trait may replace them (fragmentation, E20), read back from the PDF ------
def weapon_section(text: str, weapon: str, next_weapon: str) -> str:
    """A front's text from one weapon's name to the next weapon's: its traits and its range line."""
    start = text.index(weapon)
    return text[start : text.index(next_weapon, start)]


def reach(distance: float, modifier: int = 0, name: str | None = None) -> str:
    """One band as a card prints it, from the labels: '≤ 30 cm +1 (extrême)'."""
    text = label("cards.front.band_upto", distance=fmt.number(distance))
    if modifier:
        text = label("cards.front.band_with_modifier", band=text, modifier=fmt.signed(modifier))
    return normal(label("cards.front.band_named", band=text, name=name) if name else text)


@pytest.fixture(scope="module")
def kappa_fronts(kappa):
    _, doc, fronts = print_shop(kappa)
    return {name: reading(doc[page]) for name, page in fronts.items()}


def test_the_shotgun_prints_fragmentation_s_bands_and_nothing_beyond(kappa, kappa_fronts):
    shotgun = kappa.catalogue.weapons["fusil-pompe"]
    line = weapon_section(kappa_fronts["Karim Benali"], shotgun.name, kappa.catalogue.weapons["couteau-combat"].name)
    frag = kappa.rules.trait("fragmentation").range_bands
    for band in frag:
        assert reach(shotgun.range * band.max_factor, band.modifier, band.short) in line, line
    assert label("cards.front.band_beyond") not in line, line
    general_beyond = next(b for b in kappa.rules.combat.range_bands if b.max_factor is None and b.below_cm is None)
    assert fmt.signed(general_beyond.modifier) not in line  # the general extreme (+2) is gone
    assert line.count(label("cards.front.band_upto", distance=0).split()[0]) == len(
        frag
    )  # one '≤' per band of the trait


def test_a_plain_rifle_still_prints_the_general_bands(kappa, kappa_fronts):
    rifle = kappa.catalogue.weapons["fusil-precision"]
    assert all(kappa.rules.trait(r.id).range_bands is None for r in rifle.traits)
    line = weapon_section(kappa_fronts["Hélène Marchal"], rifle.name, kappa.catalogue.weapons["pistolet"].name)
    bands = [b for b in kappa.rules.combat.range_bands if b.below_cm is None]
    for band in bands:
        if band.max_factor is not None:
            assert reach(rifle.range * band.max_factor, band.modifier) in line, line
        else:
            beyond = label(
                "cards.front.band_with_modifier",
                band=label("cards.front.band_beyond"),
                modifier=fmt.signed(band.modifier),
            )
            assert normal(beyond) in line, line
    assert len(bands) == 3


def test_editing_the_trait_s_bands_in_a_data_copy_changes_the_card(tmp_path, demo_armies):
    """The designer's copy of data/ (KOLAPS_DATA): extreme now up to three times the range, at +2."""
    import os
    import sys

    from kolaps_print import resources

    data = tmp_path / "data"
    shutil.copytree(resources.bundled("data"), data)
    traits_file = resources.kolaps_folder(data) / "rules" / "traits.yaml"
    doc = yaml.safe_load(traits_file.read_text(encoding="utf-8"))
    frag = next(t for t in doc["traits"] if t["id"] == "fragmentation")
    extreme = next(b for b in frag["range_bands"] if b["max_factor"] == 2)
    extreme.update(max_factor=3, modifier=2, short="très loin")
    traits_file.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    out = tmp_path / "cards.pdf"
    army = next(p for p in demo_armies if p.stem == "section-kappa")
    env = {k: v for k, v in os.environ.items() if not k.startswith("KOLAPS_")} | {"KOLAPS_DATA": str(data)}
    run = subprocess.run(
        [sys.executable, "-m", "kolaps_print", "cards", str(army), "-o", str(out), "--print-shop"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    pdf = pdfium.PdfDocument(out.read_bytes())
    karim = next(reading(pdf[i]) for i in range(0, len(pdf), 2) if "Karim Benali" in reading(pdf[i]))
    weapons = yaml.safe_load((resources.kolaps_folder(data) / "weapons.yaml").read_text(encoding="utf-8"))["weapons"]
    shotgun = next(w for w in weapons if w["id"] == "fusil-pompe")
    line = weapon_section(karim, shotgun["name"], next(w["name"] for w in weapons if w["id"] == "couteau-combat"))
    assert reach(shotgun["range"] * 3, 2, "très loin") in line, line
    assert reach(shotgun["range"] * 2) not in line, line


# ---- the back on small cards: the compact arrangement, read back from the PDF --------------
def squares_mm(page) -> list[float]:
    """The side of every square path drawn on the page (tick boxes: outline included), in mm."""
    import pypdfium2.raw as raw

    sides = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=5):
        left, bottom, right, top = obj.get_bounds()
        w, h = to_mm(right - left), to_mm(top - bottom)
        if abs(w - h) < 0.2 and w < 10:
            sides.append(w)
    return sides


def row_texts(page, top: float, needles: set[str]) -> list[str]:
    """The needles printed on the row whose text top is at `top` (mm), left to right."""
    hits = []
    for needle in needles:
        search = page.get_textpage().search(needle, match_case=True)
        while (hit := search.get_next()) is not None:
            left, _, _, ctop = page.get_textpage().get_charbox(hit[0], loose=False)
            if abs(to_mm(page.get_size()[1] - ctop) - top) < 1.0:
                hits.append((left, needle))
    return [needle for _, needle in sorted(hits)]


def test_mini_back_keeps_every_location_and_its_modifiers_in_pencil_sized_boxes(kappa):
    """Every wound box with its own severity modifier before it, as on poker (issue 12, eighth
    session's reviews: « +1 □□ +2 □ » left the second box's modifier unsaid), in boxes a pencil
    ticks (≥ 3 mm; the morale and fatigue boxes keep 3.5)."""
    _, doc, fronts = print_shop(kappa, "mini")
    rules = kappa.rules
    member = next(m for m in kappa.members if not m.character.avatar)  # no star in the band: only tick boxes
    page = doc[fronts[member.character.name] + 1]
    text = page.get_textpage()
    height = page.get_size()[1]
    modifiers = {fmt.signed(m) for loc in rules.wounds.locations for m in loc.box_modifiers}
    for loc in rules.wounds.locations:
        index, _ = text.search(loc.short or loc.name, match_case=True).get_next()  # mini: « Bras g. »
        top = to_mm(height - text.get_charbox(index, loose=False)[3])
        assert row_texts(page, top, modifiers) == [fmt.signed(m) for m in loc.box_modifiers], loc.name  # +1 □ +1 □
    ticks = (
        sum(loc.capacity for loc in rules.wounds.locations)
        + len(rules.wounds.locations)  # wounds and C
        + len(rules.actions.morale.levels)
        + rules.actions.fatigue.max
        + 1
    )  # morale, fatigue, Offensive
    sides = squares_mm(page)
    assert len(sides) == ticks, sides
    assert min(sides) >= 3.0
    assert sum(side >= 3.5 for side in sides) >= len(rules.actions.morale.levels) + rules.actions.fatigue.max + 1


def test_every_mini_back_of_an_army_sets_its_name_and_stat_line_alike_each_on_one_line(demo_books):
    """Issue 12 (eighth session's reviews): Ézéchiel's mini back set his stat line under his name (it
    did not fit beside), his neighbours' beside theirs, at a size his name set the army. An army's
    backs now take one arrangement: here the name alone on the band's first line, the stat line
    under it from the name's left (as the front's role line), the names at one size, 9 pt."""
    band = card_layout().for_card(*_mini_mm()).front.band.height
    for book in demo_books:
        _, doc, fronts = print_shop(book, "mini")
        places, sizes = set(), set()
        for member in book.members:
            page = doc[fronts[member.character.name] + 1]
            boxes = [b for b in text_boxes_mm(page) if b[4] < band]
            name = next(b for b in boxes if b[0].startswith(member.character.name))  # whole: never cut
            stats = [b for b in boxes if label("cards.front.band_separator").strip() in b[0]]
            assert len(stats) == 1, (member.character.name, boxes)  # one stat line, on one line
            under = stats[0][1] > name[4] - 0.3
            places.add(under)
            sizes.add(round(name_size(page, member.character.name), 2))
            if under:
                assert abs(stats[0][2] - name[2]) < 0.3, (member.character.name, stats, name)
        assert len(places) == 1 and len(sizes) == 1 and min(sizes) >= 8, (book.army.name, places, sizes)


def test_each_mini_back_modifier_stands_nearer_its_own_box_than_the_box_before_it(kappa):
    """« +1 □ +1 □ »: a modifier reads with the box after it, so the gap to that box is the smaller one."""
    _, doc, fronts = print_shop(kappa, "mini")
    member = next(m for m in kappa.members if not m.character.avatar)
    page = doc[fronts[member.character.name] + 1]
    boxes = squares_boxes(page)
    labels = [w for w in text_boxes_mm(page) if w[0] in {"+1", "+2", "+3"}]
    assert len(labels) == sum(loc.capacity for loc in kappa.rules.wounds.locations)
    for text, top, left, right, bottom in labels:
        row = [b for b in boxes if b[1] < (top + bottom) / 2 < b[3]]
        after = min(b[0] for b in row if b[0] >= right - 0.05) - right
        before = [left - b[2] for b in row if b[2] <= left + 0.05]
        assert after < 0.8 and all(after < gap for gap in before), (text, top, after, before)


def test_demo_armies_print_mini_backs_without_warnings(demo_armies):
    for path in demo_armies:
        result = build_cards(load_army(path), CardOptions(card="mini"))
        assert not [w for w in result.warnings if "back" in w.message], (path.name, result.warnings)


def test_the_compact_back_leaves_poker_and_tarot_cards_as_they_were(kappa, kappa_pdf, monkeypatch):
    from kolaps_print.layout.card_data import Back

    assert card_layout().back.compact is not None  # else this compares nothing
    tarot = build_cards(kappa, CardOptions(card="tarot")).pdf
    monkeypatch.setattr(Back, "variants", lambda self: [self])  # the full back only, as before compact existed
    assert build_cards(kappa).pdf == kappa_pdf.pdf
    assert build_cards(kappa, CardOptions(card="tarot")).pdf == tarot


# ---- house style (issue 12): rules never missing, hierarchy, backs, copies ----------------
def placed_objects(page, kind):
    """(object, (left, bottom, right, top) in points on the page) of every object of a kind, forms included.

    pdfium gives the bounds of an object inside a form (the cards' shared furniture) in the
    form's space: its translation is added here.
    """
    import pypdfium2.raw as raw

    shifts: dict[int, tuple[float, float]] = {}
    for obj in page.get_objects(max_depth=5):
        if obj.type == raw.FPDF_PAGEOBJ_FORM:
            m = obj.get_matrix()
            shifts = {level: v for level, v in shifts.items() if level < obj.level}
            shifts[obj.level] = (m.e, m.f)
        elif obj.type == kind:
            dx, dy = (sum(v[i] for level, v in shifts.items() if level < obj.level) for i in (0, 1))
            left, bottom, right, top = obj.get_bounds()
            yield obj, (left + dx, bottom + dy, right + dx, top + dy)


def words_on(page) -> list[tuple[str, float, float, float, tuple[int, int, int]]]:
    """(text, size pt, top mm, left mm, fill 0-255) of every text object, from the card's trim corner."""
    import ctypes

    import pypdfium2.raw as raw

    trim_left, _, _, trim_top = page.get_trimbox()
    textpage = page.get_textpage()
    out = []
    for obj, (left, _, _, top) in placed_objects(page, raw.FPDF_PAGEOBJ_TEXT):
        obj.textpage = textpage
        size = ctypes.c_float()
        raw.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
        rgba = [ctypes.c_uint() for _ in range(4)]
        raw.FPDFPageObj_GetFillColor(obj.raw, *rgba)
        fill = tuple(c.value for c in rgba[:3])
        out.append((obj.extract().strip(), size.value, to_mm(trim_top - top), to_mm(left - trim_left), fill))
    return out


def one(words, text: str):
    text = text.replace("\u00a0", " ")  # a tied name (« deux mains ») reads back with a plain space
    hits = [w for w in words if w[0] == text]
    assert hits, (text, [w[0] for w in words])
    return hits[0]


@pytest.fixture(scope="module")
def damnes(demo_armies):
    return load_army(next(p for p in demo_armies if p.stem == "les-damnes"))


def test_mini_cards_of_les_damnes_print_every_rule_text_whole(damnes):
    """Les Damnés on mini cards (review findings 1 and 2): every specialisation's text is on its card,
    whole, and every weapon trait's text too, or its name on the card's pointer to its page in the
    book (issue 12, ninth session: the FACULTÉS heading costs a full card its longest trait texts,
    not the army's specialisations); nothing is cut, nothing left out, and no warning says so."""
    result, doc, fronts = print_shop(damnes, "mini")
    assert result.warnings == [], result.warnings
    paged = 0
    for member in damnes.members:
        text = reading(doc[fronts[member.character.name]])
        for spec in member.specialisations:
            assert normal(spec.text) in text, (member.character.name, spec.name)
        paged += len(pointed(text, card_text.trait_reminders(member.weapons, damnes.rules, "a4")))
        assert "…" not in text.replace(normal(label("common.ruling_legend_short")), ""), (member.character.name, text)
    assert paged, "no trait by page: the test no longer covers that step"


def test_every_mini_front_heads_its_traits_and_pages_only_the_longest_it_has_no_room_for(demo_books):
    """Issue 12 (eighth session's reviews): the mini fronts ran the traits under the weapons without the
    FACULTÉS heading, which would have cost Le Chien a line and the army its specialisations' texts.
    Now every mini front with traits heads them, and every specialisation keeps its text (no « Texte :
    livre de règles » fallback). A card with no room gives its longest trait texts by page, never a
    shorter one before a longer; a card with room keeps the texts (tenth session: paging a trait on
    every card of the army took the rule off cards two-thirds empty), and a card's paged traits share
    one pointer « voir p. 11 : Deux mains, Fragmentation »."""
    heading, kept_elsewhere = label("cards.front.reminders"), 0
    for book in demo_books:
        result, doc, fronts = print_shop(book, "mini")
        assert not [w for w in result.warnings if w.severity == "error"], result.warnings
        by_page, kept = set(), set()
        for member in book.members:
            text = reading(doc[fronts[member.character.name]])
            reminders = card_text.trait_reminders(member.weapons, book.rules, "a4")
            assert (heading in text) == bool(reminders), (member.character.name, text)
            assert normal(label("cards.front.specialisations_elsewhere")) not in text, member.character.name
            paged = pointed(text, reminders)
            own_kept = [r for r in reminders if r not in paged]
            if paged and own_kept:
                assert min(len(r.short) for r in paged) >= max(len(r.short) for r in own_kept), member.character.name
            by_page |= {r.id for r in paged}
            kept |= {r.id for r in own_kept}
        kept_elsewhere += len(by_page & kept)
    assert kept_elsewhere, "no trait paged on a full card keeps its text on a card with room"


def test_le_chien_s_two_paged_traits_share_one_pointer_on_his_mini_front(damnes):
    """Le Chien's Deux mains and Fragmentation, both by page, are named after one pointer « voir p. 11 :
    Deux mains, Fragmentation » (it was « Deux mains : voir p. 11 · Fragmentation p. 11 — … »): the
    page is printed once, each name once, and no name is broken."""
    _, doc, fronts = print_shop(damnes, "mini")
    chien = next(m for m in damnes.members if m.character.name == "Le Chien")
    reminders = card_text.trait_reminders(chien.weapons, damnes.rules, "a4")
    text = reading(doc[fronts["Le Chien"]])
    paged = pointed(text, reminders)
    assert {r.name.replace("\u00a0", " ") for r in paged} >= {"Deux mains", "Fragmentation"}, [r.name for r in paged]
    where = label("cards.front.reminders_see_page", page=paged[0].page)
    pointer = normal(label("cards.front.reminders_see", where=where)).lower()
    assert text.lower().count(pointer) == 1, (pointer, text)


def pointer_glyphs(page, paged) -> list:
    """The glyph boxes of a front's pointer, from its lead (« Voir p. 11 : » or « p. 11 : ») to the
    end of its last name (pdfium's text, its no-break spaces as spaces)."""
    text = page.get_textpage()
    everything = text.get_text_range().replace("\u00a0", " ")
    names = [r.name.replace("\u00a0", " ") for r in paged]  # a tied name (« Deux mains ») as pdfium reads it
    end = max(everything.find(name, everything.find(" : ")) + len(name) for name in names if name == names[-1])
    lead = everything.rfind(label("cards.front.reminders_see_page", page=paged[0].page).replace("\u00a0", " "), 0, end)
    voir = normal(label("cards.front.reminders_see", where="")).split()[0]
    if everything[max(lead - len(voir) - 1, 0) : lead].strip() == voir:
        lead -= len(voir) + 1
    return [box for i, box in glyph_boxes(page) if lead <= i < end]


def test_the_pointer_to_paged_traits_holds_on_one_line_on_every_mini_front(demo_books):
    """Eleventh session (print review): Le Chien's and Karim Benali's pointer wrapped (« voir p. 11 :
    Deux mains, / Fragmentation »). On every mini front of the three armies, the pointer from its lead
    to its last name stands on one line: every glyph on one baseline."""
    checked = 0
    for member, page, paged in paged_mini_fronts(demo_books):
        bottoms = [box[3] for box in pointer_glyphs(page, paged)]
        assert bottoms and max(bottoms) - min(bottoms) < 0.6, (member.character.name, bottoms)
        checked += 1
    assert checked >= 5  # Ézéchiel, Vesna, Le Chien, Stefan Solmeyer, Karim Benali, the Comtesse


def paged_mini_fronts(books):
    """(member, its mini front's page, the traits its pointer names) for every mini front that pages."""
    for book in books:
        _, doc, fronts = print_shop(book, "mini")
        for member in book.members:
            page = doc[fronts[member.character.name]]
            paged = pointed(reading(page), card_text.trait_reminders(member.weapons, book.rules, "a4"))
            if paged:
                yield member, page, paged


def test_the_pointer_to_paged_traits_has_one_capitalisation(demo_books):
    """Eleventh session: « Voir p. 11 » opening a line, « voir p. 11 » after another trait: two forms
    mixed. Twelfth session's review: « Voir » opening an entry of FACULTÉS (a capital, as a trait's
    name), « voir » after « · » (mid-line, as French wants): never « · Voir », never an entry
    opening on « voir »."""
    lower = normal(label("cards.front.reminders_see", where="p. 1")).split()[0].lower() + " p."
    seen = 0
    for book in demo_books:
        _, doc, fronts = print_shop(book, "mini")
        for member in book.members:
            text = reading(doc[fronts[member.character.name]])
            assert "· " + lower.capitalize() not in text, (member.character.name, text)
            assert text.count(lower) == text.count("· " + lower), (member.character.name, text)
            seen += lower in text or lower.capitalize() in text
    assert seen >= 5


def test_a_mini_front_pages_a_trait_only_when_it_has_not_a_line_to_spare(demo_books):
    """Eleventh session (print review: « Vesna pages Tranchant, Piotr prints it »): paging is per card,
    and only a full card pages. Measured: under the last line of every front that pages a trait, the
    body has less than one line of the reminders' type left above the foot band (so the trait's text,
    wider than what its name takes on the pointer, has no room), while the trait's text is wider than
    the card (it needs that line)."""
    size = card_size("mini")
    layout = card_layout().for_card(size.width, size.height)
    f = layout.front
    line = to_mm(max(f.reminder.size, layout.min_font)) * (f.body.leading or layout.leading)
    floor = size.height - f.footer.height - f.body.bottom_gap
    checked = 0
    for member, page, _ in paged_mini_fronts(demo_books):
        lowest = max(box[3] for _, box in glyph_boxes(page) if box[3] < size.height - f.footer.height)
        assert floor - lowest < line, (member.character.name, floor - lowest, line)
        checked += 1
    assert checked >= 5


def test_a_specialisation_too_long_for_one_card_is_by_name_on_every_card_of_the_army(write_army_file):
    """When one card has no room for the texts, the army's cards give every specialisation by name with
    where to read it: the same ability is never a text on one card and a pointer on another."""
    heavy = {
        "name": "Anna",
        "rank": 2,
        "mvt": 4,
        "cib": 2,
        "avatar": True,
        "weapons": ["fusil-assaut", "grenade"],
        "specialisations": ["discipline", "ambidextre", "premiers-secours"],
    }
    light = {"name": "Bruno", "rank": 1, "mvt": 4, "cib": 2, "specialisations": ["discipline"]}
    book = load_army(write_army_file([heavy, light]))
    result, doc, fronts = print_shop(book, "mini")
    assert not [w for w in result.warnings if w.severity == "error"], result.warnings
    for member in book.members:
        text = reading(doc[fronts[member.character.name]])
        names = label("cards.front.specialisation_name_separator").join(s.name for s in member.specialisations)
        assert normal(label("cards.front.specialisation_names", names=names)) in text, text
        assert normal(label("cards.front.specialisations_elsewhere")) in text, text
        assert all(normal(s.text) not in text for s in member.specialisations), text
    _, tarot, tarot_fronts = print_shop(book, "tarot")  # the same army on tarot cards has room: the texts
    bruno = reading(tarot[tarot_fronts["Bruno"]])
    assert normal(book.members[1].specialisations[0].text) in bruno


def test_the_fallback_points_at_the_chapter_that_holds_the_texts():
    """The chapter named on the card is the book's (templates/rulesets/kolaps/08-affiliations.md.j2), by its title."""
    from kolaps_print import resources

    chapter = (resources.rulebook_dir() / "08-affiliations.md.j2").read_text(encoding="utf-8")
    title = next(line[2:].split("{")[0].strip() for line in chapter.splitlines() if line.startswith("# "))
    assert f"«\u202f{title}\u202f»" in label("cards.front.specialisations_elsewhere")  # narrow no-break spaces


def test_when_even_the_names_do_not_fit_it_is_a_located_error_and_nothing_is_written(write_army_file, tmp_path):
    path = write_army_file([overfull_character()])
    out = tmp_path / "mini.pdf"
    with pytest.raises(KolapsError) as caught:
        write_cards(path, out, CardOptions(card="mini"))
    errors = caught.value.diagnostics
    assert errors and all(d.severity == "error" for d in errors)
    assert {d.path for d in errors} >= {"characters[0].specialisations"}
    lines = path.read_text(encoding="utf-8").splitlines()
    for d in errors:
        assert d.path.startswith("characters[0]") and "'Anna'" in d.message, d
        assert d.line <= len(lines)
    assert not out.exists()
    assert build_cards(load_army(path), CardOptions(card="tarot")).cards == 1  # a larger card takes it


def test_the_table_values_are_large_and_the_raw_stats_small(damnes):
    """Piotr (RNG 3, MVT 4, CIB 4): 3+, 10/20 and 4D6 in large type; RNG 3, MVT 4, CIB 4 small above them."""
    _, doc, fronts = print_shop(damnes)
    words = words_on(doc[fronts["Piotr Nicolescu"]])
    for value, raw in (("3+", "RNG 3"), ("10/20", "MVT 4"), ("4D6", "CIB 4")):
        big, small = one(words, value), one(words, raw)
        assert big[1] >= 2 * small[1], (value, big, small)
        assert small[2] < big[2]  # the raw stat above what the table uses
    assert one(words, "pour le toucher")


def test_the_name_is_in_the_band_and_the_army_at_the_foot(damnes):
    layout = card_layout()
    _, doc, fronts = print_shop(damnes)
    words = words_on(doc[fronts["Piotr Nicolescu"]])
    name = one(words, "Piotr Nicolescu")
    assert name[2] < layout.front.band.height and name[4] == (255, 255, 255)
    army = one(words, label("cards.front.footer", army=damnes.army.name, affiliation=damnes.affiliation.name))
    assert army[2] > 88 - layout.front.footer.height
    assert army[1] < name[1]


def test_tarot_cards_set_their_own_type_not_a_poker_card_blown_up(damnes):
    """On a tarot card the weapons are set larger than on poker, the specialisations' text at 8.5–9.5 pt
    (review finding 7: body 8.5–9 pt) and the values the table uses above 20 pt."""
    _, poker, poker_fronts = print_shop(damnes)
    _, tarot, tarot_fronts = print_shop(damnes, "tarot")
    for member in damnes.members:
        weapon = member.weapons[0].name
        small = one(words_on(poker[poker_fronts[member.character.name]]), weapon)
        words = words_on(tarot[tarot_fronts[member.character.name]])
        large = one(words, weapon)
        assert large[1] > small[1] * 1.3, (weapon, small, large)
        c = member.character
        for value in card_text.table_values(c.rank, c.mvt, c.cib, damnes.rules):
            assert one(words, value)[1] >= 20, (member.character.name, value)
        for spec in member.specialisations:
            body = [w for w in words if w[0].startswith(normal(spec.text)[:12])]
            assert body and 8.5 <= body[0][1] <= 9.5, (spec.name, body)


def test_a_mark_comes_with_its_legend_on_the_same_card(demo_armies):
    legend = normal(label("common.ruling_legend"))
    for path in demo_armies:
        for card in ("poker", "mini", "tarot"):
            _, doc, _ = print_shop(load_army(path), card)
            for i in range(0, len(doc), 2):
                text = reading(doc[i]) + " " + reading(doc[i + 1])
                if "† E" in text.replace("† E…", ""):  # mini: the short legend at the foot, the body has no room
                    short = normal(label("common.ruling_legend_short"))
                    assert legend in text or (card == "mini" and short in text), (path.name, card, text)


def test_several_copies_of_a_character_are_numbered_front_and_back(kappa):
    recruit = next(m for m in kappa.members if m.character.copies == 2)
    result = build_cards(kappa, CardOptions(print_shop=True))
    doc = pdfium.PdfDocument(result.pdf)
    pages = [reading(doc[i]) for i in range(len(doc))]
    name = recruit.character.name
    for number in ("1/2", "2/2"):
        front, back = [i for i, text in enumerate(pages) if name in text and f"{number} " in text + " "][:2]
        assert front % 2 == 0 and back == front + 1, (number, front, back)
    single = kappa.members[0].character.name
    assert not any("1/1" in text for text in pages if single in text)


def test_the_back_header_has_the_stats_the_table_uses(damnes):
    _, doc, fronts = print_shop(damnes)
    back = reading(doc[fronts["Piotr Nicolescu"] + 1])
    assert normal(label("cards.back.stat_line", rng="3+", mvt="10/20", cib="4D6")) in back


def test_the_back_works_out_this_character_s_values_after_each_wound(damnes):
    """Piotr (RNG 3, MVT 4, CIB 4) after 1..6 wounds, by hand from the draft's table (−1 MVT at 1, …, all 0 at 6);
    the walk and the run on rows of their own (sheets12: every back as the mini's)."""
    _, doc, fronts = print_shop(damnes)
    words = words_on(doc[fronts["Piotr Nicolescu"] + 1])
    rows = {}
    for key in ("rng", "walk", "run", "cib"):
        head = one(words, label(f"cards.back.{key}").replace("\u00a0", " "))  # as pdfium reads it back
        rows[key] = [
            w[0] for w in sorted((w for w in words if abs(w[2] - head[2]) < 0.6 and w[3] > head[3]), key=lambda w: w[3])
        ]
    assert rows["rng"] == ["3+", "3+", "4+", "4+", "5+", "5+"]  # rank 3, 3, 2, 1, 0, 0
    assert rows["walk"] == ["7,5", "7,5", "5", "5", "2,5", "0"]
    assert rows["run"] == ["15", "15", "10", "10", "5", "0"]
    assert rows["cib"] == ["4D6", "3D6", "3D6", "2D6", "1D6", "2C6"]


def test_poker_backs_keep_severity_modifiers_beside_empty_boxes_in_black(damnes):
    _, doc, fronts = print_shop(damnes)
    page = doc[fronts["Piotr Nicolescu"] + 1]
    modifiers = {fmt.signed(m) for loc in damnes.rules.wounds.locations for m in loc.box_modifiers}
    shown = [w for w in words_on(page) if w[0] in modifiers]
    assert len(shown) == sum(loc.capacity for loc in damnes.rules.wounds.locations)
    for text, size, _, _, fill in shown:
        assert size >= 7 and max(fill) < 60, (text, size, fill)  # black, not the grey hint
    boxes = [b for b in squares_boxes(page) if 3.5 <= b[2] - b[0] < 5]
    assert len(boxes) >= len(shown)
    for text, _, top, left, _ in shown:  # the text's left edge and middle height in no box
        assert not any(b[0] - 0.1 <= left <= b[2] and b[1] <= top + 1 <= b[3] for b in boxes), text


def squares_boxes(page) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) in mm from the trim corner of every square path (tick boxes)."""
    import pypdfium2.raw as raw

    trim_left, _, _, trim_top = page.get_trimbox()
    out = []
    for _, (left, bottom, right, top) in placed_objects(page, raw.FPDF_PAGEOBJ_PATH):
        if abs((right - left) - (top - bottom)) < pt(0.2):
            out.append(
                (to_mm(left - trim_left), to_mm(trim_top - top), to_mm(right - trim_left), to_mm(trim_top - bottom))
            )
    return out


# ---- press-ready (--print-shop): PDF/X-4 and preflight -------------------------------------
def press_findings(book) -> list[str]:
    from kolaps_print.preflight import preflight

    return [f.line("cards.pdf") for f in preflight(build_cards(book, CardOptions(print_shop=True)).pdf)]


def test_print_shop_cards_are_pdf_x4_with_boxes_on_every_page(kappa):
    reader = pypdf.PdfReader(BytesIO(build_cards(kappa, CardOptions(print_shop=True)).pdf))
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-4"
    assert reader.trailer["/Root"]["/OutputIntents"][0].get_object()["/OutputConditionIdentifier"] == "FOGRA39"
    for page in reader.pages:
        trim, bleed = [to_mm(float(v)) for v in page.trimbox], [to_mm(float(v)) for v in page.bleedbox]
        assert [round(t - b, 2) for t, b in zip(trim[:2], bleed[:2], strict=True)] == [3, 3]
        assert [round(b - t, 2) for t, b in zip(trim[2:], bleed[2:], strict=True)] == [3, 3]


def test_home_cards_are_not_made_press_ready(kappa):
    reader = pypdf.PdfReader(BytesIO(build_cards(kappa).pdf))
    assert "/OutputIntents" not in reader.trailer["/Root"] and "/GTS_PDFXVersion" not in reader.metadata


@pytest.mark.parametrize("army", ["section-kappa", "les-damnes", "vampires"])
def test_print_shop_cards_pass_preflight_but_for_rgb_colours(demo_armies, army):
    """Everything the preflight checks but colours: those are the style data's (next test)."""
    book = load_army(next(p for p in demo_armies if p.stem == army))
    errors = [line for line in press_findings(book) if ": error: " in line and "RGB colour" not in line]
    assert errors == []


@pytest.mark.parametrize("army", ["section-kappa", "les-damnes", "vampires"])
def test_print_shop_cards_have_no_rgb_colour(demo_armies, army):
    book = load_army(next(p for p in demo_armies if p.stem == army))
    assert [line for line in press_findings(book) if ": error: " in line] == []


def test_print_shop_portraits_are_cmyk_and_preflight_measures_them(tmp_path):
    from PIL import Image
    from portrait_army import write_portrait_army  # tests/support

    from kolaps_print.preflight import preflight

    box = card_layout().front.portrait
    Image.new("RGB", (round(box.width / 25.4 * 160), round(box.height / 25.4 * 160)), (200, 40, 30)).save(
        tmp_path / "soft.png"
    )
    book = load_army(write_portrait_army(tmp_path, ["soft.png"]))
    pdf = build_cards(book, CardOptions(print_shop=True)).pdf
    images = [
        x.get_object()
        for page in pypdf.PdfReader(BytesIO(pdf)).pages
        for x in (page["/Resources"].get("/XObject") or {}).values()
        if x.get_object()["/Subtype"] == "/Image"
    ]
    assert {str(i["/ColorSpace"]) for i in images} == {"/DeviceCMYK"}
    findings = [f.message for f in preflight(pdf)]
    assert not [m for m in findings if "RGB image" in m]
    (soft,) = [m for m in findings if m.startswith("image ")]
    assert " prints at 160 ppi " in soft


# ---- issue 12 (fourth wave): safe area, emblems, footer stamp, wound grid, mini backs -------
CARD_SIZES = ("poker", "tarot", "mini")


@pytest.fixture(scope="module")
def demo_books(demo_armies):
    return [load_army(path) for path in demo_armies]


@pytest.mark.parametrize("card", CARD_SIZES)
def test_nothing_printed_within_3_mm_of_the_trim_at_any_card_size(demo_books, card):
    """What a print shop's preflight measures (text from its ascent to its descent, boxes, marks):
    a cut 1–2 mm off must not touch anything, fronts and backs, every demo army."""
    from kolaps_print.preflight.checks import SAFE_MM, preflight

    assert SAFE_MM >= 3.0
    for book in demo_books:
        near = [f.line(book.army.name) for f in preflight(print_shop(book, card)[0].pdf) if "of the trim" in f.message]
        assert near == [], near[:4]


def test_the_safe_area_holds_on_a_custom_card_size_too(kappa):
    from kolaps_print.preflight.checks import preflight

    pdf = build_cards(kappa, CardOptions(print_shop=True, card="50x80")).pdf
    assert [f.message for f in preflight(pdf) if "of the trim" in f.message] == []


def _stamp_pattern() -> re.Pattern:
    book_yaml = yaml.safe_load((resources.rulebook_dir() / "book.yaml").read_text(encoding="utf-8"))
    return re.compile(rf"v{re.escape(str(book_yaml['version']))} · ([0-9a-f]{{10}})")


@pytest.mark.parametrize("card", CARD_SIZES)
def test_a_standalone_run_prints_the_rules_version_and_data_hash_in_every_card_footer(kappa, card):
    """One stamp per front, inside the footer band (between the safe area and the band's top)."""
    result, doc, fronts = print_shop(kappa, card)
    size = card_size(card)
    layout = card_layout().for_card(size.width, size.height)
    pattern, hashes = _stamp_pattern(), set()
    for index in fronts.values():
        page = doc[index]
        trim_bottom = page.get_trimbox()[1]
        found = pattern.findall(reading(page))
        assert len(found) == 1, reading(page)
        text = page.get_textpage()
        first, count = text.search(found[0], match_case=True).get_next()  # the hash
        boxes = [text.get_charbox(i, loose=True) for i in range(first, first + count)]
        bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
        assert 3.0 - 0.05 <= to_mm(bottom - trim_bottom) and to_mm(top - trim_bottom) <= layout.front.footer.height
        hashes.add(found[0])
    assert len(hashes) == 1  # one army, one data set


def test_the_stamp_is_the_rulebook_s_fingerprint_and_follows_the_data(tmp_path, demo_armies):
    """A loose card finds its book: its footer prints the fingerprint the rulebook's credits print
    for the same rules; an edit of data/ changes both, and reruns stay byte-identical."""
    from kolaps_print import resources
    from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook

    book = " ".join(page_texts(build_rulebook(RulebookOptions()).pdf)).replace("\n", " ")
    (printed,) = set(re.findall(r"empreinte ([0-9a-f]{10})", book))
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_cards(demo_armies[0], first)
    write_cards(demo_armies[0], second)
    assert first.read_bytes() == second.read_bytes()
    assert set(_stamp_pattern().findall(" ".join(page_texts(first.read_bytes())))) == {printed}
    data = tmp_path / "data"
    shutil.copytree(resources.data_dir(), data)
    (resources.kolaps_folder(data) / "weapons.yaml").write_text(
        (resources.kolaps_folder(data) / "weapons.yaml").read_text(encoding="utf-8") + "\n# une ligne de plus\n",
        encoding="utf-8",
    )
    with resources.folders(data=data):
        write_cards(demo_armies[0], second)
    after = set(_stamp_pattern().findall(" ".join(page_texts(second.read_bytes()))))
    assert len(after) == 1 and after != {printed}


def _grey(page, scale: float = 300 / 72):
    """The page rendered in greyscale (what a black-and-white print or a colour-blind eye keeps most of)."""
    return page.render(scale=scale, grayscale=True).to_pil().convert("L"), scale


def _emblem_shape(page, name: str) -> tuple[str, float]:
    """The white shape just left of the name in the band, as greyscale pixels show it: where its widest
    row is (top, middle, bottom third) and how much of its box it fills."""
    import pypdfium2.raw as raw

    text = page.get_textpage()
    index, _ = text.search(name, match_case=True).get_next()
    name_left, char_bottom, _, char_top = text.get_charbox(index, loose=False)
    emblems = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=5):
        left, bottom, right, top = obj.get_bounds()
        rgba = [ctypes.c_uint() for _ in range(4)]
        raw.FPDFPageObj_GetFillColor(obj.raw, *rgba)
        white = all(c.value > 240 for c in rgba[:3])
        beside = 0 < to_mm(name_left - right) < 3 and char_bottom < (bottom + top) / 2 < char_top
        if white and 1.5 < to_mm(right - left) < 4.5 and beside:
            emblems.append((left, bottom, right, top))
    assert len(emblems) == 1, (name, emblems)
    left, bottom, right, top = emblems[0]
    image, scale = _grey(page)
    height = page.get_size()[1]
    crop = image.crop(
        (int(left * scale), int((height - top) * scale), int(right * scale), int((height - bottom) * scale))
    )
    rows = [sum(1 for x in range(crop.width) if crop.getpixel((x, y)) > 200) for y in range(crop.height)]
    widest = rows.index(max(rows)) / len(rows)
    where = "top" if widest < 0.3 else "bottom" if widest > 0.7 else "middle"
    return where if max(rows) - min(rows) > 0.3 * max(rows) else "even", sum(rows) / (crop.width * crop.height)


def test_each_affiliation_prints_its_own_emblem_on_both_faces_distinct_in_greyscale(demo_books):
    shapes = {}
    for book in demo_books:
        _, doc, fronts = print_shop(book)
        member = next(m for m in book.members if not m.character.avatar)
        name = member.character.name
        front, back = (_emblem_shape(doc[fronts[name] + side], name) for side in (0, 1))
        assert front[0] == back[0] and abs(front[1] - back[1]) < 0.1, (book.army.name, front, back)
        shapes[book.affiliation.id] = front
    assert len({where for where, _ in shapes.values()}) == len(shapes) == 3, shapes  # three different outlines


def _squares(page) -> list[tuple[float, float, float, float]]:
    """The bounds (mm, y up) of every square path on the page: the tick boxes."""
    import pypdfium2.raw as raw

    out = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=5):
        box = tuple(to_mm(v) for v in obj.get_bounds())
        if abs((box[2] - box[0]) - (box[3] - box[1])) < 0.2 and box[2] - box[0] < 10:
            out.append(box)
    return out


@pytest.mark.parametrize("card", CARD_SIZES)
def test_the_back_wound_grid_has_heads_over_the_drop_and_c_columns_and_nothing_taller_than_a_row(kappa, card):
    result, doc, fronts = print_shop(kappa, card)
    member = next(m for m in kappa.members if not m.character.avatar)
    index = fronts[member.character.name] + 1
    objects = [o for o in text_objects(result.pdf) if o.page == index]
    c_head = next(o for o in objects if o.text.strip() == label("cards.back.critical"))
    bleeding = next(o for o in objects if o.text.strip() == label("cards.back.bleeding_head"))
    squares = [s for s in _squares(doc[index]) if s[3] < to_mm(c_head.bounds[1])]  # the grid, under its heads
    right_column = max(s[0] for s in squares)
    c_boxes = [s for s in squares if abs(s[0] - right_column) < 0.1]
    assert len(c_boxes) == len(kappa.rules.wounds.locations)
    side = c_boxes[0][2] - c_boxes[0][0]  # pdfium's bounds hold the outline's width on each side
    assert side - to_mm(2 * card_layout().back.box_pt) >= (3.5 if card != "mini" else 3.0) - 0.01  # a pencil tick
    centre = (c_boxes[0][0] + c_boxes[0][2]) / 2
    head_centre = lambda o: to_mm((o.bounds[0] + o.bounds[2]) / 2)  # noqa: E731
    assert abs(head_centre(c_head) - centre) < 0.5
    assert centre - side - 1.5 < head_centre(bleeding) < centre - side + 0.5  # over the drop, left of C
    assert to_mm(c_head.bounds[1]) > max(s[3] for s in c_boxes)  # in the title row, above every row
    rows = sorted(c_boxes, key=lambda s: -s[3])
    assert all(a[1] >= b[3] - to_mm(card_layout().back.box_pt) for a, b in itertools.pairwise(rows))  # no overlap
    drops = [d for d in _paths_in_column(doc[index], head_centre(bleeding), side) if d[3] < to_mm(c_head.bounds[1])]
    assert len(drops) == len(rows) and all(d[3] - d[1] <= side + 0.1 for d in drops)  # no drop taller than a box


def _paths_in_column(page, centre: float, side: float) -> list[tuple[float, ...]]:
    import pypdfium2.raw as raw

    found = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=5):
        box = tuple(to_mm(v) for v in obj.get_bounds())
        if abs((box[0] + box[2]) / 2 - centre) < side / 2 and box[2] - box[0] < side + 0.5 and box[3] - box[1] > 2:
            found.append(box)
    return found


def test_mini_back_modifiers_are_7_pt_black_beside_empty_boxes_with_the_characters_wound_table(demo_books):
    """Never grey inside a box; the values after 1–6 wounds are this character's, whole."""
    import pypdfium2.raw as raw

    modifiers = {"+1", "+2", "+3"}
    for book in demo_books:
        _, doc, fronts = print_shop(book, "mini")
        for member in book.members:
            page = doc[fronts[member.character.name] + 1]
            squares = _squares(page)
            seen = 0
            textpage = page.get_textpage()
            for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT], max_depth=5):
                obj.textpage = textpage
                text = obj.extract()
                if text.strip() not in modifiers:
                    continue
                seen += 1
                rgba = [ctypes.c_uint() for _ in range(4)]
                raw.FPDFPageObj_GetFillColor(obj.raw, *rgba)
                fill = [c.value for c in rgba[:3]]
                assert max(fill) < 60 and max(fill) - min(fill) < 8, (member.character.name, text, fill)  # solid K
                assert obj.get_font_size() * _matrix_scale(obj) >= 7 - 0.01
                box = tuple(to_mm(v) for v in obj.get_bounds())
                assert not any(box[0] < s[2] and s[0] < box[2] and box[1] < s[3] and s[1] < box[3] for s in squares), (
                    member.character.name,
                    text,
                )
            assert seen >= len(book.rules.wounds.locations)
            text = reading(page)
            assert "…" not in text, member.character.name
            for values in card_text.wounded_values(member, book.rules):
                assert values[1] in text and values[3] in text, (member.character.name, values)


def test_every_mini_back_sets_its_location_names_no_quieter_than_their_modifiers(demo_books):
    """Tenth session: the 7 pt black severity modifiers (« +1 ») read louder than the 6 pt regular
    location names beside them (« Tête », « Poitrine »). Now each name is bold and at least as
    large as the modifiers, which stay 7 pt black (the test above), and no name touches a
    modifier: 0.3 mm of paper between them at least."""
    modifiers = {"+1", "+2", "+3"}
    for book in demo_books:
        names = {normal(loc.short or loc.name) for loc in book.rules.wounds.locations}
        result = build_cards(book, CardOptions(print_shop=True, card="mini"))
        backs: dict = {}
        for o in text_objects(result.pdf, page_space=True):
            if o.page % 2:
                backs.setdefault(o.page, []).append(o)
        assert backs
        for page, objs in backs.items():
            shown = [o for o in objs if normal(o.text) in names]
            mods = [o for o in objs if o.text.strip() in modifiers]
            assert len(shown) == len(names) and mods, (book.army.name, page)
            loudest = max(o.size for o in mods)
            for o in shown:
                assert "Bold" in o.font and o.size >= loudest - 0.01, (o.text, o.font, o.size, loudest)
                row = [m for m in mods if m.bounds[1] < o.bounds[3] and o.bounds[1] < m.bounds[3]]
                assert row, o.text
                assert min(m.bounds[0] for m in row) - o.bounds[2] >= pt(0.3), (book.army.name, page, o.text)


def _matrix_scale(obj) -> float:
    a, b, *_ = obj.get_matrix().get()
    return (a * a + b * b) ** 0.5


# ---- the back's wound table: neighbouring values keep clear of each other (review rev4, item 1) ----
def text_boxes_mm(page) -> list[tuple[str, float, float, float, float]]:
    """(text, top, left, right, bottom) in mm from the card's trim corner of every text object, forms included."""
    import pypdfium2.raw as raw

    trim_left, _, _, trim_top = page.get_trimbox()
    textpage = page.get_textpage()
    out = []
    for obj, (left, bottom, right, top) in placed_objects(page, raw.FPDF_PAGEOBJ_TEXT):
        obj.textpage = textpage
        edges = (to_mm(trim_top - top), to_mm(left - trim_left), to_mm(right - trim_left), to_mm(trim_top - bottom))
        out.append((obj.extract().strip(), *edges))
    return out


def value_row(boxes, values: list[str]):
    """The six text boxes of one wound-table row (values in order on one line), or None."""
    for top in {round(b[1], 1) for b in boxes}:
        line = sorted((b for b in boxes if abs(b[1] - top) < 0.6), key=lambda b: b[2])
        texts = [b[0] for b in line]
        for i in range(len(texts) - len(values) + 1):
            if texts[i : i + len(values)] == values:
                return line[i : i + len(values)]
    return None


def wound_table_lines(member, rules) -> list[list[list[str]]]:
    """The wound table's value lines as a back may print them: walk/run, the walk alone, or the walk
    and the run on lines of their own (small cards)."""
    both, walk, run = (card_text.wounded_values(member, rules, moves) for moves in ("both", "walk", "run"))
    column = lambda table, k: [r[k] for r in table]  # noqa: E731
    return [
        [column(both, k) for k in (1, 2, 3)],
        [column(walk, k) for k in (1, 2, 3)],
        [column(walk, 1), column(walk, 2), column(run, 2), column(walk, 3)],
    ]


@pytest.mark.parametrize("card", ["poker", "tarot", "mini"])
def test_wound_table_values_keep_1_5_mm_between_columns(demo_armies, card):
    """Tarot Damnés printed « 7,5/157,5/15 »: every row of every back, each army, each size, keeps
    ≥ 1.5 mm between neighbouring values, whether it prints walk/run or the walk alone. Mini backs,
    whose cells hold single numbers (walk and run on rows of their own), keep their layout's
    value_gap (1 mm: the room for « Marche cm », review 19)."""
    compact = card_layout().back.compact
    clear = compact.cumulative.value_gap if card == "mini" and compact and compact.cumulative else 1.5
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, card)
        for member in book.members:
            boxes = text_boxes_mm(doc[fronts[member.character.name] + 1])
            for lines in wound_table_lines(member, book.rules):
                rows = [value_row(boxes, values) for values in lines]
                if all(rows):
                    break
            assert all(rows), (path.stem, card, member.character.name, [b[0] for b in boxes])
            for row in rows:
                gaps = [b[2] - a[3] for a, b in itertools.pairwise(row)]
                assert min(gaps) >= clear - 0.02, (path.stem, card, member.character.name, [b[0] for b in row], gaps)


@pytest.mark.parametrize("card", ["poker", "tarot", "mini"])
def test_the_footer_stamp_is_at_least_6_pt_and_overlaps_nothing(demo_armies, card):
    """The stamp (« v0.1 · <hash> ») was 5–5.6 pt: on every front of every army at every size it is
    ≥ 6 pt, whole, and its box touches no other text (the army line, the role line, the body)."""
    stamp = cards_stamp()
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, card)
        for name, index in fronts.items():
            page = doc[index]
            sizes = [w[1] for w in words_on(page) if w[0] == stamp]
            assert sizes and min(sizes) >= 6 - 0.01, (path.stem, card, name, sizes)
            boxes = text_boxes_mm(page)
            mark = next(b for b in boxes if b[0] == stamp)
            for other in boxes:
                if other is not mark and other[0]:
                    clear = (
                        other[2] >= mark[3] + 0.5
                        or other[3] <= mark[2] - 0.5
                        or other[4] <= mark[1]
                        or other[1] >= mark[4]
                    )
                    assert clear, (path.stem, card, name, other[0], other[1:], mark[1:])


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_every_avatar_front_prints_the_labelled_pill(demo_armies, card):
    """Vampires poker and every tarot Avatar had a bare star while Kappa and Damnés poker had
    « ★ AVATAR »: one rule everywhere, the pill wherever the names fit beside it (review rev4, item 4)."""
    pill = label("cards.front.avatar")
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, card)
        avatars = [m.character.name for m in book.members if m.character.avatar]
        assert avatars, path.stem  # every demo army has one: the test can fail
        for name in avatars:
            assert pill in reading(doc[fronts[name]]), (path.stem, card, name)
        for name in set(fronts) - set(avatars):
            assert pill not in reading(doc[fronts[name]]), (path.stem, card, name)


# ---- issue 12 (fifth wave): mini cards keep their role line and the whole wound table -------------
def test_every_mini_front_prints_its_role_line_in_the_band_beside_the_legend_and_the_stamp(demo_books):
    """Seven mini fronts that printed « † règle provisoire » lost their archetype · function without a
    word: now every front of every demo army prints it, white, under the name inside the band; one too
    long for the band prints its archetype, and a warning on that character's line says so."""
    layout = card_layout().for_card(*_mini_mm())
    band = layout.front.band.height
    legend = normal(label("common.ruling_legend_short"))
    legends = 0
    for book in demo_books:
        result, doc, fronts = print_shop(book, "mini")
        for member in book.members:
            c, page = member.character, doc[fronts[member.character.name]]
            words = {w[0]: w for w in words_on(page)}
            said = (lambda role: label("cards.front.avatar_role", role=role)) if c.avatar else str  # issue 12:
            role = said(card_text.subtitle(member))  # beside the Avatar's bare star, the line says what it is
            if role not in words:  # the archetype, and a warning naming what was left out
                role = said(c.archetype)
                assert any(c.name in w.message and f"printed as '{role}'" in w.message for w in result.warnings)
            _, size, top, _, fill = words[role]
            assert size >= 6 - 0.01 and min(fill) > 240, (c.name, size, fill)  # white on the band
            assert layout.safe <= top and top + to_mm(size) <= band + 0.3, (c.name, top)
            legends += legend in reading(page)
    assert legends >= 7  # the seven fronts of the review print both


def _mini_mm() -> tuple[float, float]:
    size = card_size("mini")
    return size.width, size.height


def test_mini_backs_label_the_wound_table_s_rows_and_print_the_walk_and_the_run(demo_books):
    """The MVT row of a mini back gave the walk alone, under no label: every back of every demo army
    now labels its rows left of the values and prints the walk and the run of every wound count,
    each on its own row. The rows are named for what they give, as on the poker back (« Seuil »,
    « Toucher »: one vocabulary, issue 12), the walk and the run by name (« Marche », « Course »)."""
    names = [label(f"cards.back.{key}") for key in ("rng", "walk", "run", "cib")]
    assert names[0] == "Seuil" and names[3] == "Toucher"
    for book in demo_books:
        _, doc, fronts = print_shop(book, "mini")
        for member in book.members:
            boxes = text_boxes_mm(doc[fronts[member.character.name] + 1])
            walk, run = (card_text.wounded_values(member, book.rules, moves) for moves in ("walk", "run"))
            lines = [[r[1] for r in walk], [r[2] for r in walk], [r[2] for r in run], [r[3] for r in walk]]
            rows = [value_row(boxes, values) for values in lines]
            assert all(rows), (member.character.name, [b[0] for b in boxes])
            assert rows[1][0][1] < rows[2][0][1]  # the walk above the run
            for name, (first, last) in zip(names, [(0, 0), (1, 1), (2, 2), (3, 3)], strict=True):
                label_box = next(b for b in boxes if normal(b[0]) == normal(name) and b[3] < rows[first][0][2])
                middle = (label_box[1] + label_box[4]) / 2
                assert rows[first][0][1] - 0.3 <= middle <= rows[last][0][4] + 0.3, (member.character.name, name)


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_the_demo_backs_give_the_walk_and_the_run_on_rows_of_their_own(demo_books, card):
    """Tenth session: the demo's backs (the kit's cards) gave the walk and the run in one 6 pt cell
    under « MVT cm » (« 7,5/15 », « 0/0 »), with half the back empty. Now, as on mini backs, the walk
    and the run of every wound count are on rows of their own, « Marche cm » over « Course cm »,
    each label level with its row."""
    walk_run = [label(f"cards.back.{key}") for key in ("walk", "run")]
    for book in demo_books:
        doc = pdfium.PdfDocument(build_cards(book, CardOptions(print_shop=True, card=card, edition="quickstart")).pdf)
        for member in book.members:
            front = next(i for i in range(0, len(doc), 2) if member.character.name in reading(doc[i]))
            boxes = text_boxes_mm(doc[front + 1])
            walk, run = (card_text.wounded_values(member, book.rules, moves) for moves in ("walk", "run"))
            rows = [value_row(boxes, [r[2] for r in values]) for values in (walk, run)]
            assert all(rows), (member.character.name, [b[0] for b in boxes])
            assert rows[0][0][1] < rows[1][0][1]  # the walk above the run
            assert normal(label("cards.back.mvt")) not in [normal(b[0]) for b in boxes], member.character.name
            for name, row in zip(walk_run, rows, strict=True):
                label_box = next(b for b in boxes if normal(b[0]) == normal(name))
                middle = (label_box[1] + label_box[4]) / 2
                assert row[0][1] - 0.3 <= middle <= row[0][4] + 0.3, (member.character.name, name)


def test_every_mini_back_of_the_demo_armies_prints_its_stat_line_in_one_format(demo_armies):
    """Designer review (fifth session, 2a): the band's « 4+ · 10/20 · 4D6 » was printed with « cm » on
    some backs, without on others, and not at all on three (Ézéchiel, the Comtesse, the Goules)."""
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, "mini")
        formats = set()
        for member in book.members:
            c = member.character
            rng, mvt, cib = card_text.table_values(c.rank, c.mvt, c.cib, book.rules)
            back = reading(doc[fronts[c.name] + 1])
            found = [
                key
                for key in ("stat_line", "stat_line_short")
                if normal(label(f"cards.back.{key}", rng=rng, mvt=mvt, cib=cib)) in back
            ]
            assert found, (path.name, c.name, back[:80])
            formats.add(found[0])
        assert len(formats) == 1, (path.name, formats)


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_the_back_s_wound_table_keeps_2_mm_clear_of_the_footer_band(demo_armies, card):
    """Issue 12 (eighth session's reviews): the BLESSURES table's last row stood 1 mm above the poker
    back's footer band (the back is full); every glyph now keeps 2 mm clear of it."""
    footer = card_layout().for_card(*_size_mm(card)).back.footer
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, card)
        for member in book.members:
            page = doc[fronts[member.character.name] + 1]
            lowest = lowest_glyph(page)
            assert lowest >= footer + 2.0, (path.name, member.character.name, lowest)


def lowest_glyph(page) -> float:
    """How high above the trim's bottom edge the lowest printed glyph ends, in mm."""
    trim_bottom = to_mm(page.get_trimbox()[1])
    textpage = page.get_textpage()
    return min(
        to_mm(textpage.get_charbox(k)[1]) - trim_bottom
        for k in range(textpage.count_chars())
        if textpage.get_text_range(k, 1).strip()
    )


def _size_mm(card: str) -> tuple[float, float]:
    size = card_size(card)
    return size.width, size.height


def test_the_mini_wound_table_is_headed_and_keeps_clear_of_the_footer(demo_armies):
    """Designer review (2b, 2c): the « 1 2 3 4 5 6 » head row had an empty first cell, and the CIB row
    came within 0.3 mm of the footer band; now « Bless. » heads it and every glyph keeps 1 mm clear."""
    footer = card_layout().back.footer
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, "mini")
        for member in book.members:
            page = doc[fronts[member.character.name] + 1]
            words = words_on(page)
            head = one(words, label("cards.back.cumulative_short"))
            ones = [w for w in words if w[0] == "1" and abs(w[2] - head[2]) < 0.6 and w[3] > head[3]]
            assert ones, (path.name, member.character.name)  # on the row of 1 2 3 4 5 6
            lowest = lowest_glyph(page)
            assert lowest >= footer + 1.0, (path.name, member.character.name, lowest)


def test_no_line_of_a_les_damnes_mini_card_starts_with_a_sign_and_its_number(damnes):
    """Designer review (3): Ézéchiel's front broke « gravité + 1 » before « + 1 »."""
    _, doc, fronts = print_shop(damnes, "mini")
    lines = [
        " ".join(line.split())
        for page in range(0, len(doc), 2)
        for line in doc[page].get_textpage().get_text_range().splitlines()
    ]
    # the sign held to its number (review 15): « gravité +1 », or « 3e dé −1 » where the army pages Tranchant
    assert any(re.search("\\w [+\u2212]\\d", line) for line in lines), lines
    assert not [line for line in lines if re.match(r"[+\u2212] \d", line)], lines


# ---- issue 12 (leftovers): mini fronts clear of the foot band, the Avatar's star said -------------
def test_every_mini_front_keeps_its_text_1_5_mm_above_the_foot_band(demo_armies):
    """Designer review: the mini fronts of Vesna and the Comtesse ran within 0.8 mm of the foot band."""
    size = card_size("mini")
    footer_top = size.height - card_layout().for_card(size.width, size.height).front.footer.height
    clearances = {}
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, "mini")
        for member in book.members:
            boxes = [box for _, box in glyph_boxes(doc[fronts[member.character.name]]) if box[1] < footer_top]
            clearances[member.character.name] = footer_top - max(box[3] for box in boxes)
    assert {"Vesna la Rouge", "Comtesse Ilona Varga"} <= set(clearances)
    assert min(clearances.values()) >= 1.5, sorted(clearances.items(), key=lambda kv: kv[1])[:3]


def test_the_avatars_bare_star_on_a_mini_front_is_said_under_the_name(demo_armies):
    """Designer review: on mini cards the Avatar's star stood alone, unexplained; the band's role line
    now starts with « Avatar · », and no other character's does."""
    said = label("cards.front.avatar_alone")
    checked = 0
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, "mini")
        for member in book.members:
            words = reading(doc[fronts[member.character.name]])
            start = words.index(member.character.name)
            band = words[start : words.index(label("cards.front.weapons"), start)]  # the name, its role line
            assert (said in band) == member.character.avatar, (path.name, member.character.name, band)
            checked += member.character.avatar
    assert checked == len(demo_armies)


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_poker_and_tarot_backs_say_the_difficulty_on_each_morale_row_and_how_to_mark(damnes, card):
    """Issue 12: morale rows say « Diff. 2 » (the test's difficulty from the rules data, beside its
    level's box) and one line says how to mark. The mini back's morale is a row of bare boxes."""
    levels = [lv for lv in damnes.rules.actions.morale.levels if lv.test_difficulty is not None]
    assert levels
    _, doc, fronts = print_shop(damnes, card)
    for name, front in fronts.items():
        page = doc[front + 1]
        text = reading(page)
        assert normal(label("cards.back.how_to_mark")) in text, name
        # what to circle is named: the wound count, in the BLESSURES table (not « le total »)
        assert label("cards.back.cumulative").lower() in label("cards.back.how_to_mark").lower()
        words = words_on(page)
        for level in levels:
            row = [w for w in words if f"diff. {level.test_difficulty} " in normal(w[0]).lower() + " "]
            box = [w for w in words if w[0] == str(level.level)]
            assert row and box, (name, level.level)
            assert any(abs(r[2] - b[2]) < 1.5 for r in row for b in box), (name, level.level)  # beside its box


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_trait_s_book_page_is_where_the_book_laid_out_on_that_paper_explains_it(damnes, paper):
    """traits.yaml's book_pages are the book's layout written down (a card cannot lay out the
    book: 1.7 s a paper): they must be the pages of the trait's heading in the book as printed."""
    from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook

    headings = {h.anchor: h.page for h in build_rulebook(RulebookOptions(paper=paper)).headings}
    for trait in damnes.rules.traits.traits:
        assert trait.book_pages.get(paper) == headings[f"faculte-{trait.id}"], (trait.id, paper)


@pytest.mark.parametrize("paper, card", [("a4", "poker"), ("letter", "poker"), ("a4", "mini"), ("a4", "tarot")])
def test_after_each_faculte_its_page_in_the_book_of_the_card_s_paper(damnes, paper, card):
    """Issue 12: « Automatique p. 20 »: each trait reminder gives the page of the book printed on
    the cards' paper, right after the trait's name, in regular weight (the name is bold)."""
    result = build_cards(damnes, CardOptions(paper=paper, card=card))
    doc = pdfium.PdfDocument(result.pdf)
    text = normal(doc[0].get_textpage().get_text_range()).replace("\u00a0", " ")
    printed = 0
    for trait in damnes.rules.traits.traits:
        where = label("cards.front.reminders_see_page", page=trait.book_pages[paper])
        leads = [normal(label(f"cards.front.{key}", where=where)) for key in ("reminders_see", "reminders_see_short")]
        if trait.name in text and f"{trait.name} p. " in text:
            said = normal(trait.name + label("cards.front.reminder_page", page=trait.book_pages[paper]))
            assert said in text, (trait.id, paper)
            printed += 1
        elif any(re.search(re.escape(lead) + "[^·]*" + re.escape(trait.name), text) for lead in leads):
            printed += 1  # by page on a full card: « voir p. 11 : Deux mains, Tranchant »
    assert printed >= 4  # Tranchant, Deux mains, Couteau, Contondant... on the Damnés' fronts
    pages = [o for o in text_objects(result.pdf) if o.page == 0 and normal(o.text).startswith("p. ")]
    assert pages and all("Bold" not in o.font for o in pages), [(o.text, o.font) for o in pages]


# ---- print designer's review (session 8) ----------------------------------------------------
@pytest.fixture(scope="module")
def vampires(demo_armies):
    return load_army(next(p for p in demo_armies if p.stem == "vampires"))


def one_normal(words, text: str):
    """one(), white space (a no-break space) read as a space."""
    return one([(normal(w[0]), *w[1:]) for w in words], normal(text))


def row_after(words, head: str) -> list[str]:
    """The texts on the row a label heads, left to right (the label itself left out)."""
    first = one_normal(words, head)
    return [
        w[0] for w in sorted((w for w in words if abs(w[2] - first[2]) < 0.6 and w[3] > first[3]), key=lambda w: w[3])
    ]


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_vampires_backs_keep_the_run_after_each_wound(vampires, card):
    """Review 4: the Comtesse's and Mihail's 12,5/25 is too wide for a cell; the walk alone was
    printed. The rules do not stop a vampire running: the army's backs split MVT into Marche and
    Course rows (as mini cards do), on the full back (the morale texts stay)."""
    rules = vampires.rules
    actions, floor = rules.actions, rules.wounds.cumulative_floor
    _, doc, fronts = print_shop(vampires, card)
    for member in vampires.members:
        mvt = member.character.mvt
        after = [
            floor if r.all_zero else max(floor, mvt + r.mvt)
            for r in sorted(rules.wounds.cumulative, key=lambda r: r.wounds)
        ]
        page = doc[fronts[member.character.name] + 1]
        words = words_on(page)
        assert row_after(words, label("cards.back.walk")) == [fmt.number(m * actions.walk_cm_per_mvt) for m in after]
        assert row_after(words, label("cards.back.run")) == [fmt.number(m * actions.run_cm_per_mvt) for m in after]
        assert "Diff. 2" in reading(page), member.character.name  # the full back, not the compact one


def test_mini_back_wound_table_is_leaded_clear_of_the_footer_and_says_cm(damnes):
    """Review 19: the mini back's wound table was 6 pt on 2.05 mm (97 %), « Toucher » 1 mm over the
    foot band, and « Marche », « Course » without their unit."""
    _, doc, fronts = print_shop(damnes, "mini")
    size = card_size("mini")
    footer_top = size.height - card_layout().for_card(size.width, size.height).back.footer
    for name, front in fronts.items():
        page = doc[front + 1]
        words = words_on(page)
        rows = [one_normal(words, label(f"cards.back.{key}")) for key in ("rng", "walk", "run", "cib")]
        pitch = (rows[-1][2] - rows[0][2]) / 3  # from a capital's top to a capital's top (S, T)
        assert pitch >= to_mm(rows[0][1] * 1.08), (name, pitch)  # at least 108 % leading
        assert all("cm" in row[0] for row in rows[1:3]), name  # the walk and the run say their unit
        bottom = max(box[3] for _, box in glyph_boxes(page) if box[1] > footer_top - 5 and box[3] < footer_top + 0.5)
        assert footer_top - bottom >= 1.3, (name, footer_top - bottom)  # the last row's type keeps clear of the band


def tile_boxes(page) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) in mm from the trim corner of the stat tiles (filled paths 8–35 mm wide, 8–20 mm tall)."""
    import pypdfium2.raw as raw

    trim_left, _, _, trim_top = page.get_trimbox()
    out = []
    for _, (left, bottom, right, top) in placed_objects(page, raw.FPDF_PAGEOBJ_PATH):
        box = (to_mm(left - trim_left), to_mm(trim_top - top), to_mm(right - trim_left), to_mm(trim_top - bottom))
        if 8 <= box[2] - box[0] <= 35 and 8 <= box[3] - box[1] <= 20:
            out.append(box)
    return out


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_stat_captions_keep_clear_of_their_tile_s_edges(demo_armies, card):
    """Review 14: « seuil par dé », « cm, marche/course », « pour le toucher » touched their tiles'
    sides (tarot Kappa, poker). Every caption's glyphs keep ≥ 0.8 mm inside its tile, each army."""
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, card)
        for member in book.members:
            page = doc[fronts[member.character.name]]
            text, tiles = page.get_textpage(), tile_boxes(page)
            trim_left, _, _, trim_top = page.get_trimbox()
            for stat in card_text.stats(member, book.rules):
                hit = text.search(stat.detail, match_case=True).get_next() or text.search(stat.short).get_next()
                assert hit, (member.character.name, stat.detail)
                boxes = [text.get_charbox(i, loose=False) for i in range(hit[0], hit[0] + hit[1])]
                left, right = to_mm(min(b[0] for b in boxes) - trim_left), to_mm(max(b[2] for b in boxes) - trim_left)
                top = to_mm(trim_top - max(b[3] for b in boxes))
                tile = next(t for t in tiles if t[0] <= (left + right) / 2 <= t[2] and t[1] <= top <= t[3])
                clear = min(left - tile[0], tile[2] - right)
                assert clear >= 0.8, (path.stem, card, member.character.name, stat.detail, round(clear, 2))


def glyph_lines(page) -> list[tuple[float, float, str]]:
    """(top, left, text) of each printed line, from the glyph boxes (mm from the trim corner)."""
    text = page.get_textpage()
    rows: list[list] = []
    for index, box in sorted(glyph_boxes(page), key=lambda g: (round(g[1][3], 1), g[1][0])):
        if rows and abs(rows[-1][0][1][3] - box[3]) < 0.3:
            rows[-1].append((index, box))
        else:
            rows.append([(index, box)])
    out = []
    for row in rows:
        row.sort(key=lambda g: g[1][0])
        start, end = row[0][0], row[-1][0]
        out.append((min(b[1] for _, b in row), row[0][1][0], normal(text.get_text_range(start, end - start + 1))))
    return out


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_abilities_hang_their_wrapped_lines_and_set_page_and_signs_one_way(demo_armies, card):
    """Review 15: a wrapped trait or specialisation line started flush left (« échec » read as a new
    entry); « Tranchant p. 12. Hémorragie… » read as a sentence; « gravité + 1 » beside « +2 »."""
    margin = card_layout().margin
    for path in demo_armies:
        book = load_army(path)
        _, doc, fronts = print_shop(book, card)
        for member in book.members:
            page = doc[fronts[member.character.name]]
            reminders = card_text.trait_reminders(member.weapons, book.rules)
            starts = [r.name for r in reminders] + [s.name for s in member.specialisations]
            starts += [label("cards.front.specialisations"), label("cards.front.notes"), "†"]  # notes: tarot18
            said = reading(page)
            heading = label("cards.front.reminders") if reminders else label("cards.front.specialisations")
            if heading not in said:
                continue
            top = next(t for t, _, line in glyph_lines(page) if line.startswith(heading))
            footer = card_size(card).height - 8
            for line_top, left, line in glyph_lines(page):
                if not top < line_top < footer:
                    continue
                if left < margin + 0.5:  # flush left: an entry's first line
                    assert any(line.startswith(normal(s)) for s in starts), (path.stem, member.character.name, line)
                else:  # a wrapped line hangs in
                    assert left >= margin + 1.5, (path.stem, member.character.name, line, left)
            for r in reminders:
                if r.page is not None:
                    assert f"p. {r.page}." not in said, (member.character.name, r.name)  # not a sentence
            assert not re.search(r"\w [+\u2212] \d", said), (member.character.name, said)  # « +1 », never « + 1 »


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_fragmentation_says_which_range_each_severity_is_for(kappa, card):
    """Review 20: « Gravité 3C6 / 2C6 / 2M6 » gave no range. The reminder now names each range as
    the rules do (combat.yaml: « Bout portant », « Portée efficace », « Portée extrême »), in
    that order, each after its dice. (Karim's mini front, full, gives it by page: the test above.)"""
    rules = kappa.rules
    trait = rules.trait("fragmentation")
    names = [rules.combat.band(i).name.lower().removeprefix("portée ") for i in ("bout-portant", "efficace", "extreme")]
    _, doc, fronts = print_shop(kappa, card)
    karim = reading(doc[fronts["Karim Benali"]])
    shown = karim[karim.index(normal(trait.short)[:10]) :]
    assert normal(trait.short) in karim
    places = [shown.index(name) for name in names]
    assert places == sorted(places), (names, shown)
    assert all(re.search(r"\d[CM]6 " + re.escape(name), shown) for name in names), shown  # each after its dice
