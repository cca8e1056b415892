"""The quick-start as a handout (issue 12) with one attack in one place (issue 16), read back
from the PDF: four pages of the paper asked for, what each page carries, no contents, no
chapter numbers, no morale columns, the worked attack's numbers worked out from the data."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pypdf
import pytest
import yaml
from pdf_fonts import pdf_fonts  # tests/support
from pdf_lines import ends_hyphenated  # tests/support
from pdf_text import page_texts  # tests/support

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.units import pt

DATA = resources.bundled("data")
TEMPLATES = resources.kolaps_templates(resources.bundled("templates"))


def flat(text: str) -> str:
    """One line: pdfium's soft hyphens (U+FFFE) joined, every kind of space a plain one."""
    return re.sub(r"[\s\u00a0\u202f]+", " ", re.sub("\ufffe\\s*", "", text))


@pytest.fixture(scope="module")
def handout():
    return build_rulebook(RulebookOptions(edition="quickstart"))


@pytest.fixture(scope="module")
def pages(handout) -> list[str]:
    return [flat(t) for t in page_texts(handout.pdf)]


def scenario() -> dict:
    return yaml.safe_load(
        (resources.kolaps_folder(DATA) / "scenarios" / "premier-contact.yaml").read_text(encoding="utf-8")
    )


def army(stem: str) -> dict:
    return yaml.safe_load((resources.kolaps_folder(DATA) / "armies" / f"{stem}.yaml").read_text(encoding="utf-8"))


def character(stem: str, name: str) -> dict:
    return next(c for c in army(stem)["characters"] if c["name"] == name)


# ---- the form: one sheet folded to four pages ------------------------------------------
@pytest.mark.parametrize("paper, size_mm", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_four_pages_of_the_paper_asked_for(paper, size_mm):
    pdf = build_rulebook(RulebookOptions(edition="quickstart", paper=paper)).pdf
    boxes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]
    assert len(boxes) == 4
    for w, h in boxes:
        assert w == pytest.approx(pt(size_mm[0]), abs=0.5) and h == pytest.approx(pt(size_mm[1]), abs=0.5)


def test_each_page_carries_its_part(handout, pages):
    by_anchor = {h.anchor: h.page for h in handout.headings}
    assert by_anchor["demarrage"] == by_anchor["demarrage-scenario"] == 1  # cover and set-up
    assert by_anchor["demarrage-tour"] == by_anchor["demarrage-activation"] == by_anchor["demarrage-test"] == 2
    assert by_anchor["demarrage-attaque"] == by_anchor["demarrage-exemple"] == 3
    assert by_anchor["demarrage-tables"] == 4
    assert pages[0].startswith(scenario()["name"] + " ")
    assert "RÈGLES DE DÉMARRAGE" in pages[0] and "KOLAPS" in pages[0]


def test_no_contents_no_chapter_numbers_no_book_cover(pages):
    text = " ".join(pages)
    assert "Sommaire" not in text and "Chapitre" not in text
    assert "LIVRE DE RÈGLES" not in text.upper().replace("RÈGLES DE DÉMARRAGE", "")


def test_no_column_the_demo_does_not_use(pages):
    """The severities without their morale columns (R0…R4): the demo has no morale."""
    tables = pages[3]
    assert "Gravité des blessures" in tables and "Hémorr." in tables
    assert not re.search(r"\bR[0-4]\b", tables)
    assert "moral" not in tables.lower()


def test_the_demo_rules_never_print_what_they_drop(pages):
    """It says to leave bidding, morale and fatigue aside: no table of them, no rule using them."""
    text = " ".join(pages)
    assert "pas de moral, pas de fatigue" in text
    for dropped in ("Moral perdu", "Enchère", "Compteur de fatigue", "points de fatigue", "Initiative"):
        assert dropped not in text.replace("(points de fatigue)", "")


def test_reruns_are_byte_identical_and_every_font_is_embedded(handout):
    again = build_rulebook(RulebookOptions(edition="quickstart"))
    assert again.pdf == handout.pdf
    fonts = pdf_fonts(handout.pdf)
    assert fonts and all(fonts.values())


def test_a_chapter_too_long_for_the_sheet_is_a_located_error(tmp_path):
    templates = tmp_path / "rulebook"
    shutil.copytree(TEMPLATES, templates)
    chapter = templates / "demarrage" / "02-regles.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nUn long texte de remplissage.\n" * 400, "utf-8")
    with pytest.raises(KolapsError) as caught:
        build_rulebook(RulebookOptions(edition="quickstart", templates=templates))
    (message,) = [str(d) for d in caught.value.diagnostics]
    assert message.startswith(f"{templates}/book.yaml:1:1: error: the quick-start is a handout of 4 pages")
    assert message.endswith(": shorten them")


# ---- the content: one attack in one place, with its worked example ----------------------
def test_the_attack_steps_are_numbered_in_play_order_on_one_page(pages):
    data = builtin_game_data()
    steps = [s.name for s in data.rules.attack.for_edition("quickstart")]
    page = pages[2]
    positions = [page.index(f"{i}. {name} (") for i, name in enumerate(steps, start=1)]
    assert positions == sorted(positions)
    assert steps[-1] == "Effet secondaire" and "Moral" not in steps  # the demo keeps it (E80), drops morale


def test_the_worked_example_is_worked_out_from_the_two_cards(pages):
    s, data = scenario(), builtin_game_data()
    ex = s["example"]
    shooter = character(s["sides"][0], ex["attacker"])
    target = character(s["sides"][1], ex["target"])
    threshold = data.rules.dice.threshold(shooter["rank"])
    weapon = data.catalogue.weapons[ex["weapon"]]
    assert ex["distance_cm"] <= weapon.range  # the example shoots at effective range: no modifier
    difficulty = target["cib"]
    dice = data.rules.dice.difficulty(difficulty).dice.label
    page = pages[2]
    assert f"{ex['attacker']} ({army(s['sides'][0])['name']}) a sur sa carte RNG {shooter['rank']}" in page
    assert f"un seuil de {threshold}+" in page
    assert f"{ex['target']} ({army(s['sides'][1])['name']}) a une CIB de {target['cib']}" in page
    assert f"difficulté {difficulty}. 2. Dés. Difficulté {difficulty} : {dice}." in page
    severity = next(x for x in data.rules.wounds.severities if x.roll == ex["rolls"]["severity"])
    assert f"Le dé de gravité donne {severity.roll}" in page and f"{severity.wounds} blessures" in page
    location = next(x for x in data.rules.wounds.locations if x.roll == ex["rolls"]["location"])
    assert f"L’autre dé donne {location.roll} : {location.name.lower()}, {location.capacity} cases." in page
    assert flat(location.secondary_effect) in page


def test_the_example_follows_a_card_changed_in_the_data(tmp_path):
    """Piotr's CIB lowered by one in his army file: the difficulty and the dice follow."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    s = scenario()
    target = character(s["sides"][1], s["example"]["target"])
    path = resources.kolaps_folder(data) / "armies" / f"{s['sides'][1]}.yaml"
    text = path.read_text(encoding="utf-8")
    at = text.index(f'name: "{target["name"]}"')
    at = text.index(f"cib: {target['cib']}", at)
    path.write_text(text[:at] + f"cib: {target['cib'] - 1}" + text[at + len(f"cib: {target['cib']}") :], "utf-8")
    page = flat(page_texts(build_rulebook(RulebookOptions(edition="quickstart", data=data)).pdf)[2])
    lower = target["cib"] - 1
    dice = builtin_game_data().rules.dice.difficulty(lower).dice.label
    assert f"a une CIB de {lower}" in page and f"Difficulté {lower} : {dice}." in page


def test_the_critical_rule_agrees_with_the_sheet(pages):
    """At 2C6 the kept die decides (the draft; the sheet says so too), not « all dice »."""
    kept = next(r for r in builtin_game_data().rules.dice.roll_types if r.code == "C").critical_success
    assert f"À 2C6, {kept[0].lower() + kept[1:]}" in pages[1]


def test_the_demo_rulings_are_printed_with_their_marks(pages):
    text = " ".join(pages)
    for mark in ("E47", "E60", "E61", "E80", "E81", "E82", "E83", "E84", "E85"):
        assert f"† {mark}" in text, mark
    errata = {e.id: e for e in builtin_game_data().errata}
    for mark in ("E80", "E81", "E82", "E83", "E84", "E85"):
        assert "demarrage" in errata[mark].printed and errata[mark].mark


def test_the_demo_reading_of_the_side_effects_says_so_in_its_title(pages):
    """Designer's review: the quick-start's side-effects table (E85's Ventre and Poitrine) differs
    from the full rules' table; its title says it is the demo's, the full book's does not."""
    assert "Effets secondaires (démo)" in pages[3]
    full = " ".join(flat(t) for t in page_texts(build_rulebook(RulebookOptions(edition="full")).pdf))
    assert "Effets secondaires" in full and "(démo)" not in full


def test_a_scenario_example_naming_nobody_is_a_located_error(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = resources.kolaps_folder(data) / "scenarios" / "premier-contact.yaml"
    text = path.read_text(encoding="utf-8").replace('attacker: "Stefan Solmeyer"', 'attacker: "Stefan Solmayer"')
    path.write_text(text, encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), start=1) if "Solmayer" in t)
    with pytest.raises(KolapsError) as caught:
        build_rulebook(RulebookOptions(edition="quickstart", data=data))
    (message,) = [str(d) for d in caught.value.diagnostics]
    assert message.startswith(f"{Path(path)}:{line}:13: error: example.attacker: no character 'Stefan Solmayer'")
    assert "(did you mean 'Stefan Solmeyer'?)" in message


def test_the_cover_states_version_and_date_as_the_reference_sheet_does(pages):
    from kolaps_print.jobs.tables import TablesOptions, build_reference
    from kolaps_print.numbers import date_words
    from kolaps_print.rulebook.sources import load_sources

    spec = load_sources(TEMPLATES).spec
    line = flat(f"Version {spec.version} · {date_words(spec.date)}")
    sheet = flat(page_texts(build_reference(TablesOptions(edition="quickstart")).pdf)[0])
    assert line in pages[0]
    assert line in sheet
    assert "—" not in pages[0].split("Version", 1)[1][:40]  # no second style of version line


def test_the_marks_legend_is_on_the_page_of_the_first_mark(pages):
    from kolaps_print.labels import label

    legend = flat(label("common.ruling_legend"))
    first = next(i for i, page in enumerate(pages) if "† E" in page)
    assert legend in pages[first], pages[first][-300:]


# ---- issue 12 (fifth wave): columns that end level, a back that is filled, headings with their lines ----
def _column_lines(handout, page: int) -> dict[int, list]:
    """{column: [text objects]} of a page's two text columns (the band, running head and folio left out)."""
    from pdf_text import text_objects  # tests/support

    from kolaps_print.rulebook import styles as st
    from kolaps_print.rulebook.handout import page_columns

    cols = page_columns(st.page_geometry("a4"))[0 if page == 0 else 1]
    out: dict[int, list] = {0: [], 1: []}
    for obj in text_objects(handout.pdf):
        left, bottom, _, top = obj.bounds
        if obj.page == page and bottom >= cols.bottom - 2 and top <= cols.bottom + cols.height + 2:
            out[0 if left < cols.xs[1] - 1 else 1].append(obj)
    return out


def _fills(handout, page: int) -> list[float]:
    """How far down each column's text reaches, as a share of the page's full column height."""
    from kolaps_print.rulebook import styles as st
    from kolaps_print.rulebook.handout import page_columns

    cols = page_columns(st.page_geometry("a4"))[0 if page == 0 else 1]
    top = cols.bottom + cols.height
    return [(top - min(o.bounds[1] for o in objs)) / cols.height for objs in _column_lines(handout, page).values()]


@pytest.mark.parametrize("page", [0, 1, 2])
def test_the_two_columns_of_a_page_of_rules_end_level(handout, page):
    """Pages 1 and 3 had a column a third shorter than its neighbour: each page's columns now end
    within a line and a half of each other (the text runs on from the left column to the right)."""
    from kolaps_print.rulebook import styles as st
    from kolaps_print.rulebook.handout import page_columns
    from kolaps_print.rulebook.handout_look import handout_layout

    left, right = _fills(handout, page)
    column = page_columns(st.page_geometry("a4"))[1].height
    assert abs(left - right) <= 1.5 * handout_layout().body_leading / column, (page, left, right)


def test_the_back_s_tables_fill_its_page_and_are_set_larger_than_the_book_s(handout):
    """Page 4 (tables only) was half empty on the right: its tables are set as large as the page
    allows (within quickstart.yaml's limit), both columns filled past four fifths."""
    from pdf_text import text_objects  # tests/support

    from kolaps_print.rulebook import styles as st

    assert min(_fills(handout, 3)) >= 0.8, _fills(handout, 3)
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kolaps_print.fonts import SANS

    book = stringWidth("Bras gauche", SANS, st.styles()["cell"].fontSize)  # as the rulebook sets the cell
    widths = [
        o.bounds[2] - o.bounds[0] for o in text_objects(handout.pdf) if o.page == 3 and o.text.strip() == "Bras gauche"
    ]
    assert widths and min(widths) > book * 1.1, (widths, book)


def test_a_heading_keeps_two_lines_of_what_follows_in_its_column(handout):
    """As in the book: no section heading is the last thing in its column but for fewer than two
    lines of its text."""
    headings = [h for h in handout.headings if h.level > 1]
    assert len(headings) >= 8
    alone = []
    for h in headings:
        columns = _column_lines(handout, h.page - 1)
        title = " ".join(h.title.split())
        column, drawn = next((c, o) for c, objs in columns.items() for o in objs if " ".join(o.text.split()) == title)
        below = {round(o.bounds[1]) for o in columns[column] if o.bounds[3] < drawn.bounds[1]}
        if len(below) < 2:
            alone.append((h.page, h.title))
    assert alone == []


# ---- issue 12 (sixth session): the example cites the procedure's steps, captions, full pages ----
def test_the_example_numbers_its_steps_as_the_procedure_does(pages):
    """Page 3's example numbered its steps 1 to 9 where the procedure has 10 (it skipped the
    critical success): each of the procedure's steps appears in the example, in order, under the
    procedure's own number and name."""
    steps = [s.name for s in builtin_game_data().rules.attack.for_edition("quickstart")]
    assert len(steps) == 10
    example = pages[2][pages[2].index("Exemple :") :]
    positions = [example.index(f"{i}. {name}.") for i, name in enumerate(steps, start=1)]
    assert positions == sorted(positions)


def _sized_texts(pdf: bytes, page: int) -> list[tuple[str, float]]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(io.BytesIO(pdf))
    try:
        face = document[page]
        textpage = face.get_textpage()
        out = []
        for obj in face.get_objects(filter=[pdfium.raw.FPDF_PAGEOBJ_TEXT]):
            obj.textpage = textpage
            out.append((" ".join(obj.extract().split()), obj.get_font_size()))
        return out
    finally:
        document.close()


def test_the_back_s_captions_are_at_least_as_large_as_their_cells(handout):
    """Page 4 set its tables up to 1.4 times larger but left their captions at the book's 8.2 pt,
    smaller than the cells they name: read back, each caption is at least its cells' size."""
    texts = _sized_texts(handout.pdf, 3)
    titles = [
        "Seuils de réussite",
        "Difficultés",
        "Localisation (1D6)",
        "Effets secondaires (démo)",
        "Chances de réussite",
    ]
    captions = [size for text, size in texts if text in titles]
    cells = [size for text, size in texts if text in ("Bras gauche", "Très facile", "Éraflure")]
    assert len(captions) == len(titles) and cells, (captions, cells)
    assert min(captions) >= max(cells) - 0.01, (captions, cells)
    assert max(cells) > 8.6 + 0.5  # the tables are still set larger than the book's 8.6 pt


@pytest.mark.parametrize("page", [0, 1, 2])
def test_pages_of_rules_fill_their_columns_to_the_foot(handout, page):
    """Pages 1 to 3 ended 20 to 35 % above the foot: with each page's type chosen in
    quickstart.yaml (pages), both columns reach past nine tenths of their height, and the type is
    never smaller than the layout's default."""
    from kolaps_print.rulebook.handout_look import handout_layout

    assert min(_fills(handout, page)) >= 0.9, _fills(handout, page)
    look = handout_layout()
    assert look.page_type(page, "a4").body_size >= look.body_size


def test_a_page_grown_past_its_own_type_falls_back_to_the_default_type(tmp_path):
    """A page's type in quickstart.yaml fills it to the foot, leaving no room: a chapter edited
    longer is set in the layout's default type instead of failing the build (four pages still)."""
    from kolaps_print.rulebook.handout_look import handout_layout

    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    chapter = templates / "demarrage" / "01-premiers-pas.md.j2"
    more = "Une phrase de plus pour remplir la page. " * 4  # some lines past what page 1's own type holds
    chapter.write_text(chapter.read_text(encoding="utf-8") + f"\n{more}\n")
    book = build_rulebook(RulebookOptions(edition="quickstart", templates=templates))
    assert len(pypdf.PdfReader(io.BytesIO(book.pdf)).pages) == 4
    sizes = {round(size, 2) for text, size in _sized_texts(book.pdf, 0) if "patrouille" in text}
    assert sizes == {handout_layout().body_size}, sizes
    own = {
        round(size, 2)
        for text, size in _sized_texts(build_rulebook(RulebookOptions(edition="quickstart")).pdf, 0)
        if "patrouille" in text
    }
    assert own == {handout_layout().page_type(0, "a4").body_size}, own


# ---- issue 12 (seventh session): hyphens ----------------------------------------------------
def _handout_lines(pdf: bytes):
    """Body lines of pages 1 to 3 in the book face, {(page, column): [lines, top to bottom]}."""
    from pdf_lines import body_lines  # tests/support

    width = float(pypdf.PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width)
    out: dict = {}
    for line in body_lines(pdf, "GentiumBookPlus", width / 2):
        if line.page < 3:
            out.setdefault((line.page, line.left > width / 2), []).append(line)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_hyphenated_word_at_a_column_foot_nor_over_a_page_turn(paper):
    """The issue's rule for the book and the quick-start: a reader never carries half a word
    over a page turn (nor from one column to the next). Read back on both papers."""
    columns = _handout_lines(build_rulebook(RulebookOptions(edition="quickstart", paper=paper)).pdf)
    assert len(columns) == 6  # two columns on each of pages 1 to 3
    for (page, right), lines in columns.items():
        assert not ends_hyphenated(lines[-1]), (page + 1, right, lines[-1].text)


def test_the_quick_start_hyphenates_fewer_words_than_the_book_would(handout):
    """Designer's note: 29 line-end hyphens on pages 1 to 3 of the A4 quick-start. quickstart.yaml
    keeps three letters either side of a hyphen (the book two): at most 20 now, still some."""
    from kolaps_print.rulebook.handout_look import handout_layout

    assert handout_layout().hyphen_least >= 3
    hyphenated = [
        line.text for lines in _handout_lines(handout.pdf).values() for line in lines if ends_hyphenated(line)
    ]
    assert 0 < len(hyphenated) <= 20, hyphenated


# ---- issue 13 (eighth session): line ends a print designer refuses ---------------------------
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_hyphen_stub_no_close_hyphens_no_widow_at_a_column_top(paper):
    """Designer's review: four paragraphs of the A4 quick-start ended on the stub of a hyphenated
    word (« tra- / verse. », « cou- / rant. », « com- / mence. », « diffi- / culté. »), « envi- »
    and « cou- » were two lines apart, and page 1's right column opened on « … Section / Kappa. ».
    Read back on both papers, pages 1 to 3."""
    from pdf_lines import line_end_faults  # tests/support

    columns = _handout_lines(build_rulebook(RulebookOptions(edition="quickstart", paper=paper)).pdf)
    assert len(columns) == 6
    assert line_end_faults(columns) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_number_never_leaves_its_unit_at_a_line_end(paper):
    """« 20 | cm » must never split: the number and its unit share a no-break space."""
    for lines in _handout_lines(build_rulebook(RulebookOptions(edition="quickstart", paper=paper)).pdf).values():
        for line, after in zip(lines, lines[1:], strict=False):
            assert not (re.search(r"\d$", line.text.rstrip()) and re.match(r"(cm|mm|m|%)\b", after.text)), (
                line.text,
                after.text,
            )
