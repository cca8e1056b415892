"""The rulebook job, read back from the real PDF (pypdf for structure, pypdfium2 for text)."""

from __future__ import annotations

import io
import re
import shutil

import pypdf
import pytest
from pdf_fonts import pdf_fonts  # tests/support
from pdf_text import page_texts as raw_page_texts  # tests/support

from kolaps_print import resources
from kolaps_print.content.tables import build_table
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.units import pt

TEMPLATES = resources.rulebook_dir()


@pytest.fixture(scope="module")
def full():
    return build_rulebook(RulebookOptions())


@pytest.fixture(scope="module")
def proof():
    return build_rulebook(RulebookOptions(proof=True))


@pytest.fixture(scope="module")
def quickstart():
    return build_rulebook(RulebookOptions(edition="quickstart"))


def page_texts(pdf: bytes) -> list[str]:
    return [text.replace("\r\n", "\n") for text in raw_page_texts(pdf)]


def flat(text: str) -> str:
    """Text with every kind of space as one plain space (the book uses no-break spaces)."""
    return re.sub(r"[\s\u00a0\u202f]+", " ", text)


def outline(pdf: bytes) -> list[tuple[int, str, int]]:
    """(depth, title, 1-based page) for every outline entry."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    out = []

    def walk(items, depth):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                out.append((depth, item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return out


def chapter_titles() -> list[str]:
    """The level-1 headings, read from the chapter sources (not from the PDF)."""
    titles = []
    for name in re.findall(
        r"^\s+- (\S+\.md\.j2)", (TEMPLATES / "book.yaml").read_text(encoding="utf-8").split("quickstart:")[0], re.M
    ):
        for line in (TEMPLATES / name).read_text(encoding="utf-8").splitlines():
            if line.startswith("# "):
                titles.append(re.sub(r"\s*\{#[^}]*\}\s*$", "", line[2:]).strip())
    return titles


def test_page_count_is_that_of_a_real_book(full):
    reader = pypdf.PdfReader(io.BytesIO(full.pdf))
    assert len(reader.pages) == full.pages
    assert 15 <= full.pages <= 60


def test_outline_has_every_chapter_at_top_level_in_order(full):
    top = [title for depth, title, _ in outline(full.pdf) if depth == 0]
    titles = chapter_titles()
    assert len(titles) >= 8
    assert [t for t in top if t in titles] == titles


def test_outline_entries_point_at_pages_showing_their_heading(full):
    texts = page_texts(full.pdf)
    for _, title, page in outline(full.pdf)[2:]:  # past the cover and the contents
        assert flat(title) in flat(texts[page - 1]), f"'{title}' not on page {page}"


def test_toc_page_numbers_match_where_headings_are(full):
    texts = page_texts(full.pdf)
    toc = flat(texts[1] + " " + texts[2])
    where = {title: page for depth, title, page in outline(full.pdf) if depth <= 1}
    checked = 0
    for title in chapter_titles():
        match = re.search(re.escape(flat(title)) + r" [. ]+ (\d+)", toc)
        assert match, f"chapter '{title}' missing from the contents"
        page = int(match.group(1))
        assert flat(title) in flat(texts[page - 1]), f"contents says '{title}' is on page {page}"
        assert page == where[title]
        checked += 1
    assert checked == len(chapter_titles())


def test_cross_references_print_the_page_of_their_target(full):
    texts = page_texts(full.pdf)
    source = (TEMPLATES / "02-tour.md.j2").read_text(encoding="utf-8")
    assert "[voir](#fatigue)" in source
    fatigue_page = next(p for d, t, p in outline(full.pdf) if t == "La fatigue")
    assert any(f"voir p. {fatigue_page}" in flat(t) for t in texts)
    assert not any("p. 00" in flat(t) for t in texts), "a reference kept its first-pass placeholder"


def test_links_are_internal_destinations(full):
    reader = pypdf.PdfReader(io.BytesIO(full.pdf))
    links = [
        a.get_object()
        for page in reader.pages
        for a in page.get("/Annots", [])
        if a.get_object()["/Subtype"] == "/Link"
    ]
    assert len(links) > 20  # contents lines and "voir p. N"
    assert all("/Dest" in link or "/A" in link for link in links)


def test_data_tables_carry_the_numbers_of_the_data(full):
    text = flat(" ".join(page_texts(full.pdf)))
    dice = builtin_game_data().rules.dice
    for d in dice.difficulties:
        assert d.dice.label in text
    rank4 = dice.threshold(4)
    assert f"{rank4}+" in text
    for weapon in builtin_game_data().catalogue.weapons.values():
        assert flat(weapon.name) in text
    for trait in builtin_game_data().rules.traits.traits:
        assert flat(trait.text.replace("'", "’"))[:40] in text


def test_every_font_is_embedded_and_bundled(full):
    fonts = pdf_fonts(full.pdf)
    for base, embedded in fonts.items():
        assert embedded, f"{base} is not embedded"
    seen = {base.split("+")[-1] for base in fonts}
    assert seen and seen <= bundled_font_names(), seen


def bundled_font_names() -> set[str]:
    """PostScript names of the TTF files shipped in kolaps_print/fonts."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    return {
        TTFontFile(str(p)).name.decode() if isinstance(TTFontFile(str(p)).name, bytes) else TTFontFile(str(p)).name
        for p in resources.fonts_dir().glob("*.ttf")
    }


def test_reruns_are_byte_identical(full):
    assert build_rulebook(RulebookOptions()).pdf == full.pdf


def test_proof_is_stamped_on_every_page_with_version_date_and_hash(proof):
    texts = page_texts(proof.pdf)
    assert len(proof.source_hash) >= 8
    for i, text in enumerate(texts, 1):
        assert "ÉPREUVE" in text, f"page {i} has no proof stamp"
        assert proof.source_hash in text, f"page {i} lacks the sources hash"
        assert "version 0.1" in flat(text)


def test_proof_ends_with_the_report_then_the_errata_then_the_marks(proof, full):
    texts = page_texts(proof.pdf)
    first = {
        title: next(i for i, t in enumerate(texts) if title in t)
        for title in ("Rapport de cohérence", "Errata à confirmer", "Marques de provenance")
    }
    assert (
        first["Rapport de cohérence"] < first["Errata à confirmer"] < first["Marques de provenance"] == len(texts) - 1
    )
    for title in first:
        assert title not in " ".join(page_texts(full.pdf))


def test_plain_book_has_no_stamp(full):
    assert not any("ÉPREUVE" in t for t in page_texts(full.pdf))


def test_title_page_shows_version_and_date_from_book_yaml(full):
    cover = flat(page_texts(full.pdf)[0])
    assert "Version 0.1" in cover and "1ᵉʳ juin 2025" in cover


def test_date_and_version_options_override_book_yaml():
    import datetime as dt

    result = build_rulebook(RulebookOptions(edition="quickstart", version="2.0-rc1", date=dt.date(2026, 3, 14)))
    cover = flat(page_texts(result.pdf)[0])
    assert "Version 2.0-rc1" in cover and "14 mars 2026" in cover


def test_quickstart_is_a_smaller_selection(full, quickstart):
    assert quickstart.pages < full.pages / 2
    text = flat(" ".join(page_texts(quickstart.pdf)))
    assert "Règles de démarrage" in text
    assert flat(build_table("gravite", builtin_game_data()).title) in text


def test_letter_paper_has_letter_pages():
    result = build_rulebook(RulebookOptions(edition="quickstart", paper="letter"))
    box = pypdf.PdfReader(io.BytesIO(result.pdf)).pages[0].mediabox
    assert float(box.width) == pytest.approx(pt(215.9), abs=0.5)
    assert float(box.height) == pytest.approx(pt(279.4), abs=0.5)


def test_default_book_passes_strict(full):
    assert full.report.findings == []
    build_rulebook(RulebookOptions(edition="quickstart", strict=True))


def test_french_typography_reaches_the_page(full):
    text = " ".join(page_texts(full.pdf))
    assert "\u00a0:" in text or " :" in text
    assert "'" not in re.sub(r"https?://\S+", "", text), "a straight apostrophe was printed"


# ---- the consistency report page (the checks themselves: tests/rulebook/test_check.py) ----
@pytest.fixture
def templates_copy(tmp_path):
    target = tmp_path / "rulebook"
    shutil.copytree(TEMPLATES, target)
    return target


def test_proof_report_page_lists_the_findings(templates_copy):
    (templates_copy / "09-aide-memoire.md.j2").write_text("# Aide-mémoire {#aide-memoire}\n\nRien.\n", encoding="utf-8")
    weapons = templates_copy / "07-armes.md.j2"  # the armoury and the traits: shown nowhere else
    text = weapons.read_text(encoding="utf-8").replace('{{ table("armes") }}', "").replace("{{ t.text }}", "")
    weapons.write_text(text, encoding="utf-8")
    result = build_rulebook(RulebookOptions(templates=templates_copy, proof=True))
    last = flat(next(t for t in page_texts(result.pdf) if "Rapport de cohérence" in t))
    assert "Tables de données jamais montrées (2)" in last
    assert flat(build_table("armes", builtin_game_data()).title) in last
    assert flat(build_table("traits", builtin_game_data()).title) in last
    assert result.report.by_category("table-unshown")[0].diagnostic.severity == "warning"


def test_sections_are_nested_under_their_chapter_in_the_outline(full):
    entries = outline(full.pdf)
    combat = next(i for i, (d, t, _) in enumerate(entries) if t == "Le combat")
    assert entries[combat + 1][0] == 1  # the first section of the chapter, one level down


def test_every_printed_character_has_a_glyph_in_the_bundled_fonts(full):
    from kolaps_print.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD, SERIF_ITALIC, missing_glyphs

    # pdfium reports a hyphen added at a line break as U+FFFE: not a printed character.
    text = "".join(set("".join(page_texts(full.pdf)))).replace("\ufffe", "")
    for font in (SANS, SANS_BOLD, SERIF, SERIF_BOLD, SERIF_ITALIC):
        assert missing_glyphs(text, font) == [], font


# ---- the prose follows the data: change a rule number, the book changes ---------
DATA = resources.data_dir()


def _rewrite(path, change) -> None:
    import yaml

    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _by(items: list[dict], key: str, value) -> dict:
    return next(item for item in items if item[key] == value)


def _change_wounds(doc: dict) -> None:
    doc["secondary_test_offset"] = -2
    doc["full_location_test_difficulty"] = 3
    doc["cumulative_floor"] = 1
    doc["severities"] = doc["severities"][:-1]  # the top severity becomes 5
    doc["cumulative"] = doc["cumulative"][:-1]  # wounds count up to 5
    doc["text"] = "Règle des cases modifiée pour le test."


def _change_combat(doc: dict) -> None:
    _by(doc["modifiers"], "id", "cible-au-sol-contact")["base_difficulty"] = 1
    _by(doc["modifiers"], "id", "embuscade")["extra_fatigue"] = 2
    _by(doc["range_bands"], "id", "bout-portant")["severity_dice"] = "3C6"
    doc["crossfire_morale_loss"] = 2


def _change_actions(doc: dict) -> None:
    doc["ground_mvt"] = 2
    _by(doc["actions"], "id", "se-rallier")["difficulty"] = 3
    doc["fatigue"]["exhausted_rank"] = 1
    morale = doc["morale"]
    morale["good_minimum"] = 5
    morale["unmet_engagement_loss"] = 2
    for level, test in ((3, 2), (2, 3), (1, 4)):
        _by(morale["levels"], "level", level)["test_difficulty"] = test
    _by(morale["ally_down_loss"], "rank", 4)["loss"] = 1


def _change_dice(doc: dict) -> None:
    doc["always_success"], doc["always_failure"] = 5, 2


@pytest.fixture(scope="module")
def changed_data(tmp_path_factory):
    """A copy of data/ where every rule number the chapters' prose uses has another value."""
    folder = tmp_path_factory.mktemp("changed") / "data"
    shutil.copytree(DATA, folder)
    for name, change in (
        ("wounds", _change_wounds),
        ("combat", _change_combat),
        ("actions", _change_actions),
        ("dice", _change_dice),
    ):
        _rewrite(resources.kolaps_folder(folder) / "rules" / f"{name}.yaml", change)
    return folder


def book_text(pdf: bytes) -> str:
    """The whole book's text, words hyphenated at line ends joined again, spaces collapsed."""
    # pdfium reports a hyphen added at a line break as U+FFFE (sometimes before the newline)
    return flat(" ".join(re.sub("\ufffe\n?", "", t) for t in page_texts(pdf)))


def prose_numbers(rules) -> list[str]:
    """Sentences of the full book whose numbers come from the data, as printed."""
    w, c, a, d = rules.wounds, rules.combat, rules.actions, rules.dice
    m = a.morale
    shaken, fleeing, routed = m.level(m.offensive_minimum), m.level(m.lowest + 1), m.level(m.lowest)
    ally4 = {x.rank: x.loss for x in m.ally_down_loss}[4]
    worst = -min(row.rng for row in w.cumulative)
    rally = next(x for x in a.actions if x.id == "se-rallier").difficulty
    modifiers = {x.id: x for x in c.modifiers}
    plural = lambda n: "s" if n > 1 else ""  # noqa: E731
    return [
        w.full_location.text,  # the survival test (E28): « difficulté {full_location_test_difficulty} »
        w.secondary.text,  # the secondary-effect test (E32): « gravité {secondary_test_offset:offset} »
        f"Une gravité supérieure à {w.max_severity} compte comme {w.max_severity}.",
        w.text,
        f"toutes ses blessures, jusqu’à {w.max_counted_wounds}, et on applique",
        f"ne descend sous {w.cumulative_floor} : un personnage de rang {w.cumulative_floor + 1} qui perd {worst} rangs "
        f"agit au rang {w.cumulative_floor}.",
        f"pour le frapper vaut {modifiers['cible-au-sol-contact'].base_difficulty}, quelle que soit sa CIB",
        f"lui coûte {modifiers['embuscade'].extra_fatigue} "
        f"point{plural(modifiers['embuscade'].extra_fatigue)} de fatigue de plus",
        f"{next(b for b in c.range_bands if b.id == 'bout-portant').severity_dice} à bout portant",
        f"perd {c.crossfire_morale_loss} point{plural(c.crossfire_morale_loss)} "
        "de moral : il est pris sous un feu croisé",
        f"comme si son MVT valait {a.ground_mvt}, quelle",
        f"« un test de difficulté {rally} » (pour se rallier",
        f"personnage de rang {a.fatigue.exhausted_rank} jusqu’à ce qu’il ait perdu",
        f"{d.always_success} : il ne ressent rien",
        f"Un {d.always_failure} sur ce test n’a pas d’effet critique",
        f"Un moral de {m.good_minimum} ou plus est un bon moral",
        f"en dessous de {m.good_minimum}, il lui faut en plus réussir un test",
        f"pendant le tour perd {m.unmet_engagement_loss} point{plural(m.unmet_engagement_loss)} de moral",
        f"Moral {shaken.level}. Avant de passer en mode offensif, le "
        f"personnage passe un test de difficulté {shaken.test_difficulty}.",
        f"Moral {fleeing.level} : la fuite. Le personnage ne peut "
        "plus passer en mode offensif. Au début de chacune de ses activations, "
        f"tant qu’il n’a pas réussi, il passe un test de difficulté {fleeing.test_difficulty}",
        f"Moral {routed.level} : la déroute. Au début de chacune de "
        "ses activations, tant qu’il n’a pas réussi, le personnage "
        f"passe un test de difficulté {routed.test_difficulty}",
        f"rang 4 : {f'{ally4} point{plural(ally4)}' if ally4 else 'rien'}.",
    ]


def quickstart_numbers(rules) -> list[str]:
    return [
        rules.wounds.full_location.text,  # « difficulté {full_location_test_difficulty} »
        f"montrent tous un {rules.dice.always_success} :",
        f"Une réussite critique inflige une gravité {rules.wounds.max_severity} ;",
    ]


def test_prose_numbers_follow_the_data(full, quickstart, changed_data):
    from kolaps_print.model.gamedata import load_game_data

    default, changed = builtin_game_data().rules, load_game_data(changed_data).rules
    for edition, book, phrases in (("full", full, prose_numbers), ("quickstart", quickstart, quickstart_numbers)):
        before, after = phrases(default), phrases(changed)
        assert all(b != a for b, a in zip(before, after, strict=True)), "a changed value printed the same sentence"
        changed_book = book_text(build_rulebook(RulebookOptions(edition=edition, data=changed_data)).pdf)
        default_book = book_text(book.pdf)
        missing = [p for p in before if flat(p) not in default_book] + [p for p in after if flat(p) not in changed_book]
        assert missing == [], f"{edition}: sentences not printed as the data says"
        assert [p for p in before if flat(p) in changed_book] == [], f"{edition}: a default number survived the change"


# ---- issue 16: the scenario and what one activation is, on the quick-start's first page ------
def scenario_yaml(name="premier-contact", data=None) -> dict:
    import yaml

    folder = data or resources.data_dir()
    return yaml.safe_load((resources.kolaps_folder(folder) / "scenarios" / f"{name}.yaml").read_text(encoding="utf-8"))


def unwrapped(text: str) -> str:
    """A page's text as one line: hyphenated line ends (pdfium's U+FFFE) joined, spaces plain."""
    return flat(re.sub("\ufffe\\s*", "", text))


def first_page(result) -> str:
    """The quick-start's first page of rules: the one its first chapter starts on."""
    page = next(h.page for h in result.headings if h.anchor == "demarrage")
    return unwrapped(page_texts(result.pdf)[page - 1])


def test_the_quickstarts_first_page_sets_up_the_default_scenario(quickstart):
    scenario, page = scenario_yaml(), first_page(quickstart)
    table = scenario["table"]
    assert page.startswith(f"{scenario['name']} ")  # the first heading of the handout
    assert f"Table : {table['width_cm']} × {table['depth_cm']} cm." in page
    assert f"Durée : {scenario['turns']} tours." in page
    victory = scenario["victory"].replace("{turns}", str(scenario["turns"]))
    assert f"Victoire : {flat(victory)}" in page
    assert f"à {table['depth_cm'] - 2 * scenario['deployment_depth_cm']} cm l’une de l’autre" in page
    assert f"Hors de combat : {flat(scenario['out_of_action'])}" in page
    for piece in scenario["terrain"]:
        assert flat(piece["effect"]) in page
    assert f"pas de l’auteur. † {scenario['ruling']}" in page


def test_the_quickstart_says_what_one_activation_allows(quickstart):
    on = next(h.page for h in quickstart.headings if h.anchor == "demarrage-activation")
    page = unwrapped(page_texts(quickstart.pdf)[on - 1])
    assert "Le personnage activé fait une seule action : † E47" in page
    assert "Bouger en tirant : marcher et tirer" in page and "Bouger pour frapper : marcher jusqu’au contact" in page
    assert "Courir : jusqu’à MVT × 5 cm, sans tirer ni frapper" in page


def test_a_chosen_scenario_replaces_the_default_and_an_unknown_one_is_refused(tmp_path):
    from kolaps_print.diagnostics import KolapsError

    data = tmp_path / "data"
    shutil.copytree(resources.data_dir(), data)
    text = (resources.kolaps_folder(data) / "scenarios" / "premier-contact.yaml").read_text(encoding="utf-8")
    (resources.kolaps_folder(data) / "scenarios" / "ruines.yaml").write_text(
        text.replace("id: premier-contact", "id: ruines")
        .replace('"Premier contact"', '"Les Ruines"')
        .replace("width_cm: 60", "width_cm: 90")
        .replace("turns: 6", "turns: 7"),
        encoding="utf-8",
    )
    chosen = first_page(build_rulebook(RulebookOptions(edition="quickstart", data=data, scenario="ruines")))
    assert chosen.startswith("Les Ruines ") and "Table : 90 × 60 cm." in chosen and "Durée : 7 tours." in chosen
    default = first_page(build_rulebook(RulebookOptions(edition="quickstart", data=data)))
    assert default.startswith("Premier contact ") and "Table : 60 × 60 cm." in default
    with pytest.raises(KolapsError) as caught:
        build_rulebook(RulebookOptions(edition="quickstart", data=data, scenario="ruine"))
    assert [str(d) for d in caught.value.diagnostics] == [
        "<options>:1:1: error: unknown scenario 'ruine' (did you mean 'ruines'?); scenarios: premier-contact, relais-radio, ruines"
    ]


# ---- --print-shop: PDF/X-4, boxes, a bled cover --------------------------------------------
@pytest.fixture(scope="module")
def shop():
    return build_rulebook(RulebookOptions(print_shop=True))


def test_print_shop_pages_are_the_a4_trim_with_3_mm_of_bleed(shop, full):
    reader = pypdf.PdfReader(io.BytesIO(shop.pdf))
    assert shop.pages == full.pages == len(reader.pages)
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-4" and "/OutputIntents" in reader.trailer["/Root"]
    for page in reader.pages:
        assert [round(float(v) / pt(1), 1) for v in page.trimbox] == [0, 0, 210, 297]
        assert [round(float(v) / pt(1), 1) for v in page.bleedbox] == [-3, -3, 213, 300]
        assert page.bleedbox == page.mediabox
    home = pypdf.PdfReader(io.BytesIO(full.pdf))
    assert "/OutputIntents" not in home.trailer["/Root"]
    # the links of the cross-references go (nothing to click on paper), the bookmarks stay
    assert any("/Annots" in p for p in home.pages) and not any("/Annots" in p for p in reader.pages)
    assert len(reader.outline) == len(home.outline) > 0


def test_print_shop_cover_band_is_painted_into_the_bleed(shop):
    import pypdfium2 as pdfium

    def corner(pdf: bytes) -> tuple[int, ...]:
        """The pixel 1 mm inside the top-left corner of the whole page, bleed included (2 mm outside the trim)."""
        page = pdfium.PdfDocument(pdf)[0]
        image = page.render(scale=4, may_draw_forms=False).to_pil().convert("RGB")
        return image.getpixel((4 * round(pt(1)), 4 * round(pt(1))))

    assert max(corner(shop.pdf)) < 90  # the dark band, 2 mm outside the trim


def test_print_shop_rulebook_passes_preflight_but_for_rgb_colours(shop):
    from kolaps_print.preflight import preflight

    problems = [f for f in preflight(shop.pdf) if f.severity == "error" and "RGB colour" not in f.message]
    assert problems == [] and not [f for f in preflight(shop.pdf) if f.severity == "warning"]


def test_print_shop_rulebook_has_no_rgb_colour(shop):
    from kolaps_print.preflight import preflight

    assert [f.line("rulebook.pdf") for f in preflight(shop.pdf) if f.severity == "error"] == []
