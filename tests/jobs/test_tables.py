"""The reference sheet PDF, read back: pages, sizes, fonts, metadata, reruns, and every number.

Expected values are derived from the data model here, never copied from the PDF.
"""

from fractions import Fraction
from io import BytesIO
from itertools import product

import pypdf
import pypdfium2 as pdfium
import pytest
from pdf_fonts import pdf_fonts  # tests/support

from kolaps_print.jobs.tables import TablesOptions, build_reference, write_reference
from kolaps_print.layout.reference.look import reference_look
from kolaps_print.model.gamedata import builtin_game_data

MM = 72 / 25.4
MINUS = "\u2212"
STANDARD_14 = {"Helvetica", "Times-Roman", "Courier", "Symbol", "ZapfDingbats"}


@pytest.fixture(scope="module")
def data():
    return builtin_game_data()


@pytest.fixture(scope="module")
def a4():
    return build_reference(TablesOptions(paper="a4"))


@pytest.fixture(scope="module")
def text(a4):
    """Whole sheet text, whitespace (including no-break spaces) collapsed to single spaces."""
    pdf = pdfium.PdfDocument(a4.pdf)
    pages = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    return " ".join(" ".join(p.split()) for p in pages)


def norm(s: str) -> str:
    return " ".join(s.split())


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def dash(n: int) -> str:
    return str(n) if n else "—"


def signed_or_dash(n: int) -> str:
    return signed(n) if n else "—"


# ---- the file ----------------------------------------------------------------------
@pytest.mark.parametrize("paper, size_mm", [("a4", (297, 210)), ("letter", (279.4, 215.9))])
def test_two_landscape_pages_of_the_paper_size(paper, size_mm):
    reference = build_reference(TablesOptions(paper=paper))
    reader = pypdf.PdfReader(BytesIO(reference.pdf))
    assert reference.pages == len(reader.pages) == 2
    for page in reader.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert w == pytest.approx(size_mm[0] * MM, abs=0.5) and h == pytest.approx(size_mm[1] * MM, abs=0.5)


def test_every_font_is_an_embedded_truetype(a4):
    fonts = pdf_fonts(a4.pdf)
    for name, embedded in fonts.items():
        base = name.lstrip("/").split("+")[-1]
        assert base not in STANDARD_14
        assert embedded, base
    assert len(fonts) >= 2
    assert b"Helvetica" not in a4.pdf


def test_metadata_names_the_game_and_the_sheet(a4):
    meta = pypdf.PdfReader(BytesIO(a4.pdf)).metadata
    assert "KOLAPS" in meta.title and "Aide de jeu" in meta.title
    assert meta.subject


def test_rebuilding_gives_identical_bytes(a4):
    assert build_reference(TablesOptions(paper="a4")).pdf == a4.pdf


def test_body_text_is_at_least_the_legibility_floor(a4):
    # 7.5 pt, the floor, until issue 12: no cell over three lines sent text under its rows (7.25 pt);
    # 7 pt, whole_tables_pt, since kolaps17: the walk-through's steps over their text, as on the kit's
    floor = reference_look().type.whole_tables_pt
    assert floor == 7 and floor <= a4.body_pt <= 9.0
    pdf = pdfium.PdfDocument(a4.pdf)
    for i in range(len(pdf)):
        page = pdf[i]
        sizes = [obj.get_font_size() for obj in page.get_objects(filter=[pdfium.raw.FPDF_PAGEOBJ_TEXT])]
        assert sizes and min(sizes) >= floor - 1e-6, min(sizes)


def test_write_is_atomic_and_creates_the_folder(tmp_path):
    target = tmp_path / "out" / "reference.pdf"
    reference = write_reference(target, TablesOptions())
    assert target.read_bytes() == reference.pdf
    assert [p.name for p in target.parent.iterdir()] == ["reference.pdf"]


# ---- every number of the data, on the sheet -----------------------------------------
def test_thresholds_and_difficulties(data, text):
    dice = data.rules.dice
    for t in dice.thresholds:
        assert f" {t.rank} {t.threshold}+ " in text
    for d in dice.difficulties:
        assert f" {d.level} {norm(d.name)} {d.dice.count}{d.dice.roll}6 " in text
    assert f"≤ {MINUS}{-dice.automatic_at_or_below} Automatique" in text
    assert f"≥ {dice.impossible_at_or_above} Impossible" in text


def test_roll_types(data, text):
    from kolaps_print.typography import after_colon

    for r in data.rules.dice.roll_types:
        assert norm(f"{r.name} {r.text} {r.critical_success}") in text
        assert norm(f" : {after_colon(r.critical_failure)}") in text  # under its row, after its head


def test_modifiers(data, text):
    combat = data.rules.combat
    actions = {a.id: a for a in data.rules.actions.actions}
    for item in list(combat.range_bands) + list(combat.modifiers):
        action = actions.get(item.id)
        if action is not None and action.modifier and action.modifier == item.modifier:
            # a move that attacks: its action row states the modifier, once (« Marche et tire : +2 »)
            assert norm(f"{action.name} OFF {action.fatigue} {signed(action.modifier)}") in text, item.name
            assert norm(f"{item.name} {signed(item.modifier)} {item.text}") not in text, item.name
            continue
        value = "—" if item.modifier is None else signed(item.modifier)
        if getattr(item, "base_difficulty", None) is not None:  # the base difficulty becomes this
            value = f"= {item.base_difficulty}"
        elif getattr(item, "test_difficulty", None) is not None:  # a separate test first
            value = f"Diff. {item.test_difficulty}"
        assert norm(f"{item.name} {value} {item.text}") in text, item.name


def brute_force(threshold: int, count: int, roll: str) -> Fraction:
    ok = [f == 6 or (f != 1 and f >= threshold) for f in range(7)]
    outcomes = list(product(range(1, 7), repeat=count))
    keep = {"D": lambda fs: all(ok[f] for f in fs), "C": lambda fs: any(ok[f] for f in fs), "M": lambda fs: ok[min(fs)]}
    return Fraction(sum(keep[roll](fs) for fs in outcomes), len(outcomes))


def as_percent(p: Fraction) -> str:
    x = p * 100
    if x >= 10:
        return f"{int(x + Fraction(1, 2))} %"
    tenths = int(x * 10 + Fraction(1, 2))
    return (f"{tenths // 10},{tenths % 10}" if tenths % 10 else str(tenths // 10)) + " %"


def test_chance_matrix_matches_brute_force(data, text):
    dice = data.rules.dice
    levels = sorted(dice.difficulties, key=lambda d: d.level)
    for t in dice.thresholds:
        cells = " ".join(as_percent(brute_force(t.threshold, d.dice.count, d.dice.roll)) for d in levels)
        assert f"Rang {t.rank} ({t.threshold}+) {cells}" in text


def test_severities(data, text):
    ranks = [t.rank for t in data.rules.dice.thresholds]
    for s in data.rules.wounds.severities:
        faces = s.haemorrhage_on
        haem = "—" if not faces else "toujours" if len(faces) == 6 else f"{faces[0]} à {faces[-1]}"  # one range form
        losses = " ".join(dash(s.loss_for(r)) for r in ranks)
        assert f" {s.roll} {norm(s.name)} {dash(s.wounds)} {haem} {losses} " in text, s.roll


def test_locations_and_secondary_effects(data, text):
    for loc in data.rules.wounds.locations:
        boxes = " ".join(signed(m) for m in loc.box_modifiers)
        assert f" {loc.roll} {norm(loc.name)} {loc.capacity} {boxes} " in text
        assert f" {loc.roll} {norm(loc.name)} {norm(loc.secondary_effect)}" in text


def test_critical_injuries_and_failures(data, text):
    wounds = data.rules.wounds
    specialisations = {s.id: s.name for a in data.catalogue.affiliations.values() for s in a.specialisations}
    for c in wounds.critical_injuries:
        test = "Aucun" if c.test_difficulty is None else f"Diff. {c.test_difficulty}"
        extra = c.extra_difficulty
        if extra and extra.applies_to == "survival":  # right arm read as +2 on this test (E27)
            test += f", {signed(extra.value)} sans {specialisations[extra.unless]}"
        zone = wounds.location(c.location).name
        assert norm(f" {c.roll} {zone} {c.name} {test} {c.text}") in text
    for m in wounds.critical_morale_loss:
        assert f"R{m.rank} {m.loss}" in text
    for f in wounds.critical_failures:
        assert norm(f"{f.name} {f.text}") in text
        for bound in (f.min, f.max):
            if bound is not None:
                assert signed(bound).lstrip("+") in text
    assert norm(wounds.friendly_fire) in text


def test_wound_notes_carry_the_wound_rule_numbers(data, text):
    wounds = data.rules.wounds
    offset = wounds.secondary_test_offset
    assert norm(f"difficulté égale à la gravité {'−' if offset < 0 else '+'} {abs(offset)}") in text
    assert f"Gravité au-delà de {wounds.max_severity} : comme {wounds.max_severity}" in text
    assert norm(wounds.full_location.text) in text  # when a full location calls for the survival test (E28)
    assert (
        f"jusqu’à {wounds.max_counted_wounds}. MVT, CIB et RNG ne descendent jamais sous {wounds.cumulative_floor}"
        in text
    )
    assert norm(wounds.text) in text


def test_cumulative_wounds(data, text):
    for c in data.rules.wounds.cumulative:
        cells = "= 0 = 0 = 0" if c.all_zero else " ".join(signed_or_dash(v) for v in (c.mvt, c.cib, c.rng))
        assert f" {c.wounds} {cells} " in text


def test_turn_actions_morale_traits(data, text):
    acts = data.rules.actions
    for p in acts.phases:
        assert norm(f" {p.number} {p.name} {p.text}") in text
    for a in acts.actions:
        mode = "OFF" if a.offensive else "—"
        difficulty = signed_or_dash(a.modifier) if a.difficulty is None else f"= {a.difficulty}"
        assert norm(f"{a.name} {mode} {dash(a.fatigue)} {difficulty} {a.short}") in text, a.name
    for m in acts.morale.levels:
        assert norm(f"{m.name} {m.text}") in text
    for t in data.rules.traits.traits:
        assert norm(t.text) in text and norm(t.name) in text


# ---- reference cards -------------------------------------------------------------------
@pytest.fixture(scope="module")
def cards():
    return build_reference(TablesOptions(format="cards"))


def test_cards_are_imposed_fronts_then_backs(cards):
    reader = pypdf.PdfReader(BytesIO(cards.pdf))
    assert cards.pages == len(reader.pages) and cards.pages % 2 == 0
    assert cards.cards >= 2 and cards.faces in (2 * cards.cards, 2 * cards.cards - 1)
    portrait_a4 = (210 * MM, 297 * MM)
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(portrait_a4, abs=0.5)


def test_cards_hold_every_sheet_number(data, cards):
    pdf = pdfium.PdfDocument(cards.pdf)
    text = " ".join(" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf)))
    for t in data.rules.dice.thresholds:
        assert f" {t.rank} {t.threshold}+ " in text
    for c in data.rules.wounds.cumulative:
        cells = "= 0 = 0 = 0" if c.all_zero else " ".join(signed_or_dash(v) for v in (c.mvt, c.cib, c.rng))
        assert f" {c.wounds} {cells} " in text
    for t in data.rules.traits.traits:
        assert norm(t.name) in text
    assert f"1/{cards.cards}" in text and f"{cards.cards}/{cards.cards}" in text  # a card: one number, both faces


def test_cards_embed_their_fonts_and_rebuild_identically(cards):
    reader = pypdf.PdfReader(BytesIO(cards.pdf))
    fonts = pdf_fonts(cards.pdf)
    assert fonts and all(fonts.values()), fonts
    assert b"Helvetica" not in cards.pdf
    assert build_reference(TablesOptions(format="cards")).pdf == cards.pdf
    assert "Cartes d’aide de jeu" in reader.metadata.title


def test_the_cards_never_replace_the_sheet_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "reference.pdf").write_bytes(b"%PDF-the sheet")
    write_reference(options=TablesOptions(format="cards"))
    assert (tmp_path / "output" / "reference.pdf").read_bytes() == b"%PDF-the sheet"
    assert (tmp_path / "output" / "reference-cards.pdf").read_bytes()[:5] == b"%PDF-"


# ---- reference cards for a print shop: PDF/X-4, preflight ------------------------------------
@pytest.fixture(scope="module")
def shop_reference_cards():
    return build_reference(TablesOptions(format="cards", layout="print-shop")).pdf


def test_print_shop_reference_cards_are_pdf_x4_and_pass_preflight_but_for_rgb(shop_reference_cards):
    from kolaps_print.preflight import preflight

    reader = pypdf.PdfReader(BytesIO(shop_reference_cards))
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-4"
    errors = [f.line("reference-cards.pdf") for f in preflight(shop_reference_cards) if f.severity == "error"]
    assert [e for e in errors if "RGB colour" not in e] == []


def test_print_shop_reference_cards_have_no_rgb_colour(shop_reference_cards):
    from kolaps_print.preflight import preflight

    assert [f.line("reference-cards.pdf") for f in preflight(shop_reference_cards) if f.severity == "error"] == []
