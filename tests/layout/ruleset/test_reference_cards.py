"""`tables --ruleset ID --format cards` (issue 13): each system's reference cards, built through
the CLI and read back: every table of its sheet, the exact chances of its engine, each face
numbered, the marks of our rulings found on the faces that print them, the card options."""

import re
from fractions import Fraction
from io import BytesIO

import pypdf
import pytest
from pdf_fonts import pdf_fonts  # tests/support
from pdf_text import page_texts, text_objects  # tests/support
from ruleset_products import RULESETS, built_for_each  # tests/support

from kolaps_print.content.formats import percent
from kolaps_print.content.ruleset_sheet import sheet_content
from kolaps_print.engines import d12, percentile, three_d6
from kolaps_print.labels import label, overriding_labels
from kolaps_print.layout.ruleset.card import FaceSetting, face_shapes, story_room
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.layout.ruleset.reference_cards import reference_faces
from kolaps_print.layout.ruleset.sheet import dense_chances
from kolaps_print.layout.shapes import Text
from kolaps_print.model.ruleset_load import find_ruleset
from kolaps_print.numbers import signed
from kolaps_print.rulebook.proof_pages import face_marks

MM = 72 / 25.4


def plain(text: str) -> str:
    return re.sub(r"[\s\u202f\u00a0]+", " ", text)


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory):
    return built_for_each(cli, tmp_path_factory.mktemp("ruleset-reference-cards"), "tables", "--format", "cards")


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_table_of_the_sheet_is_on_a_card_and_every_face_is_numbered(decks, ruleset_id):
    stdout, pdf = decks[ruleset_id]
    text = plain(" ".join(page_texts(pdf)))
    ruleset = find_ruleset(ruleset_id)
    for section in sheet_content(ruleset):  # by its band name where that names all its faces (refcards12b)
        assert plain(section.title) in text or (section.band and plain(section.band) in text)
        for table in section.tables:  # the first, titled as its section, named by the band alone
            # as printed: d12's ladder « …, en % » (review 23, N8: sheet.dense_chances)
            title = plain(dense_chances(table).title)
            assert title in text or (plain(table.title) == plain(section.title) and section.band)
    cards = int(re.search(r", (\d+) cards\)$", stdout.strip()).group(1))
    bands = _bands(ruleset_id, text)
    # numbered by card, as KOLAPS's (review 11): both faces of card n read « n/N »
    assert sorted(int(card) for *_, card, _ in bands) == sorted(list(range(1, cards + 1)) * 2)
    assert {int(of) for *_, of in bands} == {cards} and cards > 1


def _bands(ruleset_id: str, text: str) -> list[tuple[str, str, str, str]]:
    """Each face's band as (topic, « (suite) » or "", card, cards): a section's title, never the
    sheet's title, then « verso › » or « suite › » when it goes on, and its card's number."""
    sections = sheet_content(find_ruleset(ruleset_id))  # a title, or its shorter band name (refband11)
    titles = "|".join(re.escape(plain(n)) for s in sections for n in (s.title, s.band) if n)
    hints = "|".join(re.escape(label(f"tables.sheet.{k}")) for k in ("continues_overleaf", "continues"))
    return re.findall(rf"({titles})( \(suite\))?(?: (?:{hints}))? (\d+)/(\d+)", text)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_each_face_s_band_names_its_section_and_the_foot_the_system(decks, ruleset_id):
    """A card is found in a fanned hand by its band: its section's title (« (suite) » on the faces
    it goes on to; each section opens a front in order: tests/draw/test_ruleset_reference_review11.py);
    the system's name is at the foot of every face."""
    stdout, pdf = decks[ruleset_id]
    ruleset, text = find_ruleset(ruleset_id), plain(" ".join(page_texts(pdf)))
    bands = _bands(ruleset_id, text)
    # a section's title, or its band name on all its faces when the title with « (suite) » is too long (refcards12b)
    title = {plain(n): plain(s.title) for s in sheet_content(ruleset) for n in (s.title, s.band) if n}
    assert {title[topic] for topic, suite, *_ in bands if not suite} == {plain(s.title) for s in sheet_content(ruleset)}
    assert plain(ruleset.spec.sheet.title) not in text
    assert text.count(f"{plain(ruleset.spec.name)} Aide de jeu") >= len(bands)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_face_heads_its_topic_the_same_way_and_nowhere_else(decks, ruleset_id):
    """One heading style: the section's title is printed only in the bands, all in one bold size
    (no pill for one section and plain text for the next)."""
    ruleset = find_ruleset(ruleset_id)
    titles = {plain(n) for s in sheet_content(ruleset) for n in (s.title, s.band) if n}  # or its band name (refband11)
    heads = [(o.font.split("+")[-1], o.size) for o in text_objects(decks[ruleset_id][1]) if _topic(o.text) in titles]
    assert len(heads) == len(_bands(ruleset_id, plain(" ".join(page_texts(decks[ruleset_id][1])))))
    assert len(set(heads)) == 1 and "Bold" in heads[0][0]


def _topic(text: str) -> str:
    return plain(text).strip().removesuffix(" (suite)")


@pytest.mark.parametrize(("ruleset_id", "mostly"), [("d100", True), ("3d6", True), ("d12", False)])
def test_each_deck_sets_its_body_large_where_the_card_holds_it(decks, ruleset_id, mostly):
    """The faces' type is chosen per deck, from 7.5 pt up when the deck's cards hold it (it was
    6.5 pt); a table too wide for the card still sets smaller, never under 6 pt: d12's seven
    columns are most of its deck."""
    body = [o.size for o in text_objects(decks[ruleset_id][1]) if o.font.endswith("Regular")]
    assert max(body) >= 7.5 and min(body) >= 6
    assert not mostly or max(set(body), key=body.count) >= 7.5


def test_a_plain_back_is_designed(cli, tmp_path):
    """On tarot cards the 3d6 deck has sections that end on a front (each opens a front, review
    11): their backs print the system's name, larger than the foot's, over « Aide de jeu », with
    the bands of every face (the section and the card's number)."""
    tarot = tmp_path / "tarot.pdf"
    assert cli(["tables", "--ruleset", "3d6", "--format", "cards", "--card", "tarot", "-o", tarot]).exit_code == 0
    name = find_ruleset("3d6").spec.name
    faces = len(_bands("3d6", plain(" ".join(page_texts(tarot.read_bytes())))))
    sizes = [(o.text.strip(), o.size) for o in text_objects(tarot.read_bytes())]
    names = sorted(size for text, size in sizes if text == name)
    backs = len(names) - faces  # past every face's foot: the plain backs' titles
    assert backs >= 1 and names[-1] >= 2 * names[0] and len({s for s in names[-backs:]}) == 1
    assert sum(text == "Aide de jeu" for text, _ in sizes) == faces + backs


def test_the_chances_are_the_engines(decks):
    d12_text = plain(" ".join(page_texts(decks["d12"][1])))
    unit = label("tables.format.percent", value="")  # said once in the ladder's title (review 23, N8)
    ladder = (percent(d12.ladder_chance(4, t)).removesuffix(unit) for t in (2, 6, 8, 12, 16, 20))
    assert plain("+4 " + " ".join(ladder)) in d12_text
    d100_text = plain(" ".join(page_texts(decks["d100"][1])))
    row = plain("30 " + " ".join(percent(percentile.chance(30 + m, [1], [100])) for m in (-20, -10, 0, 10, 20)))
    assert row in d100_text and row == "30 10 % 20 % 30 % 40 % 50 %"
    d6 = plain(" ".join(page_texts(decks["3d6"][1])))
    assert plain(f"11 {percent(three_d6.chance_at_least(11))}") in d6 and "11 50 %" in d6


def test_headings_stay_whole_and_a_mini_card_cuts_the_ladder_between_its_rows(cli, decks, tmp_path):
    """On poker cards a wide table sets smaller until no heading's word breaks. On a mini card the
    ladder's seven columns could not hold « Bonus » even at 6 pt (« Bo- / nus », « 100 » over its
    « % »): it was cut between its columns and its rows, four pieces (review 12, item 1). It now
    says « % » once, in its title (« …, en % »), its chances the numbers alone under condensed
    heads (« ≥12 »), and is cut between its rows only: the second piece, on the card's back, under
    the band « Actions (suite) » alone (refcards22, review 21: the continuation marked once a face;
    it was titled « …, en % (suite) † D12-E3 » too), every row whole with all its chances, no word
    broken; a table of (value, chance) pairs too wide for it lays two pairs a row instead of three,
    so « Chance » stays whole."""
    # cells18: split at spaces, a heading run in before its text under its row (« Défenseur : »)
    d12_words = {w for o in text_objects(decks["d12"][1]) for w in o.text.split()}
    assert {"Écart", "Bonus", "Chance", "Défenseur"} <= d12_words
    mini = tmp_path / "mini.pdf"
    assert cli(["tables", "--ruleset", "d12", "--format", "cards", "--card", "mini", "-o", mini]).exit_code == 0
    objects = text_objects(mini.read_bytes())
    words = [o.text.strip() for o in objects]
    assert not [w for w in words if "\x02" in w or w in {"%", "Bo", "nus"}]  # pdfium reads a line-end hyphen as U+0002
    assert {"Chance", "Écart"} <= set(words) and words.count("Bonus") == 2
    ladder = find_ruleset("d12").spec.mechanic.ladder
    heads = [o for o in objects if o.text.strip().startswith("≥")]
    assert sorted({o.text.strip() for o in heads}) == sorted(f"≥{r.threshold}" for r in ladder)
    text = plain(" ".join(page_texts(mini.read_bytes())))
    assert "Chance de réussir une action (1d12 + bonus), en % † D12-E3" in text
    # the back's band says « (suite) »: its piece is not titled again (refcards22)
    assert "Chance de réussir une action, en % (suite)" not in text and "Actions (suite) 1/5" in text
    thresholds = [r.threshold for r in ladder]
    unit = plain(percent(Fraction(1, 2))).removeprefix("50")
    for bonus in find_ruleset("d12").tables["echelle"].bonuses.values():
        chances = [plain(percent(d12.ladder_chance(bonus, t))).removesuffix(unit) for t in thresholds]
        assert plain(f"{signed(bonus)} " + " ".join(chances)) in text, (bonus, chances)


def test_a_heading_no_cut_can_hold_breaks_at_a_french_syllable():
    """The last resort: a two-column table (nothing to cut between) too narrow for its heads at
    the least size breaks a heading's word at a syllable with a hyphen, never at any letter."""
    from reportlab.platypus import Paragraph

    from kolaps_print.content.ruleset_sheet import RulesetTable, SectionContent
    from kolaps_print.layout.reference.flow import Stack
    from kolaps_print.layout.reference.row_table import RowTable
    from kolaps_print.layout.ruleset.columns import SOFT_HYPHEN
    from kolaps_print.layout.ruleset.sheet import sheet_story

    look = sheet_look().for_cards()
    table = RulesetTable("", ["Suicidaire", "Difficile"], [["1", "2"]])
    (stack,) = sheet_story([SectionContent("T", [table])], 40, look, sheet_look().colour("d12"), bars=False)
    assert isinstance(stack, Stack)
    (grid,) = [p for p in stack.parts if isinstance(p, RowTable)]
    heads = [c.text for c in grid.rows[0].cells if isinstance(c, Paragraph)]
    assert heads[0].replace(SOFT_HYPHEN, "-") in {"Sui-ci-daire", "Suici-daire", "Sui-cidaire"}, heads


def test_the_d12_ladder_is_set_at_7_pt_at_least_its_rungs_named_in_a_key(cli, decks, tmp_path):
    """Its seven columns were set at 6 pt on poker cards, their heads (« Suicidaire (20) ») the
    limit: each column is now headed by its rung's threshold, the rungs' names in a key under the
    table, and every figure of the table reads at 7 pt or more on poker and tarot cards; the sheet
    prints the same heads and key. A head says on the table's own face that it is a total to reach,
    « ≥ 8 »: a bare « 8 » did not (the key may be on the card's back)."""
    ladder = find_ruleset("d12").spec.mechanic.ladder
    thresholds = [f"≥ {r.threshold}" for r in ladder]
    tarot = tmp_path / "tarot.pdf"
    assert cli(["tables", "--ruleset", "d12", "--format", "cards", "--card", "tarot", "-o", tarot]).exit_code == 0
    sheet = tmp_path / "sheet.pdf"
    assert cli(["tables", "--ruleset", "d12", "-o", sheet]).exit_code == 0
    for pdf in (decks["d12"][1], tarot.read_bytes(), sheet.read_bytes()):
        objects = text_objects(pdf)
        heads = [o for o in objects if o.text.strip() == "Bonus"]
        assert len(heads) == 1  # one face holds the ladder whole (its header printed once)
        (head,) = heads
        line = [o for o in objects if o.page == head.page and abs(o.bounds[1] - head.bounds[1]) < 1]
        row = _this_face(head, sorted(line, key=lambda o: o.bounds[0]))
        assert [plain(o.text.strip()) for o in row][1:] == thresholds
        assert min(o.size for o in row) >= 7
        # the figures under those heads: « 75 % » ... down to the last bonus, all at 7 pt or more
        left, right = head.bounds[0] - 1, max(o.bounds[2] for o in row) + 2
        chances = [
            o
            for o in objects
            if o.page == head.page
            and left <= o.bounds[0] <= right
            and o.bounds[1] < head.bounds[1]
            and re.fullmatch(r"\d+(,\d+)?", o.text.strip())  # « % » in the title (review 23, N8)
            and "Bold" not in o.font  # the bonus « 0 »
        ]
        bonuses = len(list(find_ruleset("d12").tables["echelle"].bonuses.values()))
        rows = _rows_top_down(chances)[:bonuses]  # the ladder's, under its heads
        assert [len(r) for r in rows] == [6] * bonuses
        assert min(o.size for r in rows for o in r) >= 7
        key = plain(" ".join(page_texts(pdf)))
        names = ", ".join(f"{r.name[0].lower()}{r.name[1:]} {r.threshold}" for r in ladder)
        assert f"Barreaux de l’échelle : {names}." in key  # d12's own label (data/rulesets/d12/labels.yaml)
    assert "Suicidaire" not in {o.text.strip() for o in text_objects(decks["d12"][1])}


def _this_face(head, line: list) -> list:
    """The texts of a line from head rightwards, up to a gap wider than any between two columns
    or a text that is no rung's head (the next card's face on the sheet of cards: faces abut, and
    its own table's head may stand on the same line, « Dé »)."""
    row = [head]
    for o in (o for o in line if o.bounds[0] > head.bounds[0]):
        if o.bounds[0] - row[-1].bounds[2] > 40 or not o.text.strip().startswith("≥"):
            break
        row.append(o)
    return row


def _rows_top_down(objects: list) -> list[list]:
    """Text objects grouped in lines, top down: tops within 1.5 pt (a comma's descender lowers a bottom)."""
    rows: list[list] = []
    for o in sorted(objects, key=lambda o: -o.bounds[3]):
        if rows and rows[-1][0].bounds[3] - o.bounds[3] < 1.5:
            rows[-1].append(o)
        else:
            rows.append([o])
    return rows


@pytest.mark.parametrize(("ruleset_id", "erratum"), [("d100", "D100-E1"), ("3d6", "3D6-E2"), ("d12", "D12-E3")])
def test_the_faces_that_print_a_ruling_carry_its_mark(decks, ruleset_id, erratum):
    marked = face_marks("Cartes d’aide", decks[ruleset_id][1])
    assert any(erratum in m.errata for m in marked)
    assert all(m.errata and m.where == f"carte {m.page}" for m in marked)


def test_fonts_are_embedded_and_reruns_are_identical(cli, decks, tmp_path):
    pdf = decks["d12"][1]
    assert all(pdf_fonts(pdf).values())
    again = tmp_path / "again.pdf"
    assert cli(["tables", "--ruleset", "d12", "--format", "cards", "-o", again]).exit_code == 0
    assert again.read_bytes() == pdf


def test_card_size_layout_and_paper_are_the_kolaps_cards_options(cli, decks, tmp_path):
    tarot = tmp_path / "tarot.pdf"
    result = cli(["tables", "--ruleset", "3d6", "--format", "cards", "--card", "tarot", "-o", tarot])
    assert result.exit_code == 0, result.stderr
    assert int(re.search(r", (\d+) cards\)", result.stdout).group(1)) < int(
        re.search(r", (\d+) cards\)", decks["3d6"][0]).group(1)
    )
    fold = tmp_path / "fold.pdf"
    result = cli(
        ["tables", "--ruleset", "d12", "--format", "cards", "--layout", "fold", "--paper", "letter", "-o", fold]
    )
    assert result.exit_code == 0, result.stderr
    page = pypdf.PdfReader(BytesIO(fold.read_bytes())).pages[0]
    assert sorted(round(float(v)) for v in (page.mediabox.width, page.mediabox.height)) == [612, 792]


def test_default_output_and_errors(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(["tables", "--ruleset", "d12", "--format", "cards"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("wrote output/reference-cards-d12.pdf (")
    small = cli(["tables", "--ruleset", "3d6", "--format", "cards", "--card", "20x30", "-o", tmp_path / "s.pdf"])
    assert small.exit_code == 1
    assert "<options>:1:1: error: a table does not fit on one card face: choose a larger --card (tarot)" in small.stderr
    assert not (tmp_path / "s.pdf").exists()
    edition = cli(["tables", "--ruleset", "d12", "--edition", "quickstart", "-o", tmp_path / "e.pdf"])
    assert edition.exit_code == 2 and "--ruleset d12 has one edition: leave --edition out" in edition.stderr
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["reference-cards-d12.pdf"]


# ---- the faces as shapes (no PDF) -------------------------------------------------------------
@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("card", [(63, 88), (70, 120)])
def test_each_face_s_blocks_fit_its_room_and_no_two_texts_overlap(ruleset_id, card, geo):
    ruleset = find_ruleset(ruleset_id)
    look = sheet_look()
    size = (card[0] * MM, card[1] * MM)
    with overriding_labels(ruleset.labels_file):
        faces = reference_faces(ruleset, sheet_content(ruleset), *size, look)
    setting = FaceSetting(look.card, look.colour(ruleset_id), size)
    x, y, width, height = story_room(look.card, *size)
    top, bottom = (size[1] - y - height) / MM, (size[1] - y) / MM
    assert [f.copy for f in faces] == [f"{i // 2 + 1}/{len(faces) // 2}" for i in range(len(faces))]
    for face in (f for f in faces if not f.plain):  # a plain back's shapes are the job's (generic_back)
        assert sum(block.wrap(width, height)[1] for block in face.story) <= height
        shapes = face_shapes(face, setting, ("Système", "Aide de jeu"))
        texts = [s for s in shapes if isinstance(s, Text) and s.text.strip()]
        inside = [t for t in texts if top <= t.y <= bottom]
        assert inside and all(x / MM - 0.01 <= geo.text_bounds(t)[0] for t in inside)
        assert all(geo.text_bounds(t)[2] <= (x + width) / MM + 0.3 for t in inside), face.copy
        bounds = [geo.text_bounds(t) for t in texts]
        for i, a in enumerate(bounds):
            for j in range(i + 1, len(bounds)):
                assert not geo.overlap(a, bounds[j], tolerance=0.1), (face.copy, texts[i].text, texts[j].text)


def test_the_3d6_modifiers_column_reads_in_two_lines_at_most(decks):
    """« Lancer »'s modifier once wrapped on three lines (« −4 AV si / pas fait / pour »): its
    words now say it in two at most (one, where the effect goes under the row: review 11), each
    line one text object; a table title is in sentence case."""
    pdf = decks["3d6"][1]
    lines = [plain(o.text).strip() for o in text_objects(pdf)]
    (start,) = [i for i, line in enumerate(lines) if line.startswith("−4 AV si")]
    assert lines[start] == "−4 AV si improvisé" or lines[start : start + 2] == ["−4 AV si", "improvisé"]
    assert "Valeurs de difficulté sans opposition" in plain(" ".join(page_texts(pdf)))


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("card", [(44, 63), (63, 88), (70, 120)])
def test_a_note_split_between_faces_never_leaves_its_last_line_alone(ruleset_id, card):
    """The d12 ladder's key on mini cards left « suicidaire 20. » alone at the top of a face: a
    face that opens with the rest of a note holds two of its lines at least."""
    from reportlab.platypus import Paragraph

    ruleset = find_ruleset(ruleset_id)
    look = sheet_look()
    size = (card[0] * MM, card[1] * MM)
    with overriding_labels(ruleset.labels_file):
        faces = reference_faces(ruleset, sheet_content(ruleset), *size, look)
    _, _, width, height = story_room(look.card, *size)
    for face in faces:
        first = face.story[0] if face.story else None
        if isinstance(first, Paragraph) and first.style.fontName.endswith("Italic"):
            first.wrap(width, height)
            assert len(first.blPara.lines) >= 2, (face.copy, first.getPlainText())
